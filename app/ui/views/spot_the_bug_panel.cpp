// "Spot the bug": a seed's mistake run live beside its fix, in the compare view's frames (the same
// scene as Compare): both runs at one step, the cells where they differ outlined, a headline with
// the step where they part and the first wrong output cell, and under the views the seed's lines
// and the fix side by side with a short explanation of why, all one scene (spot_the_bug_scene.h),
// which the slide of a deck draws too.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/scene/spot_the_bug_scene.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/views/erratum_panel.h"
#include "app/ui/views/panels.h"
#include "app/ui/views/spot_the_bug.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {

void SpotTheBugState::open(const Lesson& lesson, int step, BackendChoice backend) {
  erratum_ = nullptr;
  run_ = runLesson(lesson, backend);
  setStep(step >= 0 ? step : std::max(0, run_->partingStep));
}

void SpotTheBugState::openErratum(const Erratum& erratum) {
  run_.reset();
  erratum_ = &erratum;
  evidence_.reset();
  evidenceError_.clear();
  if (!erratum.evidence) return;
  try {
    evidence_ = erratum.evidence();
  } catch (const std::exception& e) {
    evidenceError_ = std::string("scanviz's run failed: ") + e.what();
  }
}

int SpotTheBugState::steps() const {
  int n = 1;
  if (run_ && run_->flawed) n = std::max(n, static_cast<int>(run_->flawed->steps.size()));
  if (run_ && run_->fixed) n = std::max(n, static_cast<int>(run_->fixed->steps.size()));
  return n;
}

void SpotTheBugState::setStep(int step) {
  step_ = std::clamp(step, 0, steps() - 1);
}

namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Spot the bug lives in Compare's place.
void showInCompare(UiContext& ui) {
  AppSettings s = ui.state.settings();
  s.layout.centerView = CenterView::Compare;
  ui.state.updateSettings(s);
}

void stepControls(SpotTheBugState& s) {
  const LessonRun& r = s.run();
  if (ImGui::ArrowButton("##spot-back", ImGuiDir_Left)) s.setStep(s.step() - 1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##spot-forward", ImGuiDir_Right)) s.setStep(s.step() + 1);
  ImGui::SameLine();
  ImGui::Text("step %d of %d:  %s", s.step(), s.steps() - 1,
              lessonStepLabel(r.flawed ? r.flawed.get() : r.fixed.get(), s.step()).c_str());
  if (r.partingStep >= 0) {
    ImGui::SameLine();
    const std::string go = "Go to where they part (step " + std::to_string(r.partingStep) + ")";
    if (ImGui::Button(go.c_str())) s.setStep(r.partingStep);
  }
  ImGui::SameLine();
  if (ImGui::Button("Close")) s.close();
}

// What the side panel says while "Spot the bug" is on screen: the lesson, its two runs, their
// input and schedule (the controls of the lesson behind it do not apply).
std::vector<std::string> setupLines(const SpotTheBugState& s) {
  std::vector<std::string> lines;
  if (const Erratum* e = s.erratum()) {
    lines = {"Erratum in the seeds' text", std::string(e->title), std::string(e->seed)};
  } else if (const LessonRun* r = s.lessonRun()) {
    const Lesson& l = *r->lesson;
    lines = {"Spot the bug", std::string(l.title), std::string(l.seed),
             "flawed: " + std::string(l.flawedKey()), "its fix: " + std::string(l.fixedKey())};
    if (const Trace* t = r->flawed ? r->flawed.get() : r->fixed.get()) {
      lines.push_back("N = " + std::to_string(t->meta.n) + ", block " +
                      std::to_string(t->meta.blockSize) + ", " + t->meta.op + ", " + t->meta.dtype +
                      ", " + (t->meta.inclusive ? "inclusive" : "exclusive"));
      std::string input;
      for (size_t i = 0; i < t->input.size() && i < 32; ++i)
        input += (i ? " " : "") + number(t->input[i]);
      lines.push_back("input: " + input + (t->input.size() > 32 ? " ..." : ""));
      lines.push_back("run by " + t->meta.backend + " (" + t->meta.device + ")");
    }
    lines.push_back("schedule: " + std::string(l.emulatorNote));
  }
  return lines;
}

void report(UiContext& ui, const SpotTheBugState& s, const Scene& scene, ImVec2 origin, ImVec2 area,
            const std::vector<int>& cells) {
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  const LessonRun& r = s.run();
  const Lesson& l = s.lesson();
  nlohmann::json j = {{"lesson", std::string(l.id)},
                      {"title", std::string(l.title)},
                      {"flawed", std::string(l.flawedKey())},
                      {"fixed", std::string(l.fixedKey())},
                      {"step", s.step()},
                      {"steps", s.steps()},
                      {"parting_step", r.partingStep},
                      {"first_wrong_cell", r.firstWrongCell},
                      {"differing_cells", cells},
                      {"flawed_error", r.flawedError},
                      {"hazards", r.hazards},
                      {"seed_lines", std::string(l.seedLines)},
                      {"fix_lines", std::string(l.fixLines)},
                      {"why", std::string(l.why)},
                      {"headline", spotTheBugHeadline(r)},
                      {"setup", setupLines(s)},
                      {"origin", {origin.x * fb.x, origin.y * fb.y}},
                      // The room under the controls: a scene larger than this scrolls.
                      {"area", {area.x * fb.x, area.y * fb.y}}};
  if (r.flawed) j["flawed_output"] = r.flawed->output;
  if (r.fixed) j["fixed_output"] = r.fixed->output;
  ui.report.panels["spot_the_bug"] = std::move(j);
  ui.report.panelScenes["spot_the_bug"] = scene;
}

}  // namespace

