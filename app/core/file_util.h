// Small file helpers with error messages that name the path and the reason.
#pragma once

#include <stdexcept>
#include <string>

namespace scanviz {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string readWholeFile(const std::string& path);
// Writes PATH.tmp-PID and renames it over PATH: a failure never leaves a partial file.
void writeFileAtomically(const std::string& path, const std::string& content);

}  // namespace scanviz
