// The textbook listings of kernels/listings/ launched on the device: see
// algorithm_listings_device.h. Device memory is plain cudaMalloc; every launch is checked.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/blelloch.cuh"
#include "kernels/listings/blelloch_conflict_free.cuh"
#include "kernels/listings/brent_kung.cuh"
#include "kernels/listings/cluster_lookback.cuh"
#include "kernels/listings/decoupled_lookback.cuh"
#include "kernels/listings/hierarchical.cuh"
#include "kernels/listings/hillis_steele.cuh"
#include "kernels/listings/kogge_stone.cuh"
#include "kernels/listings/kogge_stone_exclusive.cuh"
#include "kernels/listings/segment_carry.cuh"
#include "kernels/listings/segmented_blelloch.cuh"
#include "kernels/listings/segmented_hierarchical.cuh"
#include "kernels/listings/segmented_kogge_stone.cuh"
#include "kernels/listings/segmented_lookback.cuh"
#include "kernels/listings/sequential.cuh"
#include "kernels/listings/serial_lookback.cuh"
#include "kernels/listings/single_pass_chained.cuh"
#include "kernels/listings/three_phase.cuh"
#include "kernels/listings/warp_shuffle.cuh"
#include "tests/gpu/algorithm_listings_device.h"

namespace scanviz::gpu_listings {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(e));
}

void finished(const char* what) {
  check(cudaGetLastError(), what);
  check(cudaDeviceSynchronize(), what);
}

// n elements of device memory, zeroed.
template <class T>
class DeviceArray {
 public:
  explicit DeviceArray(size_t n) : n_(n) {
    check(cudaMalloc(&p_, sizeof(T) * (n ? n : 1)), "cudaMalloc");
    check(cudaMemset(p_, 0, sizeof(T) * (n ? n : 1)), "cudaMemset");
  }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  ~DeviceArray() { cudaFree(p_); }
  T* data() { return p_; }
  void upload(const std::vector<T>& v) {
    check(cudaMemcpy(p_, v.data(), sizeof(T) * v.size(), cudaMemcpyHostToDevice), "upload");
  }
  std::vector<T> download() const {
    std::vector<T> v(n_);
    check(cudaMemcpy(v.data(), p_, sizeof(T) * n_, cudaMemcpyDeviceToHost), "download");
    return v;
  }

 private:
  size_t n_;
  T* p_ = nullptr;
};

using DeviceInts = DeviceArray<int>;
using DeviceFlags = DeviceArray<unsigned char>;

enum class Kind { Block, Chained, Decoupled, Serial, Cluster, SegmentedBlock, SegmentedLookback };

struct Entry {
  DeviceListing listing;
  Kind kind;
  int elementsPerThread;
  // A block listing's kernel 1 over `grid` sections (S: the sections' sums, or null).
  void (*launch)(unsigned grid, unsigned block, int* X, int* Y, int n, int* S, bool inclusive);
};

// A segmented block listing's kernel 1 over `grid` sections with the head flags F (S: the
// sections' totals, or null; SF: whether each holds a head).
using SegmentedLaunch = void (*)(unsigned grid, unsigned block, int* X, unsigned char* F, int* Y,
                                 int n, int* S, unsigned char* SF, bool inclusive);

