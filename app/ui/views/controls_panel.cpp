// The controls: algorithm, input, block size, operator, type, variant and backend. Any change
// captures again at once (in the background); what is on screen stays until the result arrives.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <array>
#include <string>
#include <utility>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/no_gpu_message.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/combo_preview.h"
#include "app/ui/widgets/help_marker.h"

namespace scanviz {
namespace {

void sectionHeading(const UiContext& ui, const char* text) {
  ImGui::Spacing();
  ImGui::PushFont(ui.fonts.bodyBold);
  ImGui::TextUnformatted(text);
  ImGui::PopFont();
}

bool algorithmCombo(ScanOptions& c) {
  bool changed = false;
  const AlgorithmInfo& current = algorithmInfo(c.algorithm);
  ImGui::SetNextItemWidth(-ImGui::GetFrameHeight() * 1.4f);
  const std::string preview = comboPreview(current.name, comboPreviewWidth());
  if (ImGui::BeginCombo("##algorithm", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (AlgorithmLevel level : {AlgorithmLevel::Block, AlgorithmLevel::Grid}) {
      ImGui::TextDisabled(level == AlgorithmLevel::Block
                              ? "Block level (one section in shared memory)"
                              : "Grid level (any N, many blocks)");
      for (const auto& a : allAlgorithms()) {
        if (a.level != level) continue;
        const std::string label = "   " + std::string(a.name);
        if (ImGui::Selectable(label.c_str(), a.id == c.algorithm)) {
          changed = a.id != c.algorithm;
          // Moving between an exclusive-by-nature scan (Blelloch) and an inclusive one takes the
          // new algorithm's own variant; otherwise the chosen variant stays.
          if (exclusiveByNature(a.id) != exclusiveByNature(c.algorithm))
            c.exclusive = exclusiveByNature(a.id);
          c.algorithm = a.id;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(a.summary).c_str());
      }
    }
    ImGui::EndCombo();
  }
  const std::string help =
      std::string(current.summary) + "\nFollows: " + std::string(current.source);
  helpMarker(help.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", std::string(current.summary).c_str());
  ImGui::PopStyleColor();
  return changed;
}

// A number typed into a field, taken when Enter is pressed or the field loses focus (not at
// every keystroke: each change captures again). True when the value changed.
template <class T>
bool editNumber(const char* id, ImGuiDataType type, const char* format, T& value) {
  T typed = value;
  if (!ImGui::InputScalar(id, type, &typed, nullptr, nullptr, format,
                          ImGuiInputTextFlags_EnterReturnsTrue) &&
      !ImGui::IsItemDeactivatedAfterEdit())
    return false;
  const bool changed = typed != value;
  value = typed;
  return changed;
}

// The input sources in the combo's order, with the combo's label and the tooltip's help.
struct SourceText {
  InputSource source;
  const char* label;
  const char* help;
};
constexpr SourceText kSourceTexts[] = {
    {InputSource::Lesson, "Default lesson",
     "3 1 7 0 4 1 6 3, the worked example of PMPP chapter 8"},
    {InputSource::Random, "Random",
     "small random integers from a seed: the same seed gives the same input"},
    {InputSource::Ones, "All ones", "1 1 1 ...: the inclusive scan counts 1, 2, 3, ..."},
    {InputSource::Ascending, "Ascending", "0 1 2 3 ..."},
    {InputSource::Typed, "Typed values",
     "numbers typed or pasted, separated by commas, spaces or new lines"},
    {InputSource::File, "From a file", "a text file of numbers"}};

const SourceText& sourceText(InputSource s) {
  for (const SourceText& row : kSourceTexts)
    if (row.source == s) return row;
  return kSourceTexts[0];
}

const char* sourceLabel(InputSource s) {
  return sourceText(s).label;
}

const char* sourceHelp(InputSource s) {
  return sourceText(s).help;
}

void dimWrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

// N for the generated patterns: typed, or halved and doubled (lessons use powers of two).
bool lengthControls(ScanOptions& c) {
  bool changed = false;
  ImGui::TextUnformatted("N");
  ImGui::SameLine();
  const float button = ImGui::GetFrameHeight() * 1.6f;
  ImGui::SetNextItemWidth(-2 * (button + ImGui::GetStyle().ItemSpacing.x));
  changed = editNumber("##n", ImGuiDataType_S64, "%lld", c.n);
  ImGui::SameLine();
  if (ImGui::Button("/2", ImVec2(button, 0)) && c.n > 1) {
    c.n = std::max(1ll, c.n / 2);
    changed = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("x2", ImVec2(button, 0))) {
    c.n = std::max(1ll, c.n * 2);
    changed = true;
  }
  return changed;
}

bool seedControls(ScanOptions& c) {
  bool changed = false;
  ImGui::TextUnformatted("Seed");
  ImGui::SameLine();
  const float button = ImGui::CalcTextSize("New seed").x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SetNextItemWidth(-(button + ImGui::GetStyle().ItemSpacing.x));
  changed = editNumber("##seed", ImGuiDataType_U32, "%u", c.seed);
  ImGui::SameLine();
  if (ImGui::Button("New seed")) {
    c.seed = c.seed * 1664525u + 1013904223u;  // any other seed will do; this one is reproducible
    changed = true;
  }
  return changed;
}

bool typedControls(ScanOptions& c) {
  ImGui::InputTextMultiline("##values", &c.typedValues,
                            ImVec2(-1, ImGui::GetTextLineHeight() * 4.5f));
  bool changed = ImGui::IsItemDeactivatedAfterEdit();
  if (ImGui::Button("Apply")) changed = true;
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("commas, spaces or new lines between numbers");
  ImGui::PopStyleColor();
  return changed;
}

bool fileControls(UiContext& ui, ScanOptions& c) {
  const float button = ImGui::CalcTextSize("Browse...").x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SetNextItemWidth(-(button + ImGui::GetStyle().ItemSpacing.x));
  ImGui::InputTextWithHint("##file", "path of a file of numbers", &c.inputFile);
  const bool changed = ImGui::IsItemDeactivatedAfterEdit();
  ImGui::SameLine();
  if (ImGui::Button("Browse..."))
    ui.files.open(FileDialog::Mode::Open, FileDialog::Purpose::InputValues,
                  "Input values from a file", ".");
  return changed;
}

bool inputControls(UiContext& ui, ScanOptions& c) {
  bool changed = false;
  ImGui::SetNextItemWidth(-ImGui::GetFrameHeight() * 1.4f);
  if (ImGui::BeginCombo("##source", sourceLabel(c.source))) {
    for (const SourceText& row : kSourceTexts) {
      const InputSource s = row.source;
      if (ImGui::Selectable(sourceLabel(s), s == c.source)) {
        changed = s != c.source && s != InputSource::File;
        if (s == InputSource::Typed && c.typedValues.empty())
          c.typedValues = "3, 1, 7, 0, 4, 1, 6, 3";
        c.source = s;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sourceHelp(s));
    }
    ImGui::EndCombo();
  }
  helpMarker(
      "The default lesson is the seeds' worked example (PMPP chapter 8). Random inputs are "
      "small integers that never overflow int32 for the chosen operator; the seed makes them "
      "reproducible.");
  switch (c.source) {
    case InputSource::Lesson:
      dimWrapped(sourceHelp(c.source));
      break;
    case InputSource::Random:
      changed |= lengthControls(c);
      changed |= seedControls(c);
      break;
    case InputSource::Ones:
    case InputSource::Ascending:
      changed |= lengthControls(c);
      break;
    case InputSource::Typed:
      changed |= typedControls(c);
      break;
    case InputSource::File:
      changed |= fileControls(ui, c);
      break;
  }
  return changed;
}

bool blockSizeCombo(const UiContext& ui, ScanOptions& c) {
  bool changed = false;
  std::string current = c.blockSize == 0 ? std::string("auto") : std::to_string(c.blockSize);
  if (c.blockSize == 0 && ui.state.hasTrace())
    current += " (" + std::to_string(ui.state.trace().meta.blockSize) + ")";
  ImGui::SetNextItemWidth(-ImGui::GetFrameHeight() * 1.4f);
  if (ImGui::BeginCombo("##block", current.c_str())) {
    if (ImGui::Selectable("auto: the smallest block whose section holds N", c.blockSize == 0)) {
      changed = c.blockSize != 0;
      c.blockSize = 0;
    }
    for (int b = kMinBlockSize; b <= kMaxBlockSize; b *= 2) {
      if (ImGui::Selectable(std::to_string(b).c_str(), c.blockSize == b)) {
        changed = c.blockSize != b;
        c.blockSize = b;
      }
    }
    ImGui::EndCombo();
  }
  helpMarker(
      "Threads per block. A block scans one section in shared memory: one element per thread "
      "(Kogge-Stone), two (the tree scans, Blelloch) or the coarsening factor (a coarsened scan). "
      "Inputs longer than a section are scanned hierarchically.");
  return changed;
}

template <class E, size_t K>
bool enumCombo(const char* id, E& value, const std::array<std::pair<E, const char*>, K>& items,
               const char* help) {
  bool changed = false;
  const char* current = items[0].second;
  for (const auto& [v, name] : items)
    if (v == value) current = name;
  ImGui::SetNextItemWidth(-ImGui::GetFrameHeight() * 1.4f);
  if (ImGui::BeginCombo(id, current)) {
    for (const auto& [v, name] : items) {
      if (ImGui::Selectable(name, v == value)) {
        changed = v != value;
        value = v;
      }
    }
    ImGui::EndCombo();
  }
  helpMarker(help);
  return changed;
}

// "add  (+)", "max", "min", "mul  (\xC3\x97)": the operators' table as the combo lists it.
const std::array<std::pair<Operator, const char*>, kOperatorCount>& operatorItems() {
  static const std::array<std::string, kOperatorCount> labels = [] {
    std::array<std::string, kOperatorCount> l;
    for (int i = 0; i < kOperatorCount; ++i) {
      const auto op = static_cast<Operator>(i);
      l[i] = std::string(operatorName(op));
      if (operatorSymbol(op) != operatorName(op))
        l[i] += "  (" + std::string(operatorSymbol(op)) + ")";
    }
    return l;
  }();
  static const std::array<std::pair<Operator, const char*>, kOperatorCount> items = [] {
    std::array<std::pair<Operator, const char*>, kOperatorCount> a;
    for (int i = 0; i < kOperatorCount; ++i) a[i] = {static_cast<Operator>(i), labels[i].c_str()};
    return a;
  }();
  return items;
}

bool scanControls(const UiContext& ui, ScanOptions& c) {
  bool changed = false;
  ImGui::TextUnformatted("Block size");
  changed |= blockSizeCombo(ui, c);
  ImGui::TextUnformatted("Operator");
  changed |= enumCombo<Operator, kOperatorCount>(
      "##op", c.op, operatorItems(),
      "Any associative operator scans: the identity (0 for add, 1 "
      "for mul, the smallest value for max) "
      "pads partial sections.");
  ImGui::TextUnformatted("Type");
  changed |= enumCombo<DType, 2>(
      "##dtype", c.dtype, {{{DType::Int32, "int32"}, {DType::Float32, "float32"}}},
      "float32 add and mul are not associative: parallel results differ from the "
      "sequential ones by rounding, within a stated tolerance.");
  if (ImGui::RadioButton("inclusive", !c.exclusive) && c.exclusive) {
    c.exclusive = false;
    changed = true;
  }
  ImGui::SameLine();
  if (ImGui::RadioButton("exclusive", c.exclusive) && !c.exclusive) {
    c.exclusive = true;
    changed = true;
  }
  helpMarker(
      "Inclusive: y[i] = x[0] + ... + x[i]. Exclusive: y[i] = x[0] + ... + x[i-1], y[0] = "
      "identity.");
  return changed;
}

bool backendControls(const UiContext& ui, ScanOptions& c) {
  const bool changed = enumCombo<BackendChoice, 3>(
      "##backend", c.backend,
      {{{BackendChoice::Auto, "Auto"},
        {BackendChoice::Cuda, "CUDA GPU"},
        {BackendChoice::Cpu, "CPU emulator"}}},
      "Auto runs on the GPU when one answers and on the CPU emulator otherwise. The emulator runs "
      "the same algorithm code as the GPU kernel, thread by thread between barriers, so its traces "
      "equal the GPU's for integer inputs.");
  // The worker probed CUDA during the first capture; before that, asking would block the window.
  if (ui.state.hasTrace()) {
    const CudaStatus& cuda = cudaStatus();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    if (cuda.available) {
      ImGui::TextWrapped("GPU: %s", cuda.device.c_str());
    } else {
      // One short line; what CUDA said is behind the (?), for whoever asks.
      ImGui::TextUnformatted(noGpuSummary().c_str());
    }
    ImGui::PopStyleColor();
    if (!cuda.available) helpMarker(cuda.message.c_str());
  }
  return changed;
}

}  // namespace

void drawControlsPanel(UiContext& ui) {
  ScanOptions& c = ui.state.config;
  bool changed = false;
  sectionHeading(ui, "Algorithm");
  changed |= algorithmCombo(c);
  sectionHeading(ui, "Input");
  changed |= inputControls(ui, c);
  sectionHeading(ui, "Scan");
  changed |= scanControls(ui, c);
  sectionHeading(ui, "Backend");
  changed |= backendControls(ui, c);
  if (changed) ui.state.recapture();
}

}  // namespace scanviz
