// Small file helpers with error messages that name the path and the reason.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace scanviz {

struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string readWholeFile(const std::string& path);
// The whole file, or standard input for "-", refused past `maxBytes` with a message naming the
// path, its size and the limit of `what` ("bench reports"). A pipe or a device has no size to
// check first: it is read up to the limit (/dev/zero ends). Throws FileError.
std::string readFileUpTo(const std::string& path, long long maxBytes, const std::string& what);
// Why a file that another file names (a session's trace or input) is not read: it is a FIFO
// (opening one waits for a writer, which may never come), a device or a socket. Empty for a
// regular file and for one that is not there (opening it then says why).
std::string nonRegularFileProblem(const std::string& path);
// The first `maxBytes` of a file, for telling its kind from its head without reading a trace of
// tens of megabytes; a FIFO, device or socket is refused (nonRegularFileProblem) rather than
// waited on. Throws FileError.
std::string readFileHead(const std::string& path, size_t maxBytes);
// The message for a file of `kind` ("trace") that did not open, with the loader's reason `why`
// said once: "cannot open trace 'a.json': No such file or directory", never "cannot open trace
// cannot open 'a.json': ...".
std::string cannotOpenMessage(const std::string& kind, const std::string& path,
                              const std::string& why);
// Writes `content` through OutputFile (output_file.h): the old file or the whole new one, never
// a partial file. Throws WriteError (a FileError) naming the path and the reason.
void writeFileAtomically(const std::string& path, const std::string& content);

// Every byte of `text` but the unreserved ones (RFC 3986) and '/' percent-encoded: a path as a
// file: URI's or a URL query value.
std::string percentEncoded(const std::string& text);

// The executable's folder and the folders above it, nearest first (up to `levels` of them): where
// a build tree or an installation keeps what the binary reads beside it. Empty when
// /proc/self/exe cannot be read.
std::vector<std::string> foldersUpFromExecutable(int levels = 5);

// scanviz's folder of one XDG kind: $XDG_..._HOME/scanviz, else $HOME/<underHome>/scanviz, e.g.
// userFolder("XDG_CONFIG_HOME", ".config"); "" when neither variable is set.
std::string userFolder(const char* xdgVariable, const char* underHome);

}  // namespace scanviz
