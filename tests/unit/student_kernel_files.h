// The files of tests/student_kernels/, read by the emulator's tests and the GPU's alike.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace scanviz::student {

inline std::filesystem::path studentKernelFolder() {
  return std::filesystem::path(SCANVIZ_SOURCE_DIR) / "tests/student_kernels";
}

inline std::string readStudentKernel(const std::string& file) {
  std::ifstream in(studentKernelFolder() / file);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace scanviz::student
