// The time now in UTC as ISO 8601 ("2026-12-02T15:40:00Z"): when a report was measured, when a
// file was added to the recently used list.
#pragma once

#include <chrono>
#include <ctime>
#include <string>

namespace scanviz {

inline std::string utcNowIso() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace scanviz
