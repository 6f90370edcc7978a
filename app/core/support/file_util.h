// Small file helpers with error messages that name the path and the reason.
#pragma once

#include <stdexcept>
#include <string>

namespace scanviz {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string readWholeFile(const std::string& path);
// Writes `content` through OutputFile (output_file.h): the old file or the whole new one, never
// a partial file. Throws WriteError (a FileError) naming the path and the reason.
void writeFileAtomically(const std::string& path, const std::string& content);

// scanviz's folder of one XDG kind: $XDG_..._HOME/scanviz, else $HOME/<underHome>/scanviz, e.g.
// userFolder("XDG_CONFIG_HOME", ".config"); "" when neither variable is set.
std::string userFolder(const char* xdgVariable, const char* underHome);

}  // namespace scanviz
