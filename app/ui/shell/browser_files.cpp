#include "app/ui/shell/browser_files.h"

namespace scanviz {

// The desktop: its own dialogs read and write the user's folders directly.
bool filesGoThroughBrowser() {
  return false;
}
void pickFilesInBrowser() {}
void downloadFromBrowser(const std::string&) {}
std::string browserDownloadPath(const std::string& name) {
  return name;
}

}  // namespace scanviz
