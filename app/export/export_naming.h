// Default names for exported files, so that a folder of figures explains itself:
// <algorithm>_n8_step3@2x.png, kogge-stone_n8_steps0-3.svg, blelloch_n16_steps0-9@2x.gif, a panel
// other than the array view named after it (decoupled-lookback_n1048576_step5_timeline@2x.png,
// timing_gbps-vs-n.svg), and for a numbered sequence a folder blelloch_n16_frames@2x holding
// blelloch_n16_step00@2x.png ... Also the folder the export dialog starts in. No ImGui here.
#pragma once

#include <string>

#include "app/core/trace/trace.h"
#include "app/export/export_options.h"

namespace scanviz {

// A file name (or, for a PNG sequence, a folder name) without a directory.
std::string defaultExportName(const TraceMeta& meta, const ExportOptions& o);

// The name of step `step`'s file inside a PNG sequence's folder; numbers are zero-padded to the
// width of the last step so that the files sort in order.
std::string sequenceFrameName(const TraceMeta& meta, const ExportOptions& o, int step);

// `remembered` when it is an existing folder; otherwise ~/Pictures, the home folder, or the
// working directory, whichever exists first.
std::string defaultExportFolder(const std::string& remembered);

// The name with its format's extension: "slide" becomes "slide.png" for a PNG; a name that
// already ends in the extension stays, and so does one written in place (standard output, a
// device, a FIFO: isWrittenInPlace).
std::string withExtension(const std::string& name, ExportFormat f);

}  // namespace scanviz
