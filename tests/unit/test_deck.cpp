// Decks (app/core/deck): the JSON round trip of every field a view holds, the messages for bad
// decks, sessions read as decks of one view (every session in tests/assets/sessions), trace files
// relative to the deck, the notes' Markdown subset, and the editor's order of views.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/core/capture/config_json.h"
#include "app/core/deck/deck.h"
#include "app/core/deck/deck_editor.h"
#include "app/core/support/file_util.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

DeckView richView() {
  DeckView v;
  v.lesson.config.algorithm = AlgorithmId::BrentKung;
  v.lesson.config.source = InputSource::Random;
  v.lesson.config.n = 16;
  v.lesson.config.seed = 9;
  v.lesson.config.blockSize = 8;
  v.lesson.config.op = Operator::Max;
  v.lesson.config.dtype = DType::Float32;
  v.lesson.config.exclusive = true;
  v.lesson.step = 5;
  v.lesson.processors = 8;
  v.lesson.realElements = true;
  v.view = "view-graph";
  v.compare = {"kogge-stone", "brent-kung", "blelloch"};
  v.application = DeckApplication{"compaction", 1, {5, 0, 7}, {}, {1, 0, 1}, {{1, 2}}};
  v.quiz = DeckQuiz{7, 4, 3};
  v.symbolic = true;
  v.theme = "light";
  v.scale = 2.5f;
  v.title = "Brent-Kung: \"the tree\"";
  v.notes = "- first\n- second with **bold**\n\n? Ask this";
  return v;
}

std::string deckError(const std::string& text) {
  try {
    deckFromJson(text, "l.deck.json");
  } catch (const ConfigFormatError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(Deck, EveryFieldOfAViewSurvivesTheRoundTrip) {
  Deck d;
  d.title = "Chapter 8";
  d.views = {richView(), DeckView{}};
  const Deck back = deckFromJson(deckToJson(d), "t");
  ASSERT_EQ(back.views.size(), 2u);
  EXPECT_EQ(back.title, "Chapter 8");
  const DeckView& v = back.views[0];
  const DeckView w = richView();
  EXPECT_EQ(captureConfigToJson(v.lesson.config), captureConfigToJson(w.lesson.config));
  EXPECT_EQ(v.lesson.step, 5);
  EXPECT_EQ(v.lesson.processors, 8);
  EXPECT_EQ(v.lesson.realElements, true);
  EXPECT_EQ(v.view, "view-graph");
  EXPECT_EQ(v.compare, w.compare);
  EXPECT_EQ(v.application, w.application);
  EXPECT_EQ(v.quiz, w.quiz);
  EXPECT_TRUE(v.symbolic);
  EXPECT_EQ(v.theme, "light");
  EXPECT_EQ(v.scale, 2.5f);
  EXPECT_EQ(v.title, w.title);
  EXPECT_EQ(v.notes, w.notes);
  // A view with nothing set reads back as the default lesson view.
  EXPECT_EQ(back.views[1].view, "view-lesson");
  EXPECT_FALSE(back.views[1].application);
  EXPECT_FALSE(back.views[1].theme);
  EXPECT_EQ(deckToJson(back), deckToJson(d));
}

TEST(Deck, BadDecksAreRefusedNamingTheViewAndField) {
  const std::string head = R"({"kind": "scanviz-deck", "version": 1, "views": [)";
  EXPECT_NE(deckError(head + R"({}, {"compare": ["kogge-stone", "bubble"]}]})")
                .find("views[2].compare: \"bubble\" is not one of"),
            std::string::npos);
  EXPECT_NE(deckError(head + R"({"compare": ["blelloch"]}]})").find("two to four"),
            std::string::npos);
  EXPECT_NE(deckError(head + R"({"spot_the_bug": "no-such-lesson"}]})")
                .find("views[1].spot_the_bug: 'no-such-lesson' is not a lesson or an erratum"),
            std::string::npos);
  EXPECT_NE(deckError(head + R"({"application": {"id": "pizza"}}]})").find("'pizza'"),
            std::string::npos);
  EXPECT_NE(deckError(head + R"({"quiz": {"question": 0}}]})").find("quiz.question: 0"),
            std::string::npos);
  EXPECT_NE(deckError(head + R"({"scale": 9}]})").find("scale: 9 is outside 1..3"),
            std::string::npos);
  EXPECT_NE(deckError(head + R"({"theme": "neon"}]})").find("'neon'"), std::string::npos);
  EXPECT_NE(deckError(head + R"({"notes": 3}]})").find("notes: wrong type"), std::string::npos);
  EXPECT_NE(deckError(head + R"({"notes": "a\u0000b"}]})").find("NUL"), std::string::npos);
  // The session's own checks, named with the view.
  EXPECT_NE(deckError(head + R"({"step": -1}]})").find("views[1]"), std::string::npos);
  EXPECT_NE(deckError(head + R"({"config": {"operator": "pow"}}]})").find("'pow'"),
            std::string::npos);
  EXPECT_NE(deckError(head + "]}").find("holds no views"), std::string::npos);
  EXPECT_NE(
      deckError(R"({"kind": "scanviz-deck", "version": 2, "views": [{}]})").find("deck version 2"),
      std::string::npos);
  EXPECT_NE(deckError(R"({"kind": "scanviz-session"})").find("not a deck"), std::string::npos);
  EXPECT_NE(deckError(head + "{").find("not valid JSON"), std::string::npos);
}

// Every session written so far opens as a deck of one view showing what the session showed.
TEST(Deck, EverySessionOfTheAssetsOpensAsADeckOfOneView) {
  const fs::path dir = fs::path(SCANVIZ_SOURCE_DIR) / "tests/assets/sessions";
  int seen = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string path = entry.path().string();
    SCOPED_TRACE(path);
    const Session s = loadSession(path);
    ASSERT_TRUE(fileLooksLikeSession(path));
    EXPECT_FALSE(fileLooksLikeDeck(path));
    const Deck d = loadDeck(path);
    ASSERT_EQ(d.views.size(), 1u);
    const DeckView& v = d.views[0];
    EXPECT_EQ(v.view, "view-lesson");
    EXPECT_EQ(captureConfigToJson(v.lesson.config), captureConfigToJson(s.config));
    EXPECT_EQ(v.lesson.step, s.step);
    EXPECT_EQ(v.lesson.processors, s.processors);
    EXPECT_EQ(v.lesson.realElements, s.realElements);
    // The deck names the trace relative to itself; opened, it is the file the session named.
    if (!s.traceFile.empty()) {
      EXPECT_EQ(fs::weakly_canonical(traceFileFromDeck(path, v.lesson.traceFile)),
                fs::weakly_canonical(s.traceFile));
    }
    ++seen;
  }
  EXPECT_GE(seen, 4);
}

TEST(Deck, TraceFilesAreRelativeToTheDeck) {
  EXPECT_EQ(traceFileFromDeck("/talks/ch8/l.deck.json", "traces/ks.json"),
            "/talks/ch8/traces/ks.json");
  EXPECT_EQ(traceFileFromDeck("/talks/ch8/l.deck.json", "../t.json"), "/talks/t.json");
  EXPECT_EQ(traceFileFromDeck("/talks/l.deck.json", "/abs/t.json"), "/abs/t.json");
  EXPECT_EQ(traceFileForDeck("/talks/ch8/l.deck.json", "/talks/traces/ks.json"),
            "../traces/ks.json");
  EXPECT_EQ(traceFileForDeck("/talks/l.deck.json", ""), "");
}

TEST(Deck, SavedAtomicallyAndLoadedBack) {
  const fs::path dir = fs::temp_directory_path() / "scanviz-deck-test";
  fs::create_directories(dir);
  const std::string path = (dir / "l.deck.json").string();
  Deck d;
  d.title = "T";
  d.views = {richView()};
  saveDeck(d, path);
  EXPECT_TRUE(fileLooksLikeDeck(path));
  EXPECT_EQ(deckToJson(loadDeck(path)), deckToJson(d));
  EXPECT_THROW(loadDeck((dir / "missing.deck.json").string()), ConfigFormatError);
  EXPECT_THROW(loadDeck(dir.string()), ConfigFormatError);
  fs::remove_all(dir);
}

TEST(DeckNotes, TheMarkdownSubsetBecomesPlainLines) {
  const auto lines =
      notesAsPlainLines("Say **this** and `XY[i]`.\n- a *bullet*\n\n? Which cell?\n\n");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "Say this and XY[i].");
  EXPECT_EQ(lines[1], "\xE2\x80\xA2 a bullet");
  EXPECT_EQ(lines[2], "");
  EXPECT_EQ(lines[3], "Ask: Which cell?");
  EXPECT_EQ(notesAsPlainLines("2 * 3 = 6")[0], "2 * 3 = 6");
}

