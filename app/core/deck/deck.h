// A deck: a lecture prepared once and given from the window, exported as slides. It holds the
// lecture's title and an ordered list of views; a view is the whole state on screen (the
// session's lesson and step, which view of the window shows it, the Compare set, the spot-the-bug
// lesson or erratum, the application, the quiz question, theme and scale) plus the speaker's
// notes. Captures are re-made when a view is shown; a trace file is named relative to the deck.
// A session file opens as a deck of one view. The format is docs/deck-format.md and
// docs/deck.schema.json. No GUI here: the window (app/ui/shell/deck_*) and the exporters apply a
// view through the same launch options as the command line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/capture/session.h"

namespace scanviz {

constexpr int kDeckVersion = 1;
constexpr const char* kDeckKind = "scanviz-deck";
// Decks hold views and notes, not data: larger files are refused before they are read.
constexpr long long kMaxDeckFileBytes = 16 << 20;
constexpr int kMaxDeckViews = 1000;

// An application's lesson: which application, which of its scans, and its input (empty: the
// seed's example).
struct DeckApplication {
  std::string id;  // the id of `scanviz apply ID`
  int scan = 0;
  std::vector<double> values;
  std::vector<double> parameters;
  std::vector<int> flags;
  std::vector<std::vector<double>> lists;
  bool operator==(const DeckApplication&) const = default;
};

// Class mode's quiz at one of its questions (1-based), as --class-seed, --class-count and
// --class-question give it.
struct DeckQuiz {
  unsigned seed = 1;
  int count = 10;
  int question = 1;
  bool operator==(const DeckQuiz&) const = default;
};

struct DeckView {
  // The lesson and its step, exactly as a session keeps them. The step is that of what is shown:
  // the lesson's, Compare's position, or a spot-the-bug lesson's step.
  Session lesson;
  // A view of the window's view registry (view_registry.cpp, which checks it when the view is
  // shown; the schema lists them and a test keeps both lists equal).
  std::string view = "view-lesson";
  std::string spotTheBug;            // a lesson or erratum id: shown in Compare's place
  std::vector<std::string> compare;  // Compare's algorithms (2 to 4); empty: the window's default
  std::optional<DeckApplication> application;  // the lesson is this application's scan
  std::optional<DeckQuiz> quiz;                // class mode's quiz (view-class)
  bool symbolic = false;                       // cells show x0..x3 instead of values
  std::optional<std::string> theme;            // "dark" | "light"; empty: the deck's look
  std::optional<float> scale;                  // UI scale 1..3; empty: the window's
  std::string title;                           // the slide's title; empty: none
  std::string notes;                           // speaker notes (the Markdown subset below)
};

struct Deck {
  std::string title;
  std::vector<DeckView> views;
};

std::string deckToJson(const Deck& d);
// `name` is how messages call the text (its path). Throws ConfigFormatError naming the view and
// field that are wrong ("'l.deck.json': views[3].compare: 'bubble' is not an algorithm").
Deck deckFromJson(const std::string& text, const std::string& name);

// Writes atomically (the old file or the whole new one). Throws FileError.
void saveDeck(const Deck& d, const std::string& path);
// A deck file, or a session file as a deck of one view. Throws ConfigFormatError for a missing,
// unreadable, corrupt or oversized file; the message names the path.
Deck loadDeck(const std::string& path);

// True when the text (its head) declares itself a deck; the same for a file. The file version
// throws FileError when it cannot be opened.
bool looksLikeDeck(const std::string& text);
bool fileLooksLikeDeck(const std::string& path);
// The view a session file describes: the lesson view of its lesson.
DeckView deckViewOfSession(const Session& s);

// Trace files in a deck are relative to the deck's folder (so that a deck and its GPU traces move
// together); absolute paths stay as they are. "" stays "".
std::string traceFileFromDeck(const std::string& deckPath, const std::string& traceFile);
std::string traceFileForDeck(const std::string& deckPath, const std::string& traceFile);

// Speaker notes are plain text with a small Markdown subset: paragraphs split by a blank line,
// lines starting "- " are bullets, **bold**, *emphasis* and `code` inline, a line starting "? "
// is a question to ask the room. The notes as plain lines for a handout or a terminal: markup
// removed, bullets as "• ", questions as "Ask: ".
std::vector<std::string> notesAsPlainLines(const std::string& notes);

}  // namespace scanviz
