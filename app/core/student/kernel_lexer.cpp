#include "app/core/student/kernel_lexer.h"

#include <cctype>
#include <map>
#include <set>

namespace scanviz::student {
namespace {

bool isIdentifierStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentifierPart(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Longest first, so that "<<=" is one token and not "<" "<=".
const char* const kPunctuation[] = {
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
    "&&",  "||",  "+=",  "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", "{",
    "}",   "(",   ")",   "[",  "]",  ";",  ",",  ".",  "?",  ":",  "+",  "-",
    "*",   "/",   "%",   "<",  ">",  "=",  "!",  "~",  "&",  "|",  "^"};

SourceToken numberToken(int value) {
  SourceToken t;
  t.kind = TokenKind::Number;
  t.text = std::to_string(value);
  return t;
}

// A macro's tokens where it is used, themselves expanded (a macro never expands inside itself).
void expand(const SourceToken& use, const std::map<std::string, std::vector<SourceToken>>& macros,
            std::set<std::string>& active, std::vector<SourceToken>& out) {
  auto it = use.kind == TokenKind::Identifier ? macros.find(use.text) : macros.end();
  if (it == macros.end() || active.count(use.text)) {
    out.push_back(use);
    return;
  }
  active.insert(use.text);
  for (SourceToken t : it->second) {
    t.offset = use.offset;
    t.end = use.end;
    t.line = use.line;
    t.column = use.column;
    expand(t, macros, active, out);
  }
  active.erase(use.text);
}

class Lexer {
 public:
  Lexer(const std::string& file, const std::string& source) : file_(file), s_(source) {}

  std::vector<SourceToken> run(std::map<std::string, std::vector<SourceToken>>& macros) {
    std::vector<SourceToken> out;
    bool lineStart = true;
    while (true) {
      skipSpaceAndComments(lineStart);
      if (at_ >= s_.size()) break;
      if (s_[at_] == '#' && lineStart) {
        directive(macros);
        continue;
      }
      lineStart = false;
      std::set<std::string> active;
      expand(next(), macros, active, out);  // with the macros defined so far
    }
    return out;
  }

  // The tokens of one directive line, the '#' and the directive's name already read.
  std::vector<SourceToken> restOfLine() {
    std::vector<SourceToken> out;
    while (true) {
      while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\t')) ++at_;
      if (at_ + 1 < s_.size() && s_[at_] == '\\' && s_[at_ + 1] == '\n') {
        advance(2);
        continue;
      }
      if (at_ + 1 < s_.size() && s_[at_] == '/' && s_[at_ + 1] == '/') {
        while (at_ < s_.size() && s_[at_] != '\n') ++at_;
      }
      if (at_ >= s_.size() || s_[at_] == '\n') return out;
      out.push_back(next());
    }
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    KernelSourceError e(file_ + ":" + std::to_string(line_) + ":" + std::to_string(column()) +
                        ": " + what);
    e.line = line_;
    throw e;
  }

  int column() const { return static_cast<int>(at_ - lineBegin_) + 1; }

  void advance(size_t n) {
    for (size_t i = 0; i < n && at_ < s_.size(); ++i, ++at_)
      if (s_[at_] == '\n') {
        ++line_;
        lineBegin_ = at_ + 1;
      }
  }

  void skipSpaceAndComments(bool& lineStart) {
    while (at_ < s_.size()) {
      const char c = s_[at_];
      if (c == '\n') {
        lineStart = true;
        advance(1);
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        advance(1);
      } else if (s_.compare(at_, 2, "//") == 0) {
        while (at_ < s_.size() && s_[at_] != '\n') advance(1);
      } else if (s_.compare(at_, 2, "/*") == 0) {
        const size_t close = s_.find("*/", at_ + 2);
        if (close == std::string::npos) fail("unterminated /* comment");
        advance(close + 2 - at_);
      } else {
        return;
      }
    }
  }

  SourceToken next() {
    SourceToken t;
    t.offset = static_cast<unsigned>(at_);
    t.line = line_;
    t.column = column();
    const char c = s_[at_];
    size_t n = 0;
    if (isIdentifierStart(c)) {
      t.kind = TokenKind::Identifier;
      while (at_ + n < s_.size() && isIdentifierPart(s_[at_ + n])) ++n;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && at_ + 1 < s_.size() &&
                std::isdigit(static_cast<unsigned char>(s_[at_ + 1])))) {
      t.kind = TokenKind::Number;
      // Digits, letters (hex, exponent, suffixes), '.', and a sign after an exponent.
      while (at_ + n < s_.size()) {
        const char d = s_[at_ + n];
        const char before = n ? s_[at_ + n - 1] : ' ';
        const bool sign = (d == '+' || d == '-') && (before == 'e' || before == 'E');
        if (!isIdentifierPart(d) && d != '.' && !sign) break;
        ++n;
      }
    } else if (c == '\'') {
      t.kind = TokenKind::Character;
      n = 1;
      while (at_ + n < s_.size() && s_[at_ + n] != '\'' && s_[at_ + n] != '\n')
        n += s_[at_ + n] == '\\' ? 2 : 1;
      if (at_ + n >= s_.size() || s_[at_ + n] != '\'') fail("unterminated character literal");
      ++n;
    } else {
      t.kind = TokenKind::Punctuation;
      for (const char* p : kPunctuation)
        if (s_.compare(at_, std::char_traits<char>::length(p), p) == 0) {
          n = std::char_traits<char>::length(p);
          break;
        }
      if (n == 0)
        fail(c == '"' ? "strings are outside the subset"
                      : std::string("unexpected character '") + c + "'");
    }
    t.text = s_.substr(at_, n);
    advance(n);
    t.end = static_cast<unsigned>(at_);
    return t;
  }

  void directive(std::map<std::string, std::vector<SourceToken>>& macros) {
    const int line = line_;
    advance(1);
    std::vector<SourceToken> words = restOfLine();
    const std::string name = words.empty() ? "" : words.front().text;
    if (name == "pragma" || name.empty()) return;  // `#pragma unroll` changes no result
    if (name != "define" || words.size() < 2 || words[1].kind != TokenKind::Identifier) {
      line_ = line;
      fail("the directive #" + name +
           " is outside the subset (only #define NAME value and #pragma)");
    }
    if (words.size() > 2 && words[2].text == "(" && words[2].offset == words[1].end) {
      line_ = line;
      fail("function-like macros are outside the subset: write the expression out");
    }
    macros[words[1].text] = std::vector<SourceToken>(words.begin() + 2, words.end());
  }

  std::string file_;
  const std::string& s_;
  size_t at_ = 0;
  size_t lineBegin_ = 0;
  int line_ = 1;
};

}  // namespace

LexedSource lexKernelSource(const std::string& file, const std::string& source,
                            const ParseSettings& settings) {
  std::map<std::string, std::vector<SourceToken>> macros;
  macros["SECTION_SIZE"] = {numberToken(settings.sectionSize)};
  macros["BLOCK_SIZE"] = {numberToken(settings.blockSize)};
  Lexer lexer(file, source);
  LexedSource out;
  out.tokens = lexer.run(macros);
  SourceToken end;
  end.offset = end.end = static_cast<unsigned>(source.size());
  end.line = out.tokens.empty() ? 1 : out.tokens.back().line;
  out.tokens.push_back(end);
  return out;
}

std::vector<std::string> splitSourceLines(const std::string& source) {
  std::vector<std::string> lines(1);
  for (char ch : source) {
    if (ch == '\n')
      lines.emplace_back();
    else
      lines.back() += ch;
  }
  return lines;
}

}  // namespace scanviz::student
