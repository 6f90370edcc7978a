// The code of the trace's algorithm with the lines of the current step highlighted, on one of
// two tabs (kCodeViewTabs, the layout's codeView): the textbook's CUDA listing
// (kernels/listings/, its step markers), or the kernel as scanviz runs it (kernels/, the parallel
// work before the barrier that recorded the step). It scrolls to those lines whenever the step
// moves.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/core/algorithms/algorithm_listing.h"
#include "app/core/support/app_settings.h"
#include "app/ui/shell/theme.h"
#include "app/ui/views/kernel_source.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

// What one tab shows: a file's or a listing's lines and the step's range in them.
struct ShownCode {
  std::string path;                                 // the file its text comes from
  const std::vector<std::string>* lines = nullptr;  // null: nothing to show
  int firstLine = -1;                               // 0-based, inclusive; -1: nothing lit
  int lastLine = -1;
  std::string note;
};

ShownCode executorCode(const Trace& t, int step) {
  const StepSource s = sourceForStep(t, step);
  ShownCode c{s.file ? s.file->path : "", s.file ? &s.file->lines : nullptr, s.firstLine,
              s.lastLine, s.note};
  return c;
}

ShownCode textbookCode(const Trace& t, int step, std::vector<std::string>& lines) {
  const ListingStep s = listingForStep(t, step);
  if (!s.listing) return {"", nullptr, -1, -1, s.note};
  lines = listingLines(*s.listing);
  return {std::string(s.listing->file), &lines, s.firstLine, s.lastLine, s.note};
}

// The tabs, from the layout's choice; a click stores the new choice in the settings.
CodeView tabs(UiContext& ui) {
  const CodeView current = ui.state.settings().layout.codeView;
  CodeView chosen = current;
  for (const CodeViewTab& tab : kCodeViewTabs) {
    if (&tab != &kCodeViewTabs[0]) ImGui::SameLine();
    if (ImGui::RadioButton(std::string(tab.title).c_str(), current == tab.view)) chosen = tab.view;
  }
  if (chosen != current) {
    AppSettings settings = ui.state.settings();
    settings.layout.codeView = chosen;
    ui.state.updateSettings(settings);
  }
  return chosen;
}

