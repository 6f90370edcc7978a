#include "app/program.h"

#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/core/applications/application.h"
#include "app/core/capture/session.h"
#include "app/core/deck/deck.h"
#include "app/core/support/did_you_mean.h"
#include "app/core/support/version.h"
#include "app/options/application_options.h"
#if !defined(SCANVIZ_WITH_GUI) && defined(SCANVIZ_WITH_EXPORT)
#include "app/cli/cmd_export.h"
#endif
#if defined(SCANVIZ_WITH_GUI)
#include "app/ui/export/export_command.h"
#include "app/ui/export/quiz_sheet_export.h"
#include "app/ui/shell/app_main.h"
#include "app/ui/shell/window_options.h"
#endif

namespace scanviz {
namespace {

#if defined(SCANVIZ_WITH_GUI)
// Export draws with the window's renderer, so it is here and not in app/cli.
int runExport(const std::vector<std::string>& args) {
  return runExportCommand(args);
}
#endif

const Subcommand* findSubcommand(const std::string& name) {
  for (const Subcommand& c : subcommands())
    if (c.name() == name) return &c;
  return nullptr;
}

std::vector<std::string> commandList() {
  std::vector<std::string> names;
  for (const Subcommand& c : subcommands()) names.push_back(c.name());
  return names;
}

std::string commandNames() {
  std::string names;
  for (const Subcommand& c : subcommands()) names += (names.empty() ? "" : ", ") + c.name();
  return names;
}

// The first 64 KiB say whether a JSON file is a session (looksLikeSession reads no more).
std::string fileHead(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string head(1 << 16, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  return head;
}

int openWindow(const std::vector<std::string>& args) {
#if defined(SCANVIZ_WITH_GUI)
  return runApp(args);
#else
  (void)args;
  std::cerr << "scanviz: this build has no window (configured with SCANVIZ_GUI=OFF); use a "
               "subcommand: "
            << commandNames() << "\n";
  return 2;
#endif
}

#if defined(SCANVIZ_WITH_GUI)
// `scanviz apply ID` with an option only the window takes (--screenshot, --theme, --step, ...):
// the window on that application, as `scanviz --application ID` opens it. nullopt: the
// subcommand's own run.
std::optional<std::vector<std::string>> applicationWindowArgs(
    const std::vector<std::string>& args) {
  const CommandHelp& window = windowHelp();
  const CommandHelp& apply = applyHelp();
  std::set<std::string> values = window.valueOptions();
  for (const std::string& v : apply.valueOptions()) values.insert(v);
  const ApplicationArguments split = splitApplicationArguments(args, values);
  bool windowOption = false;
  for (const std::string& a : split.options) {
    if (a.rfind("--", 0) != 0) continue;
    const std::string name = a.substr(2, a.find('=') - 2);
    windowOption = windowOption || (window.find(name) && !apply.find(name));
  }
  if (!windowOption) return std::nullopt;
  std::vector<std::string> out = {"--application", split.id};
  out.insert(out.end(), split.options.begin(), split.options.end());
  return out;
}
#endif

// `scanviz FILE.json [options]`: the window with the trace, session or deck in FILE.
int openFile(const std::vector<std::string>& args) {
  const std::string& path = args[0];
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    std::cerr << "scanviz: '" << path << "' is neither a command" << didYouMean(path, commandList())
              << " (" << commandNames() << ") nor a file (scanviz --help lists both)\n";
    return 2;
  }
  const std::string head = fileHead(path);
  const char* kind = looksLikeDeck(head)      ? "--deck"
                     : looksLikeSession(head) ? "--session"
                                              : "--trace";
  std::vector<std::string> window = {kind, path};
  window.insert(window.end(), args.begin() + 1, args.end());
  return openWindow(window);
}

int help(const std::vector<std::string>& args) {
  if (args.empty() || asksForHelp(args)) {
    std::cout << programHelp();
    return 0;
  }
  if (const Subcommand* c = findSubcommand(args[0])) {
    std::cout << formatHelp(c->help());
    return 0;
  }
  std::cerr << "scanviz help: '" << args[0] << "' is not a command"
            << didYouMean(args[0], commandList()) << " (" << commandNames() << ")\n";
  return 2;
}

std::string joinedWords(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

bool takesAFile(const OptionSpec& o) {
  return o.value.find("FILE") != std::string::npos || o.value.find("PATH") != std::string::npos ||
         o.value.find(".json") != std::string::npos;
}

// One command's branch of the completion: its options, and for the option just typed, its
// choices or file names.
// A command's help as a part of a longer text: its examples under a heading of their own, one
// paragraph each (help2man would gather every "Examples:" into one section and join the lines).
std::string asPart(const std::string& help, const std::string& what) {
  const size_t at = help.find("\nExamples:\n");
  if (at == std::string::npos) return help;
  std::string examples = help.substr(at + std::string("\nExamples:\n").size());
  for (size_t p = 0; (p = examples.find("\n  ", p)) != std::string::npos; p += 2)
    examples.insert(p, "\n");
  return help.substr(0, at) + "\nExamples (" + what + "):\n" + examples;
}

std::string completionCase(const CommandHelp& h) {
  std::string options, choices, files;
  for (const auto& s : h.sections)
    for (const auto& o : s.options) {
      options += (options.empty() ? "--" : " --") + o.name;
      if (takesAFile(o)) files += (files.empty() ? "--" : "|--") + o.name;
      if (o.choices.empty()) continue;
      choices += "        --" + o.name + ") choices=\"" + joinedWords(o.choices) + "\" ;;\n";
    }
  std::string out = "      options=\"" + options + "\"\n      case $prev in\n";
  if (!files.empty()) out += "        " + files + ") files=1 ;;\n";
  return out + choices + "      esac ;;\n";
}

}  // namespace

const std::vector<Subcommand>& subcommands() {
  static const std::vector<Subcommand> k = [] {
    std::vector<Subcommand> all = cliSubcommands();
#if defined(SCANVIZ_WITH_GUI)
    all.push_back({exportHelp, runExport});
#elif defined(SCANVIZ_WITH_EXPORT)
    // Without the window, cairo draws the same scenes (app/cli/cmd_export.h).
    all.push_back({headlessExportHelp, cmdHeadlessExport});
#endif
    return all;
  }();
  return k;
}

const CommandHelp* windowCommandHelp() {
#if defined(SCANVIZ_WITH_GUI)
  return &windowHelp();
#else
  return nullptr;
#endif
}

std::string versionLine() {
  return std::string("scanviz ") + scanvizVersion();
}

std::string programHelp() {
  std::string out =
      "Usage: scanviz [FILE.json] [window options] [capture options]\n"
      "  or:  scanviz COMMAND [options]\n"
      "  or:  scanviz COMMAND --help | scanviz help COMMAND\n"
      "  or:  scanviz --help | --help-all | --version\n\n"
      "scanviz shows parallel prefix sum (scan) step by step: the real kernels on an NVIDIA GPU, "
      "or on\nits CPU emulator. Without a command it opens the classroom window.\n\nCommands:\n";
  for (const Subcommand& c : subcommands()) {
    std::string line = "  " + c.name();
    line.resize(12, ' ');
    out += line + c.help().summary + "\n";
  }
  if (const CommandHelp* w = windowCommandHelp()) {
    const std::string window = formatHelp(*w);
    // The window's own usage lines are the ones above; keep its description, options, examples.
    out += "\nThe window:\n" + asPart(window.substr(window.find("\n\n") + 2), "the window");
  }
  out +=
      "\nExit status:\n"
      "  0    done\n"
      "  1    failed: a check did not pass, no window could be opened, or a file could not be "
      "written\n"
      "  2    usage or bad input (one line on stderr names the problem; no partial file), an "
      "output folder missing or not writable (checked before the work)\n"
      "  130  stopped by Ctrl-C (SIGINT); 143: by SIGTERM\n";
  return out;
}

std::string programHelpAll() {
  std::string out = programHelp();
  // Each command under its own heading, its usage indented below it (as help2man reads it).
  for (const Subcommand& c : subcommands()) {
    const std::string help = asPart(formatHelp(c.help()), "scanviz " + c.name());
    const size_t usageEnd = help.find("\n\n");
    std::string usage = help.substr(0, usageEnd);
    usage.replace(0, std::string("usage: ").size(), "  ");
    out += "\nThe " + c.name() + " command:\n" + usage + help.substr(usageEnd);
  }
  return out;
}

std::string bashCompletion() {
  std::string commands;
  for (const Subcommand& c : subcommands()) commands += c.name() + " ";
  std::string out =
      "# bash completion for scanviz; generated from its option tables by "
      "`scanviz --bash-completion`.\n"
      "_scanviz() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      "  if [ \"$COMP_CWORD\" -eq 1 ] && [[ $cur != -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"" +
      commands +
      "help\" -- \"$cur\") $(compgen -f -X '!*.json' -- \"$cur\"))\n"
      "    return\n"
      "  fi\n"
      // The word after `apply` is an application, after `help` a command.
      "  if [ \"$COMP_CWORD\" -eq 2 ] && [[ $cur != -* ]]; then\n"
      "    case ${COMP_WORDS[1]} in\n"
      "      apply) COMPREPLY=($(compgen -W \"" +
      joinedWords(applicationKeys()) +
      "\" -- \"$cur\")); return ;;\n"
      "      help) COMPREPLY=($(compgen -W \"" +
      commands +
      "\" -- \"$cur\")); return ;;\n"
      "    esac\n"
      "  fi\n"
      "  local options=\"\" choices=\"\" files=\"\"\n"
      "  case ${COMP_WORDS[1]} in\n";
  for (const Subcommand& c : subcommands())
    out += "    " + c.name() + ")\n" + completionCase(c.help());
  const CommandHelp* w = windowCommandHelp();
  out += "    *)\n" + (w ? completionCase(*w) : std::string("      ;;\n"));
  out +=
      "  esac\n"
      "  if [ -n \"$files\" ]; then COMPREPLY=($(compgen -f -- \"$cur\")); return; fi\n"
      "  if [ -n \"$choices\" ]; then COMPREPLY=($(compgen -W \"$choices\" -- \"$cur\")); return; "
      "fi\n"
      "  COMPREPLY=($(compgen -W \"$options --help\" -- \"$cur\"))\n"
      "}\n"
      "complete -o filenames -F _scanviz scanviz\n";
  return out;
}

int runProgram(const std::vector<std::string>& args) {
#if defined(SCANVIZ_WITH_GUI)
  // `quiz --out` draws with the exporters, which app/cli may not include.
  installQuizSheetWriter(writeQuizSheet);
#elif defined(SCANVIZ_WITH_EXPORT)
  installQuizSheetWriter(writeHeadlessQuizSheet);
#endif
  if (args.empty()) return openWindow(args);
  const std::string& first = args[0];
  if (first == "--version") {
    std::cout << versionLine() << "\n";
    return 0;
  }
  if (first == "--help" || first == "-h") return help({});
  if (first == "--help-all") {
    std::cout << programHelpAll();
    return 0;
  }
  if (first == "help") return help({args.begin() + 1, args.end()});
  if (first == "--bash-completion") {
    std::cout << bashCompletion();
    return 0;
  }
#if defined(SCANVIZ_WITH_GUI)
  if (first == "apply" && !asksForHelp(args))
    if (const auto window = applicationWindowArgs({args.begin() + 1, args.end()}))
      return openWindow(*window);
#endif
  if (const Subcommand* c = findSubcommand(first))
    return runSubcommand(*c, {args.begin() + 1, args.end()});
  if (first.rfind("-", 0) != 0) return openFile(args);
  if (asksForHelp(args)) return help({});
  return openWindow(args);
}

}  // namespace scanviz
