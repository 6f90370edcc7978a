#include "app/ui/shell/deck_controller.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <filesystem>

#include "app/ui/shell/deck_views.h"
#include "app/ui/views/center_view.h"

namespace scanviz {

bool DeckController::load(const std::string& path, bool missingIsNew) {
  std::error_code ec;
  if (missingIsNew && !std::filesystem::exists(path, ec)) {
    Deck fresh;
    fresh.title = std::filesystem::path(path).stem().stem().string();
    editor.load(std::move(fresh), path);
    return true;
  }
  try {
    Deck d = loadDeck(path);
    if (const std::string problem = deckProblem(d, path); !problem.empty())
      throw ConfigFormatError(problem);
    editor.load(std::move(d), path);
    return true;
  } catch (const std::exception& e) {
    const std::string problem = std::string("cannot open deck: ") + e.what();
    if (state_.hasTrace() || state_.busy()) {
      state_.showError(problem);
    } else {
      state_.fallBackToLesson(problem);
    }
    return false;
  }
}

bool DeckController::openFromLaunch(const LaunchOptions& lo) {
  if (!load(lo.deckFile, /*missingIsNew=*/!lo.deckPresents)) return false;
  if (!lo.deckPresents) {
    // Prepared: what the options say is on screen, and A adds it after the last view.
    editor.go(editor.size() - 1);
    return true;
  }
  if (editor.size() == 0) {
    state_.fallBackToLesson("cannot open deck: '" + lo.deckFile + "' holds no views");
    return false;
  }
  const int view = lo.deckView.value_or(1) - 1;
  if (view >= editor.size()) {
    state_.fallBackToLesson("--view " + std::to_string(view + 1) + ": '" + lo.deckFile + "' has " +
                            std::to_string(editor.size()) + " views");
    return false;
  }
  giving_ = true;
  show(view);
  state_.rememberRecentFile(lo.deckFile);
  return true;
}

bool DeckController::open(const std::string& path) {
  if (!load(path, /*missingIsNew=*/false) || editor.size() == 0) return false;
  state_.presentation = true;
  giving_ = true;
  show(0);
  state_.rememberRecentFile(path);
  return true;
}

void DeckController::show(int index) {
  if (!editor.go(index)) return;
  editor.blank = false;
  const DeckView& v = *editor.currentView();
  showDeckView(state_, views_, v, editor.path());
  arriving_ = v;
  if (state_.presentation && !started_) started_ = std::chrono::steady_clock::now();
}

void DeckController::tick() {
  if (arriving_ && finishShowingDeckView(state_, views_, *arriving_)) arriving_.reset();
}

// Moves what is shown by one step; false at its end (or when it has no steps).
bool DeckController::stepShown(int delta) {
  if (arriving_ || state_.busy()) return false;  // the view's lesson is still on its way
  SpotTheBugState& bug = state_.spotTheBug;
  if (bug.active()) {
    if (!bug.lessonRun()) return false;  // an erratum has no steps
    const int to = bug.step() + delta;
    if (to < 0 || to >= bug.steps()) return false;
    bug.setStep(to);
    return true;
  }
  if (state_.settings().layout.centerView == CenterView::Class) return false;
  Playback& pb = compareShown(state_) ? state_.compare.playback : state_.playback;
  if (pb.stepCount() == 0) return false;
  const int to = pb.step() + delta;
  if (to < 0 || to > pb.lastStep()) return false;
  pb.pause();
  pb.setStep(to);
  return true;
}

void DeckController::forward() {
  if (editor.blank) {
    editor.blank = false;
    return;
  }
  if (stepShown(+1)) return;
  if (editor.current() + 1 < editor.size()) show(editor.current() + 1);
}

void DeckController::back() {
  if (editor.blank) {
    editor.blank = false;
    return;
  }
  if (stepShown(-1)) return;
  if (editor.current() > 0) show(editor.current() - 1);
}

void DeckController::addViewOnScreen() {
  editor.add(viewOnScreen(state_, views_, editor.path()));
  state_.setStatusNote("added view " + std::to_string(editor.current() + 1) + " of " +
                       std::to_string(editor.size()) + " to the deck (Ctrl+D saves it)");
}

void DeckController::save() {
  if (editor.path().empty()) {
    files_.open(FileDialog::Mode::Save, FileDialog::Purpose::SaveDeck, "Save the deck", ".",
                "lecture.deck.json");
    return;
  }
  saveAs(editor.path());
}

void DeckController::saveAs(const std::string& path) {
  try {
    editor.save(path);
    state_.setStatusNote("saved the deck to " + path);
    state_.rememberRecentFile(path);
  } catch (const std::exception& e) {
    state_.showError(std::string("cannot save the deck: ") + e.what());
  }
}

double DeckController::elapsedSeconds() const {
  if (!started_) return 0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - *started_).count();
}

