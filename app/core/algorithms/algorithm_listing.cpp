#include "app/core/algorithms/algorithm_listing.h"

#include "app/core/algorithms/step_kinds.h"

namespace scanviz {

const AlgorithmListing* findAlgorithmListing(std::string_view key) {
  for (const AlgorithmListing& l : algorithm_listings::kAll)
    if (l.key == key) return &l;
  return nullptr;
}

std::vector<std::string> listingLines(const AlgorithmListing& l) {
  std::vector<std::string> lines(1);
  for (char c : l.text) {
    if (c == '\n')
      lines.emplace_back();
    else
      lines.back() += c;
  }
  return lines;
}

ListingStep listingForStepKind(std::string_view algorithmKey, int stepKind) {
  ListingStep s;
  s.listing = findAlgorithmListing(algorithmKey);
  if (!s.listing) {
    s.note = "no textbook listing for " + std::string(algorithmKey);
    return s;
  }
  const StepKindInfo* info = findStepKind(stepKind);
  if (!info) {
    s.note = "this kind of step has no lines in the listing";
    return s;
  }
  for (const algorithm_listings::StepLines& row : s.listing->steps) {
    if (row.kind != info->kind) continue;
    s.firstLine = row.first - 1;
    s.lastLine = row.last - 1;
    return s;
  }
  s.note =
      "the listing marks no lines for the step \"" + std::string(stepKindName(info->kind)) + "\"";
  return s;
}

ListingStep listingForStep(const Trace& t, int step) {
  if (step < 0 || step >= static_cast<int>(t.steps.size())) {
    ListingStep s;
    s.listing = findAlgorithmListing(t.meta.algorithm);
    if (!s.listing) s.note = "no textbook listing for " + t.meta.algorithm;
    return s;
  }
  return listingForStepKind(t.meta.algorithm, t.steps[static_cast<size_t>(step)].kind);
}

}  // namespace scanviz
