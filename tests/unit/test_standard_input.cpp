// `-` reads standard input where a file is read: `--trace -` (a trace piped from
// `scanviz capture --out -`) and `--input-file -` (numbers from another program).
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>

#include "app/core/capture/input_spec.h"
#include "app/core/support/file_util.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {
namespace {

// Puts `text` behind std::cin for the lifetime of the object.
class StandardInputFrom {
 public:
  explicit StandardInputFrom(const std::string& text) : stream_(text), saved_(std::cin.rdbuf()) {
    std::cin.rdbuf(stream_.rdbuf());
    std::cin.clear();
  }
  ~StandardInputFrom() {
    std::cin.rdbuf(saved_);
    std::cin.clear();
  }

 private:
  std::istringstream stream_;
  std::streambuf* saved_;
};

TEST(StandardInput, ATraceIsReadFromDash) {
  const std::string text =
      readWholeFile(std::string(SCANVIZ_SOURCE_DIR) + "/assets/traces/kogge-stone-lesson.json");
  StandardInputFrom in(text);
  const Trace t = loadTrace("-");
  EXPECT_EQ(t.output, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
}

TEST(StandardInput, ABrokenTraceOnStandardInputSaysWhereItCameFrom) {
  StandardInputFrom in("{\"version\": 2, \"meta\":");
  try {
    loadTrace("-");
    FAIL() << "expected a TraceFormatError";
  } catch (const TraceFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("standard input"), std::string::npos) << e.what();
  }
}

TEST(StandardInput, InputValuesAreReadFromDashWithTheLimitApplied) {
  {
    StandardInputFrom in("3 1 7 0\n4,1,6,3\n");
    EXPECT_EQ(readValuesFile("-"), (std::vector<double>{3, 1, 7, 0, 4, 1, 6, 3}));
  }
  StandardInputFrom in("1 2 3 4 5");
  try {
    readValuesFile("-", 4);
    FAIL() << "expected an InputError";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("standard input"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace scanviz
