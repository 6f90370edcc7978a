// Compare: two to four algorithms on the lesson's input, operator and dtype, each in its natural
// form (inclusive or exclusive) unless one form is chosen for all, or the
// lesson on two backends (the GPU-vs-CPU diff). Every lane is captured in the background on a
// worker of its own, except that a lesson opened from a sample trace brings its siblings: the
// other algorithms' GPU traces of the same run (sibling_traces.h). One playback moves all lanes
// together over the synchronisation plan (compare_sync.h). The compare panel reads this; no UI.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/capture_config.h"
#include "app/core/capture/capture_worker.h"
#include "app/core/capture/sibling_traces.h"
#include "app/core/playback/compare_sync.h"
#include "app/core/playback/playback.h"
#include "app/core/support/enum_keys.h"
#include "app/core/support/non_copyable.h"
#include "app/core/trace/trace.h"
#include "app/core/trace/trace_diff.h"

namespace scanviz {

enum class CompareKind { Algorithms, BackendDiff };

// Which scan the algorithm lanes run. Natural: each its own (Blelloch's down-sweep and
// kogge-stone-exclusive leave the exclusive scan, the others the inclusive one), so that no lane
// pays a conversion step the lecture's formulas leave out; or one form for all, chosen by the user.
enum class CompareForm { Natural, Inclusive, Exclusive };
inline constexpr EnumKey<CompareForm> kCompareFormKeys[] = {{CompareForm::Natural, "natural"},
                                                            {CompareForm::Inclusive, "inclusive"},
                                                            {CompareForm::Exclusive, "exclusive"}};
// True when a lane of algorithm `id` runs the exclusive scan under `form`.
bool compareLaneExclusive(CompareForm form, AlgorithmId id);

struct CompareLane {
  std::string title;                   // "Kogge-Stone", "GPU (CUDA)", "trace file", "CPU emulator"
  std::shared_ptr<const Trace> trace;  // null while capturing or after an error
  std::string error;
  std::string backendNote;  // why `auto` fell back to the emulator, if it did
  std::string origin;       // the trace file shown, when it was not captured
  bool capturing = false;
};

// What Compare works from: the lesson on screen.
struct CompareBase {
  ScanOptions config;                   // the configuration that captured it
  std::shared_ptr<const Trace> lesson;  // null while nothing is on screen
  std::string traceFile;                // non-empty: the lesson was opened from this file
};

class CompareModel : NonCopyable {
 public:
  static constexpr size_t kMinAlgorithms = 2;
  static constexpr size_t kMaxAlgorithms = 4;

  CompareModel() = default;

  // Duplicates are dropped and at most kMaxAlgorithms kept.
  void setAlgorithms(std::vector<AlgorithmId> ids);
  const std::vector<AlgorithmId>& algorithms() const { return algorithms_; }
  void setKind(CompareKind k) { kind_ = k; }
  CompareKind kind() const { return kind_; }
  void setSync(CompareSync s) {
    dirty_ |= s != sync_;
    sync_ = s;
  }
  CompareSync sync() const { return sync_; }
  void setForm(CompareForm f) { form_ = f; }
  CompareForm form() const { return form_; }
  // What the plan uses: the diff pairs equal steps, so it always goes by step.
  CompareSync effectiveSync() const;

  // Call once a frame while Compare is on screen: captures the lanes whose configuration changed,
  // takes finished captures and rebuilds the plan. True when what the lanes show changed.
  bool update(const CompareBase& base);
  bool busy() const;
  // Blocks until every lane's capture finished (tests and scripted runs).
  void waitIdle();

  const std::vector<CompareLane>& lanes() const { return lanes_; }
  // Why no lanes can be shown (the diff without a GPU or GPU trace, an input the trace kept only
  // in part); empty otherwise.
  const std::string& problem() const { return problem_; }
  const SyncPlan& plan() const { return plan_; }
  // The step lane `i` shows now; -1 when it has no trace.
  int laneStep(size_t i) const { return laneStepAt(plan_, i, playback.step()); }
  // Goes to global position g once every lane is captured (--step with --compare).
  void requestPosition(int g);

  // The backend diff once both lanes have traces.
  const std::optional<TraceDiffSummary>& diff() const { return diff_; }
  // The cells that differ at the step on screen (lane 0's step); identical when there is no diff.
  StepCellDiff shownStepDiff() const;

  Playback playback;  // over plan().positions

 private:
  struct LaneSpec {
    std::string title;
    std::optional<ScanOptions> config;   // captured in the background
    std::shared_ptr<const Trace> fixed;  // shown as it is (the lesson's trace file)
    std::string key;                     // what identifies the request
    std::string origin;                  // the file `fixed` came from
    std::string error;                   // why the lane can be neither captured nor loaded
  };
  struct LanePlan {
    std::vector<LaneSpec> lanes;
    std::string problem;
  };

  LanePlan planLanes(const CompareBase& base) const;
  LanePlan algorithmLanes(const CompareBase& base) const;
  LanePlan diffLanes(const CompareBase& base) const;
  bool apply(LanePlan plan);
  bool collect();
  void replan();
  // Lanes exist and none is capturing: a requested position can be applied.
  bool settled() const;
  CaptureWorker& worker(size_t i);

  std::vector<AlgorithmId> algorithms_ = algorithmsWithRole(kRoleCompared);
  CompareKind kind_ = CompareKind::Algorithms;
  CompareSync sync_ = CompareSync::ByStep;
  CompareForm form_ = CompareForm::Natural;
  std::vector<CompareLane> lanes_;
  std::vector<std::string> keys_;
  std::vector<uint64_t> submitted_;
  std::string problem_;
  SyncPlan plan_;
  std::optional<TraceDiffSummary> diff_;
  std::optional<int> pendingPosition_;
  bool dirty_ = true;
  // The sample traces of the other algorithms on the lesson's run (a cache of files read).
  mutable SiblingTraces siblings_;
  std::vector<std::unique_ptr<CaptureWorker>> workers_;  // last: their threads stop first
};

}  // namespace scanviz
