// The tokens of a student's kernel for scanviz's own parser of the subset (kernel_subset_parser.h):
// comments dropped, `#define NAME tokens` expanded where the name is used (SECTION_SIZE and
// BLOCK_SIZE are defined by scanviz), `#pragma` lines passed over, other directives refused. A
// token from a macro stands where the macro is used, as a compiler reports it.
#pragma once

#include <string>
#include <vector>

#include "app/core/student/kernel_parser.h"

namespace scanviz::student {

enum class TokenKind { Identifier, Number, Character, Punctuation, End };

struct SourceToken {
  TokenKind kind = TokenKind::End;
  std::string text;
  unsigned offset = 0;  // where it was typed: the macro's use for a token from a macro
  unsigned end = 0;     // one past its last character there
  int line = 1;
  int column = 1;
};

struct LexedSource {
  std::vector<SourceToken> tokens;  // ends with an End token
};

// Throws KernelSourceError naming the line of a directive outside the subset or a stray character.
LexedSource lexKernelSource(const std::string& file, const std::string& source,
                            const ParseSettings& settings);

// The source's lines, as the code panel and the messages show them.
std::vector<std::string> splitSourceLines(const std::string& source);

}  // namespace scanviz::student
