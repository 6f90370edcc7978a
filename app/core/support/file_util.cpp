#include "app/core/support/file_util.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "app/core/support/output_file.h"

namespace scanviz {

std::string readWholeFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string readFileUpTo(const std::string& path, long long maxBytes, const std::string& what) {
  const std::string name = path == "-" ? std::string("standard input") : "'" + path + "'";
  const std::string limit = "; " + what + " are read up to " + std::to_string(maxBytes) + " bytes";
  std::error_code ec;
  if (path != "-") {
    const auto status = std::filesystem::status(path, ec);
    if (!ec && std::filesystem::is_directory(status))
      throw FileError("cannot open " + name + ": it is a folder");
    const auto size = std::filesystem::is_regular_file(status)
                          ? std::filesystem::file_size(path, ec)
                          : std::uintmax_t{0};
    if (!ec && size > static_cast<std::uintmax_t>(maxBytes))
      throw FileError(name + " is " + std::to_string(size) + " bytes" + limit);
  }
  std::ifstream file;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) throw FileError("cannot open " + name + ": " + std::strerror(errno));
  }
  std::istream& in = path == "-" ? std::cin : file;
  std::string text;
  std::vector<char> buffer(1 << 16);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
    text.append(buffer.data(), static_cast<size_t>(in.gcount()));
    if (text.size() > static_cast<size_t>(maxBytes))
      throw FileError(name + " holds more than " + std::to_string(maxBytes) + " bytes" + limit);
  }
  if (in.bad()) throw FileError("cannot read " + name + ": " + std::strerror(errno));
  return text;
}

std::string nonRegularFileProblem(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || std::filesystem::is_regular_file(status) || std::filesystem::is_directory(status))
    return {};
  const char* kind = std::filesystem::is_fifo(status)             ? "a FIFO (named pipe)"
                     : std::filesystem::is_character_file(status) ? "a character device"
                     : std::filesystem::is_block_file(status)     ? "a block device"
                     : std::filesystem::is_socket(status)         ? "a socket"
                                                                  : "not a regular file";
  return "'" + path + "' is " + kind + ", not a file on disk: give the path of a regular file";
}

std::string readFileHead(const std::string& path, size_t maxBytes) {
  if (const std::string problem = nonRegularFileProblem(path); !problem.empty())
    throw FileError("cannot open " + problem);
  std::ifstream f(path, std::ios::binary);
  if (!f) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
  std::string head(maxBytes, '\0');
  f.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(f.gcount()));
  return head;
}

std::string cannotOpenMessage(const std::string& kind, const std::string& path,
                              const std::string& why) {
  const std::string named = "'" + path + "'";
  const std::string loaderPrefix = "cannot open " + named;
  if (why.rfind(loaderPrefix, 0) == 0)
    return "cannot open " + kind + " " + named + why.substr(loaderPrefix.size());
  if (why.rfind(path + ": ", 0) == 0) return "cannot open " + kind + " " + why;
  if (why.find(path) != std::string::npos) return "cannot open " + kind + ": " + why;
  return "cannot open " + kind + " " + named + ": " + why;
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

std::string percentEncoded(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::vector<std::string> foldersUpFromExecutable(int levels) {
  std::vector<std::string> folders;
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  for (int up = 0; !ec && up < levels && !dir.empty(); ++up, dir = dir.parent_path()) {
    folders.push_back(dir.string());
    if (dir == dir.root_path()) break;
  }
  return folders;
}

}  // namespace scanviz
