// The size limits of kernels/ (docs/notes/production-scan.md, "Layers"; issue 33): no file over
// 500 lines and no function over 120, so that a kernel stays readable as one idea a file. Every
// .h, .cuh and .cu under kernels/ is read and measured.
//
// How a function is measured (a brace count, not a parser): comments, string and character
// literals and preprocessor lines are blanked first. Then each `{` outside any function body is
// classified by the text since the previous `;`, `{` or `}`: it opens a function body when that
// text has a `(` and does not end in `=` (an initializer) and is not a class, struct, union,
// enum or namespace head; otherwise it opens a scope whose contents are classified the same way.
// A function's length is the lines from the one with its opening `{` to the one with its closing
// `}`, both counted, so the signature is not; lambdas and local classes count toward the function
// they are in.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = SCANVIZ_SOURCE_DIR;
constexpr int kMaxFileLines = 500;
constexpr int kMaxFunctionLines = 120;

// The text with comments, literals and preprocessor lines replaced by spaces (newlines kept, so
// that line numbers stay).
std::string codeOnly(const std::string& text) {
  std::string out = text;
  enum class In { Code, Line, Block, String, Char, Directive } in = In::Code;
  bool lineStart = true;
  for (size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    const char next = i + 1 < out.size() ? out[i + 1] : '\0';
    switch (in) {
      case In::Code:
        if (c == '/' && next == '/')
          in = In::Line;
        else if (c == '/' && next == '*')
          in = In::Block;
        else if (c == '"')
          in = In::String;
        else if (c == '\'')
          in = In::Char;
        else if (c == '#' && lineStart)
          in = In::Directive;
        if (in != In::Code) out[i] = ' ';
        break;
      case In::Line:
      case In::Directive:
        if (c == '\n' && !(in == In::Directive && i > 0 && text[i - 1] == '\\')) in = In::Code;
        break;
      case In::Block:
        if (c == '*' && next == '/') {
          out[i + 1] = ' ';
          ++i;
          in = In::Code;
        }
        break;
      case In::String:
      case In::Char:
        if (c == '\\') {
          out[i] = ' ';
          if (next != '\n') out[++i] = ' ';
          continue;
        }
        if (c == (in == In::String ? '"' : '\'')) in = In::Code;
        break;
    }
    if (in != In::Code && out[i] != '\n') out[i] = ' ';
    if (c == '\n')
      lineStart = true;
    else if (c != ' ' && c != '\t')
      lineStart = false;
  }
  return out;
}

struct FunctionSpan {
  std::string head;  // the text before its `{`, trimmed: the signature's end
  int firstLine;     // the line of the opening brace (1-based)
  int lastLine;      // the line of the closing brace
  int lines() const { return lastLine - firstLine + 1; }
};

bool opensFunction(const std::string& head) {
  static const std::regex scope(R"(^(template\s*<.*>\s*)?(class|struct|union|enum|namespace)\b)");
  static const std::regex initializer(R"(=\s*$)");
  if (head.find('(') == std::string::npos) return false;
  if (std::regex_search(head, initializer)) return false;
  return !std::regex_search(head, scope);
}

// The text with every run of white space made one space, none at either end.
std::string trimmed(const std::string& s) {
  std::string out;
  for (const char c : s) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (!space)
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The function bodies of a source text, by the rule at the top of this file.
std::vector<FunctionSpan> functionSpans(const std::string& source) {
  const std::string code = codeOnly(source);
  std::vector<FunctionSpan> spans;
  std::string head;
  int line = 1;
  int scopeDepth = 0;  // braces of namespaces, classes and initializers around us
  int bodyDepth = 0;   // braces inside the current function body (0: not in one)
  FunctionSpan current{};
  for (const char c : code) {
    if (bodyDepth > 0) {
      if (c == '{') ++bodyDepth;
      if (c == '}' && --bodyDepth == 0) {
        current.lastLine = line;
        spans.push_back(current);
        head.clear();
      }
    } else if (c == '{') {
      const std::string h = trimmed(head);
      if (opensFunction(h)) {
        current = {h, line, line};
        bodyDepth = 1;
      } else {
        ++scopeDepth;
      }
      head.clear();
    } else if (c == '}' || c == ';') {
      if (c == '}' && scopeDepth > 0) --scopeDepth;
      head.clear();
    } else {
      head += c;
    }
    if (c == '\n') ++line;
  }
  return spans;
}

int lineCount(const std::string& text) {
  int n = 0;
  for (const char c : text) n += c == '\n';
  return n + (!text.empty() && text.back() != '\n');
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<fs::path> kernelSources() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(kSourceDir / "kernels")) {
    const auto ext = e.path().extension();
    if (e.is_regular_file() && (ext == ".h" || ext == ".cuh" || ext == ".cu"))
      files.push_back(e.path());
  }
  return files;
}

TEST(KernelSizes, MeasuresFunctionBodiesByBraces) {
  const std::string text =
      "namespace x {\n"                               // 1
      "struct S : Base {\n"                           // 2
      "  int a{3};\n"                                 // 3
      "  void f(int v) const {\n"                     // 4
      "    if (v) { g(\"}{\"); }  // }\n"             // 5
      "    auto l = [&](int) { return '}'; };\n"      // 6
      "  }\n"                                         // 7
      "  struct Inner { int b; };\n"                  // 8
      "};\n"                                          // 9
      "inline constexpr int kTable[] = {f(1), 2};\n"  // 10
      "#define M(x) { x }\n"                          // 11
      "/* void h() { */\n"                            // 12
      "template <class T>\n"                          // 13
      "__device__ void h(T t)\n"                      // 14
      "{\n"                                           // 15
      "  for (;;) {}\n"                               // 16
      "}\n"                                           // 17
      "}  // namespace x\n";
  const auto spans = functionSpans(text);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].firstLine, 4);
  EXPECT_EQ(spans[0].lastLine, 7);
  EXPECT_EQ(spans[0].head, "void f(int v) const");
  EXPECT_EQ(spans[1].firstLine, 15);
  EXPECT_EQ(spans[1].lines(), 3);
}

TEST(KernelSizes, NoKernelFileOver500Lines) {
  const auto files = kernelSources();
  ASSERT_GT(files.size(), 20u) << "kernels/ not found under " << kSourceDir;
  for (const auto& f : files) {
    const int lines = lineCount(readFile(f));
    EXPECT_LE(lines, kMaxFileLines) << fs::relative(f, kSourceDir).string() << " has " << lines
                                    << " lines; split it along its layers (issue 33)";
  }
}

TEST(KernelSizes, NoKernelFunctionOver120Lines) {
  for (const auto& f : kernelSources())
    for (const FunctionSpan& s : functionSpans(readFile(f)))
      EXPECT_LE(s.lines(), kMaxFunctionLines)
          << fs::relative(f, kSourceDir).string() << ":" << s.firstLine << ": a function of "
          << s.lines() << " lines (" << s.head.substr(0, 80) << "...)";
}

}  // namespace
