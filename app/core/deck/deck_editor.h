// The deck being prepared or given in the window: the views, the file it came from, which view
// is on screen, and the lecturer's state while giving it (the screen blanked, a view number being
// typed). Editing keeps the view on screen the current one: a view is added after it, moved with
// it, and a deletion shows its neighbour. No GUI here, so the window's deck commands are tested
// without a window.
#pragma once

#include <optional>
#include <string>

#include "app/core/deck/deck.h"

namespace scanviz {

class DeckEditor {
 public:
  bool open() const { return !deck_.views.empty() || !path_.empty(); }
  const Deck& deck() const { return deck_; }
  const std::string& path() const { return path_; }
  int size() const { return static_cast<int>(deck_.views.size()); }
  // 0-based; -1 while no view of the deck is on screen.
  int current() const { return current_; }
  const DeckView* currentView() const;
  const DeckView* view(int index) const;
  bool dirty() const { return dirty_; }

  // A deck read from `path` (or a new one to be saved there), at its first view.
  void load(Deck deck, std::string path);
  // Inserts `v` after the current view (at the end when none is) and makes it current.
  void add(DeckView v);
  // Moves the current view by `delta` places (clamped); false when it did not move.
  bool moveCurrent(int delta);
  // Deletes the current view; its successor (else its predecessor) becomes current.
  void removeCurrent();
  void setNotes(int index, std::string notes);
  void setTitle(std::string title);
  // Makes `index` current (clamped); false when it was out of range.
  bool go(int index);
  // The deck as saved to `path` (and that path kept); throws FileError.
  void save(const std::string& path);

  // Giving the lecture.
  bool presenting = false;
  bool blank = false;
  // Digits typed for "number and Enter": jumps to that view (1-based) when Enter comes.
  void typeDigit(int digit);
  const std::string& typedNumber() const { return typed_; }
  // The typed view's 0-based index if it names a view; clears what was typed.
  std::optional<int> takeTypedView();

 private:
  Deck deck_;
  std::string path_;
  int current_ = -1;
  bool dirty_ = false;
  std::string typed_;
};

}  // namespace scanviz
