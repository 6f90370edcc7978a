// The kernel source of a trace's algorithm and the lines that did the step on screen: the
// parallel blocks before the barrier that recorded it. Found from the step's kind in the embedded
// sources (kernels/), so the panel follows the code as it is, not a copy that can drift.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

struct SourceFile {
  std::string path;  // "kernels/block/brent_kung.h"
  std::vector<std::string> lines;
};

// The compiled-in sources, by path.
const std::vector<SourceFile>& kernelSources();
const SourceFile* findSource(const std::string& path);

struct StepSource {
  const SourceFile* file = nullptr;  // null: no kernel source for this algorithm
  int firstLine = -1;                // 0-based, inclusive; -1: no lines for this step
  int lastLine = -1;
  std::string note;  // why nothing is highlighted, when nothing is
};

// The algorithm's own file, as its descriptor names it (AlgorithmDescriptor::codeFile).
const SourceFile* algorithmSource(const std::string& algorithmKey);

StepSource sourceForStep(const Trace& t, int step);

// The same search over given files (tests use hand-made ones): `files` in search order.
StepSource findStepLines(const std::vector<const SourceFile*>& files,
                         const std::vector<SourceFile>& all, int stepKind);

}  // namespace scanviz