nlohmann::json DeckController::report() const {
  nlohmann::json j;
  j["file"] = editor.path();
  j["title"] = editor.deck().title;
  j["view"] = editor.current() + 1;
  j["views"] = editor.size();
  j["presenting"] = presenting();
  j["blank"] = blank();
  j["typed"] = editor.typedNumber();
  j["dirty"] = editor.dirty();
  const DeckView* v = editor.currentView();
  j["notes"] = v ? v->notes : "";
  j["label"] = v ? deckViewLabel(*v) : "";
  return j;
}

PresenterContent DeckController::presenterContent() const {
  PresenterContent c;
  c.view = editor.current() + 1;
  c.views = editor.size();
  if (const DeckView* v = editor.currentView()) {
    c.title = deckViewLabel(*v);
    c.notes = notesAsPlainLines(v->notes);
  }
  if (const DeckView* next = editor.view(editor.current() + 1))
    c.next = std::to_string(editor.current() + 2) + ". " + deckViewLabel(*next);
  c.elapsedSeconds = elapsedSeconds();
  c.blank = blank();
  return c;
}

void DeckController::addCommands(CommandTable& commands) {
  const auto hasViews = [this] { return editor.size() > 0; };
  const auto giving = [this] { return presenting(); };
  commands.add({"deck-next",
                "Next step or view",
                "PageDown",
                {GLFW_KEY_PAGE_DOWN},
                false,
                [this] { forward(); },
                hasViews});
  commands.add({"deck-back",
                "Previous step or view",
                "PageUp",
                {GLFW_KEY_PAGE_UP},
                false,
                [this] { back(); },
                hasViews});
  // While a deck is given, the arrows and Space step through it as the clicker does.
  commands.add({"deck-next-arrow",
                "",
                "",
                {GLFW_KEY_RIGHT, GLFW_KEY_SPACE, GLFW_KEY_DOWN},
                false,
                [this] { forward(); },
                giving});
  commands.add(
      {"deck-back-arrow", "", "", {GLFW_KEY_LEFT, GLFW_KEY_UP}, false, [this] { back(); }, giving});
  commands.add({"deck-blank",
                "Blank the screen",
                "B",
                {GLFW_KEY_B},
                false,
                [this] { editor.blank = !editor.blank; },
                giving});
  for (int k = 0; k <= 9; ++k)
    commands.add({"deck-digit-" + std::to_string(k),
                  "",
                  "",
                  {GLFW_KEY_0 + k, GLFW_KEY_KP_0 + k},
                  false,
                  [this, k] { editor.typeDigit(k); },
                  giving});
  commands.add({"deck-jump",
                "Go to the typed view",
                "K Enter",
                {GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER},
                false,
                [this] {
                  if (const std::optional<int> v = editor.takeTypedView()) show(*v);
                },
                [this] { return presenting() && !editor.typedNumber().empty(); }});
  commands.add({"deck-add",
                "Add the view to the deck",
                "A",
                {GLFW_KEY_A},
                false,
                [this] { addViewOnScreen(); },
                [this] { return state_.hasTrace() && !state_.busy(); }});
  commands.add({"deck-panel", "Deck (views and notes)", "L", {GLFW_KEY_L}, false, [this] {
                  panelOpen = !panelOpen;
                }});
  commands.add({"deck-presenter",
                "Presenter window",
                "V",
                {GLFW_KEY_V},
                false,
                [this] { presenterOpen = !presenterOpen; },
                hasViews});
  commands.add(
      {"deck-save", "Save deck", "Ctrl+D", {GLFW_KEY_D}, true, [this] { save(); }, hasViews});
}

}  // namespace scanviz
