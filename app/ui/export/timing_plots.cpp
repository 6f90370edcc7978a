#include "app/ui/export/timing_plots.h"

#include <algorithm>

#include "app/core/algorithms/scan_options.h"
#include "app/core/bench/bench_format.h"
#include "app/export/bench_plot.h"

namespace scanviz::timing_plots {
namespace {

constexpr uint32_t kFaintAlpha = 0x70;

// The subject's look among the run on screen's subjects; one past them for a subject it lacks.
SubjectLook subjectLook(const std::vector<TimingSeries>& all, const BenchSubject& subject) {
  std::vector<BenchSubject> subjects;
  for (const TimingSeries& t : all) subjects.push_back(t.subject);
  const std::vector<SubjectLook> looks = pairedSubjectLooks(subjects);
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].subject == subject) return looks[i];
  int slots = 0;
  for (const SubjectLook& l : looks) slots = std::max(slots, l.slot + 1);
  return {slots, false};
}

plot::Series lineSeries(const TimingSeries& t, const SubjectLook& look, const std::string& suffix) {
  plot::Series s;
  s.name = t.label + suffix;
  s.x = t.n;
  s.y = t.value;
  drawAsSubject(s, look);
  s.low = t.low;
  s.high = t.high;
  s.boxLow = t.quartileLow;
  s.boxHigh = t.quartileHigh;
  return s;
}

void addSeries(plot::PlotSpec& spec, const TimingState& s, const std::vector<TimingSeries>& all,
               const TimingRun* other, TimingMetric metric) {
  if (other) {
    const std::string suffix = " (run " + std::to_string(other->id) + ")";
    for (const TimingSeries& t : timingSeries(*other, comparedDType(*other, s.dtype), metric)) {
      if (s.hidden.count(t.label)) continue;
      plot::Series faintSeries = lineSeries(t, subjectLook(all, t.subject), suffix);
      faintSeries.color = faint(faintSeries.color);
      faintSeries.markers = false;
      faintSeries.low = faintSeries.high = faintSeries.boxLow = faintSeries.boxHigh = {};
      spec.series.push_back(std::move(faintSeries));
    }
  }
  for (const TimingSeries& t : timingSeries(*shownTimingRun(s), s.dtype, metric))
    if (!s.hidden.count(t.label))
      spec.series.push_back(lineSeries(t, subjectLook(all, t.subject), ""));
}

std::string sizeText(double n) {
  return formatBenchSize(static_cast<long long>(n));
}

}  // namespace

uint32_t faint(uint32_t color) {
  return (color & 0x00ffffffu) | (kFaintAlpha << 24);
}

DType comparedDType(const TimingRun& other, DType shown) {
  const std::vector<DType> dtypes = measuredDTypes(other);
  if (dtypes.empty() || std::find(dtypes.begin(), dtypes.end(), shown) != dtypes.end())
    return shown;
  return dtypes.front();
}

uint32_t subjectColor(const std::vector<TimingSeries>& all, const BenchSubject& subject) {
  return plot::seriesColor(subjectLook(all, subject).slot);
}

namespace {

// The plot in either form. The panel's is small beside two others (a projected window gives each
// about 350 x 230 pixels), so its title carries the unit instead of two axis-label rows, and its
// reference lines are labelled with their names and rates only; a picture has room for both.
plot::PlotSpec timingLinePlot(const TimingState& s, TimingPlotKind kind, plot::PlotSize size,
                              bool picture) {
  const bool time = kind == TimingPlotKind::TimeVsN;
  const TimingMetric metric = time ? TimingMetric::Milliseconds : TimingMetric::GigabytesPerSecond;
  const TimingRun& run = *shownTimingRun(s);
  const std::vector<TimingSeries> all = timingSeries(run, s.dtype, TimingMetric::Milliseconds);
  plot::PlotSpec spec;
  if (picture) {
    spec.title = time ? "Time per call vs N" : "Throughput vs N";
    spec.xLabel = "N (elements)";
    spec.yLabel = timingMetricLabel(metric);
  } else {
    spec.title = time ? "Time per call (ms) vs N" : "GB/s vs N (reads + writes)";
  }
  spec.xScale = plot::AxisScale::Log2;
  spec.yScale = plot::AxisScale::Log10;
  spec.legend = false;
  spec.size = size;
  spec.formatX = sizeText;
  spec.emptyText = "no points yet: run the benchmark";
  addSeries(spec, s, all, s.history.find(s.compareRun), metric);
  if (time) {
    spec.formatY = [](double ms) { return formatBenchDuration(ms); };
  } else {
    for (const TimingReference& r : bandwidthReferences(run, s.dtype))
      spec.references.push_back(
          {picture ? r.label : r.shortLabel, r.gigabytesPerSecond, subjectColor(all, r.subject)});
  }
  return spec;
}

}  // namespace

plot::PlotSpec linePlot(const TimingState& s, TimingPlotKind kind, plot::PlotSize size) {
  return timingLinePlot(s, kind, size, false);
}

plot::PlotSpec picturePlot(const TimingState& s, TimingPlotKind kind) {
  plot::PlotSpec spec = timingLinePlot(s, kind, {}, true);
  spec.legend = true;
  const TimingRun& run = *shownTimingRun(s);
  spec.title += ", " + std::string(dtypeName(s.dtype)) + "  \xC2\xB7  " +
                (run.cpu() ? std::string("CPU emulator (times show work)") : run.report.deviceName);
  return spec;
}

std::string unavailableReason(const TimingState& s) {
  const TimingRun* run = shownTimingRun(s);
  if (!run || run->report.points.empty())
    return "there is no timing plot yet: run the benchmark in the timing view (View > Timing, "
           "B) first";
  return {};
}

}  // namespace scanviz::timing_plots
