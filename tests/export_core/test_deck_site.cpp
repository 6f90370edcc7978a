// `scanviz export --deck D --format web`: the site's folder (deck_site.h), written from a stand-in
// for the web build (three small files, the page with its marker line), so that it runs where no
// web build is; tests/web/web_selftest.py opens a real one in Chromium.
#include "app/export/deck_site.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "app/core/capture/capture.h"
#include "app/core/support/file_util.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

void writeText(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

class DeckSite : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("scanviz-deck-site-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    writeText(page() / "scanviz.html",
              std::string("<script>\n") + kSiteDefaultsMarker + "\n</script>\n");
    writeText(page() / "scanviz.js", "// the app\n");
    writeText(page() / "scanviz.wasm", "wasm");
    writeText(root_ / "lecture" / "gpu" / "ks.json", "{\"trace\": 1}");
    writeText(root_ / "other" / "ks.json", "{\"trace\": 2}");
    deck_.title = "Scan";
    deck_.views.resize(4);
    deck_.views[0].lesson.traceFile = "gpu/ks.json";
    deck_.views[1].lesson.traceFile = "../other/ks.json";
    deck_.views[2].lesson.traceFile = "gpu/ks.json";  // the same file again: one copy
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path page() const { return root_ / "build-web" / "app"; }
  std::string deckPath() const { return (root_ / "lecture" / "scan.deck.json").string(); }
  SiteWritten write(const fs::path& out) {
    return writeDeckSite(deck_, deckPath(), page().string(), out.string());
  }

  fs::path root_;
  Deck deck_;
};

TEST_F(DeckSite, HoldsThePageTheDeckAndItsTraces) {
  const SiteWritten w = write(root_ / "site");
  EXPECT_EQ(w.files,
            (std::vector<std::string>{"index.html", "scan.deck.json", "scanviz.js", "scanviz.wasm",
                                      "traces/ks-2.json", "traces/ks.json", "scanviz-site.json"}));
  const fs::path site = root_ / "site";
  EXPECT_NE(readWholeFile((site / "index.html").string())
                .find("const siteDefaults = 'deck=scan.deck.json';"),
            std::string::npos);
  EXPECT_EQ(readWholeFile((site / "traces/ks.json").string()), "{\"trace\": 1}");
  EXPECT_EQ(readWholeFile((site / "traces/ks-2.json").string()), "{\"trace\": 2}");
  const Deck copied = loadDeck((site / "scan.deck.json").string());
  ASSERT_EQ(copied.views.size(), 4u);
  EXPECT_EQ(copied.views[0].lesson.traceFile, "traces/ks.json");
  EXPECT_EQ(copied.views[1].lesson.traceFile, "traces/ks-2.json");
  EXPECT_EQ(copied.views[2].lesson.traceFile, "traces/ks.json");
  EXPECT_EQ(copied.views[3].lesson.traceFile, "");
  const auto manifest = nlohmann::json::parse(readWholeFile((site / kSiteManifest).string()));
  EXPECT_EQ(manifest["kind"], "scanviz-site");
  EXPECT_EQ(manifest["deck"], "scan.deck.json");
  EXPECT_EQ(manifest["views"], 4);
  // Nothing left beside the site.
  EXPECT_EQ(std::distance(fs::directory_iterator(root_), fs::directory_iterator()), 4);
}

TEST_F(DeckSite, ReplacesAnEarlierSiteWhole) {
  write(root_ / "site");
  writeText(root_ / "site" / "traces" / "stale.json", "{}");
  deck_.views.resize(1);
  const SiteWritten w = write(root_ / "site");
  EXPECT_FALSE(fs::exists(root_ / "site" / "traces" / "stale.json"));
  EXPECT_FALSE(fs::exists(root_ / "site" / "traces" / "ks-2.json"));
  EXPECT_EQ(w.files.size(), 6u);
}

TEST_F(DeckSite, RefusesAFolderOfOtherFilesAndLeavesIt) {
  writeText(root_ / "notes" / "mine.txt", "keep");
  try {
    write(root_ / "notes");
    FAIL() << "a folder of other files was replaced";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("holds other files"), std::string::npos) << e.what();
  }
  EXPECT_EQ(readWholeFile((root_ / "notes" / "mine.txt").string()), "keep");
}

TEST_F(DeckSite, AMissingTraceNamesItAndWritesNothing) {
  write(root_ / "site");
  deck_.views[3].lesson.traceFile = "gpu/gone.json";
  try {
    write(root_ / "site");
    FAIL() << "a deck naming a missing trace was written";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("gone.json"), std::string::npos) << e.what();
  }
  // The earlier site stays, and no half-made one lies beside it.
  EXPECT_TRUE(fs::exists(root_ / "site" / "traces" / "ks-2.json"));
  EXPECT_EQ(std::distance(fs::directory_iterator(root_), fs::directory_iterator()), 4);
}

TEST_F(DeckSite, APageWithoutTheMarkerIsTooOld) {
  writeText(page() / "scanviz.html", "<script></script>\n");
  EXPECT_THROW(write(root_ / "site"), InputError);
  EXPECT_FALSE(fs::exists(root_ / "site"));
}

TEST_F(DeckSite, FindsThePageWhereItIsGiven) {
  EXPECT_EQ(findWebPage(page().string()), page().string());
  fs::remove(page() / "scanviz.wasm");
  EXPECT_EQ(findWebPage(page().string()), "");
}

}  // namespace
}  // namespace scanviz