void header(const ShownCode& s) {
  char text[256];
  if (s.firstLine >= 0) {
    std::snprintf(text, sizeof text, "%s, lines %d-%d", s.path.c_str(), s.firstLine + 1,
                  s.lastLine + 1);
  } else {
    std::snprintf(text, sizeof text, "%s%s%s", s.path.c_str(),
                  s.note.empty() || s.path.empty() ? "" : ": ", s.note.c_str());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

// Scrolls once per new highlight (keyed by file and line in ImGui's storage), so the reader can
// scroll freely in between. top and bottom: the highlight's extent in the child's coordinates.
void followHighlight(const ShownCode& s, float top, float bottom) {
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID fileKey = ImGui::GetID("followed-file"), lineKey = ImGui::GetID("followed-line");
  const int file = static_cast<int>(ImGui::GetID(s.path.c_str()));
  if (storage->GetInt(fileKey, 0) == file && storage->GetInt(lineKey, -1) == s.firstLine) return;
  storage->SetInt(fileKey, file);
  storage->SetInt(lineKey, s.firstLine);
  // The middle of the highlight in the middle of the panel; a highlight taller than the panel
  // starts at its first line.
  const float middle = 0.5f * (top + bottom);
  const float height = ImGui::GetWindowHeight();
  const float y = bottom - top > height ? top - ImGui::GetTextLineHeight() : middle - 0.5f * height;
  ImGui::SetScrollY(std::max(0.0f, y));
}

struct DrawnLines {
  int rows = 0;  // screen rows, wrapped continuations included
  int litRows = 0;
};

// Each source line after its number; a line wider than the panel wraps, its continuation under
// the line's own indentation, so no code is cut off at the right edge.
DrawnLines drawLines(const UiContext& ui, const ShownCode& s) {
  ImGui::PushFont(ui.fonts.mono);
  const float lineHeight = ImGui::GetTextLineHeight();
  const float left = ImGui::GetCursorScreenPos().x;
  const float right = left + std::max(ImGui::GetContentRegionAvail().x, 10.0f);
  const float space = ImGui::CalcTextSize(" ").x;
  const float codeX = ImGui::CalcTextSize("0000").x + ImGui::GetStyle().ItemSpacing.x;
  Color band = ui.palette.writtenFill;
  band.a = 80;
  DrawnLines drawn;
  float litTop = 0, litBottom = 0;
  for (int i = 0; i < static_cast<int>(s.lines->size()); ++i) {
    const std::string& line = (*s.lines)[static_cast<size_t>(i)];
    const bool lit = i >= s.firstLine && i <= s.lastLine;
    const size_t indent = std::min(line.find_first_not_of(' '), line.size());
    // Keep at least 24 columns for the text; a deeper indentation then shows less of itself.
    const float room = right - left - codeX;
    const float indentX =
        std::min(static_cast<float>(indent) * space, std::max(0.0f, room - 24 * space));
    const char* text = line.c_str() + indent;
    const float textH =
        ImGui::CalcTextSize(text, nullptr, false, std::max(space, room - indentX)).y;
    const float h = std::max(lineHeight, textH);
    const int rows = static_cast<int>(h / lineHeight + 0.5f);
    drawn.rows += rows;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (lit) {
      if (i == s.firstLine) litTop = ImGui::GetCursorPosY();
      litBottom = ImGui::GetCursorPosY() + h;
      drawn.litRows += rows;
      ImDrawList& dl = *ImGui::GetWindowDrawList();
      dl.AddRectFilled(at, ImVec2(right, at.y + h), toImColor(band));
      dl.AddRectFilled(at, ImVec2(at.x + 3 * ui.scale, at.y + h),
                       toImColor(ui.palette.writtenFill));
    }
    ImGui::TextDisabled("%4d", i + 1);
    ImGui::SameLine(codeX + indentX);
    ImGui::PushTextWrapPos(0.0f);  // the panel's right edge
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
  }
  if (s.firstLine >= 0) followHighlight(s, litTop, litBottom);
  ImGui::PopFont();
  return drawn;
}

}  // namespace

namespace {

// A student's kernel run: the student's own source with the lines the step on screen wrote.
ShownCode kernelCode(const KernelListing& k, int step) {
  ShownCode c{k.file, &k.lines, -1, -1, ""};
  const size_t at = static_cast<size_t>(step);
  if (step >= 0 && at < k.stepLines.size() && k.stepLines[at].first > 0) {
    c.firstLine = k.stepLines[at].first - 1;
    c.lastLine = k.stepLines[at].second - 1;
  }
  return c;
}

}  // namespace

void drawCodePanel(UiContext& ui) {
  if (!ui.state.hasTrace()) return;
  const KernelListing* kernel = ui.state.shown().kernel.get();
  const CodeView view = kernel ? CodeView::Textbook : tabs(ui);
  std::vector<std::string> listing;
  const Trace& t = ui.state.trace();
  const int step = ui.state.playback.step();
  const ShownCode s = kernel                       ? kernelCode(*kernel, step)
                      : view == CodeView::Textbook ? textbookCode(t, step, listing)
                                                   : executorCode(t, step);
  header(s);
  if (!s.lines) {
    ui.report.panels["code"] = {{"view", std::string(keyOf(kCodeViewKeys, view))},
                                {"note", s.note}};
    return;
  }
  ImGui::BeginChild("code-lines", ImVec2(0, 0), false);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  const DrawnLines drawn = drawLines(ui, s);
  ImGui::PopStyleVar();
  const std::string lit =
      s.firstLine >= 0 ? (*s.lines)[static_cast<size_t>(s.firstLine)] : std::string();
  ui.report.panels["code"] = {{"view", std::string(keyOf(kCodeViewKeys, view))},
                              {"first_lit", lit},
                              {"file", s.path},
                              {"first_line", s.firstLine + 1},
                              {"last_line", s.lastLine + 1},
                              {"rows", drawn.rows},
                              {"lit_rows", drawn.litRows},
                              {"scroll_max_x", ImGui::GetScrollMaxX()}};
  ImGui::EndChild();
}

}  // namespace scanviz
