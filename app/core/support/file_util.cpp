#include "app/core/support/file_util.h"

#include <cerrno>
#include <cstdlib>
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

std::string userFolder(const char* xdgVariable, const char* underHome) {
  const char* xdg = std::getenv(xdgVariable);
  if (xdg && *xdg) return std::string(xdg) + "/scanviz";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/" + underHome + "/scanviz";
  return {};
}

}  // namespace scanviz
