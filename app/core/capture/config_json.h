// A ScanOptions as JSON, the part of a session file that says how the trace was captured.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "app/core/capture/capture_config.h"

namespace scanviz {

// A session or settings file that cannot be used; the message names the file's problem.
struct ConfigFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

nlohmann::json captureConfigToJson(const ScanOptions& c);
// Missing fields keep their defaults, so older files still open; a field of the wrong type or an
// unknown name is a ConfigFormatError naming the field ("config.operator: 'pow' is not ...").
ScanOptions captureConfigFromJson(const nlohmann::json& j, const std::string& where);

}  // namespace scanviz
