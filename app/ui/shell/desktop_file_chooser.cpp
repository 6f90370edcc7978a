#include "app/ui/shell/desktop_file_chooser.h"

#include <cstdlib>
#include <filesystem>

#if !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;
#endif

namespace scanviz {
namespace fs = std::filesystem;

namespace {

#if !defined(__EMSCRIPTEN__)
// The program's full path when it is an executable on PATH.
std::optional<std::string> onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  const std::string dirs(path);
  size_t begin = 0;
  while (begin <= dirs.size()) {
    const size_t end = std::min(dirs.find(':', begin), dirs.size());
    const fs::path candidate = fs::path(dirs.substr(begin, end - begin)) / name;
    if (end > begin && ::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    begin = end + 1;
  }
  return std::nullopt;
}
#endif

std::string withSlash(const std::string& folder) {
  return folder.ends_with("/") ? folder : folder + "/";
}

}  // namespace

std::vector<std::string> chooserCommandFor(const std::string& program, const ChooserRequest& r) {
  const std::string start =
      r.save ? (fs::path(r.folder) / r.fileName).string() : withSlash(r.folder);
  if (program.ends_with("kdialog")) {
    std::vector<std::string> argv{program, "--title", r.title,
                                  r.save ? "--getsavefilename" : "--getopenfilename", start};
    if (r.jsonOnly) argv.push_back("JSON files (*.json)");
    return argv;
  }
  std::vector<std::string> argv{program, "--file-selection", "--title=" + r.title,
                                "--filename=" + start};
  if (r.save) {
    argv.push_back("--save");
    argv.push_back("--confirm-overwrite");
  }
  if (r.jsonOnly) {
    argv.push_back("--file-filter=Traces, sessions and decks (*.json) | *.json");
    argv.push_back("--file-filter=All files | *");
  }
  return argv;
}

std::vector<std::string> desktopChooserCommand(const ChooserRequest& r) {
#if defined(__EMSCRIPTEN__)
  (void)r;
  return {};  // the page has the browser's picker (browser_files.h)
#else
  if (const char* chosen = std::getenv("SCANVIZ_FILE_CHOOSER")) {
    const std::string program(chosen);
    if (program.empty() || program == "builtin") return {};
    return chooserCommandFor(program, r);
  }
  if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")) return {};
  for (const char* name : {"zenity", "kdialog"})
    if (const auto program = onPath(name)) return chooserCommandFor(*program, r);
  return {};
#endif
}

#if defined(__EMSCRIPTEN__)
// The page never starts one: desktopChooserCommand() is empty there.
bool ChooserProcess::start(const std::vector<std::string>&) {
  return false;
}
void ChooserProcess::readAvailable() {}
std::optional<ChooserProcess::Result> ChooserProcess::poll() {
  return std::nullopt;
}
void ChooserProcess::cancel() {}
#else
bool ChooserProcess::start(const std::vector<std::string>& argv) {
  cancel();
  if (argv.empty()) return false;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int failed = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  if (failed != 0) {
    ::close(fds[0]);
    return false;
  }
  ::fcntl(fds[0], F_SETFL, ::fcntl(fds[0], F_GETFL) | O_NONBLOCK);
  pid_ = pid;
  out_ = fds[0];
  output_.clear();
  return true;
}

void ChooserProcess::readAvailable() {
  char buf[4096];
  ssize_t n = 0;
  while (out_ >= 0 && (n = ::read(out_, buf, sizeof buf)) > 0)
    output_.append(buf, static_cast<size_t>(n));
}

std::optional<ChooserProcess::Result> ChooserProcess::poll() {
  if (pid_ <= 0) return std::nullopt;
  readAvailable();
  int status = 0;
  const pid_t done = ::waitpid(pid_, &status, WNOHANG);
  if (done == 0) return std::nullopt;
  readAvailable();
  ::close(out_);
  out_ = -1;
  pid_ = -1;
  Result r;
  const int code = done > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  while (!output_.empty() && (output_.back() == '\n' || output_.back() == '\r')) output_.pop_back();
  if (code == 0 && !output_.empty() && output_.find('\n') == std::string::npos) {
    r.outcome = Outcome::Chosen;
    r.path = output_;
  } else {
    r.outcome = code == 1 ? Outcome::Cancelled : Outcome::Failed;
  }
  return r;
}

void ChooserProcess::cancel() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  if (out_ >= 0) ::close(out_);
  pid_ = -1;
  out_ = -1;
  output_.clear();
}
#endif

}  // namespace scanviz
