// The window's deck: preparing it (A adds the view on screen, the Deck panel reorders, deletes
// and edits notes, Ctrl+D saves) and giving it (PageDown / PageUp, the arrows and Space step
// and then go to the next view, B blanks the screen, a number and Enter jump to a view). The
// commands come first in the command table, so that while a deck is given its keys win over the
// playback's and the phases'.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "app/core/deck/deck_editor.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/presenter_window.h"
#include "app/ui/shell/view_states.h"

namespace scanviz {

class DeckController {
 public:
  DeckController(AppState& state, ViewStates& views, FileDialog& files)
      : state_(state), views_(views), files_(files) {}

  DeckEditor editor;
  bool panelOpen = false;      // the Deck panel (L)
  bool presenterOpen = false;  // the presenter window (the notes, the next view, the time)

  // --deck FILE: opens it (a missing file starts a new deck to be saved there); given alone, it
  // is shown from --view K in presentation mode. False (and the banner says why) when the file
  // cannot be read as a deck.
  bool openFromLaunch(const LaunchOptions& lo);
  // A deck (or a session, as a deck of one view) from the Open dialog or a drop: given from its
  // first view.
  bool open(const std::string& path);
  // Shows view `index` (0-based) and makes it current.
  void show(int index);
  // A frame went by: a view whose lesson has arrived opens its view entry.
  void tick();
  // A view shown whose lesson has not arrived yet.
  bool arriving() const { return arriving_.has_value(); }
  // Giving: the next step of what is shown, after its last step the next view; and back.
  void forward();
  void back();
  // The view on screen added after the current one.
  void addViewOnScreen();
  // Saves to the deck's file, or asks for one; `path` from the Save dialog.
  void save();
  void saveAs(const std::string& path);

  // Given (opened to be given, not prepared) and in presentation mode.
  bool presenting() const { return giving_ && editor.size() > 0 && state_.presentation; }
  bool blank() const { return editor.blank && presenting(); }
  // Seconds since the lecture began (its first view shown in presentation mode).
  double elapsedSeconds() const;
  // The deck's part of the frame report: file, title, view K of N, blank, the notes.
  nlohmann::json report() const;
  // What the presenter window shows now.
  PresenterContent presenterContent() const;

  // deck-* commands; call before any other command is added.
  void addCommands(CommandTable& commands);

 private:
  bool stepShown(int delta);
  bool load(const std::string& path, bool missingIsNew);

  AppState& state_;
  ViewStates& views_;
  FileDialog& files_;
  bool giving_ = false;
  std::optional<DeckView> arriving_;  // shown, its view entry not yet opened
  std::optional<std::chrono::steady_clock::time_point> started_;
};

}  // namespace scanviz
