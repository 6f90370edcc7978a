// A deck's view (app/core/deck/deck.h) and the window: the view on screen taken as a deck view,
// and a deck view shown, through the same launch options and view registry as the command line
// and the View menu, so that a view reopened from a deck is the view that was added.
#pragma once

#include <string>

#include "app/core/deck/deck.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/view_states.h"

namespace scanviz {

// The view on screen. `deckPath` is where the deck is (or will be) saved: a trace file is named
// relative to it.
DeckView viewOnScreen(const AppState& state, ViewStates& views, const std::string& deckPath);

// What shows `v`: the lesson source (capture, trace relative to the deck, application), its step,
// the Compare set, the spot-the-bug lesson, the quiz, symbolic cells, theme and scale.
LaunchOptions launchOptionsOf(const DeckView& v, const std::string& deckPath);

// Shows `v` in place of what is on screen. The lesson may arrive later (a capture); the window
// then calls finishShowingDeckView until it returns true.
void showDeckView(AppState& state, ViewStates& views, const DeckView& v,
                  const std::string& deckPath);
// Opens the view's entry of the view registry once the lesson is there (some need a trace: the
// bank conflicts, the heat view); true once done.
bool finishShowingDeckView(AppState& state, ViewStates& views, const DeckView& v);

// The first view whose window view is not in the view registry, named with the file; empty when
// every view can be shown.
std::string deckProblem(const Deck& d, const std::string& name);

// A short line for the view: its title, else what it shows ("Compare kogge-stone, brent-kung",
// "brent-kung, step 3").
std::string deckViewLabel(const DeckView& v);

}  // namespace scanviz
