#include "app/core/capture/capture_memory.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

// Allocator slack, the trace's stored copies, block records, the recorded steps' edges.
constexpr long long kFixedBytes = 96ll << 20;

std::string mib(long long bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

std::optional<long long> memAvailable() {
  std::ifstream f("/proc/meminfo");
  std::string key;
  long long kib = 0;
  std::string unit;
  while (f >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  return std::nullopt;
}

// Address space this process already uses (VmSize), from /proc/self/statm.
long long addressSpaceInUse() {
  std::ifstream f("/proc/self/statm");
  long long pages = 0;
  f >> pages;
  return pages * sysconf(_SC_PAGESIZE);
}

std::optional<long long> addressSpaceLeft() {
  rlimit lim{};
  if (getrlimit(RLIMIT_AS, &lim) != 0 || lim.rlim_cur == RLIM_INFINITY) return std::nullopt;
  return std::max(0ll, static_cast<long long>(lim.rlim_cur) - addressSpaceInUse());
}

}  // namespace

long long estimateCaptureBytes(long long n, const CaptureLimits& limits) {
  const long long perElement = 8 + 4 + 4;
  const long long whole = wholeRowCapacity(limits, n) > 0
                              ? std::min(limits.maxWholeArrayValues, n * (limits.maxSteps + 1)) * 4
                              : 0;
  const long long recorded = limits.maxRecordedValues * 8;
  return perElement * std::max(0ll, n) + whole + recorded + kFixedBytes;
}

std::optional<long long> allocatableBytes() {
  const auto available = memAvailable();
  const auto left = addressSpaceLeft();
  if (available && left) return std::min(*available, *left);
  return available ? available : left;
}

void checkCaptureMemory(long long n, const CaptureLimits& limits, long long alreadyHeld) {
  const auto room = allocatableBytes();
  if (!room) return;
  const long long needed = estimateCaptureBytes(n, limits) - alreadyHeld;
  if (needed <= *room) return;
  throw InputError("a capture of N = " + std::to_string(n) + " needs about " +
                   mib(estimateCaptureBytes(n, limits)) + " of memory and only " +
                   mib(*room + alreadyHeld) +
                   " is available (MemAvailable and ulimit -v); use a smaller N");
}

std::string outOfMemoryMessage() {
  const auto room = allocatableBytes();
  return "out of memory: the work needed more than the " +
         (room ? mib(*room) + " still available" : std::string("memory available")) +
         " (MemAvailable and ulimit -v); use a smaller N or a smaller file";
}

}  // namespace scanviz
