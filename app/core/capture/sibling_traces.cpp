#include "app/core/capture/sibling_traces.h"

#include <filesystem>

#include "app/core/trace/trace_json.h"

namespace scanviz {

std::string siblingTracePath(const std::string& traceFile, const std::string& lessonKey,
                             AlgorithmId id) {
  const std::filesystem::path path(traceFile);
  const std::string stem = path.stem().string();
  // "kogge-stone-lesson" of kogge-stone: the input part is "lesson".
  if (stem.size() <= lessonKey.size() + 1 || stem.compare(0, lessonKey.size(), lessonKey) != 0 ||
      stem[lessonKey.size()] != '-')
    return {};
  const std::string input = stem.substr(lessonKey.size() + 1);
  return (path.parent_path() / (std::string(algorithmInfo(id).key) + "-" + input + ".json"))
      .string();
}

bool sameInput(const Trace& a, const Trace& b) {
  return a.meta.n == b.meta.n && a.meta.op == b.meta.op && a.meta.dtype == b.meta.dtype &&
         a.input == b.input;
}

bool sameRun(const Trace& a, const Trace& b) {
  return sameInput(a, b) && a.meta.inclusive == b.meta.inclusive;
}

std::shared_ptr<const Trace> SiblingTraces::find(const std::string& traceFile, const Trace& lesson,
                                                 AlgorithmId id, bool inclusive) {
  const auto key = std::make_tuple(traceFile, id, inclusive);
  if (const auto it = found_.find(key); it != found_.end()) return it->second;
  std::shared_ptr<const Trace> sibling;
  const std::string path = siblingTracePath(traceFile, lesson.meta.algorithm, id);
  std::error_code ec;
  if (!path.empty() && std::filesystem::is_regular_file(path, ec)) {
    try {
      auto t = std::make_shared<const Trace>(loadTrace(path));
      if (t->meta.algorithm == algorithmInfo(id).key && sameInput(*t, lesson) &&
          t->meta.inclusive == inclusive)
        sibling = t;
    } catch (const std::exception&) {
      // A broken sibling is no sibling: the lane is captured instead.
    }
  }
  found_[key] = sibling;
  return sibling;
}

}  // namespace scanviz
