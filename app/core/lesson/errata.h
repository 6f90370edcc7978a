// Errata of the seeds' prose (../shared/seeds/README.md and what else scanviz found there): wrong
// numbers, formulas and statements, next to the seeds' code mistakes that app/core/lesson/lessons.h
// runs live. One table; each entry quotes the seed, says what is right and why, and where a run can
// settle it, says what scanviz's own run counts (evidence(), on the emulator). An entry that no
// run can show (a typo a compiler rejects, a statement about the hardware) says so instead of
// pretending: its evidence is null and `noRun` tells what to look at.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

// What scanviz's run shows about an erratum: what it ran, what it counted, and the three numbers
// side by side where the erratum is about a number (NaN where it is not).
struct ErratumEvidence {
  std::string ran;    // e.g. "kogge-stone and sequential, N = 1024, on the emulator"
  std::string shows;  // what the run gives, with its numbers
  double seedValue;   // the seed's number
  double correct;     // the corrected number
  double measured;    // what the run counted (equals `correct` when the erratum is right)
};

struct Erratum {
  std::string_view id;          // what `scanviz list` and --spot-the-bug name it
  std::string_view title;       // one line
  std::string_view seed;        // which seed, where
  std::string_view seedText;    // the seed's words, verbatim
  std::string_view correction;  // what it should read
  std::string_view why;
  ErratumEvidence (*evidence)() = nullptr;  // scanviz's run that settles it; null: none can
  std::string_view noRun;                   // when evidence is null: why, and what shows it
};

const std::vector<Erratum>& allErrata();
const Erratum* findErratum(std::string_view id);

}  // namespace scanviz
