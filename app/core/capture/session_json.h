// A session's fields as a JSON object (config, step, trace_file, counters), without the file's
// kind and version: what a session file holds, and what each view of a deck holds beside its own
// fields (app/core/deck/deck.h), so that the two never drift apart.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "app/core/capture/session.h"

namespace scanviz {

nlohmann::json sessionFieldsToJson(const Session& s);
// Reads the fields of `j` (other fields are left alone) and checks their ranges. `name` is how
// messages call the text. Throws ConfigFormatError.
Session sessionFromFields(const nlohmann::json& j, const std::string& name);

}  // namespace scanviz
