#include "app/core/deck/deck_editor.h"

#include <algorithm>

namespace scanviz {

const DeckView* DeckEditor::currentView() const {
  return view(current_);
}

const DeckView* DeckEditor::view(int index) const {
  if (index < 0 || index >= size()) return nullptr;
  return &deck_.views[static_cast<size_t>(index)];
}

void DeckEditor::load(Deck deck, std::string path) {
  deck_ = std::move(deck);
  path_ = std::move(path);
  current_ = deck_.views.empty() ? -1 : 0;
  dirty_ = false;
  typed_.clear();
}

void DeckEditor::add(DeckView v) {
  const int at = current_ < 0 ? size() : current_ + 1;
  deck_.views.insert(deck_.views.begin() + at, std::move(v));
  current_ = at;
  dirty_ = true;
}

bool DeckEditor::moveCurrent(int delta) {
  if (current_ < 0) return false;
  const int to = std::clamp(current_ + delta, 0, size() - 1);
  if (to == current_) return false;
  const auto from = deck_.views.begin() + current_;
  if (to > current_) {
    std::rotate(from, from + 1, deck_.views.begin() + to + 1);
  } else {
    std::rotate(deck_.views.begin() + to, from, from + 1);
  }
  current_ = to;
  dirty_ = true;
  return true;
}

void DeckEditor::removeCurrent() {
  if (current_ < 0) return;
  deck_.views.erase(deck_.views.begin() + current_);
  current_ = std::min(current_, size() - 1);
  dirty_ = true;
}

void DeckEditor::setNotes(int index, std::string notes) {
  if (index < 0 || index >= size()) return;
  std::string& n = deck_.views[static_cast<size_t>(index)].notes;
  if (n == notes) return;
  n = std::move(notes);
  dirty_ = true;
}

void DeckEditor::setTitle(std::string title) {
  if (deck_.title == title) return;
  deck_.title = std::move(title);
  dirty_ = true;
}

bool DeckEditor::go(int index) {
  if (index < 0 || index >= size()) return false;
  current_ = index;
  return true;
}

void DeckEditor::save(const std::string& path) {
  saveDeck(deck_, path);
  path_ = path;
  dirty_ = false;
}

void DeckEditor::typeDigit(int digit) {
  if (digit < 0 || digit > 9 || typed_.size() >= 4) return;
  typed_.push_back(static_cast<char>('0' + digit));
}

std::optional<int> DeckEditor::takeTypedView() {
  const std::string typed = std::move(typed_);
  typed_.clear();
  if (typed.empty()) return std::nullopt;
  const int number = std::stoi(typed);
  if (number < 1 || number > size()) return std::nullopt;
  return number - 1;
}

}  // namespace scanviz
