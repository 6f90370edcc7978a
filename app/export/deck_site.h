// `scanviz export --deck D --format web --out site/`: a lecture as a static web site. The folder
// holds the web build's page (index.html, scanviz.js, scanviz.wasm: app/ui/web), the deck and the
// GPU traces its views name, and a manifest (scanviz-site.json). Any static server shows it
// (`python3 -m http.server`, a course page): the page opens the deck at view 1 as
// `scanviz D.deck.json` does, or at ?view=K; nothing runs on a server. The page is the web build
// of the same sources as this binary, found by findWebPage.
#pragma once

#include <string>
#include <vector>

#include "app/core/deck/deck.h"

namespace scanviz {

// What the page's folder must hold (tools/dev.sh web builds it into build-web/app).
inline constexpr const char* kWebPageFiles[] = {"scanviz.html", "scanviz.js", "scanviz.wasm"};
// The line of the page's script (app/ui/web/shell.html) that the site replaces with the deck to
// open when the address names nothing.
inline constexpr const char* kSiteDefaultsMarker = "const siteDefaults = '';";
inline constexpr const char* kSiteManifest = "scanviz-site.json";

// The web build's page folder: `given` when not empty, else $SCANVIZ_WEB_PAGE, else beside the
// executable (a build tree's build-web/app, an installation's share/scanviz/web). Empty when none
// holds the page's files.
std::string findWebPage(const std::string& given);

struct SiteWritten {
  std::string folder;
  std::vector<std::string> files;  // relative to the folder, in the manifest's order
  long long bytes = 0;
};

// Writes the site into `out` (made when missing; an empty folder or an earlier site there is
// replaced whole, anything else is refused). Built beside `out` and renamed into place, so that
// `out` is the old site or the whole new one. Throws InputError (exit code 2: a page folder
// without the page, a page without the marker, a trace that cannot be read, an `out` holding
// other files) and WriteError (exit code 1).
SiteWritten writeDeckSite(const Deck& deck, const std::string& deckPath, const std::string& pageDir,
                          const std::string& out);

}  // namespace scanviz
