// Sparse matrix-vector multiply y = A x (seed 001, "Segmented Scan ... forms the basis for
// Sparse Matrix-Vector Multiply"; Blelloch, "Prefix sums and their applications", 1.5). A is
// stored row by row (CSR): its nonzero values, the column of each and the number in each row.
// Every row is a segment of the nonzeros; one thread per nonzero multiplies its value by
// x[column] (a map), and one segmented inclusive sum of the products leaves each row's dot
// product at the row's last nonzero (a gather; an empty row has no nonzero and gives 0). One
// scan of work nnz - 1 and depth log nnz, however the nonzeros spread over the rows.
#include "app/core/applications/sparse_matrix_vector.h"

#include <cmath>
#include <cstdint>

#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

enum List { kRowLengths, kColumns, kVector };  // list indices

std::string wholeProblem(double v) {
  return v < 0 || v != std::floor(v) ? "is not a whole number 0 or more" : "";
}

// The CSR arrays must describe one matrix: lengths that count the values, a column per value
// inside the vector's length.
void checkMatrix(const ApplicationInput& in) {
  const std::vector<double>& lengths = in.lists[kRowLengths];
  const std::vector<double>& columns = in.lists[kColumns];
  const size_t width = in.lists[kVector].size();
  if (width == 0) throw InputError("--vector needs at least one value (x, one per column)");
  double total = 0;
  for (size_t r = 0; r < lengths.size(); ++r) {
    if (const std::string p = wholeProblem(lengths[r]); !p.empty())
      throw InputError("--row-lengths: " + formatNumber(lengths[r]) + " (row " + std::to_string(r) +
                       ") " + p);
    total += lengths[r];
  }
  if (total != static_cast<double>(in.values.size()))
    throw InputError("--row-lengths add up to " + formatNumber(total) + " nonzeros, but --input " +
                     "holds " + std::to_string(in.values.size()) +
                     " values; give one length per row, the values row by row");
  if (columns.size() != in.values.size())
    throw InputError("--columns has " + std::to_string(columns.size()) + " entries for " +
                     std::to_string(in.values.size()) + " values; give the column of each value");
  for (size_t k = 0; k < columns.size(); ++k)
    if (!wholeProblem(columns[k]).empty() || columns[k] >= static_cast<double>(width))
      throw InputError("--columns: " + formatNumber(columns[k]) + " (value " + std::to_string(k) +
                       ") is not a column of a matrix with " + std::to_string(width) +
                       " columns (0.." + std::to_string(width - 1) + ", one per --vector entry)");
}

// Every nonzero's row and the head flags of the rows' segments.
void layOutRows(SparseProduct& p) {
  for (size_t r = 0; r < p.rowLengths.size(); ++r)
    for (size_t k = 0; k < static_cast<size_t>(p.rowLengths[r]); ++k) {
      p.row.push_back(r);
      p.heads.push_back(k == 0);
    }
}

// The map: value * x[column], in the scan's dtype (int32 products that leave int32 are refused).
std::vector<double> products(const ApplicationInput& in, DType dtype) {
  std::vector<double> out(in.values.size());
  for (size_t k = 0; k < in.values.size(); ++k) {
    const double x = in.lists[kVector][static_cast<size_t>(in.lists[kColumns][k])];
    out[k] = dtype == DType::Float32 ? static_cast<float>(in.values[k]) * static_cast<float>(x)
                                     : in.values[k] * x;
    if (dtype == DType::Int32 && (out[k] < INT32_MIN || out[k] > INT32_MAX))
      throw InputError("the product of value " + std::to_string(k) + " and its x, " +
                       formatNumber(out[k]) +
                       ", does not fit int32; use --dtype float32 or "
                       "smaller numbers");
  }
  return out;
}

