#include "app/core/support/recently_used.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>

#include "app/core/support/file_util.h"
#include "app/core/support/utc_time.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

constexpr long long kMaxXbelBytes = 16ll << 20;

// A file: URI, so percent-encoded that it needs no XML escaping either.
std::string fileUri(const std::string& path) {
  return "file://" + percentEncoded(path);
}

std::string entry(const std::string& uri, const std::string& mimeType, const std::string& when) {
  return "  <bookmark href=\"" + uri + "\" added=\"" + when + "\" modified=\"" + when +
         "\" visited=\"" + when +
         "\">\n"
         "    <info>\n"
         "      <metadata owner=\"http://freedesktop.org\">\n"
         "        <mime:mime-type type=\"" +
         mimeType +
         "\"/>\n"
         "        <bookmark:applications>\n"
         "          <bookmark:application name=\"scanviz\" exec=\"&apos;scanviz %f&apos;\" "
         "modified=\"" +
         when +
         "\" count=\"1\"/>\n"
         "        </bookmark:applications>\n"
         "      </metadata>\n"
         "    </info>\n"
         "  </bookmark>\n";
}

const char* const kEmptyXbel =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<xbel version=\"1.0\"\n"
    "      xmlns:bookmark=\"http://www.freedesktop.org/standards/desktop-bookmarks\"\n"
    "      xmlns:mime=\"http://www.freedesktop.org/standards/shared-mime-info\"\n"
    ">\n"
    "</xbel>\n";

// Removes the bookmark of `uri`, if there is one.
void removeEntry(std::string& text, const std::string& uri) {
  const size_t at = text.find("<bookmark href=\"" + uri + "\"");
  if (at == std::string::npos) return;
  const size_t close = text.find("</bookmark>", at);
  if (close == std::string::npos) return;
  size_t from = text.rfind('\n', at);
  from = from == std::string::npos ? at : from + 1;
  size_t to = close + std::string("</bookmark>").size();
  if (to < text.size() && text[to] == '\n') ++to;
  text.erase(from, to - from);
}

}  // namespace

std::string recentlyUsedPath() {
  const char* data = std::getenv("XDG_DATA_HOME");
  if (data && *data) return std::string(data) + "/recently-used.xbel";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.local/share/recently-used.xbel";
  return {};
}

std::string addToRecentlyUsed(const std::string& file, const std::string& mimeType,
                              const std::string& xbelPath) {
  if (xbelPath.empty()) return "no folder for recently-used.xbel (no XDG_DATA_HOME or HOME)";
  std::error_code ec;
  const std::string uri = fileUri(fs::absolute(file, ec).lexically_normal().string());
  std::string text = kEmptyXbel;
  if (fs::exists(xbelPath, ec)) {
    try {
      text = readFileUpTo(xbelPath, kMaxXbelBytes, "recently-used lists");
    } catch (const FileError& e) {
      return e.what();
    }
  }
  const size_t end = text.rfind("</xbel>");
  if (text.find("<xbel") == std::string::npos || end == std::string::npos)
    return "'" + xbelPath + "' is not an XBEL document: left as it is";
  removeEntry(text, uri);
  text.insert(text.rfind("</xbel>"), entry(uri, mimeType, utcNowIso()));
  try {
    fs::create_directories(fs::path(xbelPath).parent_path(), ec);
    writeFileAtomically(xbelPath, text);
  } catch (const FileError& e) {
    return e.what();
  }
  return {};
}

}  // namespace scanviz
