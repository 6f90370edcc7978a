#include "app/core/support/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace scanviz {
namespace fs = std::filesystem;
namespace {

constexpr int kMaxSymlinks = 40;  // as the kernel's own limit on a path's links

std::string errnoText() {
  return std::strerror(errno);
}

// `path` with every symlink followed, also one that points to a file not there yet (a dangling
// link is written through too). Throws WriteError on a loop.
std::string followSymlinks(const std::string& path) {
  fs::path p = path;
  for (int i = 0; i < kMaxSymlinks; ++i) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p.string();
    // A link to a pipe or a device (/dev/fd/3 -> pipe:[1234]) is opened as it is: /proc's links
    // name no path to follow.
    if (::stat(p.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
      return p.string();
    std::error_code ec;
    const fs::path link = fs::read_symlink(p, ec);
    if (ec) throw WriteError("cannot write '" + path + "': " + ec.message());
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
  throw WriteError("cannot write '" + path + "': " + std::strerror(ELOOP));
}

std::string folderOf(const std::string& target) {
  const fs::path parent = fs::path(target).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// A name in the target's folder (so that the rename stays on one file system), hidden, and
// unique within the process and between processes.
std::string tempNameFor(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  const fs::path t = target;
  return (t.parent_path() / ("." + t.filename().string() + ".tmp-" + std::to_string(::getpid()) +
                             "-" + std::to_string(counter.fetch_add(1))))
      .string();
}

std::string closedEarlyText(const std::string& path) {
  return isStandardOutput(path)
             ? "standard output was closed by its reader before the end (as `head` does)"
             : "its reader closed it before the end";
}

bool isWrittenDirectly(const struct stat& st) {
  return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

}  // namespace

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) throw WriteError("cannot write a file without a name");
  if (isStandardOutput(path_)) {
    // Through fd 1 itself: /dev/stdout opened anew would start a redirected file at offset 0
    // (`>>` appends), and a pipe's /proc link names no path to follow.
    std::fflush(stdout);  // what was printed before comes first
    fd_ = STDOUT_FILENO;
    ownsFd_ = false;
    return;
  }
  target_ = followSymlinks(path_);
  struct stat st {};
  const bool exists = ::stat(target_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) fail("it is a folder");
  if (exists && isWrittenDirectly(st)) {
    fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail(errnoText());
    return;
  }
  for (int attempt = 0; fd_ < 0; ++attempt) {
    temp_ = tempNameFor(target_);
    cleanup_ = CleanupOnInterrupt(temp_, CleanupOnInterrupt::Kind::File);
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0 && (errno != EEXIST || attempt > 100)) {
      const std::string why = errnoText();
      temp_.clear();  // nothing of ours to remove
      fail(why);
    }
  }
  // The new file keeps the permissions of the one it replaces.
  if (exists) ::fchmod(fd_, st.st_mode & 07777);
}

OutputFile::~OutputFile() {
  if (!committed_) discard();
}

void OutputFile::discard() {
  if (fd_ >= 0 && ownsFd_) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
  cleanup_.release();
}

void OutputFile::fail(const std::string& why) {
  discard();
  committed_ = true;  // nothing left to do for the destructor
  throw WriteError("cannot write '" + path_ + "': " + why);
}

void OutputFile::write(const void* data, size_t size) {
  if (fd_ < 0 || finished_) throw WriteError("cannot write '" + path_ + "': it is closed");
  const auto* bytes = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd_, bytes, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      // SIGPIPE is ignored (interrupt.h), so a reader that went away (`| head`) shows up here.
      if (errno == EPIPE) fail(closedEarlyText(path_));
      fail(errnoText());
    }
    bytes += n;
    size -= static_cast<size_t>(n);
  }
}

void OutputFile::finish() {
  if (finished_) return;
  if (fd_ < 0) throw WriteError("cannot write '" + path_ + "': it is closed");
  finished_ = true;
  // A disk that filled up may say so only here (delayed allocation, network file systems).
  if (!direct() && ::fsync(fd_) != 0) fail(errnoText());
  if (ownsFd_ && ::close(fd_) != 0) {
    fd_ = -1;
    fail(errnoText());
  }
  fd_ = -1;
}

void OutputFile::commit() {
  finish();
  if (!direct()) {
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail(errnoText());
    cleanup_.release();
    temp_.clear();
    // The rename itself reaches the disk with its folder (best effort: not every file system
    // lets a folder be synced).
    const int dir = ::open(folderOf(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
      ::fsync(dir);
      ::close(dir);
    }
  }
  committed_ = true;
}

bool isStandardOutput(const std::string& path) {
  return path == "-" || path == "/dev/stdout" || path == "/dev/fd/1" || path == "/proc/self/fd/1";
}

bool isWrittenInPlace(const std::string& path) {
  if (isStandardOutput(path)) return true;
  struct stat st {};
  return !path.empty() && ::stat(path.c_str(), &st) == 0 && isWrittenDirectly(st);
}

std::string outputProblem(const std::string& path) {
  if (isStandardOutput(path)) return {};
  const auto problem = [&](const std::string& why) {
    return "cannot write '" + path + "': " + why;
  };
  std::string target;
  try {
    target = followSymlinks(path);
  } catch (const WriteError& e) {
    return e.what();
  }
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return problem("it is a folder");
    if (isWrittenDirectly(st)) {
      // Not opened: opening a FIFO and closing it would hand its reader an empty stream.
      if (::access(target.c_str(), W_OK) != 0) return problem(errnoText());
      return {};
    }
  }
  const std::string why = folderProblem(folderOf(target));
  return why.empty() ? why : problem(why);
}

std::string folderProblem(const std::string& folder) {
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0)
    return "the folder '" + folder + "' " +
           (errno == ENOENT ? std::string("does not exist") : errnoText());
  if (!S_ISDIR(st.st_mode)) return "'" + folder + "' is not a folder";
  // Writable as the kernel decides (read-only file systems, root, ACLs): try it.
  const std::string probe = tempNameFor((fs::path(folder) / "probe").string());
  const CleanupOnInterrupt cleanup(probe, CleanupOnInterrupt::Kind::File);
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot create a file in the folder '" + folder + "': " + errnoText();
  ::close(fd);
  ::unlink(probe.c_str());
  return {};
}

}  // namespace scanviz
