// The textbook listing of an algorithm and the lines that do a step: what the code panel shows
// by default beside a trace. The listings are CUDA in PMPP chapter 8's conventions
// (kernels/listings/), compiled and tested like the lessons' listings; their step markers are cut
// at configure time into the generated kernels/listings/algorithm_listings.h
// (ExtractSnippets.cmake), so the lines lit for a step are those the tests ran.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/core/trace/trace.h"
#include "kernels/listings/algorithm_listings.h"

namespace scanviz {

using AlgorithmListing = algorithm_listings::Listing;

// The listing of an algorithm's key (or of a part other listings insert); null when none.
const AlgorithmListing* findAlgorithmListing(std::string_view key);

// A listing's text, one string a line.
std::vector<std::string> listingLines(const AlgorithmListing& l);

struct ListingStep {
  const AlgorithmListing* listing = nullptr;  // null: no listing for this algorithm
  int firstLine = -1;                         // 0-based, inclusive; -1: nothing lit
  int lastLine = -1;
  std::string note;  // why nothing is lit, when nothing is
};

// The lines of step kind `stepKind` in the listing of `algorithmKey`.
ListingStep listingForStepKind(std::string_view algorithmKey, int stepKind);

// The lines of the trace's step `step` in its algorithm's listing.
ListingStep listingForStep(const Trace& t, int step);

}  // namespace scanviz
