#include "app/options/application_options.h"

#include <cmath>

#include "app/core/applications/application_scan.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/support/did_you_mean.h"
#include "app/core/support/whole_number.h"
#include "app/options/capture_options.h"

namespace scanviz {
namespace {

double parseNumber(const std::string& name, const std::string& text) {
  const auto v = parseWholeNumber(text);
  if (!v || !std::isfinite(*v)) throw InputError("--" + name + " '" + text + "' is not a number");
  return *v;
}

// A number or list another application takes is a mistake worth naming.
void refuseOthersOptions(const ApplicationInfo& info, const Args& a) {
  const auto refuse = [&](std::string_view name, const ApplicationInfo& other) {
    if (a.has(std::string(name)) && applicationParameterIndex(info, name) < 0 &&
        applicationListIndex(info, name) < 0)
      throw UsageError("--" + std::string(name) + " belongs to " + std::string(other.key) +
                       ", not to " + std::string(info.key));
  };
  for (const ApplicationInfo& other : allApplications()) {
    for (const ApplicationParameter& p : other.parameters) refuse(p.name, other);
    for (const ApplicationList& l : other.lists) refuse(l.name, other);
  }
}

// The application's own numbers.
std::vector<double> parameters(const ApplicationInfo& info, const Args& a) {
  std::vector<double> values;
  for (const ApplicationParameter& p : info.parameters) {
    const auto given = a.get(std::string(p.name));
    values.push_back(given ? parseNumber(std::string(p.name), *given) : p.fallback);
  }
  return values;
}

// The application's own lists: given, else their defaults.
std::vector<std::vector<double>> lists(const ApplicationInfo& info, const Args& a) {
  std::vector<std::vector<double>> out;
  for (const ApplicationList& l : info.lists) {
    const auto given = a.get(std::string(l.name));
    out.push_back(parseValues(given ? *given : std::string(l.fallback), kMaxApplicationValues));
  }
  return out;
}

// "1,0,1": one 0 or 1 per value (their count is checked against the values by the application).
std::vector<uint8_t> parseFlags(const std::string& text) {
  std::vector<uint8_t> flags;
  for (double v : parseValues(text, kMaxApplicationValues)) {
    if (v != 0 && v != 1)
      throw InputError("--flags holds " + formatNumber(v) + "; give only 0 and 1");
    flags.push_back(static_cast<uint8_t>(v));
  }
  return flags;
}

// "quicksort-step": the applications whose flags are segment heads.
std::string segmentHeadApplications() {
  std::string keys;
  for (const ApplicationInfo& info : allApplications())
    if (info.flagsAreSegmentHeads) keys += (keys.empty() ? "" : ", ") + std::string(info.key);
  return keys;
}

}  // namespace

ApplicationArguments splitApplicationArguments(const std::vector<std::string>& args,
                                               const std::set<std::string>& valueOptions) {
  ApplicationArguments out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool option = a.rfind("--", 0) == 0;
    if (!option && out.id.empty()) {
      out.id = a;
      continue;
    }
    out.options.push_back(a);
    // The value after a value option is not the id, even when it looks like one.
    if (option && a.find('=') == std::string::npos && valueOptions.count(a.substr(2)) &&
        i + 1 < args.size())
      out.options.push_back(args[++i]);
  }
  return out;
}

ApplicationRequest applicationRequestFromArgs(const std::string& id, const Args& a) {
  if (id.empty())
    throw UsageError("name the application: scanviz apply ID (one of " + applicationKeyList() +
                     ")");
  const auto found = findApplication(id);
  if (!found)
    throw UsageError("'" + id + "' is not an application" + didYouMean(id, applicationKeys()) +
                     "; use one of " + applicationKeyList());
  ApplicationRequest r = defaultApplicationRequest(*found);
  const ApplicationInfo& info = applicationInfo(r.id);
  if (a.has("input") && a.has("input-file"))
    throw UsageError("give only one of --input and --input-file");
  if (a.has("input")) r.input.values = parseValues(*a.get("input"), kMaxApplicationValues);
  if (a.has("input-file"))
    r.input.values = readValuesFile(*a.get("input-file"), kMaxApplicationValues);
  // The default flags belong to the default values: other values bring their own, or none.
  if (a.has("input") || a.has("input-file")) r.input.flags.clear();
  refuseOthersOptions(info, a);
  r.input.parameters = parameters(info, a);
  r.input.lists = lists(info, a);
  if (info.flagsAreSegmentHeads) {
    if (auto heads = givenHeadFlags(a, r.input.values.size())) r.input.flags = *std::move(heads);
  } else if (a.has("segments")) {
    throw UsageError("--segments belongs to " + segmentHeadApplications() + ", not to " +
                     std::string(info.key));
  } else if (const auto flags = a.get("flags")) {
    r.input.flags = parseFlags(*flags);
  }
  if (const auto alg = a.get("algorithm")) {
    r.options.algorithm = findAlgorithm(*alg);
    if (!r.options.algorithm) throw UsageError(unknownAlgorithmMessage(*alg));
  }
  if (const auto d = a.get("dtype")) {
    r.options.dtype = parseDType(*d);
    if (!r.options.dtype) throw UsageError("--dtype '" + *d + "': use int32 or float32");
  }
  if (const auto b = a.get("backend")) {
    const auto backend = parseBackend(*b);
    if (!backend) throw UsageError("--backend '" + *b + "': use auto, cuda or cpu");
    r.options.backend = *backend;
  }
  r.scan = static_cast<int>(a.getInt("scan", 1, 1, 64)) - 1;
  return r;
}

}  // namespace scanviz
