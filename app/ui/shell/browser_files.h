// Files in the browser page, the platform seam of opening and saving: there the window cannot
// browse the user's folders, so Open asks the browser's file picker (the file arrives like a
// dropped one) and what Save and Export write is handed to the browser as a download. On the
// desktop filesGoThroughBrowser() is false and the window's own file dialog does both.
#pragma once

#include <string>

namespace scanviz {

bool filesGoThroughBrowser();
// The browser's file picker; the chosen files come back through the window's drop queue.
void pickFilesInBrowser();
// The browser saves the file just written at `path` under its name (the Downloads folder).
void downloadFromBrowser(const std::string& path);
// Where the page writes what it then downloads.
std::string browserDownloadPath(const std::string& name);

}  // namespace scanviz
