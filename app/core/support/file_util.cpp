#include "app/core/support/file_util.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "app/core/support/output_file.h"

namespace scanviz {

std::string readWholeFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void writeFileAtomically(const std::string& path, const std::string& content) {
  OutputFile out(path);
  out.write(content);
  out.commit();
}

}  // namespace scanviz
