#include "app/core/algorithms/algorithm_catalog.h"

#include "app/core/support/did_you_mean.h"

#include <stdexcept>

#include "app/core/algorithms/algorithm_kernels.h"

namespace scanviz {

namespace {

// Every row of the registry, in its order (the enum's): the project's scans, the flawed
// variants and the select/split kernels.
const std::vector<AlgorithmInfo>& registeredAlgorithms() {
  static const std::vector<AlgorithmInfo> kAll = [] {
    std::vector<AlgorithmInfo> all;
    forEachAlgorithmKernel([&](AlgorithmId id, auto kernel, unsigned roles) {
      using Kernel = typename decltype(kernel)::type;
      all.push_back({algorithmOf<Kernel>, id, roles});
    });
    return all;
  }();
  return kAll;
}

std::vector<AlgorithmInfo> registeredWhere(bool (*keep)(const AlgorithmInfo&)) {
  std::vector<AlgorithmInfo> some;
  for (const auto& a : registeredAlgorithms())
    if (keep(a)) some.push_back(a);
  return some;
}

}  // namespace

std::string PowerOfTwoRange::text() const {
  return "a power of two between " + std::to_string(least) + " and " + std::to_string(most);
}

const std::vector<AlgorithmInfo>& allAlgorithms() {
  static const std::vector<AlgorithmInfo> kAll =
      registeredWhere([](const AlgorithmInfo& a) { return !a.flawed() && a.scans(); });
  return kAll;
}

const std::vector<AlgorithmInfo>& flawedAlgorithms() {
  static const std::vector<AlgorithmInfo> kAll =
      registeredWhere([](const AlgorithmInfo& a) { return a.flawed(); });
  return kAll;
}

const std::vector<AlgorithmInfo>& selectAlgorithms() {
  static const std::vector<AlgorithmInfo> kAll =
      registeredWhere([](const AlgorithmInfo& a) { return !a.scans(); });
  return kAll;
}

AlgorithmProduct algorithmProduct(AlgorithmId id) {
  return algorithmInfo(id).product;
}

std::optional<AlgorithmId> fixedVersionOf(AlgorithmId id) {
  const AlgorithmInfo& a = algorithmInfo(id);
  if (!a.fixedBy) return std::nullopt;
  const std::optional<AlgorithmId> fix = findAlgorithm(a.fixedBy->key);
  if (!fix) throw std::logic_error("a flawed variant's fix is missing from the registry");
  return fix;
}

const AlgorithmInfo& algorithmInfo(AlgorithmId id) {
  const auto i = static_cast<size_t>(id);
  if (i >= registeredAlgorithms().size())
    throw std::logic_error("algorithm id missing from the catalog");
  return registeredAlgorithms()[i];
}

std::vector<AlgorithmId> algorithmsWithRole(AlgorithmRole role) {
  std::vector<AlgorithmId> ids;
  for (const auto& a : allAlgorithms())
    if (a.has(role)) ids.push_back(a.id);
  return ids;
}

AlgorithmId defaultAlgorithm() {
  // Every request is made with it: looked up once.
  static const AlgorithmId kDefault = [] {
    const std::vector<AlgorithmId> ids = algorithmsWithRole(kRoleDefault);
    if (ids.empty()) throw std::logic_error("no algorithm has kRoleDefault in the registry");
    return ids.front();
  }();
  return kDefault;
}

std::string_view algorithmKeyWithRole(AlgorithmRole role) {
  const std::vector<AlgorithmId> ids = algorithmsWithRole(role);
  if (ids.empty()) throw std::logic_error("no algorithm has the role in the registry");
  return algorithmInfo(ids.front()).key;
}

std::vector<std::string> algorithmKeysWithRole(AlgorithmRole role) {
  std::vector<std::string> keys;
  for (AlgorithmId id : algorithmsWithRole(role)) keys.emplace_back(algorithmInfo(id).key);
  return keys;
}

std::string algorithmKeysWithRole(AlgorithmRole role, std::string_view separator) {
  std::string s;
  for (const std::string& key : algorithmKeysWithRole(role))
    s += (s.empty() ? "" : std::string(separator)) + key;
  return s;
}

std::optional<AlgorithmId> findAlgorithm(std::string_view key) {
  for (const auto& a : registeredAlgorithms())
    if (a.key == key) return a.id;
  return std::nullopt;
}

std::string algorithmKeyList(bool (*keep)(const AlgorithmInfo&)) {
  std::string s;
  for (const auto& a : allAlgorithms()) {
    if (keep && !keep(a)) continue;
    if (!s.empty()) s += ", ";
    s += a.key;
  }
  return s;
}

int elementsPerThread(AlgorithmId id, int coarsening) {
  const AlgorithmInfo& a = algorithmInfo(id);
  return a.coarsened() ? coarsening : a.elementsPerThread;
}

int sectionSize(AlgorithmId id, int blockSize, int coarsening) {
  return blockSize * elementsPerThread(id, coarsening);
}

int defaultBlockSize(AlgorithmId id, long long n, int coarsening) {
  const int perThread = elementsPerThread(id, coarsening);
  int b = kMinBlockSize;
  while (b < kMaxBlockSize && static_cast<long long>(b) * perThread < n) b *= 2;
  return b;
}

bool exclusiveByNature(AlgorithmId id) {
  return algorithmInfo(id).exclusiveByNature;
}

bool isSegmentedAlgorithm(AlgorithmId id) {
  return algorithmInfo(id).segmented;
}

std::string unknownAlgorithmMessage(std::string_view key,
                                    const std::vector<std::string>& alsoKnown) {
  std::vector<std::string> known;
  for (const auto& a : allAlgorithms()) known.emplace_back(a.key);
  known.insert(known.end(), alsoKnown.begin(), alsoKnown.end());
  std::string list = algorithmKeyList();
  for (const std::string& k : alsoKnown) list += ", " + k;
  return "unknown algorithm '" + std::string(key) + "'" + didYouMean(key, known) +
         "; known: " + list;
}

}  // namespace scanviz
