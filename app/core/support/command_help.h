// The options and help of one command, as one table: the parser takes its option names from it
// and `--help`, the man page and the shell completion print it, so that they cannot drift.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace scanviz {

struct OptionSpec {
  std::string name;      // without the leading "--"
  std::string value;     // what the value is called in help ("ID", "N"); empty for a flag
  std::string fallback;  // the default, as help shows it; empty when there is none to show
  std::string help;      // one sentence
  std::vector<std::string> choices;  // the words the value may be (for help and completion)
};

struct OptionSection {
  std::string title;  // "Capture options"
  std::vector<OptionSpec> options;
};

struct CommandHelp {
  std::string name;                // "capture"; empty for the window (`scanviz [options]`)
  std::string summary;             // one line
  std::vector<std::string> usage;  // lines after "usage: "
  std::string description;         // a paragraph, may be empty
  std::vector<OptionSection> sections;
  std::vector<std::string> examples;  // command lines

  std::set<std::string> valueOptions() const;  // the names of options that take a value
  std::set<std::string> flags() const;         // the names of options that take none
  const OptionSpec* find(const std::string& name) const;
};

// The text of `scanviz NAME --help`: usage, description, every option with its value and default,
// examples.
std::string formatHelp(const CommandHelp& help);

// An option's line in help: "--block-size B" (a flag: "--exclusive").
std::string optionSignature(const OptionSpec& o);

// True when `args` asks for help (-h or --help anywhere).
bool asksForHelp(const std::vector<std::string>& args);

}  // namespace scanviz
