// Who touched each cell since the last barrier, enough to name a race's two threads and lines: the
// cell's writer and two distinct readers (a writer conflicts with any reader but itself, so one
// reader other than the writer is always kept). Global buffers are logged across blocks: blocks of
// one launch never synchronise, so two blocks touching a cell, one writing, race at any time.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace scanviz::student {

struct Conflict {
  int other = -1;  // the thread that touched the cell before
  int otherLine = 0;
  int otherBlock = 0;
  bool otherWrote = false;
};

class CellLog {
 public:
  explicit CellLog(int64_t cells) : cells_(static_cast<size_t>(cells)) {}

  // Records the access; the earlier access it conflicts with, if any.
  std::optional<Conflict> access(int64_t cell, int thread, bool write, int line, int block = 0) {
    Entry& e = cells_[static_cast<size_t>(cell)];
    std::optional<Conflict> found;
    if (e.writer.thread >= 0 && !same(e.writer, thread, block))
      found = Conflict{e.writer.thread, e.writer.line, e.writer.block, true};
    if (write && !found) {
      for (const Access* r : {&e.readerA, &e.readerB})
        if (r->thread >= 0 && !same(*r, thread, block)) {
          found = Conflict{r->thread, r->line, r->block, false};
          break;
        }
    }
    // Each cell is listed once for clearInterval(), however often it is touched.
    if (e.writer.thread < 0 && e.readerA.thread < 0) touched_.push_back(static_cast<size_t>(cell));
    Access now{thread, line, block};
    if (write) {
      if (e.writer.thread < 0 || !same(e.writer, thread, block)) e.writer = now;
    } else if (e.readerA.thread < 0) {
      e.readerA = now;
    } else if (!same(e.readerA, thread, block) && e.readerB.thread < 0) {
      e.readerB = now;
    }
    return found;
  }

  // A barrier: accesses before it no longer conflict with those after it.
  void clearInterval() {
    for (size_t c : touched_) cells_[c] = Entry{};
    touched_.clear();
  }

 private:
  struct Access {
    int thread = -1;
    int line = 0;
    int block = 0;
  };
  struct Entry {
    Access writer, readerA, readerB;
  };
  static bool same(const Access& a, int thread, int block) {
    return a.thread == thread && a.block == block;
  }

  std::vector<Entry> cells_;
  std::vector<size_t> touched_;
};

// The global buffers of a launch. Within one block a barrier ends the interval; another block's
// earlier accesses stay (kept in a log that is never cleared).
class AccessLog {
 public:
  explicit AccessLog(const std::vector<int64_t>& lengths) {
    for (int64_t n : lengths) {
      interval_.emplace_back(n);
      launch_.emplace_back(n);
    }
  }

  std::optional<Conflict> access(int buffer, int64_t cell, int block, int thread, bool write,
                                 int line) {
    size_t b = static_cast<size_t>(buffer);
    if (block != block_) {
      block_ = block;
      nextInterval();
    }
    std::optional<Conflict> within = interval_[b].access(cell, thread, write, line, block);
    std::optional<Conflict> across = launch_[b].access(cell, thread, write, line, block);
    if (within) return within;
    if (across && across->otherBlock != block) return across;
    return std::nullopt;
  }

  void nextInterval() {
    for (CellLog& log : interval_) log.clearInterval();
  }

 private:
  std::vector<CellLog> interval_;
  std::vector<CellLog> launch_;  // every block's accesses, to find races between blocks
  int block_ = -1;
};

}  // namespace scanviz::student
