// The structure of one block's scan where it is not a tree, drawn from the trace as rows of the
// section's cells (one per recorded step, the input above) with the arrows of each step:
//  - Hillis-Steele's two buffers (seed 004's pointer swap): each step reads one buffer and writes
//    the other, the rows alternate A, B, A, ... and say which is read, which written, and the swap;
//    elements below the stride are copied so that the next step can read the whole buffer.
//  - Three-phase's corner-turned load (PMPP 8.5, Fig. 8.7): global memory above shared memory, each
//    element tinted and marked with the thread that loads it; in pass k thread t loads element
//    k*T + t, so consecutive threads read consecutive addresses (one coalesced access a pass),
//    although each thread then scans C consecutive elements of its own (its subsection, tinted by
//    owner), drawn as a chain inside the row; phases 2 and 3 follow.
//  - Exclusive Kogge-Stone (PMPP Fig. 8.3): the input X above the shifted row, the identity in
//    front and X[i-1] in element i, then the Kogge-Stone iterations.
// Values, ranges and arrows all come from the recorded steps; rows of later steps are empty until
// reached, and the cells the shown step writes are highlighted. GUI-free, like every scene.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"
#include "app/scene/figure_scene.h"

namespace scanviz {

// The row figures draw every element in a row: up to this many.
constexpr int kMaxSectionFigureElements = 64;

enum class SectionFigureKind { None, DoubleBuffer, CornerTurn, ShiftedInput };

// Which of the figures a one-block trace has, read from its step kinds.
SectionFigureKind sectionFigureKind(const Trace& t);
// Why this trace has no section figure (too long); empty when it has one.
std::string sectionFigureProblem(const Trace& t);

// The corner-turned load of a coarsened section: in pass k, thread t loads element k*T + t (the
// kernel's loadSection, kernels/block/section_io.h). Each pass lists its threads' addresses in
// thread order.
struct LoadAccess {
  int thread = 0;
  int element = 0;
};
std::vector<std::vector<LoadAccess>> cornerTurnedLoad(const Trace& t);

// The buffer each step of a double-buffered run writes ('A' for the load's, then alternating),
// indexed by step; 0 for steps that write neither.
std::vector<char> bufferWritten(const Trace& t);

// buildFigureScene's figure for such a trace; it has checked figureProblem, which includes
// sectionFigureProblem.
Scene buildSectionFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                              const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