void drawSpotTheBugMenu(UiContext& ui) {
  if (!ImGui::BeginMenu("Spot the bug")) return;
  for (const Lesson& l : allLessons()) {
    const LessonRun* run = ui.state.spotTheBug.lessonRun();
    if (ImGui::MenuItem(std::string(l.title).c_str(), nullptr, run && run->lesson == &l)) {
      ui.state.spotTheBug.open(l, -1, ui.state.config.backend);
      showInCompare(ui);
    }
  }
  if (ImGui::BeginMenu("Errata in the seeds' text")) {
    for (const Erratum& e : allErrata()) {
      if (ImGui::MenuItem(std::string(e.title).c_str(), nullptr,
                          ui.state.spotTheBug.erratum() == &e)) {
        ui.state.spotTheBug.openErratum(e);
        showInCompare(ui);
      }
    }
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

void drawSpotTheBugPanel(UiContext& ui) {
  SpotTheBugState& s = ui.state.spotTheBug;
  if (s.erratum()) {
    drawErratumPanel(ui, s);
    return;
  }
  stepControls(s);
  if (!s.active()) return;  // closed by its button
  const LessonRun& r = s.run();
  const std::vector<int> cells = differingCells(r, s.step());
  // The runs, the code and why in one scene over the area under the controls; where it is still
  // taller (a small window), it scrolls, and the vertical bar takes its width from the scene.
  SpotTheBugSceneRequest rq;
  rq.run = &r;
  rq.step = s.step();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  rq.width = avail.x;
  rq.height = avail.y;
  const ArraySceneStyle style = viewSceneStyle(ui);
  const MeasureText measure = fontMeasure(ui.fonts);
  Scene scene = buildSpotTheBugScene(rq, style, ui.palette, measure);
  if (scene.height > avail.y + 0.5f) {
    rq.width = avail.x - ImGui::GetStyle().ScrollbarSize;
    scene = buildSpotTheBugScene(rq, style, ui.palette, measure);
  }
  ImGui::BeginChild("spot-views", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 origin = placeScene(scene, ui.fonts);
  ui.report.shownParts["spot_the_bug"] = shownPart(scene, origin);
  ImGui::EndChild();
  report(ui, s, scene, origin, avail, cells);
}

void drawSpotTheBugSetup(UiContext& ui) {
  const std::vector<std::string> lines = setupLines(ui.state.spotTheBug);
  if (lines.empty()) return;
  ImGui::PushFont(ui.fonts.bodyBold);
  ImGui::TextWrapped("%s", lines[0].c_str());
  ImGui::PopFont();
  for (size_t i = 1; i < lines.size(); ++i) ImGui::TextWrapped("%s", lines[i].c_str());
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("The controls come back when the lesson is closed (Close, above the views).");
  ImGui::PopStyleColor();
}

}  // namespace scanviz
