// The capture options that `scanviz capture`, `export`, `quiz` and the window all take:
// --algorithm, --input | --input-file | --n [--seed --pattern], --block-size, --coarsening,
// --operator, --dtype, --exclusive | --inclusive, --backend, --flags | --segments and the
// emulator's options. Their names, defaults and help are the table of capture_option_table.h;
// they are read here, once, into one ScanOptions value, so every front end reports a bad value in
// the same words.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/core/capture/capture_config.h"
#include "app/options/args.h"

namespace scanviz {

const std::set<std::string>& captureValueOptions();
const std::set<std::string>& captureFlags();

// The value of a --key that must hold `rule` (kBlockSizes, kCoarsenings), `fallback` when absent.
// Checked as typed, so 2147483648 is named as given. Throws InputError naming the option and the
// rule. Every command that takes --block-size reads it through here.
int powerOfTwoOption(const Args& a, const std::string& key, const PowerOfTwoRange& rule,
                     int fallback);

// Every capture option read into one value; a spot-the-bug lesson's id as --algorithm brings the
// lesson's input and schedule for the options left out. The values themselves (typed, in a file)
// are read by toCaptureRequest, once. Throws UsageError (a name that is not one of the choices,
// conflicting options, flags for a scan without segments) or InputError (a value out of range).
ScanOptions scanOptionsFromArgs(const Args& a);

// The request of options read by scanOptionsFromArgs from `a`: the input read or generated, and
// the head flags (or a select's keep-flags) --flags or --segments give, checked against it.
// Throws InputError naming the problem.
CaptureRequest captureRequestOf(const ScanOptions& options, const Args& a);

// Both in one: what `scanviz capture` runs.
CaptureRequest captureRequestFromArgs(const Args& a);

// The head flags of n values that --flags or --segments give (at most one of them; element 0
// always starts a segment), none when neither is given. Shared by capture and by the
// applications whose flags are segment heads. Throws UsageError (both given) or InputError.
std::optional<std::vector<uint8_t>> givenHeadFlags(const Args& a, size_t n);

}  // namespace scanviz
