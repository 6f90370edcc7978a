#include "app/core/support/terminal_progress.h"

#include "app/core/support/threads_available.h"

#include <unistd.h>

#include <cstdio>

namespace scanviz {

bool progressWanted(bool quiet) {
  return !quiet && isatty(STDERR_FILENO) == 1;
}

void TerminalProgress::draw(const std::string& line) {
  std::lock_guard lock(mutex_);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  visible_ = true;
}

void TerminalProgress::show(int done, int total, const std::string& what) {
  if (!enabled_ || total <= 0) return;
  constexpr int kWidth = 30;
  const int filled = done * kWidth / total;
  std::string bar(static_cast<size_t>(filled), '#');
  bar.append(static_cast<size_t>(kWidth - filled), '.');
  char counts[48];
  std::snprintf(counts, sizeof counts, "] %4d/%d  ", done, total);
  draw("[" + bar + counts + what);
}

void TerminalProgress::showFraction(double done, const std::string& what) {
  if (!enabled_) return;
  constexpr int kWidth = 30;
  const double f = done < 0 ? 0 : (done > 1 ? 1 : done);
  const int filled = static_cast<int>(f * kWidth);
  std::string bar(static_cast<size_t>(filled), '#');
  bar.append(static_cast<size_t>(kWidth - filled), '.');
  char percent[24];
  std::snprintf(percent, sizeof percent, "] %3d%%  ", static_cast<int>(f * 100));
  draw("[" + bar + percent + what);
}

void TerminalProgress::showElapsed(const std::string& what, double seconds) {
  if (!enabled_) return;
  char time[32];
  std::snprintf(time, sizeof time, "  %.1f s", seconds);
  draw(what + time);
}

void TerminalProgress::clear() {
  std::lock_guard lock(mutex_);
  if (!visible_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  visible_ = false;
}

ElapsedProgress::ElapsedProgress(bool enabled, std::string what)
    : line_(enabled), what_(std::move(what)) {
  if (!enabled || !kThreadsAvailable) return;  // the page: no thread, no elapsed-time line
  thread_ = std::thread([this] {
    const auto start = std::chrono::steady_clock::now();
    // The first line after a second (short work shows nothing at all), then every half second.
    // Counted in time, not in ticks: sleeps overrun, and a tick count put the first line at 1.5 s.
    double nextDraw = 1.0;
    while (!stop_.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const double s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (s >= nextDraw && !stop_.load()) {
        line_.showElapsed(what_, s);
        nextDraw = s + 0.5;
      }
    }
  });
}

ElapsedProgress::~ElapsedProgress() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  line_.clear();
}

}  // namespace scanviz
