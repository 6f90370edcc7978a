// A `scanviz bench --json` report read back (`scanviz export --bench`): capped in size as trace
// files are, its version checked, and times, rates and sizes that cannot be (negative, infinite)
// refused with the field that holds them, before anything is drawn from it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace scanviz {

// The version benchReportJson writes, and the newest this build reads.
constexpr int kBenchReportVersion = 1;
// Reports hold a few thousand points (about 1 KB each): larger files are refused unread.
constexpr long long kMaxBenchReportBytes = 64ll << 20;

// "-" reads standard input. Throws InputError naming the file and the problem.
nlohmann::json loadBenchReport(const std::string& path);
// The checks of loadBenchReport on a parsed report; `name` is how messages call it.
void checkBenchReport(const nlohmann::json& report, const std::string& name);

}  // namespace scanviz
