// scanviz_select_bench: our single-pass compaction and split (kernels/launch/select_kernels.cuh)
// against cub::DeviceSelect::Flagged and cub::DevicePartition::Flagged and a device-to-device copy,
// in one run, int32 values with random flags. Every output is checked against CUB's before it is
// timed (select: equal; split: our selected part equals CUB's front, our rejected part CUB's back
// read backwards, since CUB writes it from the end). Median of the samples, each a batch of calls
// long enough for the event timer; the spread is the interquartile range over the median.
// Usage: scanviz_select_bench [--min-log 16] [--max-log 28] [--density 0.5] [--samples 15]
//                             [--json FILE] [--check-only 1]
// --check-only 1: only the checks against CUB, no timing (for compute-sanitizer).
// GB/s counts the bytes each one must move: values and flags read (5 N), the selected (select)
// or all (split) values written; the copy reads and writes 4 N bytes each (8 N).
#include <cub/device/device_partition.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "kernels/launch/select_kernels.cuh"

namespace scanviz {
namespace {

__global__ void fillInputs(int32_t* values, uint8_t* flags, long long n, unsigned threshold) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    uint32_t h = static_cast<uint32_t>(i) * 2654435761u ^ static_cast<uint32_t>(i >> 32);
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    values[i] = static_cast<int32_t>(h & 0x7fffffff);
    flags[i] = (h * 3266489917u >> 8) % 1000000u < threshold ? 1 : 0;
  }
}

// Counts the i < n where a[i] != b[reversed ? n - 1 - i : i].
__global__ void countDifferences(const int32_t* a, const int32_t* b, long long n, bool reversed,
                                 unsigned long long* bad) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    if (a[i] != b[reversed ? n - 1 - i : i]) atomicAdd(bad, 1ull);
}

struct Timing {
  double medianMs = 0;
  double spread = 0;  // interquartile range / median
};

