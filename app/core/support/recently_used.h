// The desktop's list of recent files, shared by GTK's file chooser, GNOME's and KDE's "Recent":
// $XDG_DATA_HOME/recently-used.xbel (~/.local/share/recently-used.xbel), an XBEL document with one
// <bookmark> a file. scanviz adds the traces and sessions it opens or saves, beside its own list.
#pragma once

#include <string>

namespace scanviz {

// The file the desktop reads; "" when neither XDG_DATA_HOME nor HOME is set.
std::string recentlyUsedPath();

// `file` (made absolute) as the newest entry of the XBEL file at `xbelPath`, with its MIME type and
// scanviz as the application; an older entry of the same file is replaced, every other entry is
// kept as it was. The file is rewritten atomically; one that is not an XBEL document is left
// alone. Returns why nothing was written, empty when the entry was written.
std::string addToRecentlyUsed(const std::string& file, const std::string& mimeType,
                              const std::string& xbelPath);

}  // namespace scanviz