TEST(DeckEditor, AddsAfterTheCurrentViewMovesAndDeletesIt) {
  DeckEditor e;
  const auto viewAt = [](int step) {
    DeckView v;
    v.lesson.step = step;
    return v;
  };
  e.add(viewAt(1));
  e.add(viewAt(2));
  e.go(0);
  e.add(viewAt(3));  // between 1 and 2
  const auto steps = [&e] {
    std::vector<int> s;
    for (const DeckView& v : e.deck().views) s.push_back(v.lesson.step);
    return s;
  };
  EXPECT_EQ(steps(), (std::vector<int>{1, 3, 2}));
  EXPECT_EQ(e.current(), 1);
  EXPECT_TRUE(e.moveCurrent(+1));
  EXPECT_EQ(steps(), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(e.current(), 2);
  EXPECT_FALSE(e.moveCurrent(+1));
  EXPECT_TRUE(e.moveCurrent(-2));
  EXPECT_EQ(steps(), (std::vector<int>{3, 1, 2}));
  e.removeCurrent();
  EXPECT_EQ(steps(), (std::vector<int>{1, 2}));
  EXPECT_EQ(e.current(), 0);
  EXPECT_TRUE(e.dirty());
  e.typeDigit(2);
  EXPECT_EQ(e.takeTypedView(), 1);
  e.typeDigit(9);
  EXPECT_EQ(e.takeTypedView(), std::nullopt);  // no view 9
  EXPECT_EQ(e.typedNumber(), "");
}

}  // namespace
}  // namespace scanviz
