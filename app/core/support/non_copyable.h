// The base of every class that owns something once (a signal handler, a file being written, a GL
// context or object, a worker thread): a copy would release it twice, so none is made, and the
// class says so in its first line instead of in two deleted members of its own.
#pragma once

namespace scanviz {

class NonCopyable {
 protected:
  NonCopyable() = default;
  ~NonCopyable() = default;

 public:
  NonCopyable(const NonCopyable&) = delete;
  NonCopyable& operator=(const NonCopyable&) = delete;
};

}  // namespace scanviz
