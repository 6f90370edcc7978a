// --measure-recapture K: how long the window takes from a changed control to the first frame that
// shows the new capture whole (issue 19: a 2^20 grid trace within 150 ms, a block trace within 30
// ms, so that dragging a control is live). The plan changes one control at a time, as a user does;
// the report prints every sample with where its time went, and the medians.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/core/capture/capture_config.h"
#include "app/ui/shell/app_state.h"

namespace scanviz {

enum class RecaptureChange { Operator, BlockSize, Length };

struct PlannedRecapture {
  RecaptureChange change = RecaptureChange::Operator;
  ScanOptions config;  // the controls after the change
};

// `count` captures, each differing from the one before in one control: the operator (add and max,
// or max and min), the block size (the shown `blockSize` and half of it) and, for generated inputs,
// N (the shown N and 15/16 of it), in turn.
std::vector<PlannedRecapture> recapturePlan(const ScanOptions& shown, int blockSize, int count);

struct RecaptureSample {
  RecaptureChange change = RecaptureChange::Operator;
  long long n = 0;
  int blockSize = 0;
  std::string op;
  RecaptureTiming timing;
};

std::string_view recaptureChangeName(RecaptureChange c);

// The table and the medians; `first` is the capture the window opened with (CUDA start-up
// included), `device` what ran them.
std::string recaptureReport(const std::vector<RecaptureSample>& samples,
                            const std::optional<RecaptureTiming>& first, const std::string& lesson,
                            const std::string& device);

}  // namespace scanviz
