// What `scanviz apply` and the window are asked to run: an application, its input and how its
// scans run, with the options that describe it (one table, read by the parser and by help).
#pragma once

#include <vector>

#include "app/core/applications/application.h"
#include "app/core/support/command_help.h"

namespace scanviz {

struct ApplicationRequest {
  ApplicationId id = ApplicationId::Sandwich;
  ApplicationInput input;
  ApplicationOptions options;
  int scan = 0;  // which of the application's scans a trace file and the window show (0-based)
};

// The default lesson of an application: the seed's example.
ApplicationRequest defaultApplicationRequest(ApplicationId id);

// The options of an application's input (--input, --input-file and every application's own
// numbers, derived from the table) and of its scans (--algorithm, --dtype, --backend, --scan).
const std::vector<OptionSection>& applicationOptionSections();

// The window's own options for an application (`scanviz --application ID`): the id, every
// application's numbers and --scan; its values and scans take the capture options' names.
OptionSection applicationWindowSection();

// Throws InputError when request.scan names no scan of the run.
void checkScanIndex(const ApplicationRequest& request, const ApplicationRun& run);

}  // namespace scanviz