const std::vector<Entry>& entries() {
  namespace l = ::listings;
  static const std::vector<Entry> kAll = {
      {{"sequential", false},
       Kind::Block,
       1,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool) {
         l::sequential::sequential_scan_kernel<<<g, b>>>(X, Y, n, S);
       }},
      {{"kogge-stone", false},
       Kind::Block,
       1,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool) {
         l::kogge_stone::Kogge_Stone_scan_kernel<<<g, b>>>(X, Y, n, S);
       }},
      {{"kogge-stone-exclusive", true},
       Kind::Block,
       1,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool inclusive) {
         l::kogge_stone_exclusive::Kogge_Stone_exclusive_scan_kernel<<<g, b>>>(X, Y, n, S,
                                                                               inclusive);
       }},
      {{"hillis-steele", false},
       Kind::Block,
       1,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool) {
         l::hillis_steele::Hillis_Steele_scan_kernel<<<g, b>>>(X, Y, n, S);
       }},
      {{"brent-kung", false},
       Kind::Block,
       2,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool) {
         l::brent_kung::Brent_Kung_scan_kernel<<<g, b>>>(X, Y, n, S);
       }},
      {{"blelloch", true},
       Kind::Block,
       2,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool inclusive) {
         l::blelloch::Blelloch_scan_kernel<<<g, b>>>(X, Y, n, S, inclusive);
       }},
      {{"blelloch-conflict-free", true},
       Kind::Block,
       2,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool inclusive) {
         l::blelloch_conflict_free::Blelloch_conflict_free_scan_kernel<<<g, b>>>(X, Y, n, S,
                                                                                 inclusive);
       }},
      {{"three-phase", false},
       Kind::Block,
       l::three_phase::kCoarseFactor,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool) {
         l::three_phase::three_phase_scan_kernel<<<g, b>>>(X, Y, n, S);
       }},
      {{"warp-shuffle", false},
       Kind::Block,
       1,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool) {
         l::warp_shuffle::warp_shuffle_scan_kernel<<<g, b>>>(X, Y, n, S);
       }},
      // The hierarchical listing is the Brent-Kung kernel and kernel 3 in levels.
      {{"hierarchical", false},
       Kind::Block,
       2,
       [](unsigned g, unsigned b, int* X, int* Y, int n, int* S, bool) {
         l::brent_kung::Brent_Kung_scan_kernel<<<g, b>>>(X, Y, n, S);
       }},
      {{"single-pass-chained", false}, Kind::Chained, 2, nullptr},
      {{"decoupled-lookback", false},
       Kind::Decoupled,
       l::decoupled_lookback::kCoarseFactor,
       nullptr},
      {{"serial-lookback", false}, Kind::Serial, l::serial_lookback::kCoarseFactor, nullptr},
      {{"cluster-lookback", false}, Kind::Cluster, l::cluster_lookback::kCoarseFactor, nullptr},
      // The segmented listings (head flags): segmentedLaunchOf gives a block one's kernel 1.
      {{"segmented-kogge-stone", true}, Kind::SegmentedBlock, 1, nullptr},
      {{"segmented-blelloch", true}, Kind::SegmentedBlock, 2, nullptr},
      {{"segmented-hierarchical", true}, Kind::SegmentedBlock, 2, nullptr},
      {{"segmented-lookback", true},
       Kind::SegmentedLookback,
       l::segmented_lookback::kCoarseFactor,
       nullptr},
  };
  return kAll;
}

SegmentedLaunch segmentedLaunchOf(std::string_view key) {
  namespace l = ::listings;
  if (key == "segmented-kogge-stone")
    return [](unsigned g, unsigned b, int* X, unsigned char* F, int* Y, int n, int* S,
              unsigned char* SF, bool inclusive) {
      l::segmented_kogge_stone::Segmented_Kogge_Stone_scan_kernel<<<g, b>>>(X, F, Y, n, S, SF,
                                                                            !inclusive);
    };
  // The segmented hierarchical listing is the segmented Blelloch kernel and kernel 3 in levels.
  if (key == "segmented-blelloch" || key == "segmented-hierarchical")
    return [](unsigned g, unsigned b, int* X, unsigned char* F, int* Y, int n, int* S,
              unsigned char* SF, bool inclusive) {
      l::segmented_blelloch::Segmented_Blelloch_scan_kernel<<<g, b>>>(X, F, Y, n, S, SF, inclusive);
    };
  throw std::invalid_argument("no segmented block listing for " + std::string(key));
}

const Entry& entryOf(std::string_view key) {
  for (const Entry& e : entries())
    if (e.listing.key == key) return e;
  throw std::invalid_argument("no device listing for " + std::string(key));
}

// Kernel 1 over the sections, the inclusive scan of their sums the same way, kernel 3.
void scanLevels(const Entry& e, int* X, int* Y, int n, unsigned block, bool inclusive) {
  const int section = e.elementsPerThread * static_cast<int>(block);
  const unsigned sections = static_cast<unsigned>((n + section - 1) / section);
  DeviceInts S(sections);
  e.launch(sections, block, X, Y, n, sections > 1 ? S.data() : nullptr, inclusive);
  finished("kernel 1");
  if (sections == 1) return;
  scanLevels(e, S.data(), S.data(), static_cast<int>(sections), block, true);
  ::listings::add_block_sums::add_block_sums_kernel<<<sections, block>>>(Y, S.data(), n, section);
  finished("add_block_sums_kernel");
}

