// A session file: how the lesson on screen was made (capture configuration, or the trace file it
// shows) and the step it stands at, so a lecturer can prepare a lesson and reopen it in class.
#pragma once

#include <optional>
#include <string>

#include "app/core/capture/capture_config.h"
#include "app/core/capture/config_json.h"

namespace scanviz {

constexpr int kSessionVersion = 1;
constexpr const char* kSessionKind = "scanviz-session";
// Sessions hold a configuration, not data: larger files are refused before they are read.
constexpr long long kMaxSessionFileBytes = 4 << 20;

struct Session {
  ScanOptions config;
  int step = 0;
  std::string traceFile;  // non-empty: the lesson shows this trace file instead of a capture
  // How the counters read the lesson: the P of Brent's bound (1 to kMaxProcessors) and
  // whether a run with padding counts its real elements alone. Absent in older sessions.
  std::optional<int> processors;
  std::optional<bool> realElements;
};

std::string sessionToJson(const Session& s);
// `name` is how messages call the text (its path). Throws ConfigFormatError.
Session sessionFromJson(const std::string& text, const std::string& name);

// Throws FileError when the file cannot be written.
void saveSession(const Session& s, const std::string& path);
// Throws ConfigFormatError for a missing, unreadable or corrupt file; the message names the path.
// "-" reads standard input. The trace_file comes back resolved (resolveSessionPath), and one
// that is a FIFO, a device or a socket is refused, as is such an input file.
Session loadSession(const std::string& path);
// A path stored in the session at `sessionPath`, as a path to open: an absolute one as it is; a
// relative one from the session's folder, or, where nothing is there, from the working directory
// (sessions saved before paths were stored relative to them). saveSession stores the trace's
// path relative to the session's folder.
std::string resolveSessionPath(const std::string& stored, const std::string& sessionPath);

// True when the text declares itself a session file (the Open dialog takes traces and sessions).
bool looksLikeSession(const std::string& text);
// The same for a file, reading only its head (a trace may be hundreds of megabytes). Throws
// FileError when it cannot be opened.
bool fileLooksLikeSession(const std::string& path);

// nlohmann's messages start with "[json.exception.parse_error.101] "; users need the rest.
std::string jsonErrorText(const std::exception& e);

// `text` parsed, or ConfigFormatError "'NAME' is not valid JSON (...); the file may be truncated or
// not a WHAT" (sessions and decks say it the same way).
nlohmann::json parseJsonText(const std::string& text, const std::string& name,
                             const std::string& what);

}  // namespace scanviz
