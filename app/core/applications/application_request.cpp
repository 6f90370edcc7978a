#include "app/core/applications/application_request.h"

#include "app/core/capture/capture.h"
#include "app/core/capture/capture_option_table.h"

namespace scanviz {
namespace {

// The scans take the algorithms a capture takes: the capture option's own choices.
std::vector<std::string> algorithmKeys() {
  for (const OptionSpec& o : captureOptionSection().options)
    if (o.name == "algorithm") return o.choices;
  return {};
}

std::string formatFallback(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

OptionSpec flagsOption() {
  return {"flags", "\"1,0,...\"", "the application's own",
          "One 0 or 1 per value, where the application takes flags (compaction: keep the "
          "element; quicksort-step: the key starts a segment)."};
}

OptionSpec segmentsOption() {
  return {"segments", "L,L,...", "",
          "Segment lengths adding up to the number of values, e.g. 3,2,3: the head flags they "
          "imply, where the application's flags are segment heads (quicksort-step)."};
}

// Every application's own numbers and lists, each once (two applications may share a name).
OptionSection parameterSection() {
  OptionSection s{"Application numbers", {}};
  const auto add = [&s](OptionSpec o) {
    for (const OptionSpec& known : s.options)
      if (known.name == o.name) return;
    s.options.push_back(std::move(o));
  };
  for (const ApplicationInfo& a : allApplications()) {
    for (const ApplicationParameter& p : a.parameters)
      add({std::string(p.name), std::string(p.valueName), formatFallback(p.fallback),
           std::string(p.help)});
    for (const ApplicationList& l : a.lists)
      add({std::string(l.name), std::string(l.valueName), std::string(l.fallback),
           std::string(l.help)});
  }
  return s;
}

}  // namespace

ApplicationRequest defaultApplicationRequest(ApplicationId id) {
  ApplicationRequest r;
  r.id = id;
  r.input = defaultApplicationInput(id);
  return r;
}

const std::vector<OptionSection>& applicationOptionSections() {
  static const std::vector<OptionSection> k = {
      {"Application input",
       {{"input", "\"v,v,...\"", "the seed's example",
         "The application's values (scanviz list says what they are for each)."},
        {"input-file", "FILE", "", "Read the values from a file ('-': standard input)."},
        flagsOption(),
        segmentsOption()}},
      parameterSection(),
      {"Scans",
       {{"algorithm", "ID", "kogge-stone / blelloch",
         "The scan algorithm of every scan (default: kogge-stone for inclusive and blelloch for "
         "exclusive scans, decoupled-lookback where one block cannot hold the input).",
         algorithmKeys()},
        {"dtype",
         "T",
         "int32 for whole numbers",
         "int32 or float32 (default: int32 when every number is whole, else float32).",
         {"int32", "float32"}},
        {"backend",
         "B",
         "auto",
         "Where the scans run: the GPU when present, else the emulator.",
         {"auto", "cuda", "cpu"}},
        {"scan", "K", "1",
         "Which of the application's scans --out writes and the window shows (1 = the first)."}}},
  };
  return k;
}

OptionSection applicationWindowSection() {
  std::vector<std::string> keys;
  for (const ApplicationInfo& a : allApplications()) keys.emplace_back(a.key);
  OptionSection s{"Application (scanviz apply ID with a window option opens it too)",
                  {{"application", "ID", "",
                    "Open an application of scan: its picture above the steps of its scan; "
                    "--input and the scan options then describe its values and scans.",
                    keys}}};
  for (const OptionSpec& o : parameterSection().options) s.options.push_back(o);
  s.options.push_back(applicationOptionSections().back().options.back());  // --scan
  // The capture options may name --flags themselves (segmented scans); then they are shared.
  bool captureFlags = false, captureSegments = false;
  for (const OptionSpec& o : captureOptionSection().options) {
    captureFlags |= o.name == "flags";
    captureSegments |= o.name == "segments";
  }
  if (!captureFlags) s.options.push_back(flagsOption());
  if (!captureSegments) s.options.push_back(segmentsOption());
  return s;
}

void checkScanIndex(const ApplicationRequest& request, const ApplicationRun& run) {
  const int count = static_cast<int>(run.scans.size());
  if (request.scan < 0 || request.scan >= count)
    throw InputError("--scan " + std::to_string(request.scan + 1) + ": " +
                     std::string(applicationInfo(request.id).key) + " runs " +
                     std::to_string(count) + (count == 1 ? " scan" : " scans") +
                     "; give --scan 1.." + std::to_string(count));
}

}  // namespace scanviz
