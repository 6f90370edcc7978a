#include "app/core/support/command_help.h"

#include <algorithm>
#include <sstream>

namespace scanviz {
namespace {

constexpr size_t kHelpWidth = 100;
constexpr size_t kOptionColumn = 28;
// Joins "(default:" to the default's first word, so that a line never ends in "(default:".
constexpr char kUnbreakableSpace = '\x01';

// Appends `text` wrapped at kHelpWidth, continuation lines indented by `indent`.
void appendWrapped(std::string& out, const std::string& text, size_t firstColumn, size_t indent) {
  std::istringstream words(text);
  size_t column = firstColumn;
  bool first = true;
  for (std::string w; words >> w;) {
    if (!first && column + 1 + w.size() > kHelpWidth) {
      out += "\n" + std::string(indent, ' ');
      column = indent;
    } else if (!first) {
      out += ' ';
      ++column;
    }
    std::replace(w.begin(), w.end(), kUnbreakableSpace, ' ');
    out += w;
    column += w.size();
    first = false;
  }
  out += '\n';
}

// A short list of choices is the value's name in help ("--dtype int32|float32"); a long one is
// spelled out after the help text.
constexpr size_t kMaxChoicesInSignature = 44;

std::string joinedChoices(const OptionSpec& o) {
  std::string list;
  for (const auto& c : o.choices) list += (list.empty() ? "" : "|") + c;
  return list;
}

bool choicesInSignature(const OptionSpec& o) {
  return !o.choices.empty() && joinedChoices(o).size() <= kMaxChoicesInSignature;
}

std::string optionText(const OptionSpec& o) {
  std::string text = o.help;
  if (!o.choices.empty() && !choicesInSignature(o)) {
    std::string list;
    for (const auto& c : o.choices) list += (list.empty() ? "" : ", ") + c;
    text += " One of: " + list + ".";
  }
  if (!o.fallback.empty()) text += std::string(" (default:") + kUnbreakableSpace + o.fallback + ")";
  return text;
}

}  // namespace

std::set<std::string> CommandHelp::valueOptions() const {
  std::set<std::string> names;
  for (const auto& s : sections)
    for (const auto& o : s.options)
      if (!o.value.empty()) names.insert(o.name);
  return names;
}

std::set<std::string> CommandHelp::flags() const {
  std::set<std::string> names;
  for (const auto& s : sections)
    for (const auto& o : s.options)
      if (o.value.empty()) names.insert(o.name);
  return names;
}

const OptionSpec* CommandHelp::find(const std::string& name) const {
  for (const auto& s : sections)
    for (const auto& o : s.options)
      if (o.name == name) return &o;
  return nullptr;
}

std::string optionSignature(const OptionSpec& o) {
  if (o.value.empty()) return "--" + o.name;
  return "--" + o.name + " " + (choicesInSignature(o) ? joinedChoices(o) : o.value);
}

std::string formatHelp(const CommandHelp& help) {
  std::string out;
  for (size_t i = 0; i < help.usage.size(); ++i)
    out += (i == 0 ? "usage: " : "       ") + help.usage[i] + "\n";
  out += "\n";
  appendWrapped(out, help.summary + (help.description.empty() ? "" : " " + help.description), 0, 0);
  for (const auto& section : help.sections) {
    out += "\n" + section.title + ":\n";
    for (const auto& o : section.options) {
      const std::string sig = "  " + optionSignature(o);
      out += sig;
      if (sig.size() + 2 > kOptionColumn) {
        out += "\n" + std::string(kOptionColumn, ' ');
      } else {
        out += std::string(kOptionColumn - sig.size(), ' ');
      }
      appendWrapped(out, optionText(o), kOptionColumn, kOptionColumn);
    }
  }
  if (!help.examples.empty()) {
    out += "\nExamples:\n";
    for (const auto& e : help.examples) out += "  " + e + "\n";
  }
  return out;
}

bool asksForHelp(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(),
                     [](const std::string& a) { return a == "-h" || a == "--help"; });
}

}  // namespace scanviz
