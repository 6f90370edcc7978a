#include "app/ui/views/kernel_editor.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/capture.h"
#include "app/core/student/kernel_gpu.h"
#include "app/core/student/kernel_grader.h"
#include "app/core/student/kernel_parser.h"
#include "app/core/support/output_file.h"
#include "app/ui/shell/theme.h"

namespace scanviz {
namespace {

// What a new editor holds: PMPP Fig. 8.2's Kogge-Stone with the race its first printing has (one
// barrier a step), so that the first Ctrl+Enter shows what the editor is for.
constexpr const char* kStarterKernel =
    "// Kogge-Stone as PMPP Fig. 8.2 prints it, with one __syncthreads() a step.\n"
    "// Ctrl+Enter runs it; add the second barrier and run it again.\n"
    "__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, unsigned int InputSize) {\n"
    "  __shared__ float XY[SECTION_SIZE];\n"
    "  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < InputSize) XY[threadIdx.x] = X[i];\n"
    "  else XY[threadIdx.x] = 0.0f;\n"
    "  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {\n"
    "    __syncthreads();\n"
    "    if (threadIdx.x >= stride) XY[threadIdx.x] += XY[threadIdx.x - stride];\n"
    "  }\n"
    "  if (i < InputSize) Y[i] = XY[threadIdx.x];\n"
    "}\n";

std::vector<std::string> linesOf(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

std::string editorName(const KernelEditorState& e) {
  return e.path.empty() ? "kernel.cu" : e.path;
}

// The algorithm the kernel should behave like: the editor's choice, else the controls'.
std::optional<AlgorithmId> likeOf(const AppState& state, const KernelEditorState& e) {
  if (!e.like.empty()) return findAlgorithm(e.like);
  return state.config.algorithm;
}

void drawToolbar(UiContext& ui, KernelEditorState& e) {
  if (ImGui::Button("Run (Ctrl+Enter)")) e.runRequested = true;
  ImGui::SameLine();
  if (ImGui::Button("Save") && !e.path.empty()) {
    try {
      OutputFile out(e.path);  // whole or not at all: the old file stays on a failure
      out.write(e.source);
      out.commit();
      e.dirty = false;
      ui.state.setStatusNote("saved " + e.path);
    } catch (const std::exception& ex) {
      ui.state.showError(ex.what());
    }
  }
  ImGui::SameLine();
  const auto like = likeOf(ui.state, e);
  const std::string preview = like ? std::string(algorithmInfo(*like).key) : "sequential";
  ImGui::SetNextItemWidth(220 * ui.scale);
  if (ImGui::BeginCombo("like", preview.c_str())) {
    for (const AlgorithmInfo& a : allAlgorithms()) {
      if (a.level != AlgorithmLevel::Block) continue;
      const bool chosen = like && *like == a.id;
      if (ImGui::Selectable(std::string(a.key).c_str(), chosen)) {
        e.like = std::string(a.key);
        e.runRequested = e.ran;
      }
    }
    ImGui::EndCombo();
  }
  ImGui::TextDisabled("%s%s", editorName(e).c_str(), e.dirty ? " (changed)" : "");
}

Color verdictColor(const UiContext& ui, const KernelVerdictView& v) {
  return v.verdict == "correct" ? ui.palette.pass : ui.palette.fail;
}

// The verdict, then the lines it names, numbered and marked as the code panel marks a step's.
void drawVerdict(UiContext& ui, const KernelEditorState& e) {
  if (!e.ran) {
    ImGui::TextDisabled("Ctrl+Enter runs the kernel on the controls' input.");
    return;
  }
  const KernelVerdictView& v = e.last;
  ImGui::PushStyleColor(ImGuiCol_Text, toImColor(verdictColor(ui, v)));
  ImGui::TextWrapped("%s: %s", v.verdict.c_str(), v.message.c_str());
  ImGui::PopStyleColor();
  if (!v.stepsNote.empty()) ImGui::TextWrapped("%s", v.stepsNote.c_str());
  const std::vector<std::string> lines = linesOf(e.source);
  ImGui::PushFont(ui.fonts.mono);
  Color band = verdictColor(ui, v);
  band.a = 70;
  for (int line : {v.line, v.otherLine != v.line ? v.otherLine : 0}) {
    if (line <= 0 || line > static_cast<int>(lines.size())) continue;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(
        at, ImVec2(at.x + ImGui::GetContentRegionAvail().x, at.y + h), toImColor(band));
    ImGui::Text("%4d  %s", line, lines[static_cast<size_t>(line - 1)].c_str());
  }
  ImGui::PopFont();
}

// "Your kernel mine.cu on scanviz's emulator, compared with Kogge-Stone: race: ..."
std::string aboutRun(const student::KernelRequest& rq, const student::KernelVerdict& v) {
  std::string s = "Your kernel " + rq.name + " on scanviz's emulator of students' kernels";
  if (rq.like) s += ", compared with " + std::string(algorithmInfo(*rq.like).name);
  s += ": " + std::string(student::verdictName(v.kind)) + ": " + v.message + ".";
  if (!v.stepsNote.empty()) s += " " + v.stepsNote + ".";
  s += " A step is what the threads wrote between two __syncthreads().";
  return s;
}

}  // namespace

std::string openKernelFile(KernelEditorState& editor, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot open kernel '" + path + "': " + std::strerror(errno);
  std::ostringstream s;
  s << in.rdbuf();
  editor.source = s.str();
  editor.path = path;
  editor.open = true;
  editor.dirty = false;
  editor.ran = false;
  return "";
}

void runEditorKernel(AppState& state, KernelEditorState& e) {
  e.runRequested = false;
  e.ran = true;
  e.last = {};
  student::KernelRequest rq;
  rq.name = editorName(e);
  rq.source = e.source;
  try {
    const CaptureRequest input = toCaptureRequest(state.config);
    rq.input = input.input;
    rq.op = input.op;
    rq.blockSize = input.blockSize;  // the lesson's, so the run sits beside its steps
    rq.backend = state.config.backend;
    if (rq.backend != BackendChoice::Cpu) {
      if (!e.gpu) e.gpu = std::make_shared<student::GpuSession>();
      rq.gpuSession = e.gpu.get();
    }
    rq.like = likeOf(state, e);
    if (rq.like && *rq.like == AlgorithmId::Sequential) rq.like.reset();
    const student::KernelVerdict v = student::gradeKernel(rq);
    e.last = {student::verdictName(v.kind),          v.message, v.stepsNote, v.line, v.otherLine,
              static_cast<int>(v.trace.steps.size())};
    if (!v.trace.steps.empty()) {
      auto listing = std::make_shared<KernelListing>();
      listing->file = rq.name;
      listing->lines = linesOf(rq.source);
      listing->stepLines = v.stepLines;
      listing->about = aboutRun(rq, v);
      state.showKernelRun(std::make_shared<const Trace>(v.trace), std::move(listing));
    }
  } catch (const student::KernelSourceError& ex) {
    e.last = {"compile error", ex.what(), "", ex.line, 0, 0};
  } catch (const std::exception& ex) {
    e.last = {"bad input", ex.what(), "", 0, 0, 0};
  }
}

void drawKernelEditor(UiContext& ui, KernelEditorState& e) {
  if (e.source.empty() && e.path.empty()) e.source = kStarterKernel;
  // After the lesson's capture: the run takes its place rather than being replaced by it.
  if (e.runRequested && !ui.state.busy()) runEditorKernel(ui.state, e);
  // Over the right half at first, so that the array view beside it shows the kernel's steps; in
  // presentation mode, whose text is twice as large, over most of the screen, so that the
  // source and the verdict are read whole from the back row. Placed again when the mode changes.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool big = ui.state.presentation;
  const ImGuiCond when =
      e.placedFor == static_cast<int>(big) ? ImGuiCond_FirstUseEver : ImGuiCond_Always;
  e.placedFor = static_cast<int>(big);
  ImGui::SetNextWindowPos(ImVec2(display.x * (big ? 0.30f : 0.52f), display.y * 0.06f), when);
  ImGui::SetNextWindowSize(
      ImVec2(display.x * (big ? 0.68f : 0.46f), display.y * (big ? 0.82f : 0.62f)), when);
  if (!ImGui::Begin("Kernel", &e.open)) {
    ImGui::End();
    return;
  }
  const float fb = ImGui::GetIO().DisplayFramebufferScale.y;
  e.verdictPx = ImGui::GetFontSize() * fb;
  const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
  e.box[0] = at.x * fb;
  e.box[1] = at.y * fb;
  e.box[2] = extent.x * fb;
  e.box[3] = extent.y * fb;
  drawToolbar(ui, e);
  const float verdictHeight = ImGui::GetTextLineHeightWithSpacing() * 6;
  ImGui::PushFont(ui.fonts.mono);
  e.sourcePx = ImGui::GetFontSize() * fb;
  const ImVec2 size(-1, std::max(ImGui::GetTextLineHeight() * 6,
                                 ImGui::GetContentRegionAvail().y - verdictHeight));
  if (ImGui::InputTextMultiline("##kernel-source", &e.source, size,
                                ImGuiInputTextFlags_AllowTabInput))
    e.dirty = true;
  const bool editing = ImGui::IsItemActive() || ImGui::IsItemFocused();
  ImGui::PopFont();
  if ((editing || ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows)) &&
      ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false))
    e.runRequested = true;
  drawVerdict(ui, e);
  ImGui::End();
}

nlohmann::json kernelEditorReport(const KernelEditorState& e) {
  nlohmann::json j = {{"file", editorName(e)},
                      {"ran", e.ran},
                      {"source_px", e.sourcePx},
                      {"verdict_px", e.verdictPx},
                      {"box", e.box}};
  if (e.ran)
    j["verdict"] = {{"verdict", e.last.verdict}, {"message", e.last.message},
                    {"line", e.last.line},       {"other_line", e.last.otherLine},
                    {"steps", e.last.steps},     {"steps_note", e.last.stepsNote}};
  return j;
}

}  // namespace scanviz
