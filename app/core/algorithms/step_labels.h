// Turns the step codes both backends record into the words the trace and the UI show.
#pragma once

#include <string>

#include "kernels/scan_types.h"

namespace scanviz {

std::string stepLabel(StepCode code);
std::string stepPhase(StepCode code);

}  // namespace scanviz
