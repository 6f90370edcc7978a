#include "app/core/student/kernel_instrument.h"

#include <algorithm>
#include <vector>

namespace scanviz::student {

const char* cudaTypeName(ValueType t) {
  // The value types are named as C++ spells them; a pointer or void records nothing (float).
  return t == ValueType::Pointer || t == ValueType::Void ? "float" : valueTypeName(t);
}

namespace {

struct Edit {
  unsigned begin, end;  // replaced range; begin == end inserts
  std::string text;
};

// The barrier of kernel `index`: the recorded block copies the recorded array out between two
// barriers, so that every thread's writes before it are in the copy.
std::string barrierMacro(const InstrumentedKernel& k, size_t index, int maxSnapshots) {
  std::string n = std::to_string(k.recordedLength);
  std::string copy =
      k.recordedArray.empty()
          ? std::string()
          : "if (blockIdx.x == __scanviz_record && __scanviz_k < " + std::to_string(maxSnapshots) +
                "u) { for (unsigned int __scanviz_j = threadIdx.x; __scanviz_j < " + n +
                "u; __scanviz_j += blockDim.x) __scanviz_snapshots[(unsigned long "
                "long)__scanviz_k * " +
                n + "u + __scanviz_j] = " + k.recordedArray + "[__scanviz_j]; } ";
  // Thread 0 of the recorded block says how many barriers it passed.
  std::string count =
      "++__scanviz_k; if (blockIdx.x == __scanviz_record && threadIdx.x == 0) *__scanviz_count = "
      "__scanviz_k; ";
  return "#define __scanviz_barrier_" + std::to_string(index) + "() do { __syncthreads(); " + copy +
         count + "__syncthreads(); } while (0)\n";
}

void instrumentKernel(const Function& kernel, size_t index, const InstrumentedKernel& k,
                      std::vector<Edit>& edits) {
  const std::string type = k.recordedArray.empty() ? "float" : cudaTypeName(k.recordedType);
  edits.push_back(
      {kernel.parametersEnd, kernel.parametersEnd,
       ", " + type +
           " *__scanviz_snapshots, unsigned int *__scanviz_count, unsigned int __scanviz_record"});
  edits.push_back({kernel.bodyBegin, kernel.bodyBegin, " unsigned int __scanviz_k = 0; "});
  for (const SourceSpan& b : kernel.barriers)
    edits.push_back({b.begin, b.end, "__scanviz_barrier_" + std::to_string(index) + "()"});
}

}  // namespace

InstrumentedProgram instrumentForSnapshots(const Program& program, const std::string& fileName,
                                           const std::string& source, int maxSnapshots) {
  InstrumentedProgram out;
  out.maxSnapshots = maxSnapshots;
  std::vector<Edit> edits;
  std::string prelude =
      "// scanviz: each kernel's recorded array copied out after every barrier "
      "(kernel_instrument.h)\n";
  for (size_t i = 0; i < program.kernels.size(); ++i) {
    const Function& kernel = program.kernels[i];
    InstrumentedKernel k;
    k.kernelName = kernel.name;
    if (!kernel.sharedArrays.empty()) {
      k.recordedArray = kernel.sharedArrays.front().name;
      k.recordedType = kernel.sharedArrays.front().type;
      k.recordedLength = kernel.sharedArrays.front().length;
    }
    prelude += barrierMacro(k, i, maxSnapshots);
    instrumentKernel(kernel, i, k, edits);
    out.kernels.push_back(k);
  }
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return a.begin > b.begin; });
  std::string text = source;
  for (const Edit& e : edits) text.replace(e.begin, e.end - e.begin, e.text);
  out.source = prelude + "#line 1 \"" + fileName + "\"\n" + text;
  return out;
}

}  // namespace scanviz::student
