// Sparse matrix-vector multiply, shared with its picture: the matrix in CSR form as the run's
// input holds it, and every nonzero's row, x[column] and product.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/applications/application.h"

namespace scanviz {

struct SparseProduct {
  std::vector<double> rowLengths;  // nonzeros per row (0: an empty row)
  std::vector<double> columns;     // per nonzero
  std::vector<double> vector;      // x, one entry per column of the matrix
  std::vector<size_t> row;         // per nonzero: its row
  std::vector<uint8_t> heads;      // per nonzero: 1 where a row starts (the segments)
  std::vector<double> xAtColumn;   // per nonzero: x[column]
  std::vector<double> products;    // per nonzero: value * x[column], the scan's input
  std::vector<double> rowSums;     // per nonzero: the segmented sum, the scan's output
  std::vector<double> y;           // per row: its last running sum, 0 for an empty row
};

// Replays an spmv run from its input and its scan; `y` is the run's result.
SparseProduct sparseProduct(const ApplicationRun& run);

}  // namespace scanviz