// The segmented form: kernel 1 over the sections (their totals into S, whether each holds a head
// into SF), the inclusive scan of (S, SF) the same way, kernel 3 with this level's flags F.
void scanSegmentedLevels(const Entry& e, SegmentedLaunch launch, int* X, unsigned char* F, int* Y,
                         int n, unsigned block, bool inclusive) {
  const int section = e.elementsPerThread * static_cast<int>(block);
  const unsigned sections = static_cast<unsigned>((n + section - 1) / section);
  DeviceInts S(sections);
  DeviceFlags SF(sections);
  launch(sections, block, X, F, Y, n, sections > 1 ? S.data() : nullptr, SF.data(), inclusive);
  finished("kernel 1");
  if (sections == 1) return;
  scanSegmentedLevels(e, launch, S.data(), SF.data(), S.data(), static_cast<int>(sections), block,
                      true);
  ::listings::segment_carry::segment_carry_kernel<<<sections, block>>>(Y, F, S.data(), n, section);
  finished("segment_carry_kernel");
}

}  // namespace

const std::vector<DeviceListing>& deviceListings() {
  static const std::vector<DeviceListing> kAll = [] {
    std::vector<DeviceListing> v;
    for (const Entry& e : entries()) v.push_back(e.listing);
    return v;
  }();
  return kAll;
}

std::vector<int> runOnDevice(std::string_view key, const std::vector<int>& x, unsigned block,
                             bool inclusive, const std::vector<uint8_t>& heads) {
  const Entry& e = entryOf(key);
  const int n = static_cast<int>(x.size());
  DeviceInts X(x.size()), Y(x.size());
  X.upload(x);
  if (e.kind == Kind::Block) {
    scanLevels(e, X.data(), Y.data(), n, block, inclusive);
    return Y.download();
  }
  const bool segmented = e.kind == Kind::SegmentedBlock || e.kind == Kind::SegmentedLookback;
  if (segmented && heads.size() != x.size())
    throw std::invalid_argument(std::string(key) + " needs one head flag per element");
  DeviceFlags F(x.size());
  if (segmented) F.upload(std::vector<unsigned char>(heads.begin(), heads.end()));
  if (e.kind == Kind::SegmentedBlock) {
    scanSegmentedLevels(e, segmentedLaunchOf(key), X.data(), F.data(), Y.data(), n, block,
                        inclusive);
    return Y.download();
  }
  const int tile = e.elementsPerThread * static_cast<int>(block);
  unsigned tiles = static_cast<unsigned>((n + tile - 1) / tile);
  // The cluster listing runs whole clusters: its last one may hold blocks past the end.
  if (e.kind == Kind::Cluster) {
    const unsigned c = ::listings::cluster_lookback::kClusterSize;
    tiles = (tiles + c - 1) / c * c;
  }
  DeviceInts flags(tiles + 1), values(tiles + 1), aggregate(tiles), prefix(tiles), counter(1);
  if (e.kind == Kind::SegmentedLookback) {
    ::listings::segmented_lookback::segmented_lookback_scan_kernel<<<tiles, block>>>(
        X.data(), F.data(), Y.data(), n, flags.data(), aggregate.data(), prefix.data(),
        counter.data(), !inclusive);
  } else if (e.kind == Kind::Chained) {
    flags.upload({1});
    ::listings::single_pass_chained::stream_scan_kernel<<<tiles, block>>>(
        X.data(), Y.data(), n, flags.data(), values.data(), counter.data());
  } else if (e.kind == Kind::Decoupled) {
    ::listings::decoupled_lookback::decoupled_lookback_scan_kernel<<<tiles, block>>>(
        X.data(), Y.data(), n, flags.data(), aggregate.data(), prefix.data(), counter.data());
  } else if (e.kind == Kind::Cluster) {
    ::listings::cluster_lookback::cluster_lookback_scan_kernel<<<tiles, block>>>(
        X.data(), Y.data(), n, flags.data(), aggregate.data(), prefix.data(), counter.data());
  } else {
    ::listings::serial_lookback::serial_lookback_scan_kernel<<<tiles, block>>>(
        X.data(), Y.data(), n, flags.data(), aggregate.data(), prefix.data(), counter.data());
  }
  finished(std::string(key).c_str());
  return Y.download();
}

}  // namespace scanviz::gpu_listings
