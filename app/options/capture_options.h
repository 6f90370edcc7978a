// The capture options that `scanviz capture` and the window both take: --algorithm,
// --input | --input-file | --n [--seed --pattern], --block-size, --coarsening, --operator, --dtype,
// --exclusive | --inclusive, --backend and the emulator's options. Parsed here, once, so that both
// report a bad value in the same words.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/options/args.h"

namespace scanviz {

const std::set<std::string>& captureValueOptions();
const std::set<std::string>& captureFlags();
// Throws UsageError (a name that is not one of the choices, conflicting sources) or InputError
// (a value out of range, input that does not parse).
CaptureRequest captureRequestFromArgs(const Args& a);

// The head flags of n values that --flags or --segments give (at most one of them; element 0
// always starts a segment), none when neither is given. Shared by capture and by the
// applications whose flags are segment heads. Throws UsageError (both given) or InputError.
std::optional<std::vector<uint8_t>> givenHeadFlags(const Args& a, size_t n);

}  // namespace scanviz
