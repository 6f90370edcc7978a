// Where the sample traces live (assets/traces/*.json, captured on real GPUs), found from the
// working directory or next to the executable, so a laptop without NVIDIA can open H100 data.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

// The first assets/traces folder found in the working directory or up to four levels above the
// executable; empty when there is none.
std::string sampleTraceDirectory();
// Paths of the sample traces, sorted.
std::vector<std::string> sampleTraces();
// The sample trace <key>-<N>.json of an algorithm with the largest N (its GPU capture of a large
// input); empty when there is none.
std::string largestSampleTrace(std::string_view algorithmKey);

}  // namespace scanviz
