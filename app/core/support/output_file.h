// The one way scanviz writes a file (traces, sessions, settings, SVG, PNG, GIF, frames, bench
// reports, screenshots): bytes go to a temporary file in the target's folder, every write is
// checked, and commit() flushes it to the disk and renames it over the target. Until then the
// previous file is untouched; a failure, a destructor before commit() or a signal (see
// interrupt.h) removes the temporary file. So a file is either the old one or the whole new one.
//
// A symlink is written through: the file it points to is replaced, the link stays. A character
// device, a FIFO, a socket, "-" and /dev/stdout (standard output) are written directly, never
// renamed over (as root, `--out /dev/null` must not replace /dev/null).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "app/core/support/file_util.h"
#include "app/core/support/interrupt.h"
#include "app/core/support/non_copyable.h"

namespace scanviz {

// Writing failed (disk full, file too large, no permission, ...): the message names the path and
// the reason. The command line reports it with exit code 1.
struct WriteError : FileError {
  using FileError::FileError;
};

class OutputFile : NonCopyable {
 public:
  // Opens the temporary file (or the device). Throws WriteError.
  explicit OutputFile(std::string path);
  ~OutputFile();

  // Throws WriteError; the file is then discarded.
  void write(const void* data, size_t size);
  void write(std::string_view text) { write(text.data(), text.size()); }

  // Flushes and closes the temporary file but leaves the target as it is: the first half of
  // commit(), for outputs of several files that replace their targets all together at the end.
  // Throws WriteError.
  void finish();
  // Renames the finished file over its target (finishing it first when needed). Throws
  // WriteError; the target is then unchanged.
  void commit();

  // The path as given.
  const std::string& path() const { return path_; }
  // Whether bytes go straight to the target (a device, a FIFO, stdout).
  bool direct() const { return temp_.empty(); }

 private:
  [[noreturn]] void fail(const std::string& why);
  void discard();

  std::string path_;
  std::string target_;  // path_ with symlinks followed
  std::string temp_;    // empty when writing directly
  CleanupOnInterrupt cleanup_;
  int fd_ = -1;
  bool ownsFd_ = true;
  bool finished_ = false;
  bool committed_ = false;
};

// Why nothing could be written at `path`, checked before long work starts (its folder is missing
// or not writable, it is a folder, ...); empty when a file can be written there. Creates and
// removes a probe file in the target's folder.
std::string outputProblem(const std::string& path);
// Why no file can be created in `folder` (missing, not a folder, not writable); empty when one
// can. The message names the folder.
std::string folderProblem(const std::string& folder);

// Whether `path` is written as it is rather than replaced: standard output ("-", /dev/stdout,
// /dev/fd/1) or an existing device, FIFO or socket (through its links). Exporters add no
// extension to such a name and make no folder of it.
bool isWrittenInPlace(const std::string& path);
// Whether `path` names standard output: "-", /dev/stdout, /dev/fd/1 or /proc/self/fd/1. Messages
// meant for the user then go to stderr, not into the file.
bool isStandardOutput(const std::string& path);

}  // namespace scanviz
