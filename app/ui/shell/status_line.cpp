// The status line (what is on screen and which backend and device produced it, the capture in
// progress) and the banner above the view that names a problem until it is fixed or dismissed.
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "app/ui/shell/theme.h"
#include "app/ui/views/center_view.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

std::string lessonSummary(const Trace& t) {
  return t.meta.algorithm + ", N = " + std::to_string(t.meta.n) + ", block " +
         std::to_string(t.meta.blockSize) + ", " + t.meta.op + ", " + t.meta.dtype + ", " +
         (t.meta.inclusive ? "inclusive" : "exclusive");
}

void spinner(const UiContext& ui, float radius) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float t = static_cast<float>(ImGui::GetTime());
  const ImVec2 c(p.x + radius, p.y + ImGui::GetTextLineHeight() * 0.5f);
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  dl.PathArcTo(c, radius, t * 6.0f, t * 6.0f + 4.2f, 16);
  dl.PathStroke(toImColor(ui.palette.accent), false, std::max(2.0f, radius * 0.3f));
  ImGui::Dummy(ImVec2(radius * 2, ImGui::GetTextLineHeight()));
  ImGui::SameLine();
}

std::string busyLine(const AppState& s) {
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f s", s.busySeconds());
  return s.busyDescription() + " ... " + secs;
}

// "Spot the bug" stands in Compare's place with two runs of its own: the line names them, not
// the lesson loaded behind it.
std::string spotTheBugStatus(const SpotTheBugState& s) {
  if (const Erratum* e = s.erratum())
    return "Shown: erratum in the seeds' text, " + std::string(e->title) + " (" +
           std::string(e->seed) + ")";
  const LessonRun& r = s.run();
  std::string text = "Shown: spot the bug, " + std::string(r.lesson->title) + ": " +
                     std::string(r.lesson->flawedKey()) + " beside its fix " +
                     std::string(r.lesson->fixedKey());
  const Trace* t = r.flawed ? r.flawed.get() : r.fixed.get();
  if (!t) return text;
  text += ", N = " + std::to_string(t->meta.n) + ", block " + std::to_string(t->meta.blockSize) +
          ", " + t->meta.op + ", " + t->meta.dtype + ", " +
          (t->meta.inclusive ? "inclusive" : "exclusive");
  return text + "  |  run by " + t->meta.backend + ": " +
         (t->meta.device.empty() ? "unknown device" : t->meta.device);
}

}  // namespace

std::string statusText(const AppState& state) {
  if (spotTheBugShown(state)) return spotTheBugStatus(state.spotTheBug);
  if (!state.hasTrace()) return "no lesson on screen yet";
  const ShownLesson& l = state.shown();
  const Trace& t = *l.trace;
  std::string s = "Shown: " + lessonSummary(t);
  if (!l.traceFile.empty())
    s += (l.kernelRun ? "  |  student kernel " : "  |  trace file ") + l.traceFile;
  s += "  |  produced by " + t.meta.backend + ": " +
       (t.meta.device.empty() ? "unknown device" : t.meta.device);
  if (!l.backendNote.empty()) s += "  |  " + l.backendNote;
  return s;
}

constexpr int kStatusLines = 2;

// The longest head of `text` that wraps into kStatusLines lines, with an ellipsis when cut.
std::string fitLines(const std::string& text, float width) {
  const float limit = ImGui::GetTextLineHeight() * (kStatusLines + 0.5f);
  if (ImGui::CalcTextSize(text.c_str(), nullptr, false, width).y <= limit) return text;
  size_t lo = 0, hi = text.size();
  while (lo + 1 < hi) {
    const size_t mid = (lo + hi) / 2;
    const std::string head = text.substr(0, mid) + "\xE2\x80\xA6";
    if (ImGui::CalcTextSize(head.c_str(), nullptr, false, width).y <= limit) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return text.substr(0, lo) + "\xE2\x80\xA6";
}

float statusLineHeight(UiContext& ui, float width) {
  const std::string text = fitLines(statusText(ui.state), width);
  return ImGui::CalcTextSize(text.c_str(), nullptr, false, width).y +
         ImGui::GetStyle().ItemSpacing.y * 3 +
         (ui.state.busy() ? ImGui::GetTextLineHeightWithSpacing() : 0);
}

void drawStatusLine(UiContext& ui) {
  ui.report.status = statusText(ui.state);
  ImGui::Separator();
  // A capture shorter than a blink shows no spinner, so small lessons do not flicker.
  if (ui.state.busy() && ui.state.busySeconds() > 0.15) {
    spinner(ui, ImGui::GetTextLineHeight() * 0.45f);
    ImGui::TextUnformatted(busyLine(ui.state).c_str());
  }
  const std::string note = ui.state.statusNote();
  const std::string full = note.empty() ? ui.report.status : note + "  |  " + ui.report.status;
  const std::string shown = fitLines(full, ImGui::GetContentRegionAvail().x);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", shown.c_str());
  ImGui::PopStyleColor();
  if (shown != full && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
    ImGui::TextUnformatted(full.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void drawBanner(UiContext& ui) {
  const Banner& b = ui.state.banner();
  if (b.text.empty()) return;
  const float pad = ImGui::GetStyle().FramePadding.y * 2;
  const float button = ImGui::GetFrameHeight();
  const float width = ImGui::GetContentRegionAvail().x;
  const std::string text = std::string(b.error ? "Problem: " : "Note: ") + b.text;
  ImGui::PushFont(ui.fonts.bodyBold);
  const float textW = width - 3 * pad - button;
  const float h = ImGui::CalcTextSize(text.c_str(), nullptr, false, textW).y + 2 * pad;
  const ImVec2 min = ImGui::GetCursorScreenPos();
  Color fill = b.error ? ui.palette.bannerFill : ui.palette.accent;
  if (!b.error) fill.a = 70;
  ImGui::GetWindowDrawList()->AddRectFilled(min, ImVec2(min.x + width, min.y + h), toImColor(fill),
                                            4);
  ImGui::SetCursorScreenPos(ImVec2(min.x + pad, min.y + pad));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + textW);
  ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(b.error ? ui.palette.bannerText : ui.palette.text));
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImGui::SetCursorScreenPos(ImVec2(min.x + width - button - pad, min.y + (h - button) * 0.5f));
  if (ImGui::Button("x##dismiss", ImVec2(button, button))) ui.state.clearBanner();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Dismiss");
  ImGui::SetCursorScreenPos(ImVec2(min.x, min.y + h + ImGui::GetStyle().ItemSpacing.y));
  ImGui::Dummy(ImVec2(0, 0));
}

}  // namespace scanviz
