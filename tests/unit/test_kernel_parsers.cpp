// scanviz's own parser of the subset (kernel_subset_parser.h) against libclang's (kernel_parser.h):
// for every file of tests/student_kernels/ and for a kernel that uses every construct of the
// subset, both make the same program: the same variables, arrays, instructions with their lines,
// and expressions with their types and implicit conversions. Only the numbering of expression
// nodes may differ, so programs are compared as trees. Built where libclang is.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "app/core/student/kernel_parser.h"
#include "app/core/student/kernel_subset_parser.h"
#include "tests/unit/student_kernel_files.h"

namespace scanviz::student {
namespace {

std::string tree(const Function& f, int e) {
  if (e < 0) return "-";
  const Expr& x = f.exprs[static_cast<size_t>(e)];
  std::ostringstream s;
  s << static_cast<int>(x.kind) << ":" << valueTypeName(x.type) << "/" << valueTypeName(x.pointee)
    << "@" << x.line << " op" << x.op << (x.prefix ? " pre" : "") << " s" << x.slot << " c"
    << x.component << " sp" << static_cast<int>(x.space) << " i" << x.intValue << " f"
    << x.floatValue << "(";
  for (int a : x.args) s << tree(f, a) << ",";
  s << ")";
  return s.str();
}

std::string describe(const Program& p) {
  std::ostringstream s;
  for (const Function& f : p.kernels) {
    s << "kernel " << f.name << "@" << f.line << " params " << f.parameters << " ) at "
      << f.parametersEnd << " { at " << f.bodyBegin << "\n";
    for (const SourceSpan& b : f.barriers) s << "  barrier " << b.begin << "-" << b.end << "\n";
    for (const Variable& v : f.slots)
      s << "  slot " << v.name << " " << valueTypeName(v.type) << "/" << valueTypeName(v.pointee)
        << "@" << v.line << "\n";
    for (const auto* list : {&f.sharedArrays, &f.localArrays})
      for (const ArrayDecl& a : *list)
        s << "  array " << a.name << " " << valueTypeName(a.type) << "[" << a.length << "] sp"
          << static_cast<int>(a.space) << "@" << a.line << "\n";
    for (size_t i = 0; i < f.code.size(); ++i) {
      const Instr& in = f.code[i];
      s << "  " << i << ": " << static_cast<int>(in.kind) << " slot " << in.slot << " to "
        << in.target << " @" << in.line << " " << tree(f, in.expr) << "\n";
    }
  }
  return s.str();
}

void expectSamePrograms(const std::string& name, const std::string& source,
                        const ParseSettings& settings) {
  const std::string clang = describe(parseKernelSource(name, source, settings));
  const std::string own = describe(parseKernelSubset(name, source, settings));
  EXPECT_EQ(clang, own) << name << " (section " << settings.sectionSize << ", block "
                        << settings.blockSize << ")";
}

TEST(KernelParsers, MakeTheSameProgramOfEveryStudentKernelFile) {
  for (const auto& entry : std::filesystem::directory_iterator(studentKernelFolder())) {
    if (entry.path().extension() != ".cu") continue;
    const std::string file = entry.path().filename().string();
    for (const ParseSettings& s :
         {ParseSettings{8, 8}, ParseSettings{16, 8}, ParseSettings{1024, 256}})
      expectSamePrograms(file, readStudentKernel(file), s);
  }
}

// Every construct of the subset, and the conversions C++ makes between its types.
const char* const kEveryConstruct = R"(#define TWICE (2 * SECTION_SIZE)
__device__ float unused(float x) { return x; }
__global__ void every(const float* __restrict__ X, float* Y, int* S, unsigned int N) {
  __shared__ float XY[TWICE];
  __shared__ int counts[BLOCK_SIZE + 1];
  float local[4];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int signedIndex = -1, other = 0x10, octal = 010;
  long long wide = 1ll << 40;
  unsigned long long huge = 18446744073709551615ull;
  bool flag = i < N && signedIndex < 0 || !(other > 3);
  double d = 1.5, e = 2e-3;
  char c = 'a';
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  XY[threadIdx.x + blockDim.x] = (float)i + float(signedIndex) + static_cast<float>(c);
  counts[threadIdx.x] = i >> 1u;
  local[0] = d * e + wide - huge;
  for (int k = 0, j = 1; k < 4 && j; ++k, j++) {
    if (k == 2) continue;
    local[k] += k % 2 ? 1 : 2.5f;
    if (k > 3) break;
  }
  int w = 0;
  while (w < 3) w += 1;
  do {
    w -= 2;
    w <<= 1;
    w ^= 3;
    w |= c;
    w &= ~1;
    w %= 7;
    w /= 2;
    w *= -w;
  } while (w > 100);
  __syncthreads();
#pragma unroll
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp = 0;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    else temp = fminf(temp, fmaxf(1.0f, XY[0]));
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  if (i < N) Y[i] = max(XY[threadIdx.x], 0.0f) + min(i, N) + abs(signedIndex) + fabsf(-1.0f);
  if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = (int)XY[threadIdx.x] + (flag ? 1 : 0);
  i++, i--;
  *Y = *Y + 1;
  if (!flag) return;
}
)";

TEST(KernelParsers, MakeTheSameProgramOfEveryConstructAndConversion) {
  expectSamePrograms("every.cu", kEveryConstruct, {64, 32});
}

// Both refuse a missing semicolon at the same line, in clang's words.
TEST(KernelParsers, ReportASyntaxErrorAtTheSameLine) {
  const std::string typo =
      "__global__ void k(float *X, float *Y, unsigned int N) {\n"
      "  Y[0] = X[0]\n"
      "}\n";
  for (auto parse : {&parseKernelSource, &parseKernelSubset}) {
    try {
      parse("typo.cu", typo, {8, 8});
      ADD_FAILURE() << "a missing semicolon was read";
    } catch (const KernelSourceError& e) {
      EXPECT_EQ(e.line, 2) << e.what();
      EXPECT_NE(std::string(e.what()).find("typo.cu:2:"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("expected ';'"), std::string::npos) << e.what();
    }
  }
}

// What the subset does not run is refused by both at the same line, naming the construct.
TEST(KernelParsers, RefuseWhatTheSubsetDoesNotRunAtTheSameLine) {
  struct Refused {
    const char* body;  // the kernel's body, its first line is line 2
    int line;
    const char* words;  // in both messages ("": clang's words are its own)
  };
  const Refused cases[] = {
      {"  Y[0] = twice(X[0]);\n", 2, "twice"},
      {"  float* p = &Y[0];\n", 2, "address"},
      {"  __shared__ float total;\n", 2, "__shared__ scalar"},
      {"  float a[2] = {1, 2};\n", 2, "initialisers"},
      {"  Y[0] = missing;\n", 2, "undeclared identifier 'missing'"},
      {"  Y[0] = 1;\n  Y[threadIdx] = 2;\n", 3, ""},
      {"  __syncthreads() + 1;\n", 2, ""},
  };
  for (const Refused& c : cases) {
    const std::string source = std::string("__device__ float twice(float x) { return 2 * x; }\n") +
                               "__global__ void k(float *X, float *Y, unsigned int N) {\n" +
                               c.body + "}\n";
    for (auto parse : {&parseKernelSource, &parseKernelSubset}) {
      try {
        parse("bad.cu", source, {8, 8});
        ADD_FAILURE() << "refused nothing in: " << c.body;
      } catch (const KernelSourceError& e) {
        EXPECT_EQ(e.line, c.line + 1) << e.what();
        EXPECT_NE(std::string(e.what()).find(c.words), std::string::npos) << e.what();
      }
    }
  }
}

}  // namespace
}  // namespace scanviz::student
