#include <string>
#include <vector>

#include "app/core/deck/deck.h"

namespace scanviz {
namespace {

// **bold**, *emphasis* and `code` lose their marks; a lone * or ` stays as typed.
std::string withoutInlineMarks(const std::string& line) {
  std::string out;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '*' || c == '`') {
      const std::string mark =
          (c == '*' && i + 1 < line.size() && line[i + 1] == '*') ? "**" : std::string(1, c);
      const size_t close = line.find(mark, i + mark.size());
      if (close != std::string::npos && close > i + mark.size()) {
        out += line.substr(i + mark.size(), close - i - mark.size());
        i = close + mark.size() - 1;
        continue;
      }
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace

std::vector<std::string> notesAsPlainLines(const std::string& notes) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= notes.size()) {
    size_t end = notes.find('\n', start);
    if (end == std::string::npos) end = notes.size();
    std::string line = notes.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("- ", 0) == 0) {
      line = "\xE2\x80\xA2 " + withoutInlineMarks(line.substr(2));
    } else if (line.rfind("? ", 0) == 0) {
      line = "Ask: " + withoutInlineMarks(line.substr(2));
    } else {
      line = withoutInlineMarks(line);
    }
    lines.push_back(line);
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

}  // namespace scanviz
