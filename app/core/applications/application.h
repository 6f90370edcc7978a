// What scan is for: the seeds' applications, each a lesson. One table declares them (id, title,
// seed, default input, its numbers besides the values, how it runs its scans and how it answers
// in the domain's words); `scanviz list`, `scanviz apply`, the window and the tests all read it.
// Each application runs its scans as real kernels through capture() (the GPU when present, the
// emulator otherwise), so every scan it shows is a captured trace like any other lesson's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/trace/trace.h"

namespace scanviz {

enum class ApplicationId {
  Sandwich,
  LineOfSight,
  Polynomial,
  BackwardScan,
  Compaction,
  RadixSort,
  QuicksortStep,
  SparseMatrixVector,
  Count
};

// A number an application needs besides its values: the sandwich's length, the viewer's height,
// the x of the polynomial. Given on the command line as --NAME VALUE.
struct ApplicationParameter {
  std::string_view name;       // "length"
  std::string_view valueName;  // "INCHES"
  double fallback = 0;
  std::string_view help;  // one sentence
};

// A list an application needs besides its values: the sparse matrix's columns, the vector it
// multiplies. Given on the command line as --NAME "v,v,...".
struct ApplicationList {
  std::string_view name;       // "columns"
  std::string_view valueName;  // "C,C,..."
  std::string_view fallback;   // the default, written like --input
  std::string_view help;       // one sentence
};

struct ApplicationInput {
  std::vector<double> values;
  std::vector<double> parameters;  // in the order of ApplicationInfo::parameters, defaults filled
  std::vector<uint8_t> flags;      // --flags, one 0/1 per value; empty: the application's own
  std::vector<std::vector<double>> lists;  // in the order of ApplicationInfo::lists
};

// How an application's scans run; the application chooses the rest (operator, inclusive or
// exclusive, dtype when none is given).
struct ApplicationOptions {
  BackendChoice backend = BackendChoice::Auto;
  std::optional<AlgorithmId> algorithm;  // none: kogge-stone (inclusive) or blelloch (exclusive),
                                         // decoupled-lookback where one block cannot hold N
  std::optional<DType> dtype;            // none: int32 when every number is whole, else float32
};

// One scan of an application: what it computes in the domain's words and its captured trace.
struct ApplicationScan {
  std::string purpose;  // "cut positions: the inclusive sum of the requests"
  Trace trace;
  std::string backendNote;  // why `auto` fell back to the emulator, if it did
};

struct ApplicationRun {
  ApplicationId id = ApplicationId::Sandwich;
  ApplicationInput input;
  std::vector<ApplicationScan> scans;
  std::vector<double> result;  // the answer as a list (`scanviz apply --json`'s "result")
  std::string answer;          // the answer in the domain's words, one line per fact
};

struct ApplicationInfo {
  ApplicationId id;
  std::string_view key;    // the id of `scanviz apply ID`
  std::string_view title;  // display name
  std::string_view seed;   // where the seeds teach it
  std::string_view summary;
  std::string_view lesson;         // a paragraph: what the scan does for this domain
  std::string_view valuesMeaning;  // what --input holds: "inches each person wants"
  std::string_view defaultValues;  // the seed's example where it has one
  std::vector<ApplicationParameter> parameters;
  std::string_view flagsMeaning;  // what --flags says, e.g. "1: keep the element"; empty: none
  // Runs the scans and answers; throws InputError for input the domain cannot take.
  ApplicationRun (*run)(const ApplicationInput& in, const ApplicationOptions& options);
  // The plain sequential answer, for the tests: the same list as run's `result`.
  std::vector<double> (*reference)(const ApplicationInput& in);
  std::string_view defaultFlags = "";  // the flags of the default values; empty: none
  std::vector<ApplicationList> lists = {};
  // The flags are segment heads (1 starts a segment): --segments L,L,... may give them too.
  bool flagsAreSegmentHeads = false;
};

const std::vector<ApplicationInfo>& allApplications();
const ApplicationInfo& applicationInfo(ApplicationId id);
std::optional<ApplicationId> findApplication(std::string_view key);
// "sandwich, line-of-sight, ..." for error messages.
std::string applicationKeyList();
// The same keys one by one (for "did you mean").
std::vector<std::string> applicationKeys();

// The application's input with its default values and parameters.
ApplicationInput defaultApplicationInput(ApplicationId id);
// The index of a parameter in ApplicationInfo::parameters (of a list in ::lists), or -1.
int applicationParameterIndex(const ApplicationInfo& info, std::string_view name);
int applicationListIndex(const ApplicationInfo& info, std::string_view name);

// Checks the size of the input, then runs the application (the table's run). Throws InputError
// for bad input, BackendError when a scan cannot run.
ApplicationRun runApplication(ApplicationId id, const ApplicationInput& in,
                              const ApplicationOptions& options);

// Applications are lessons on inputs a lecturer can follow: at most this many values.
constexpr long long kMaxApplicationValues = 1 << 16;

}  // namespace scanviz
