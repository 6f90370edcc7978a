#include "app/core/playback/compare_model.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/no_gpu_message.h"
#include "app/core/capture/config_json.h"
#include "app/core/trace/trace_config.h"

namespace scanviz {
namespace {

std::string configKey(const std::string& tag, const ScanOptions& c) {
  return tag + captureConfigToJson(c).dump();
}

// Keeps the place when the plan changes: the same value on the same axis, else the same share
// of the way.
int carriedPosition(const SyncPlan& before, int g, const SyncPlan& after) {
  if (before.positions.empty() || after.positions.empty()) return 0;
  const int last = static_cast<int>(before.positions.size()) - 1;
  const double value = before.positions[static_cast<size_t>(std::clamp(g, 0, last))];
  if (before.basis == after.basis) return positionIndexNear(after, value);
  const double share = last > 0 ? static_cast<double>(std::clamp(g, 0, last)) / last : 0.0;
  return static_cast<int>(std::lround(share * static_cast<double>(after.positions.size() - 1)));
}

}  // namespace

bool compareLaneExclusive(CompareForm form, AlgorithmId id) {
  switch (form) {
    case CompareForm::Natural:
      return exclusiveByNature(id);
    case CompareForm::Inclusive:
      return false;
    case CompareForm::Exclusive:
      break;
  }
  return true;
}

void CompareModel::setAlgorithms(std::vector<AlgorithmId> ids) {
  std::vector<AlgorithmId> kept;
  for (AlgorithmId id : ids)
    if (std::find(kept.begin(), kept.end(), id) == kept.end() && kept.size() < kMaxAlgorithms)
      kept.push_back(id);
  algorithms_ = std::move(kept);
}

CompareSync CompareModel::effectiveSync() const {
  return kind_ == CompareKind::BackendDiff ? CompareSync::ByStep : sync_;
}

CompareModel::LanePlan CompareModel::algorithmLanes(const CompareBase& base) const {
  LanePlan p;
  std::optional<ScanOptions> config = base.config;
  std::string why;
  if (!base.traceFile.empty()) {
    try {
      config = configFromTrace(*base.lesson, BackendChoice::Auto);
      // Each algorithm at its own lesson block size for this N, as a fresh capture would be.
      config->blockSize = 0;
      config->coarsening = kDefaultCoarsening;
    } catch (const InputError& e) {
      config.reset();
      why = std::string("no sample trace of this run, and it cannot be captured: ") + e.what();
    }
  }
  for (AlgorithmId id : algorithms_) {
    LaneSpec lane;
    lane.title = std::string(algorithmInfo(id).name);
    const bool exclusive = compareLaneExclusive(form_, id);
    if (!base.traceFile.empty()) {
      // The lesson's own file, or a sibling's, only where it ran the form this lane runs.
      const bool lessonItself = base.lesson->meta.algorithm == algorithmInfo(id).key &&
                                base.lesson->meta.inclusive == !exclusive;
      lane.fixed =
          lessonItself ? base.lesson : siblings_.find(base.traceFile, *base.lesson, id, !exclusive);
      lane.origin = lessonItself
                        ? base.traceFile
                        : siblingTracePath(base.traceFile, base.lesson->meta.algorithm, id);
    }
    if (lane.fixed) {
      lane.key = "trace:" + lane.origin + ":" +
                 std::to_string(reinterpret_cast<uintptr_t>(lane.fixed.get()));
    } else if (config) {
      lane.origin.clear();
      lane.config = config;
      lane.config->algorithm = id;
      lane.config->exclusive = exclusive;
      lane.key = configKey("algorithm:", *lane.config);
    } else {
      lane.error = why;
      lane.key = "error:" + std::string(algorithmInfo(id).key) + ":" + why;
    }
    p.lanes.push_back(std::move(lane));
  }
  return p;
}

CompareModel::LanePlan CompareModel::diffLanes(const CompareBase& base) const {
  LanePlan p;
  if (!base.traceFile.empty()) {
    // The subtitle names the file; the title says what it is.
    LaneSpec file{"Recorded trace (" + base.lesson->meta.backend + ")",
                  std::nullopt,
                  base.lesson,
                  "file:" + base.traceFile,
                  base.traceFile,
                  ""};
    file.key += ":" + std::to_string(reinterpret_cast<uintptr_t>(base.lesson.get()));
    LaneSpec cpu{"CPU emulator, captured now", std::nullopt, nullptr, "", "", ""};
    try {
      cpu.config = configFromTrace(*base.lesson, BackendChoice::Cpu);
    } catch (const InputError& e) {
      p.problem = std::string("cannot diff this trace against the emulator: ") + e.what();
      return p;
    }
    cpu.key = configKey("diff-cpu:", *cpu.config);
    p.lanes = {std::move(file), std::move(cpu)};
    return p;
  }
  const CudaStatus& cuda = cudaStatus();
  if (!cuda.available) {
    p.problem = "no GPU to diff against (" + noGpuSummary() +
                "). Open a GPU trace (File > Open sample trace) and the diff compares it with a "
                "fresh capture on the CPU emulator.";
    return p;
  }
  ScanOptions gpu = base.config, cpu = base.config;
  gpu.backend = BackendChoice::Cuda;
  cpu.backend = BackendChoice::Cpu;
  p.lanes.push_back(
      {"GPU (" + cuda.device + ")", gpu, nullptr, configKey("diff-gpu:", gpu), "", ""});
  p.lanes.push_back({"CPU emulator", cpu, nullptr, configKey("diff-cpu:", cpu), "", ""});
  return p;
}

CompareModel::LanePlan CompareModel::planLanes(const CompareBase& base) const {
  if (!base.lesson) return {};
  return kind_ == CompareKind::Algorithms ? algorithmLanes(base) : diffLanes(base);
}

CaptureWorker& CompareModel::worker(size_t i) {
  while (workers_.size() <= i) workers_.push_back(std::make_unique<CaptureWorker>());
  return *workers_[i];
}

bool CompareModel::apply(LanePlan plan) {
  bool changed = plan.problem != problem_ || plan.lanes.size() != lanes_.size();
  problem_ = std::move(plan.problem);
  lanes_.resize(plan.lanes.size());
  keys_.resize(plan.lanes.size());
  submitted_.resize(plan.lanes.size(), 0);
  for (size_t i = 0; i < plan.lanes.size(); ++i) {
    LaneSpec& spec = plan.lanes[i];
    if (keys_[i] == spec.key) continue;
    keys_[i] = spec.key;
    lanes_[i] = CompareLane{};
    lanes_[i].title = spec.title;
    lanes_[i].origin = spec.origin;
    lanes_[i].error = spec.error;
    if (spec.fixed) {
      lanes_[i].trace = spec.fixed;
    } else if (spec.config) {
      lanes_[i].capturing = true;
      submitted_[i] = worker(i).submit(*spec.config);
    }
    changed = true;
  }
  return changed;
}

bool CompareModel::collect() {
  bool changed = false;
  for (size_t i = 0; i < lanes_.size(); ++i) {
    if (!lanes_[i].capturing) continue;
    std::optional<CaptureResult> r = worker(i).take();
    if (!r || r->id != submitted_[i]) continue;
    CompareLane& lane = lanes_[i];
    lane.capturing = false;
    if (r->outcome) {
      lane.trace = std::make_shared<const Trace>(std::move(r->outcome->trace));
      lane.backendNote = std::move(r->outcome->backendNote);
    } else {
      lane.error = std::move(r->error);
    }
    changed = true;
  }
  return changed;
}

void CompareModel::replan() {
  std::vector<const Trace*> traces;
  for (const CompareLane& lane : lanes_) traces.push_back(lane.trace.get());
  SyncPlan next = planSync(traces, effectiveSync());
  int g = carriedPosition(plan_, playback.step(), next);
  if (pendingPosition_ && settled()) {
    g = *pendingPosition_;
    pendingPosition_.reset();
  }
  plan_ = std::move(next);
  const bool playing = playback.playing();
  playback.load(static_cast<int>(plan_.positions.size()), {}, g);
  if (playing) playback.play();
  diff_.reset();
  if (kind_ == CompareKind::BackendDiff && lanes_.size() == 2 && lanes_[0].trace && lanes_[1].trace)
    diff_ = summarizeDiff(*lanes_[0].trace, *lanes_[1].trace);
}

bool CompareModel::update(const CompareBase& base) {
  bool changed = apply(planLanes(base));
  changed |= collect();
  if (changed || dirty_ || (pendingPosition_ && settled())) replan();
  dirty_ = false;
  return changed;
}

bool CompareModel::busy() const {
  return std::any_of(lanes_.begin(), lanes_.end(),
                     [](const CompareLane& l) { return l.capturing; });
}

bool CompareModel::settled() const {
  return !lanes_.empty() && !busy();
}

void CompareModel::waitIdle() {
  for (auto& w : workers_) w->waitIdle();
}

void CompareModel::requestPosition(int g) {
  pendingPosition_ = std::max(0, g);
  dirty_ = true;
}

StepCellDiff CompareModel::shownStepDiff() const {
  if (!diff_ || lanes_.size() != 2) return {};
  const int step = std::max(0, laneStep(0));
  return diffStep(*lanes_[0].trace, *lanes_[1].trace, step);
}

}  // namespace scanviz
