#include "app/export/deck_site.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "app/core/capture/capture.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

bool holdsPage(const fs::path& dir) {
  std::error_code ec;
  for (const char* file : kWebPageFiles)
    if (!fs::is_regular_file(dir / file, ec)) return false;
  return true;
}

// The deck's name in the site: its own, or lecture.deck.json for a session opened as a deck.
std::string siteDeckName(const std::string& deckPath) {
  const std::string name = fs::path(deckPath).filename().string();
  const std::string suffix = ".deck.json";
  const bool isDeck = name.size() > suffix.size() && name.ends_with(suffix);
  return isDeck ? name : "lecture.deck.json";
}

// The page with the deck as what it opens when the address names nothing.
std::string sitePage(const fs::path& pageDir, const std::string& deckName) {
  std::string html = readWholeFile((pageDir / "scanviz.html").string());
  const std::string marker = kSiteDefaultsMarker;
  const size_t at = html.find(marker);
  if (at == std::string::npos)
    throw InputError("the page in '" + pageDir.string() +
                     "' is older than this scanviz (it has no site defaults): build it again "
                     "with ./tools/dev.sh web");
  html.replace(at, marker.size(), "const siteDefaults = 'deck=" + percentEncoded(deckName) + "';");
  return html;
}

// The views' trace files, copied into traces/ under their own names (two files of one name from
// different folders: the second gets "-2"); the views then name the copies.
class TraceCopies {
 public:
  TraceCopies(fs::path site, std::string deckPath)
      : site_(std::move(site)), deckPath_(std::move(deckPath)) {}

  std::string add(const std::string& traceFile) {
    const std::string source = traceFileFromDeck(deckPath_, traceFile);
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(source, ec);
    if (const auto it = copied_.find(canonical.string()); it != copied_.end()) return it->second;
    if (!fs::is_regular_file(source, ec))
      throw InputError("the deck's trace '" + source +
                       "' is not there: put it where the deck names it, relative to the deck");
    const std::string name = freeName(fs::path(source).filename());
    fs::create_directories(site_ / "traces");
    copy(source, site_ / name);
    copied_[canonical.string()] = name;
    return name;
  }

 private:
  // The copies are written as they are named: a name is taken when its file is there.
  std::string freeName(const fs::path& file) const {
    std::string name = "traces/" + file.string();
    for (int k = 2; fs::exists(site_ / name); ++k)
      name = "traces/" + file.stem().string() + "-" + std::to_string(k) + file.extension().string();
    return name;
  }
  static void copy(const fs::path& from, const fs::path& to) {
    std::error_code ec;
    if (!fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec))
      throw WriteError("cannot copy '" + from.string() + "' to '" + to.string() +
                       "': " + ec.message());
  }

  fs::path site_;
  std::string deckPath_;
  std::map<std::string, std::string> copied_;  // canonical source -> name in the site
};

void copyPageFile(const fs::path& pageDir, const char* file, const fs::path& site) {
  std::error_code ec;
  if (!fs::copy_file(pageDir / file, site / file, ec))
    throw WriteError("cannot copy '" + (pageDir / file).string() + "' into '" + site.string() +
                     "': " + ec.message());
}

std::vector<std::string> filesUnder(const fs::path& site) {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(site))
    if (e.is_regular_file()) files.push_back(fs::relative(e.path(), site).generic_string());
  std::sort(files.begin(), files.end());
  return files;
}

// Builds the whole site in `stage`.
SiteWritten stageSite(const Deck& deck, const std::string& deckPath, const fs::path& pageDir,
                      const fs::path& stage) {
  fs::create_directories(stage);
  const std::string deckName = siteDeckName(deckPath);
  writeFileAtomically((stage / "index.html").string(), sitePage(pageDir, deckName));
  for (const char* file : kWebPageFiles)
    if (std::string(file) != "scanviz.html") copyPageFile(pageDir, file, stage);
  Deck copy = deck;
  TraceCopies traces(stage, deckPath);
  for (DeckView& v : copy.views)
    if (!v.lesson.traceFile.empty()) v.lesson.traceFile = traces.add(v.lesson.traceFile);
  writeFileAtomically((stage / deckName).string(), deckToJson(copy));
  SiteWritten w;
  w.files = filesUnder(stage);
  nlohmann::json manifest = {{"kind", "scanviz-site"},     {"version", 1},
                             {"title", deck.title},        {"deck", deckName},
                             {"views", deck.views.size()}, {"files", w.files}};
  writeFileAtomically((stage / kSiteManifest).string(), manifest.dump(1) + "\n");
  w.files.push_back(kSiteManifest);
  for (const std::string& f : w.files) w.bytes += static_cast<long long>(fs::file_size(stage / f));
  return w;
}

// Whether `out` may be replaced: missing, an empty folder, or a site written here before.
std::string replaceProblem(const fs::path& out) {
  std::error_code ec;
  if (!fs::exists(out, ec)) return {};
  if (!fs::is_directory(out, ec)) return "'" + out.string() + "' is a file, not a folder";
  if (fs::is_empty(out, ec) || fs::is_regular_file(out / kSiteManifest, ec)) return {};
  return "'" + out.string() +
         "' holds other files (it is not a site that scanviz wrote): give a new or empty folder";
}

}  // namespace

std::string findWebPage(const std::string& given) {
  if (!given.empty()) return holdsPage(given) ? given : std::string();
  if (const char* env = std::getenv("SCANVIZ_WEB_PAGE"); env && *env)
    return holdsPage(env) ? std::string(env) : std::string();
  for (const fs::path dir : foldersUpFromExecutable())
    for (const fs::path& candidate : {dir / "build-web" / "app", dir / "share" / "scanviz" / "web"})
      if (holdsPage(candidate)) return candidate.lexically_normal().string();
  return {};
}

SiteWritten writeDeckSite(const Deck& deck, const std::string& deckPath, const std::string& pageDir,
                          const std::string& out) {
  const fs::path target = fs::path(out).lexically_normal();
  const fs::path folder = target.has_filename() ? target : target.parent_path();
  if (const std::string why = replaceProblem(folder); !why.empty()) throw InputError(why);
  const fs::path parent = fs::absolute(folder).parent_path();
  if (const std::string why = folderProblem(parent.string()); !why.empty())
    throw InputError("cannot write the site '" + folder.string() + "': " + why);
  const std::string pid = std::to_string(::getpid());
  const fs::path stage = parent / ("." + folder.filename().string() + ".partial-" + pid);
  const fs::path old = parent / ("." + folder.filename().string() + ".old-" + pid);
  std::error_code ec;
  fs::remove_all(stage, ec);
  SiteWritten w;
  try {
    w = stageSite(deck, deckPath, pageDir, stage);
    if (fs::exists(folder, ec)) fs::rename(folder, old);
    fs::rename(stage, folder);
  } catch (const fs::filesystem_error& e) {
    fs::remove_all(stage, ec);
    if (!fs::exists(folder, ec) && fs::exists(old, ec)) fs::rename(old, folder, ec);
    throw WriteError("cannot write the site '" + folder.string() + "': " + e.code().message());
  } catch (...) {
    fs::remove_all(stage, ec);
    throw;
  }
  fs::remove_all(old, ec);
  w.folder = folder.string();
  return w;
}

}  // namespace scanviz
