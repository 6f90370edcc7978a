#include "app/core/applications/application.h"

#include "app/core/applications/application_list.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"

namespace scanviz {

const std::vector<ApplicationInfo>& allApplications() {
  static const std::vector<ApplicationInfo> k = [] {
    std::vector<ApplicationInfo> all = {
        sandwichApplication(),      lineOfSightApplication(),       polynomialApplication(),
        backwardScanApplication(),  compactionApplication(),        radixSortApplication(),
        quicksortStepApplication(), sparseMatrixVectorApplication()};
    // The table is indexed by id: a declaration out of order is a bug found at the first use.
    if (all.size() != static_cast<size_t>(ApplicationId::Count))
      throw std::logic_error("every ApplicationId needs its declaration in allApplications()");
    for (size_t i = 0; i < all.size(); ++i)
      if (static_cast<size_t>(all[i].id) != i)
        throw std::logic_error("allApplications() is not in the order of ApplicationId");
    return all;
  }();
  return k;
}

const ApplicationInfo& applicationInfo(ApplicationId id) {
  return allApplications().at(static_cast<size_t>(id));
}

std::optional<ApplicationId> findApplication(std::string_view key) {
  for (const ApplicationInfo& a : allApplications())
    if (a.key == key) return a.id;
  return std::nullopt;
}

std::vector<std::string> applicationKeys() {
  std::vector<std::string> keys;
  for (const ApplicationInfo& a : allApplications()) keys.emplace_back(a.key);
  return keys;
}

std::string applicationKeyList() {
  std::string out;
  for (const ApplicationInfo& a : allApplications())
    out += (out.empty() ? "" : ", ") + std::string(a.key);
  return out;
}

ApplicationInput defaultApplicationInput(ApplicationId id) {
  const ApplicationInfo& info = applicationInfo(id);
  ApplicationInput in;
  in.values = parseValues(std::string(info.defaultValues));
  for (const ApplicationParameter& p : info.parameters) in.parameters.push_back(p.fallback);
  if (!info.defaultFlags.empty())
    for (double f : parseValues(std::string(info.defaultFlags)))
      in.flags.push_back(static_cast<uint8_t>(f));
  for (const ApplicationList& l : info.lists)
    in.lists.push_back(parseValues(std::string(l.fallback)));
  return in;
}

int applicationParameterIndex(const ApplicationInfo& info, std::string_view name) {
  for (size_t i = 0; i < info.parameters.size(); ++i)
    if (info.parameters[i].name == name) return static_cast<int>(i);
  return -1;
}

int applicationListIndex(const ApplicationInfo& info, std::string_view name) {
  for (size_t i = 0; i < info.lists.size(); ++i)
    if (info.lists[i].name == name) return static_cast<int>(i);
  return -1;
}

ApplicationRun runApplication(ApplicationId id, const ApplicationInput& in,
                              const ApplicationOptions& options) {
  const ApplicationInfo& info = applicationInfo(id);
  if (in.values.empty())
    throw InputError(std::string(info.key) + " needs at least one value (" +
                     std::string(info.valuesMeaning) + "), e.g. --input \"" +
                     std::string(info.defaultValues) + "\"");
  if (static_cast<long long>(in.values.size()) > kMaxApplicationValues)
    throw InputError(std::to_string(in.values.size()) + " values are more than the " +
                     std::to_string(kMaxApplicationValues) +
                     " an application lesson takes; use fewer values");
  if (!in.flags.empty() && info.flagsMeaning.empty())
    throw InputError(std::string(info.key) + " takes no --flags");
  if (!in.flags.empty() && in.flags.size() != in.values.size())
    throw InputError("--flags has " + std::to_string(in.flags.size()) + " entries for " +
                     std::to_string(in.values.size()) + " values; give one 0 or 1 per value");
  if (in.parameters.size() != info.parameters.size() || in.lists.size() != info.lists.size())
    throw std::logic_error("an application input needs a value for every parameter and list");
  ApplicationRun run = info.run(in, options);
  run.id = id;
  run.input = in;
  return run;
}

}  // namespace scanviz
