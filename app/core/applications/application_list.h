// The declarations of the applications, one file each; application.cpp puts them in the table in
// the order of ApplicationId.
#pragma once

#include "app/core/applications/application.h"

namespace scanviz {

ApplicationInfo sandwichApplication();
ApplicationInfo lineOfSightApplication();
ApplicationInfo polynomialApplication();
ApplicationInfo backwardScanApplication();
ApplicationInfo compactionApplication();
ApplicationInfo radixSortApplication();
ApplicationInfo quicksortStepApplication();
ApplicationInfo sparseMatrixVectorApplication();

}  // namespace scanviz
