#include <emscripten.h>

#include <filesystem>

#include "app/ui/shell/browser_files.h"

namespace scanviz {

// The JavaScript halves live in the page (app/ui/web/shell.html).
bool filesGoThroughBrowser() {
  return true;
}

void pickFilesInBrowser() {
  EM_ASM({ Module['scanvizPickFiles'](); });
}

void downloadFromBrowser(const std::string& path) {
  EM_ASM({ Module['scanvizDownload'](UTF8ToString($0)); }, path.c_str());
}

std::string browserDownloadPath(const std::string& name) {
  const std::filesystem::path dir = "/downloads";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  // A fresh file each time: the Save flow would otherwise ask before replacing the last one.
  std::filesystem::remove(dir / name, ec);
  return (dir / name).string();
}

}  // namespace scanviz
