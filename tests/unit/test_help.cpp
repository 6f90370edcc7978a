// The command line's help and exit codes: every subcommand (and the window) answers -h/--help
// with usage, every option it accepts, defaults and examples; the parsers accept exactly the
// options their help lists; usage errors exit 2; --version names the version a trace records.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/applications/application.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"
#include "app/core/support/did_you_mean.h"
#include "app/core/support/enum_keys.h"
#include "app/core/support/version.h"
#include "app/core/trace/trace_json.h"
#include "app/program.h"
#include "tests/common/captured_output.h"

namespace scanviz {
namespace {

CapturedRun run(const std::vector<std::string>& args) {
  return withCapturedOutput([&] { return runProgram(args); });
}

std::vector<std::string> allOptionNames(const CommandHelp& h) {
  std::vector<std::string> names;
  for (const auto& n : h.valueOptions()) names.push_back(n);
  for (const auto& n : h.flags()) names.push_back(n);
  return names;
}

TEST(Help, EverySubcommandIsListedAndAnswersHelp) {
  const CapturedRun top = run({"--help"});
  EXPECT_EQ(top.code, 0);
  for (const char* expected : {"list", "capture", "verify", "analyze", "bench"}) {
    bool found = false;
    for (const Subcommand& c : subcommands()) found |= c.name() == expected;
    EXPECT_TRUE(found) << expected;
  }
  for (const Subcommand& c : subcommands()) {
    EXPECT_NE(top.out.find("\n  " + c.name() + " "), std::string::npos) << c.name();
    for (const char* flag : {"--help", "-h"}) {
      const CapturedRun r = run({c.name(), flag});
      EXPECT_EQ(r.code, 0) << c.name() << " " << flag << ": " << r.err;
      EXPECT_EQ(r.out.rfind("usage: scanviz " + c.name(), 0), 0u) << r.out;
      EXPECT_NE(r.out.find("Examples:\n  scanviz " + c.name()), std::string::npos) << r.out;
      EXPECT_EQ(run({"help", c.name()}).out, r.out);
    }
  }
}

// The man page is made from --help-all: every row of the subcommand table has its heading there,
// with its usage and its options, so a new row reaches the man page without another edit.
TEST(Help, HelpAllHasEverySubcommandForTheManPage) {
  const CapturedRun all = run({"--help-all"});
  ASSERT_EQ(all.code, 0) << all.err;
  EXPECT_EQ(all.out.rfind(run({"--help"}).out, 0), 0u) << "starts with --help";
  for (const Subcommand& c : subcommands()) {
    const size_t heading = all.out.find("\nThe " + c.name() + " command:\n  scanviz " + c.name());
    EXPECT_NE(heading, std::string::npos) << c.name();
    for (const OptionSection& section : c.help().sections)
      for (const OptionSpec& o : section.options)
        EXPECT_NE(all.out.find("\n  " + optionSignature(o), heading), std::string::npos)
            << c.name() << " --" << o.name;
  }
}

// Every option of a command's table is in its help, with its value and its default.
void expectHelpListsEveryOption(const CommandHelp& h) {
  const std::string raw = formatHelp(h);
  std::string text;  // with every run of spaces and line breaks as one space
  for (const char ch : raw)
    if (!std::isspace(static_cast<unsigned char>(ch)) || (!text.empty() && text.back() != ' '))
      text += std::isspace(static_cast<unsigned char>(ch)) ? ' ' : ch;
  for (const auto& section : h.sections)
    for (const OptionSpec& o : section.options) {
      EXPECT_NE(raw.find("\n  " + optionSignature(o)), std::string::npos)
          << h.name << ": --" << o.name << "\n"
          << text;
      if (!o.fallback.empty()) {
        EXPECT_NE(text.find("(default: " + o.fallback + ")"), std::string::npos)
            << h.name << ": default of --" << o.name;
      }
      EXPECT_FALSE(o.help.empty()) << h.name << ": --" << o.name;
    }
}

TEST(Help, HelpListsEveryOptionWithItsDefault) {
  for (const Subcommand& c : subcommands()) expectHelpListsEveryOption(c.help());
  if (const CommandHelp* w = windowCommandHelp()) expectHelpListsEveryOption(*w);
}

// Arguments that reach a command's option parser and no further: the probe option is followed
// by one no command knows, so a parser that accepts the probe stops at the unknown one.
std::vector<std::string> probe(const std::string& command, const CommandHelp& h,
                               const std::string& option) {
  std::vector<std::string> args;
  if (!command.empty()) args.push_back(command);
  if (command == "export") {
    args.insert(args.end(), {"--out", "never-written.png"});
    if (h.find("bench") && option == "subjects") args.insert(args.end(), {"--bench", "b.json"});
  }
  args.push_back("--" + option);
  if (const OptionSpec* o = h.find(option); o && !o->value.empty()) args.push_back("1");
  args.push_back("--zz-unknown");
  return args;
}

// The parsers take their option names from the same tables: each option of the help is accepted
// (the parser stops at the unknown option after it), and an option not in the help is refused.
void expectParserAcceptsExactlyTheTable(const std::string& command, const CommandHelp& h) {
  for (const std::string& name : allOptionNames(h)) {
    const CapturedRun r = run(probe(command, h, name));
    EXPECT_EQ(r.code, 2) << command << " --" << name << ": " << r.err;
    EXPECT_NE(r.err.find("unknown option '--zz-unknown'"), std::string::npos)
        << command << " --" << name << " was not accepted: " << r.err;
  }
}

TEST(Help, ParsersAcceptExactlyTheOptionsTheirHelpLists) {
  for (const Subcommand& c : subcommands()) expectParserAcceptsExactlyTheTable(c.name(), c.help());
  if (const CommandHelp* w = windowCommandHelp()) expectParserAcceptsExactlyTheTable("", *w);
}

TEST(Help, UsageErrorsExitTwoWithOneLine) {
  const std::vector<std::vector<std::string>> cases = {
      {"capture", "--frobnicate"},          {"verify", "--backend", "tpu"},
      {"list", "--algorithm", "x"},         {"analyze", "--n", "zero"},
      {"bench", "--dtype", "int8"},         {"no-such-command"},
      {"help", "no-such-command"},          {"no-such-file.json"},
      {"--frobnicate", "--dump-scene", "x"}};
  for (const auto& args : cases) {
    const CapturedRun r = run(args);
    EXPECT_EQ(r.code, 2) << args[0] << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_NE(run({"no-such-command"}).err.find("neither a command"), std::string::npos);
}

// A typo gets the name it probably meant, from the same tables the help prints (issue 35 item 4);
// a name that is nothing like any gets no guess.
TEST(Help, UnknownNamesSayWhatWasProbablyMeant) {
  const std::string never =
      (std::filesystem::temp_directory_path() / "scanviz-help-never-written.json").string();
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"capture", "--algorithm", "kogge-stoned", "--out", never}, "(did you mean 'kogge-stone'?)"},
      {{"capture", "--algorithm", "blelloh", "--out", never}, "(did you mean 'blelloch'?)"},
      {{"capture", "--blocksize", "8", "--out", never}, "(did you mean '--block-size'?)"},
      {{"capture", "--operator", "mull", "--out", never}, "(did you mean 'mul'?)"},
      {{"analyze", "--algorithm", "brentkung"}, "(did you mean 'brent-kung'?)"},
      {{"bench", "--algorithms", "radix-splt"}, "(did you mean 'radix-split'?)"},
      {{"apply", "sandwhich"}, "(did you mean 'sandwich'?)"},
      {{"captrue"}, "(did you mean 'capture'?)"},
      {{"help", "anlyze"}, "(did you mean 'analyze'?)"},
  };
  for (const auto& [args, expected] : cases) {
    const CapturedRun r = run(args);
    EXPECT_EQ(r.code, 2) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_EQ(run({"capture", "--algorithm", "quicksort", "--out", never}).err.find("did you mean"),
            std::string::npos);
  EXPECT_EQ(closestName("zzzzzz", {"kogge-stone", "blelloch"}), "");
  EXPECT_EQ(closestName("Blelloch", {"kogge-stone", "blelloch"}), "blelloch");
  EXPECT_FALSE(std::filesystem::exists(never));
}

TEST(Help, HelpHelpIsTheProgramsHelp) {
  const CapturedRun r = run({"help", "--help"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, run({"--help"}).out);
}

// An option that names an enum's value reads the enum's table (enum_keys.h): its help and its
// usage error name the table's keys, in the table's order.
TEST(Help, ChoicesAndTheirUsageErrorsComeFromTheEnumsTable) {
  EXPECT_EQ(keysOf(kBackendKeys), (std::vector<std::string>{"auto", "cuda", "cpu"}));
  EXPECT_EQ(keyList(kOperatorKeys), "add, max, min, mul");
  EXPECT_NE(run({"capture", "--help"}).out.find("--operator add|max|min|mul"), std::string::npos);
  const std::string never =
      (std::filesystem::temp_directory_path() / "scanviz-help-never-written.json").string();
  const CapturedRun op = run({"capture", "--operator", "pow", "--out", never});
  EXPECT_EQ(op.code, 2);
  EXPECT_NE(op.err.find("--operator 'pow' is not one of add, max, min, mul"), std::string::npos)
      << op.err;
  EXPECT_FALSE(std::filesystem::exists(never));
  const CapturedRun backend = run({"verify", "--backend", "tpu"});
  EXPECT_NE(backend.err.find("--backend 'tpu' is not one of auto, cuda, cpu"), std::string::npos)
      << backend.err;
}

TEST(Help, VersionIsPrintedAndRecordedInTraces) {
  const CapturedRun r = run({"--version"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out, versionLine() + "\n");
  EXPECT_EQ(r.out.rfind("scanviz ", 0), 0u);
  const std::string version = scanvizVersion();
  ASSERT_FALSE(version.empty());
  EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(version[0]))) << version;

  const std::string file =
      (std::filesystem::temp_directory_path() / "scanviz-help-version.json").string();
  EXPECT_EQ(run({"capture", "--backend", "cpu", "--out", file}).code, 0);
  std::ifstream in(file);
  const nlohmann::json trace = nlohmann::json::parse(in);
  EXPECT_EQ(trace.at("meta").at("scanviz_version"), version);
  EXPECT_NO_THROW(loadTrace(file));
  std::filesystem::remove(file);
}

// Completes `words` (the last one being typed) with the generated script in bash, as bash would.
std::vector<std::string> complete(const std::string& script,
                                  const std::vector<std::string>& words) {
  std::string array;
  for (const auto& w : words) array += " '" + w + "'";
  const std::string command = "bash -c 'source \"$0\"; COMP_WORDS=(" + array.substr(1) +
                              "); COMP_CWORD=" + std::to_string(words.size() - 1) +
                              "; _scanviz; printf \"%s\\n\" \"${COMPREPLY[@]}\"' " + script;
  FILE* pipe = popen(command.c_str(), "r");
  std::vector<std::string> out;
  char line[4096];
  while (pipe && std::fgets(line, sizeof line, pipe)) {
    std::string l(line);
    if (!l.empty() && l.back() == '\n') l.pop_back();
    if (!l.empty()) out.push_back(l);
  }
  if (pipe) pclose(pipe);
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

TEST(Help, BashCompletionCompletesCommandsOptionsAndChoices) {
  const CapturedRun r = run({"--bash-completion"});
  ASSERT_EQ(r.code, 0);
  const std::string script =
      (std::filesystem::temp_directory_path() / "scanviz-completion.bash").string();
  std::ofstream(script) << r.out;
  EXPECT_EQ(complete(script, {"scanviz", "ca"}), std::vector<std::string>{"capture"});
  for (const Subcommand& c : subcommands()) {
    const std::vector<std::string> options = complete(script, {"scanviz", c.name(), "--"});
    for (const std::string& name : allOptionNames(c.help()))
      EXPECT_TRUE(contains(options, "--" + name)) << c.name() << " --" << name;
  }
  EXPECT_EQ(complete(script, {"scanviz", "capture", "--operator", "m"}),
            (std::vector<std::string>{"max", "min", "mul"}));
  // Ids from their catalogs: `apply <TAB>` the applications, `help <TAB>` the commands,
  // --algorithm the algorithms.
  EXPECT_EQ(complete(script, {"scanviz", "apply", ""}), applicationKeys());
  EXPECT_TRUE(contains(complete(script, {"scanviz", "help", ""}), "capture"));
  EXPECT_EQ(complete(script, {"scanviz", "help", "ben"}), std::vector<std::string>{"bench"});
  EXPECT_TRUE(contains(complete(script, {"scanviz", "capture", "--algorithm", ""}),
                       std::string(algorithmInfo(AlgorithmId::Blelloch).key)));
  // The same option name may have other choices in another command.
  if (!windowCommandHelp()) GTEST_SKIP() << "no window and no export in this build";
  EXPECT_TRUE(contains(complete(script, {"scanviz", "export", "--panel", ""}), "counters"));
  EXPECT_TRUE(contains(complete(script, {"scanviz", "--panel", ""}), "compare"));
  EXPECT_FALSE(contains(complete(script, {"scanviz", "--panel", ""}), "counters"));
  std::vector<std::string> lessons;
  for (const Lesson& l : allLessons()) lessons.emplace_back(l.id);
  for (const Erratum& e : allErrata()) lessons.emplace_back(e.id);
  std::sort(lessons.begin(), lessons.end());
  std::vector<std::string> offered = complete(script, {"scanviz", "--spot-the-bug", ""});
  std::sort(offered.begin(), offered.end());
  EXPECT_EQ(offered, lessons);
  std::filesystem::remove(script);
}

}  // namespace
}  // namespace scanviz
