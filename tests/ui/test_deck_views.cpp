// Decks in the window's model, drawn headless: the shipped chapter-8 deck opens, every view shows
// what it names and builds its scene, PageDown steps it to its end; a view taken from the screen
// and shown again is the same view; the schema lists exactly the window's views.
#include <gtest/gtest.h>
#include <imgui.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "app/core/support/file_util.h"
#include "app/ui/shell/deck_controller.h"
#include "app/ui/shell/deck_views.h"
#include "app/ui/shell/view_registry.h"
#include "tests/common/headless_ui.h"

// GLFW key codes, as the GLFW backend feeds them.
constexpr int kKeyPageDown = 267;

namespace scanviz {
namespace {

const std::string kShippedDeck =
    std::string(SCANVIZ_SOURCE_DIR) + "/assets/decks/pmpp-chapter-8.deck.json";

class DeckViews : public HeadlessLayoutTest {
 protected:
  // Frames until what the view shows has arrived (captures, Compare's lanes, the view entry).
  void settle(AppState& state, ViewStates& views, DeckController* deck = nullptr) {
    for (int i = 0; i < 6; ++i) {
      state.waitForCapture();
      state.poll();
      state.compare.waitIdle();
      if (deck) deck->tick();
      ImGui::NewFrame();
      UiContext ui{state,     ui_.fonts,    ui_.palette, 1.0f, ui_.report,
                   ui_.files, ui_.commands, views,       false};
      drawMainLayout(ui);
      ImGui::Render();
    }
  }
  // The scene the window drew for the view in its middle.
  bool drewAScene(const AppState& state) {
    const FrameReport& r = ui_.report;
    switch (state.settings().layout.centerView) {
      case CenterView::Lesson:
        return !r.arrayScene.rects.empty();
      case CenterView::Timing:
        return r.panels.contains("brent") || r.panels.contains("warp_clock") ||
               r.panels.contains("timing");
      case CenterView::Compare:
        return r.panelScenes.count(state.spotTheBug.active() ? "spot_the_bug" : "compare") ||
               (state.spotTheBug.erratum() && r.panels.contains("spot_the_bug"));
      default:
        for (const auto& [name, scene] : r.panelScenes)
          if (!scene.rects.empty() || !scene.texts.empty()) return true;
        return false;
    }
  }
};

TEST_F(DeckViews, TheSchemaListsExactlyTheWindowsViews) {
  const nlohmann::json schema = nlohmann::json::parse(
      readWholeFile(std::string(SCANVIZ_SOURCE_DIR) + "/docs/deck.schema.json"));
  std::vector<std::string> listed = schema["definitions"]["view"]["properties"]["view"]["enum"];
  std::vector<std::string> registry;
  for (const ViewEntry& e : viewRegistry()) registry.emplace_back(e.id);
  std::sort(listed.begin(), listed.end());
  std::sort(registry.begin(), registry.end());
  EXPECT_EQ(listed, registry);
}

TEST_F(DeckViews, EveryViewOfTheShippedDeckShowsWhatItNamesAndDrawsIt) {
  const Deck deck = loadDeck(kShippedDeck);
  ASSERT_GE(deck.views.size(), 20u);
  EXPECT_EQ(deckProblem(deck, kShippedDeck), "");
  int kinds = 0;
  std::set<std::string> seen;
  for (size_t i = 0; i < deck.views.size(); ++i) {
    const DeckView& v = deck.views[i];
    SCOPED_TRACE("view " + std::to_string(i + 1) + ": " + v.title);
    // Real notes: several lines, with something to ask the room.
    EXPECT_GE(notesAsPlainLines(v.notes).size(), 2u);
    EXPECT_NE(v.notes.find("? "), std::string::npos);
    AppState state(AppSettings{}, "");
    state.presentation = true;
    ViewStates views;
    showDeckView(state, views, v, kShippedDeck);
    settle(state, views);
    finishShowingDeckView(state, views, v);
    settle(state, views);
    ASSERT_TRUE(state.hasTrace());
    EXPECT_FALSE(state.banner().error && !state.banner().text.empty()) << state.banner().text;
    EXPECT_EQ(currentView(state, views).id, v.view);
    EXPECT_EQ(state.spotTheBug.active(), !v.spotTheBug.empty());
    EXPECT_TRUE(drewAScene(state));
    if (!v.spotTheBug.empty() && state.spotTheBug.lessonRun()) {
      EXPECT_EQ(state.spotTheBug.step(), v.lesson.step);
    }
    kinds +=
        seen.insert(v.view + (v.spotTheBug.empty() ? "" : "+bug") + (v.application ? "+app" : ""))
            .second;
  }
  EXPECT_GE(kinds, 9);
}

TEST_F(DeckViews, PageDownStepsTheShippedDeckToItsEnd) {
  AppState state(AppSettings{}, "");
  DeckController deck(state, ui_.views, ui_.files);
  CommandTable& commands = ui_.commands;
  deck.addCommands(commands);
  ASSERT_TRUE(deck.open(kShippedDeck));
  EXPECT_TRUE(deck.presenting());
  EXPECT_EQ(deck.editor.current(), 0);
  settle(state, ui_.views, &deck);
  int presses = 0;
  std::vector<int> viewsSeen = {0};
  while (presses < 400) {
    ASSERT_TRUE(commands.press(kKeyPageDown, false));
    ++presses;
    settle(state, ui_.views, &deck);
    if (viewsSeen.back() != deck.editor.current()) viewsSeen.push_back(deck.editor.current());
    const bool lastView = deck.editor.current() == deck.editor.size() - 1;
    if (lastView) break;
  }
  // Every view in order, none skipped; more presses than views (the steps in between).
  EXPECT_EQ(static_cast<int>(viewsSeen.size()), deck.editor.size());
  for (size_t i = 0; i < viewsSeen.size(); ++i) EXPECT_EQ(viewsSeen[i], static_cast<int>(i));
  EXPECT_GT(presses, deck.editor.size());
  // At the end PageDown stays on the last view.
  commands.press(kKeyPageDown, false);
  settle(state, ui_.views, &deck);
  EXPECT_EQ(deck.editor.current(), deck.editor.size() - 1);
}

TEST_F(DeckViews, AViewTakenFromTheScreenShowsTheSameViewAgain) {
  DeckView compare;
  compare.view = "view-compare";
  compare.compare = {"kogge-stone", "blelloch", "brent-kung"};
  compare.lesson.step = 2;
  DeckView bug;
  bug.view = "view-compare";
  bug.spotTheBug = "blelloch-offset-times-four";
  bug.lesson.step = 1;
  DeckView graph;
  graph.view = "view-graph";
  graph.lesson.config.algorithm = AlgorithmId::BrentKung;
  graph.lesson.step = 3;
  graph.lesson.processors = 2;
  DeckView app;
  app.application = DeckApplication{"compaction", 0, {}, {}, {}, {}};
  DeckView quiz;
  quiz.view = "view-class";
  quiz.quiz = DeckQuiz{3, 4, 2};
  DeckView symbolic;
  symbolic.symbolic = true;
  symbolic.theme = "light";
  symbolic.scale = 2;
  symbolic.lesson.step = 2;
  for (const DeckView& v : {compare, bug, graph, app, quiz, symbolic}) {
    SCOPED_TRACE(v.view + " " + v.spotTheBug);
    AppState state(AppSettings{}, "");
    ViewStates views;
    showDeckView(state, views, v, "/tmp/d.deck.json");
    settle(state, views);
    finishShowingDeckView(state, views, v);
    settle(state, views);
    DeckView back = viewOnScreen(state, views, "/tmp/d.deck.json");
    // What the view left to the window (theme, scale, counters) is taken as it is now.
    DeckView expected = v;
    expected.theme = back.theme;
    expected.scale = back.scale;
    expected.lesson.processors = back.lesson.processors;
    expected.lesson.realElements = back.lesson.realElements;
    if (v.application) {
      expected.application = back.application;
      expected.lesson.config = back.lesson.config;
      EXPECT_EQ(back.application->id, "compaction");
      EXPECT_FALSE(back.application->values.empty());
    }
    if (!v.spotTheBug.empty()) expected.lesson.config = back.lesson.config;
    if (v.view == "view-compare" && v.spotTheBug.empty()) {
      EXPECT_EQ(back.compare, v.compare);
    }
    Deck a, b;
    a.views = {expected};
    b.views = {back};
    EXPECT_EQ(deckToJson(b), deckToJson(a));
  }
}

}  // namespace
}  // namespace scanviz
