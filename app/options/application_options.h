// `scanviz apply ID [options]` parsed into an ApplicationRequest, once for the subcommand and the
// window (`scanviz apply ID --screenshot out.png`), so that both report bad input in the same
// words.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "app/core/applications/application_request.h"
#include "app/options/args.h"

namespace scanviz {

// The application named first in `args` (its id) and the options after it. Throws UsageError
// (no id, an unknown id or option) or InputError (a value that does not parse, a number the
// application does not take).
ApplicationRequest applicationRequestFromArgs(const std::string& id, const Args& a);

// `ID options...` (the id may stand anywhere among the options): the id, empty when none is
// given, and the options without it. valueOptions: the options that take a value.
struct ApplicationArguments {
  std::string id;
  std::vector<std::string> options;
};
ApplicationArguments splitApplicationArguments(const std::vector<std::string>& args,
                                               const std::set<std::string>& valueOptions);

}  // namespace scanviz
