// What the host tests of the textbook listings (test_listings.cpp) share: arrays in memory shared
// with a child process, and a launch run in that child, so that a listing which reads far out of
// bounds (a crash) or spins for ever (a time limit) fails its test instead of ending the test
// binary. The listings themselves run through kernels/listings/cuda_host_shim.h. The inputs and
// references below serve tests/gpu/test_gpu_listings.cu too.
#pragma once

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <new>
#include <random>
#include <string>
#include <vector>

namespace scanviz::testing {

// n elements of T in an anonymous shared mapping: what the child writes, the parent reads.
template <class T>
class SharedArray {
 public:
  explicit SharedArray(size_t n, T fill = T{}) : n_(n) {
    void* p = mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    data_ = static_cast<T*>(p);
    for (size_t i = 0; i < n_; ++i) data_[i] = fill;
  }
  SharedArray(const SharedArray&) = delete;
  SharedArray& operator=(const SharedArray&) = delete;
  ~SharedArray() { munmap(data_, bytes()); }

  T* data() { return data_; }
  T& operator[](size_t i) { return data_[i]; }
  size_t size() const { return n_; }
  std::vector<T> slice(size_t from, size_t count) const {
    return std::vector<T>(data_ + from, data_ + from + count);
  }

 private:
  size_t bytes() const { return (n_ ? n_ : 1) * sizeof(T); }
  size_t n_;
  T* data_ = nullptr;
};

// Runs `body` in a forked child with a time limit. Empty: it returned; otherwise what ended it.
template <class Body>
std::string inChildProcess(Body body, unsigned seconds = 60) {
  const pid_t pid = fork();
  if (pid < 0) return "fork failed";
  if (pid == 0) {
    alarm(seconds);
    body();
    _exit(0);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return "waitpid failed";
  if (WIFEXITED(status))
    return WEXITSTATUS(status) == 0 ? "" : "exited with " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return std::string("killed by ") +
           (WTERMSIG(status) == SIGALRM ? "the time limit" : "signal ") +
           (WTERMSIG(status) == SIGALRM ? "" : strsignal(WTERMSIG(status)));
  return "ended oddly";
}

// Whole numbers in [-9, 9], so that every float sum is exact and any order of additions agrees.
template <class T = float>
std::vector<T> wholeNumbers(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  for (T& x : v) x = static_cast<T>(static_cast<int>(rng() % 19) - 9);
  return v;
}

// Each section of `section` elements scanned on its own, inclusive or exclusive (0 first).
template <class T>
std::vector<T> sectionScans(const std::vector<T>& x, size_t section, bool exclusive = false) {
  std::vector<T> y(x.size());
  T sum{};
  for (size_t i = 0; i < x.size(); ++i) {
    if (i % section == 0) sum = T{};
    y[i] = exclusive ? sum : sum + x[i];
    sum += x[i];
  }
  return y;
}

// The first index where a and b differ (a shorter one differs where it ends); -1: none.
template <class T>
int firstDifference(const std::vector<T>& a, const std::vector<T>& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) return static_cast<int>(i);
  return a.size() == b.size() ? -1 : static_cast<int>(std::min(a.size(), b.size()));
}

template <class T>
std::vector<double> asDoubles(const std::vector<T>& v) {
  return std::vector<double>(v.begin(), v.end());
}

}  // namespace scanviz::testing
