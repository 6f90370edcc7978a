// Ctrl-C (SIGINT) and SIGTERM for the whole program, in one place: the handler removes the
// temporary files and folders that are registered at that moment (so that an interrupted write
// leaves nothing behind) and ends the process by that signal, as its default action would (a
// shell reports 130 or 143, and a script or make stops there). A long job that
// wants to stop on its own terms (bench saves what it measured) defers that: while a
// DeferredInterrupt lives, a signal only sets a flag that the job polls.
#pragma once

#include <atomic>
#include <string>

#include "app/core/support/non_copyable.h"

namespace scanviz {

// Installs the handlers for SIGINT and SIGTERM, and ignores SIGXFSZ so that a file-size limit
// (ulimit -f) makes write() fail with EFBIG, reported with a message, instead of killing the
// process with a half-written file, and SIGPIPE so that a closed pipe is a message, not a silent
// death. Call once at startup.
void installInterruptHandlers();

// A path the handler removes when a signal ends the process: a temporary file (unlinked) or a
// folder the program created (removed when empty). Registration allocates; the handler does not.
class CleanupOnInterrupt : NonCopyable {
 public:
  enum class Kind { File, EmptyFolder };
  CleanupOnInterrupt() = default;
  CleanupOnInterrupt(const std::string& path, Kind kind);
  ~CleanupOnInterrupt() { release(); }
  CleanupOnInterrupt(CleanupOnInterrupt&& other) noexcept;
  CleanupOnInterrupt& operator=(CleanupOnInterrupt&& other) noexcept;

  // The path is no longer the handler's to remove (renamed into place, or removed already).
  void release();

 private:
  struct Slot* slot_ = nullptr;
};

// While one lives, SIGINT and SIGTERM set requested() instead of ending the process; the signal
// is remembered for exitCodeForInterrupt().
class DeferredInterrupt : NonCopyable {
 public:
  DeferredInterrupt();
  ~DeferredInterrupt();

  // Set once a signal arrived; long loops poll it (bench passes it as its cancel flag).
  static const std::atomic<bool>& requested();
};

// 130 after SIGINT, 143 after SIGTERM, 0 when no signal arrived.
int exitCodeForInterrupt();

// After a deferred signal (the job saved what it had): ends the process by that signal, as the
// handler would have. Returns when no signal arrived. main() calls it last.
void endIfInterrupted();

}  // namespace scanviz
