// The cluster look-back (kernels/grid/cluster_lookback.h) drawn as PMPP Fig. 8.9 one level up,
// a column for each block's tile, as Fig. 8.9 has one for each element: every block's tile total;
// the totals scanned within each cluster, an arrow from every total a block reads from its
// neighbours' shared memory (DSMEM); the running total of each cluster, handed to the next
// cluster by the look-back through global memory; and each tile's prefix, the earlier clusters'
// running total combined with the totals before it in its own cluster. Clusters are bracketed
// under the rows. The totals and prefixes are read from the trace's whole-array rows; the scan
// within a cluster is computed from them in the kernel's order (Kogge-Stone), which the recorded
// cluster's own steps show. Rows of steps not yet reached are drawn empty. GUI-free.
#pragma once

#include <string>

#include "app/core/trace/trace.h"
#include "app/scene/figure_scene.h"

namespace scanviz {

// True when the trace is a cluster scan with whole-array rows (its step kinds say so).
bool isClusterScan(const Trace& t);

// buildFigureScene's figure for a cluster scan; it has checked figureProblem.
Scene buildClusterFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                              const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