// Median over `samples` of a batch of calls, each batch of about 2^26 elements (a few hundred
// microseconds at least, well above the event timer's resolution).
Timing timeCalls(const std::function<void()>& call, long long n, int samples) {
  for (int i = 0; i < 2; ++i) call();
  cudaCheck(cudaDeviceSynchronize(), "warm-up");
  const int batch = static_cast<int>(std::max(1ll, (1ll << 26) / std::max(1ll, n)));
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  std::vector<double> ms;
  for (int s = 0; s < samples; ++s) {
    cudaEventRecord(start);
    for (int b = 0; b < batch; ++b) call();
    cudaEventRecord(stop);
    cudaCheck(cudaEventSynchronize(stop), "timed batch");
    float t = 0;
    cudaEventElapsedTime(&t, start, stop);
    ms.push_back(static_cast<double>(t) / batch);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::sort(ms.begin(), ms.end());
  Timing r;
  r.medianMs = ms[ms.size() / 2];
  r.spread = (ms[ms.size() * 3 / 4] - ms[ms.size() / 4]) / r.medianMs;
  return r;
}

unsigned long long differences(const int32_t* a, const int32_t* b, long long n, bool reversed,
                               DeviceArray<unsigned long long>& bad) {
  bad.zero();
  if (n > 0) countDifferences<<<1024, 256>>>(a, b, n, reversed, bad.get());
  cudaCheck(cudaDeviceSynchronize(), "compare");
  return bad.toHost()[0];
}

struct Row {
  long long n;
  long long kept;
  Timing copy, select, cubSelect, split, cubPartition;
  bool selectOk, splitOk;
};

double gbps(double bytes, const Timing& t) {
  return bytes / (t.medianMs * 1e6);
}

int run(int argc, char** argv) {
  int minLog = 16, maxLog = 28, samples = 15;
  double density = 0.5;
  std::string json;
  bool checkOnly = false;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--min-log") minLog = std::atoi(argv[i + 1]);
    if (a == "--max-log") maxLog = std::atoi(argv[i + 1]);
    if (a == "--density") density = std::atof(argv[i + 1]);
    if (a == "--samples") samples = std::atoi(argv[i + 1]);
    if (a == "--json") json = argv[i + 1];
    if (a == "--check-only") checkOnly = std::atoi(argv[i + 1]) != 0;
  }
  cudaDeviceProp prop{};
  cudaCheck(cudaGetDeviceProperties(&prop, 0), "device properties");
  const long long maxN = 1ll << maxLog;
  DeviceArray<int32_t> values(maxN), selected(maxN), rejected(maxN), cubOut(maxN), copyOut(maxN);
  DeviceArray<uint8_t> flags(maxN);
  DeviceArray<int> count(1), cubCount(1);
  DeviceArray<unsigned long long> bad(1);
  SelectWorkspace ws(maxN);
  size_t selectTemp = 0, partitionTemp = 0;
  cudaCheck(cub::DeviceSelect::Flagged(nullptr, selectTemp, values.get(), flags.get(), cubOut.get(),
                                       cubCount.get(), maxN),
            "CUB select temp size");
  cudaCheck(cub::DevicePartition::Flagged(nullptr, partitionTemp, values.get(), flags.get(),
                                          cubOut.get(), cubCount.get(), maxN),
            "CUB partition temp size");
  DeviceArray<unsigned char> temp(std::max<size_t>({selectTemp, partitionTemp, 1}));
  const unsigned threshold = static_cast<unsigned>(density * 1e6);

  std::vector<Row> rows;
  std::printf("device: %s; int32 values, %.0f%% flagged; median of %d samples\n", prop.name,
              density * 100, samples);
  std::printf("%-6s %9s | %8s %8s %8s | %8s %8s | %7s %7s | %7s %7s | %s\n", "log2N", "kept",
              "copy", "select", "cubSel", "split", "cubPart", "sel/cub", "spl/cub", "sel/cp",
              "spl/cp", "check");
  for (int lg = minLog; lg <= maxLog; lg += 2) {
    const long long n = 1ll << lg;
    fillInputs<<<1024, 256>>>(values.get(), flags.get(), n, threshold);
    cudaCheck(cudaDeviceSynchronize(), "inputs");
    Row r{};
    r.n = n;
    // Check first: select, then split, against CUB.
    size_t t1 = selectTemp, t2 = partitionTemp;
    cudaCheck(cub::DeviceSelect::Flagged(temp.get(), t1, values.get(), flags.get(), cubOut.get(),
                                         cubCount.get(), n),
              "CUB select");
    enqueueSelect<int32_t>(values.get(), flags.get(), selected.get(), nullptr, count.get(), n, ws);
    cudaCheck(cudaDeviceSynchronize(), "select");
    ws.checkCompleted();
    const int kept = count.toHost()[0];
    r.kept = kept;
    r.selectOk = kept == cubCount.toHost()[0] &&
                 differences(selected.get(), cubOut.get(), kept, false, bad) == 0;
    cudaCheck(cub::DevicePartition::Flagged(temp.get(), t2, values.get(), flags.get(), cubOut.get(),
                                            cubCount.get(), n),
              "CUB partition");
    enqueueSelect<int32_t>(values.get(), flags.get(), selected.get(), rejected.get(), count.get(),
                           n, ws);
    cudaCheck(cudaDeviceSynchronize(), "split");
    ws.checkCompleted();
    r.splitOk = count.toHost()[0] == kept && cubCount.toHost()[0] == kept &&
                differences(selected.get(), cubOut.get(), kept, false, bad) == 0 &&
                differences(rejected.get(), cubOut.get() + kept, n - kept, true, bad) == 0;
    if (checkOnly) {
      std::printf("%-6d %9lld | select %s, split %s\n", lg, r.kept,
                  r.selectOk ? "equal to CUB" : "DIFFERS", r.splitOk ? "equal to CUB" : "DIFFERS");
      rows.push_back(r);
      continue;
    }

    r.copy = timeCalls(
        [&] {
          cudaMemcpyAsync(copyOut.get(), values.get(), n * sizeof(int32_t),
                          cudaMemcpyDeviceToDevice);
        },
        n, samples);
    r.select = timeCalls(
        [&] {
          enqueueSelect<int32_t>(values.get(), flags.get(), selected.get(), nullptr, count.get(), n,
                                 ws);
        },
        n, samples);
    r.cubSelect = timeCalls(
        [&] {
          size_t t = selectTemp;
          cub::DeviceSelect::Flagged(temp.get(), t, values.get(), flags.get(), cubOut.get(),
                                     cubCount.get(), n);
        },
        n, samples);
    r.split = timeCalls(
        [&] {
          enqueueSelect<int32_t>(values.get(), flags.get(), selected.get(), rejected.get(),
                                 count.get(), n, ws);
        },
        n, samples);
    r.cubPartition = timeCalls(
        [&] {
          size_t t = partitionTemp;
          cub::DevicePartition::Flagged(temp.get(), t, values.get(), flags.get(), cubOut.get(),
                                        cubCount.get(), n);
        },
        n, samples);
    cudaCheck(cudaDeviceSynchronize(), "timed runs");
    ws.checkCompleted();
    const double nn = static_cast<double>(n);
    const double copyG = gbps(8 * nn, r.copy);
    const double selectBytes = 5 * nn + 4.0 * kept, splitBytes = 9 * nn;
    std::printf(
        "%-6d %9lld | %8.1f %8.1f %8.1f | %8.1f %8.1f | %6.2fx %6.2fx | %6.2fx %6.2fx | %s\n", lg,
        r.kept, copyG, gbps(selectBytes, r.select), gbps(selectBytes, r.cubSelect),
        gbps(splitBytes, r.split), gbps(splitBytes, r.cubPartition),
        r.cubSelect.medianMs / r.select.medianMs, r.cubPartition.medianMs / r.split.medianMs,
        gbps(selectBytes, r.select) / copyG, gbps(splitBytes, r.split) / copyG,
        r.selectOk && r.splitOk ? "equal to CUB" : "DIFFERS");
    rows.push_back(r);
  }
  if (!json.empty() && !checkOnly) {
    std::ofstream f(json);
    f << "{\"device\": \"" << prop.name << "\", \"dtype\": \"int32\", \"density\": " << density
      << ", \"samples\": " << samples << ", \"rows\": [";
    for (size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      const auto t = [&](const char* k, const Timing& x) {
        f << "\"" << k << "\": {\"median_ms\": " << x.medianMs << ", \"iqr\": " << x.spread << "}";
      };
      f << (i ? ", " : "") << "{\"n\": " << r.n << ", \"kept\": " << r.kept << ", ";
      t("copy", r.copy);
      f << ", ";
      t("select_lookback", r.select);
      f << ", ";
      t("cub_select_flagged", r.cubSelect);
      f << ", ";
      t("split_lookback", r.split);
      f << ", ";
      t("cub_partition_flagged", r.cubPartition);
      f << ", \"select_equal_cub\": " << (r.selectOk ? "true" : "false")
        << ", \"split_equal_cub\": " << (r.splitOk ? "true" : "false") << "}";
    }
    f << "]}\n";
  }
  for (const Row& r : rows)
    if (!r.selectOk || !r.splitOk) return 1;
  return 0;
}

}  // namespace
}  // namespace scanviz

int main(int argc, char** argv) {
  try {
    return scanviz::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scanviz_select_bench: %s\n", e.what());
    return 1;
  }
}
