// "Did you mean": the known name closest to a mistyped one, so that `--algorithm kogge-stoned`
// or `--blocksize 8` says what was probably meant instead of only listing every choice.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

// The closest of `known` to `typed` (edits: insert, delete, change, swap two neighbours; case
// ignored), or "" when none is close: at most one edit for names of up to four letters, else at
// most a third of the typed name's length. A known name that starts with `typed` (a prefix of at
// least three letters) counts as close.
std::string closestName(std::string_view typed, const std::vector<std::string>& known);

// " (did you mean 'NAME'?)" for closestName's answer, "" when there is none; `prefix` goes before
// the name ("--" for options).
std::string didYouMean(std::string_view typed, const std::vector<std::string>& known,
                       std::string_view prefix = "");

}  // namespace scanviz
