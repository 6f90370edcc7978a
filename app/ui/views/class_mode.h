// Class mode (the view "class-mode", key Q): predict, then reveal, on the projector. What it keeps
// between frames: the quiz over the lesson on screen (made again when the lesson changes), the
// time since the reveal for its animation, and the command line's choices. No ImGui here; the
// view is app/ui/views/class_mode_view.cpp.
#pragma once

#include <memory>
#include <string>

#include "app/core/lesson/quiz_session.h"
#include "app/core/trace/trace.h"
#include "app/ui/shell/commands.h"

namespace scanviz {

struct LaunchOptions;
class AppState;
struct ViewStates;

// How a quiz is made and where a scripted run stands in it (--class-* options).
struct ClassModeOptions {
  int count = 10;         // questions
  unsigned seed = 1;      // which ones (the same seed, the same questions)
  double countdown = 20;  // seconds
  int question = 1;       // 1-based: stand at this question
  std::string answer;     // typed before the reveal
  QuizPhase at = QuizPhase::Asking;
};

class ClassModeState {
 public:
  void applyOptions(const LaunchOptions& options);
  // The quiz's seed and size as made (a deck keeps them with the question on screen).
  const ClassModeOptions& options() const { return options_; }

  // The quiz over `trace`, made when the trace changed; null when the trace asks nothing.
  QuizSession* sessionFor(const std::shared_ptr<const Trace>& trace);
  QuizSession* session() { return trace_ && !session_.empty() ? &session_ : nullptr; }

  // The lecturer's commands.
  void startCountdown();
  void reveal();
  void next();

  // A frame went by: the countdown and the reveal's animation move on.
  void tick(double seconds);
  double sinceReveal() const { return sinceReveal_; }

 private:
  void noteReveal(QuizPhase before);

  ClassModeOptions options_;
  std::shared_ptr<const Trace> trace_;
  QuizSession session_;
  double sinceReveal_ = 1e9;
};

bool classModeShown(const AppState& state);

// class-start (S), class-reveal (Enter), class-next (N): enabled while class mode is shown.
void addClassModeCommands(CommandTable& commands, AppState& state, ViewStates& views);

}  // namespace scanviz
