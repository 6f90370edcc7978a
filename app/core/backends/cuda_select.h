// Our single-pass stream compaction and split on the GPU (kernels/agent/select_lookback_agent.cuh):
// the flags' exclusive scan by decoupled look-back and the scatter it drives, one launch. The
// benchmark times it against cub::DeviceSelect::Flagged and cub::DevicePartition::Flagged; the
// GPU tests hold it to the sequential reference. Without CUDA every call throws BackendError.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace scanviz {

enum class SelectKind {
  Select,  // the flagged elements, packed in order (compaction)
  Split,   // and the others, packed in order in a second array (one stable radix pass)
};

template <class T>
struct SelectOutput {
  std::vector<T> selected;
  std::vector<T> rejected;  // Split only
};

// Runs the kernel on host data (flags: one 0/1 byte per value; any nonzero selects). Types:
// int32_t and float.
// `launches` > 1 runs it that many times on one workspace (the tile status words are tagged by
// launch, never cleared) and returns the last run's output.
template <class T>
SelectOutput<T> selectFlaggedOnGpu(const std::vector<T>& values, const std::vector<uint8_t>& flags,
                                   SelectKind kind, int launches = 1);

// The sequential references: the same lists, one element after another.
template <class T>
SelectOutput<T> selectFlaggedSequential(const std::vector<T>& values,
                                        const std::vector<uint8_t>& flags, SelectKind kind) {
  SelectOutput<T> out;
  for (size_t i = 0; i < values.size(); ++i) {
    if (flags[i])
      out.selected.push_back(values[i]);
    else if (kind == SelectKind::Split)
      out.rejected.push_back(values[i]);
  }
  return out;
}

}  // namespace scanviz