SparseProduct replay(const ApplicationInput& in, const Trace* scan) {
  SparseProduct p{in.lists[kRowLengths], in.lists[kColumns], in.lists[kVector]};
  layOutRows(p);
  for (double c : p.columns) p.xAtColumn.push_back(p.vector[static_cast<size_t>(c)]);
  p.y.assign(p.rowLengths.size(), 0);
  if (!scan) return p;
  p.products = scan->input;
  p.rowSums = scan->output;
  for (size_t k = 0; k < p.row.size(); ++k)
    if (k + 1 == p.row.size() || p.heads[k + 1]) p.y[p.row[k]] = p.rowSums[k];
  return p;
}

std::string spmvAnswer(const SparseProduct& p) {
  std::string empty;
  size_t emptyRows = 0;
  for (size_t r = 0; r < p.rowLengths.size(); ++r)
    if (p.rowLengths[r] == 0) empty += (emptyRows++ ? ", " : "") + std::to_string(r);
  return "y = A x = " + joinNumbers(p.y) + " (" + std::to_string(p.y.size()) + " rows, " +
         std::to_string(p.vector.size()) + " columns, " + std::to_string(p.row.size()) +
         " nonzeros)\nEach row's dot product is the segmented sum at its last nonzero" +
         (empty.empty()
              ? std::string(".")
              : (emptyRows == 1 ? "; row " + empty + " has" : "; rows " + empty + " have") +
                    " no nonzero (no segment) and gives 0.");
}

ApplicationRun runSparseMatrixVector(const ApplicationInput& in,
                                     const ApplicationOptions& options) {
  checkMatrix(in);
  const DType dtype = applicationDType(options, {&in.values, &in.lists[kVector]});
  SparseProduct p = replay(in, nullptr);
  ApplicationRun run;
  run.scans.push_back(runApplicationScan(
      {"every row's dot product: the segmented inclusive sum of the products value * x[column], "
       "one segment per row",
       products(in, dtype), Operator::Add, false, dtype, p.heads},
      options));
  p = replay(in, &run.scans[0].trace);
  run.result = p.y;
  run.answer = spmvAnswer(p);
  return run;
}

std::vector<double> sequentialProduct(const ApplicationInput& in) {
  std::vector<double> y;
  size_t k = 0;
  for (double length : in.lists[kRowLengths]) {
    double sum = 0;
    for (size_t j = 0; j < static_cast<size_t>(length); ++j, ++k)
      sum += in.values[k] * in.lists[kVector][static_cast<size_t>(in.lists[kColumns][k])];
    y.push_back(sum);
  }
  return y;
}

}  // namespace

SparseProduct sparseProduct(const ApplicationRun& run) {
  return replay(run.input, &run.scans.at(0).trace);
}

ApplicationInfo sparseMatrixVectorApplication() {
  return {
      ApplicationId::SparseMatrixVector,
      "spmv",
      "Sparse matrix-vector multiply",
      "seed 001 (Zachmann's slides), \"Variation: Segmented Scan\" (the basis of Sparse "
      "Matrix-Vector Multiply); Blelloch, \"Prefix sums and their applications\"",
      "y = A x for a sparse A stored row by row (CSR): one segmented sum of the products, one "
      "segment per row",
      "A sparse matrix keeps only its nonzeros, row by row (CSR): their values, the column of "
      "each and how many each row has. Each row is a segment of the nonzeros. One thread per "
      "nonzero multiplies its value by x at its column; a segmented sum of these products adds "
      "up every row at once, and a row's last running sum is its entry of y = A x. An empty row "
      "has no segment and gives 0. The work is one scan over the nonzeros, however unevenly "
      "they spread over the rows.",
      "the matrix's nonzero values, row by row",
      "2 1 3 4 1 5 2 6",
      {},
      /*flagsMeaning=*/"",
      runSparseMatrixVector,
      sequentialProduct,
      /*defaultFlags=*/"",
      {{"row-lengths", "L,L,...", "2 2 0 3 1",
        "Nonzeros in each row of the matrix, 0 for an empty row; they add up to the values "
        "(spmv)."},
       {"columns", "C,C,...", "0 3 1 2 0 2 3 1",
        "The column of each nonzero value, from 0 (spmv)."},
       {"vector", "X,X,...", "1 2 3 4",
        "The vector x, one entry per column of the matrix (spmv)."}},
  };
}

}  // namespace scanviz
