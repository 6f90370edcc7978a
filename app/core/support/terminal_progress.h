// A progress line on stderr for long command-line work (capture of large N, export of many
// frames, verify, bench): drawn only when stderr is a terminal, so scripts and logs get nothing,
// and not with --quiet; redrawn in place and erased when the work ends.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>

#include "app/core/support/non_copyable.h"

namespace scanviz {

// True when progress should be drawn: stderr is a terminal and the user did not ask for quiet.
bool progressWanted(bool quiet);

class TerminalProgress : NonCopyable {
 public:
  explicit TerminalProgress(bool enabled) : enabled_(enabled) {}
  ~TerminalProgress() { clear(); }

  // "[#####.....]   3/9  what": `done` of `total` units.
  void show(int done, int total, const std::string& what);
  // "[#####.....]  42%  what": a fraction of the work, 0 to 1.
  void showFraction(double done, const std::string& what);
  // "what  4.2 s": work with no units to count, by the time it has taken.
  void showElapsed(const std::string& what, double seconds);
  // Erases the line (before printing a result, and at the end).
  void clear();
  bool enabled() const { return enabled_; }

 private:
  void draw(const std::string& line);

  bool enabled_;
  bool visible_ = false;
  std::mutex mutex_;
};

// Shows "what  N.N s" twice a second on a thread of its own while one long call runs (a
// capture has no steps to count from outside); stops and erases the line when destroyed.
class ElapsedProgress : NonCopyable {
 public:
  ElapsedProgress(bool enabled, std::string what);
  ~ElapsedProgress();

 private:
  TerminalProgress line_;
  std::string what_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace scanviz
