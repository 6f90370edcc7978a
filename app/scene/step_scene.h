// What a builder of a picture starts from: the text sizes, the colours and the text measure
// (SceneLook, every cell picture), and for one step's picture (the array view, the heat view) the
// request, its trace and step, held once.
#pragma once

#include <cstddef>

#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"

namespace scanviz {

class SceneLook {
 protected:
  SceneLook(const ArraySceneStyle& style, const ViewPalette& pal, const MeasureText& measure)
      : style_(style), pal_(pal), measure_(measure) {}

  const ArraySceneStyle& style_;
  const ViewPalette& pal_;
  const MeasureText& measure_;
};

// Request: a scene request with `trace` (not null): the request and its trace, held once.
template <class Request>
class TraceSceneInputs : protected SceneLook {
 public:  // a builder takes these as its own constructor (using TraceSceneInputs::TraceSceneInputs)
  TraceSceneInputs(const Request& rq, const ArraySceneStyle& style, const ViewPalette& pal,
                   const MeasureText& measure)
      : SceneLook(style, pal, measure), rq_(rq), t_(*rq.trace) {}

 protected:
  const Request& rq_;
  const Trace& t_;
};

// Request: a scene request with `trace` (not null) and `step` (one of its steps).
template <class Request>
class StepSceneInputs : protected TraceSceneInputs<Request> {
 protected:
  StepSceneInputs(const Request& rq, const ArraySceneStyle& style, const ViewPalette& pal,
                  const MeasureText& measure)
      : TraceSceneInputs<Request>(rq, style, pal, measure),
        s_(this->t_.steps[static_cast<std::size_t>(rq.step)]) {}

  using TraceSceneInputs<Request>::rq_;
  using TraceSceneInputs<Request>::t_;
  const TraceStep& s_;
};

}  // namespace scanviz
