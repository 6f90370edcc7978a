// What a builder of one step's picture starts from (the array view, the heat view): the request,
// its trace and step, the text sizes, the colours and the text measure, held once.
#pragma once

#include <cstddef>

#include "app/core/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"

namespace scanviz {

// Request: a scene request with `trace` (not null) and `step` (one of its steps).
template <class Request>
class StepSceneInputs {
 protected:
  StepSceneInputs(const Request& rq, const ArraySceneStyle& style, const ViewPalette& pal,
                  const MeasureText& measure)
      : rq_(rq),
        t_(*rq.trace),
        s_(t_.steps[static_cast<std::size_t>(rq.step)]),
        style_(style),
        pal_(pal),
        measure_(measure) {}

  const Request& rq_;
  const Trace& t_;
  const TraceStep& s_;
  const ArraySceneStyle& style_;
  const ViewPalette& pal_;
  const MeasureText& measure_;
};

}  // namespace scanviz
