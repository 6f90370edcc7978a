// Class mode on screen: the class scene (the question large, the countdown, the picture) filling
// the window, and under it the answer field, the lecturer's buttons and the keys. Clicking a thread
// in the picture answers "which threads" questions.
#include <imgui.h>
#include <imgui_stdlib.h>

// Key codes only: this file makes no GL calls.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

#include "app/scene/class_scene.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/class_mode.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {

void ClassModeState::applyOptions(const LaunchOptions& options) {
  options_ = options.classMode;
}

QuizSession* ClassModeState::sessionFor(const std::shared_ptr<const Trace>& trace) {
  if (trace == trace_) return session();
  trace_ = trace;
  session_ = QuizSession(
      trace ? makeQuiz(*trace, options_.count, options_.seed) : std::vector<QuizQuestion>{},
      options_.countdown);
  sinceReveal_ = 1e9;
  // A scripted run's position, once, on the first lesson.
  for (int i = 1; i < options_.question && session_.next();) ++i;
  session_.setTyped(options_.answer);
  if (options_.at == QuizPhase::CountingDown) session_.startCountdown();
  if (options_.at == QuizPhase::Revealed) session_.reveal();
  options_.question = 1;
  options_.answer.clear();
  options_.at = QuizPhase::Asking;
  return session();
}

void ClassModeState::noteReveal(QuizPhase before) {
  if (before != QuizPhase::Revealed && session_.phase() == QuizPhase::Revealed) sinceReveal_ = 0;
}

void ClassModeState::startCountdown() {
  if (session()) session_.startCountdown();
}

void ClassModeState::reveal() {
  if (!session()) return;
  const QuizPhase before = session_.phase();
  session_.reveal();
  noteReveal(before);
}

void ClassModeState::next() {
  if (session() && session_.phase() == QuizPhase::Revealed && !session_.next()) session_.restart();
}

void ClassModeState::tick(double seconds) {
  if (!session()) return;
  const QuizPhase before = session_.phase();
  session_.tick(seconds);
  noteReveal(before);
  sinceReveal_ += seconds;
}

bool classModeShown(const AppState& state) {
  return state.settings().layout.centerView == CenterView::Class;
}

void addClassModeCommands(CommandTable& commands, AppState& state, ViewStates& views) {
  const auto shown = [&state] { return classModeShown(state); };
  ClassModeState& c = views.classMode;
  commands.add({"class-start",
                "Class mode: start the countdown",
                "S",
                {GLFW_KEY_S},
                false,
                [&c] { c.startCountdown(); },
                shown});
  commands.add({"class-reveal",
                "Class mode: reveal the answer",
                "Enter",
                {GLFW_KEY_ENTER, GLFW_KEY_KP_ENTER},
                false,
                [&c] { c.reveal(); },
                shown});
  commands.add({"class-next",
                "Class mode: next question",
                "N",
                {GLFW_KEY_N},
                false,
                [&c] { c.next(); },
                shown});
}

namespace {

// The answer field and the lecturer's buttons, under the picture.
void answerControls(UiContext& ui, QuizSession& quiz) {
  ClassModeState& c = ui.views.classMode;
  const bool revealed = quiz.phase() == QuizPhase::Revealed;
  std::string typed = quiz.typed();
  ImGui::BeginDisabled(revealed);
  ImGui::SetNextItemWidth(16 * ImGui::GetFontSize());
  const char* hint = answerForm(quiz.question().kind) == AnswerForm::Indices
                         ? "numbers, or click them above"
                         : "a number";
  if (ImGui::InputTextWithHint("Answer##class", hint, &typed, ImGuiInputTextFlags_EnterReturnsTrue))
    c.reveal();
  if (typed != quiz.typed()) quiz.setTyped(typed);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(revealed);
  if (ImGui::Button("Start countdown (S)")) c.startCountdown();
  ImGui::SameLine();
  if (ImGui::Button("Reveal (Enter)")) c.reveal();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!revealed);
  if (ImGui::Button("Next question (N)")) c.next();
  ImGui::EndDisabled();
}

void report(UiContext& ui, const QuizSession& quiz, const Scene& scene, ImVec2 origin) {
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  const QuizQuestion& q = quiz.question();
  nlohmann::json j = {{"question", q.text},
                      {"kind", std::string(questionKindKey(q.kind))},
                      {"index", quiz.index()},
                      {"count", quiz.count()},
                      {"phase", std::string(quizPhaseKey(quiz.phase()))},
                      {"picture_step", classPictureStep(quiz)},
                      {"seconds_left", quiz.secondsLeft()},
                      {"typed", quiz.typed()},
                      {"score", quiz.score()},
                      {"revealed", quiz.revealed()},
                      {"origin", {origin.x * fb.x, origin.y * fb.y}}};
  // The answer is in the report only once it is on screen.
  if (quiz.phase() == QuizPhase::Revealed) {
    j["answer"] = q.answer;
    j["right"] = quiz.right();
  }
  ui.report.panels["class_mode"] = std::move(j);
  ui.report.panelScenes["class_mode"] = scene;
}

}  // namespace

void drawClassModeView(UiContext& ui) {
  ClassModeState& c = ui.views.classMode;
  QuizSession* quiz = ui.state.hasTrace() ? c.sessionFor(ui.state.shown().trace) : nullptr;
  if (!quiz) {
    ImGui::TextWrapped(ui.state.hasTrace() ? "This lesson's steps ask nothing: choose a lesson "
                                             "with more than one step (View > Lesson)."
                                           : "Nothing to ask yet: choose a lesson first.");
    return;
  }
  if (ui.animate) c.tick(std::min(ImGui::GetIO().DeltaTime, 0.25f));
  const float controls = ImGui::GetFrameHeightWithSpacing() * 1.5f;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ClassSceneRequest rq;
  rq.trace = ui.state.shown().trace.get();
  rq.session = quiz;
  // The scrollbar a tall picture brings takes its width from the right, never the score.
  rq.width = avail.x - ImGui::GetStyle().ScrollbarSize;
  rq.height = std::max(300.0f, avail.y - controls);
  rq.sinceReveal = ui.animate ? c.sinceReveal() : 1e9;
  ImGui::BeginChild("class-scene", ImVec2(0, rq.height), false);
  const Scene scene = buildClassScene(rq, viewSceneStyle(ui), ui.palette, fontMeasure(ui.fonts));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  drawScene(*ImGui::GetWindowDrawList(), scene, origin, ui.fonts);
  ImGui::InvisibleButton("class-picture", ImVec2(scene.width, scene.height));
  if (ImGui::IsItemClicked()) {
    const ImVec2 m = ImGui::GetMousePos();
    const int index = clickedIndex(scene, quiz->question(), m.x - origin.x, m.y - origin.y);
    if (index >= 0) quiz->toggleIndex(index);
  }
  ui.report.shownParts["class_mode"] = shownPart(scene, origin);
  ImGui::EndChild();
  answerControls(ui, *quiz);
  report(ui, *quiz, scene, origin);
}

}  // namespace scanviz
