// The kernel editor (File > Write a kernel, K, or `scanviz --kernel FILE.cu`): a student types or
// opens a CUDA scan kernel, Ctrl+Enter runs it on the emulator of students' kernels
// (app/core/student) over the controls' input, the verdict is shown with its source lines marked,
// and the run takes the lesson's place, so every view draws the student's steps; "Steps of ALG"
// shows the built-in algorithm's on the same input beside it in Compare.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "app/ui/shell/ui_context.h"

namespace scanviz::student {
class GpuSession;
}

namespace scanviz {

struct KernelVerdictView {
  std::string verdict;  // "correct", "race", ..., "compile error", "bad input"
  std::string message;
  std::string stepsNote;
  int line = 0;
  int otherLine = 0;
  int steps = 0;
};

struct KernelEditorState {
  bool open = false;
  std::string path;    // where Ctrl+S in the editor saves; empty: not saved yet
  std::string source;  // what the editor holds
  std::string like;    // the algorithm it should behave like (a key); empty: the controls'
  bool dirty = false;
  bool runRequested = false;  // Ctrl+Enter, the Run button or --kernel: run at the next frame
  bool ran = false;
  int placedFor = -1;  // the presentation mode the window was placed for (-1: not yet)
  // As last drawn, in framebuffer pixels, for the frame report: the source's and the verdict's
  // text heights and the window's box (x, y, width, height).
  float sourcePx = 0;
  float verdictPx = 0;
  float box[4] = {0, 0, 0, 0};
  KernelVerdictView last;
  // The GPU's child process, kept from one run to the next (kernel_gpu.h); made at the first
  // run on a GPU.
  std::shared_ptr<student::GpuSession> gpu;
};

// Reads FILE.cu into the editor and opens it; what is wrong when it cannot be read, else empty.
std::string openKernelFile(KernelEditorState& editor, const std::string& path);

// Draws the editor window while it is open, and runs the kernel when a run was requested.
void drawKernelEditor(UiContext& ui, KernelEditorState& editor);

// Runs the editor's kernel now: the verdict into the editor, the run on screen as the lesson.
void runEditorKernel(AppState& state, KernelEditorState& editor);

// What the frame report says of the editor (tests read it): file, verdict, lines.
nlohmann::json kernelEditorReport(const KernelEditorState& editor);

}  // namespace scanviz
