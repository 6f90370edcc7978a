#include "app/core/lesson/step_explainer.h"

#include <algorithm>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/result_check.h"
#include "app/core/trace/value_format.h"

namespace scanviz {
namespace {

std::string join(const std::vector<int>& v, size_t count) {
  std::string s;
  for (size_t i = 0; i < count && i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s;
}

// Runs of consecutive ids: "0..3, 8..11".
std::vector<std::pair<int, int>> runsOf(const std::vector<int>& ids) {
  std::vector<std::pair<int, int>> runs;
  for (int id : ids) {
    if (!runs.empty() && runs.back().second + 1 == id) {
      runs.back().second = id;
    } else {
      runs.push_back({id, id});
    }
  }
  return runs;
}

bool isArithmetic(const std::vector<int>& ids) {
  if (ids.size() < 3) return false;
  const int d = ids[1] - ids[0];
  for (size_t i = 2; i < ids.size(); ++i)
    if (ids[i] - ids[i - 1] != d) return false;
  return true;
}

std::string elementName(const TraceStep& s) {
  return s.array == "section" ? "XY" : "Y";
}

// The operator application "XY[i] = XY[src] op XY[i]" in words, for one or many threads.
std::string combinePhrase(const std::string& op, bool plural, const std::string& srcExpr,
                          const std::string& dstExpr) {
  const auto verb = [plural](const char* many, const char* one) { return plural ? many : one; };
  if (op == "mul")
    return std::string(verb("multiply ", "multiplies ")) + dstExpr + " by " + srcExpr;
  if (op == "max")
    return std::string(verb("keep", "keeps")) + " the larger of " + srcExpr + " and " + dstExpr +
           " in " + dstExpr;
  if (op == "min")
    return std::string(verb("keep", "keeps")) + " the smaller of " + srcExpr + " and " + dstExpr +
           " in " + dstExpr;
  return std::string(verb("add ", "adds ")) + srcExpr + " into " + dstExpr;
}

// Edges that all read from a fixed distance to the left, or -1 for anything else.
int constantDistance(const TraceStep& s) {
  int d = -1;
  for (const auto& [dst, src] : s.edges) {
    if (src < 0) return -1;
    if (d < 0) d = dst - src;
    if (dst - src != d) return -1;
  }
  return d;
}

bool destinationsAreThreadIds(const TraceStep& s, const std::vector<int>& threads) {
  if (s.edges.size() != threads.size()) return false;
  for (size_t i = 0; i < s.edges.size(); ++i)
    if (s.edges[i][0] != threads[i]) return false;
  return true;
}

std::string destinationList(const TraceStep& s) {
  std::vector<int> dst;
  for (const auto& e : s.edges) dst.push_back(e[0]);
  dst.erase(std::unique(dst.begin(), dst.end()), dst.end());
  if (dst.size() <= 6) return " (i = " + join(dst, dst.size()) + ")";
  return " (i = " + join(dst, 3) + ", ..., " + std::to_string(dst.back()) + ")";
}

std::string edgeSentence(const Trace& t, const TraceStep& s) {
  const std::vector<int> threads = operatorThreads(s);
  const std::string who = describeThreads(threads);
  const bool plural = threads.size() != 1;
  const std::string a = elementName(s);
  const int d = constantDistance(s);
  if (d > 0) {
    std::string text =
        who + " " +
        combinePhrase(t.meta.op, plural, a + "[i-" + std::to_string(d) + "]", a + "[i]");
    if (!destinationsAreThreadIds(s, threads)) text += destinationList(s);
    return text;
  }
  const bool ownInput =
      std::all_of(s.edges.begin(), s.edges.end(), [](const auto& e) { return e[1] < 0; });
  if (ownInput)
    return who + " " +
           combinePhrase(t.meta.op, plural, plural ? "their own input" : "its own input",
                         a + "[i]");
  // One earlier value combined into several elements (a coarsened scan's phase 3: the element
  // before a thread's part goes into each element of the part).
  std::vector<int> sources;
  for (const auto& e : s.edges) sources.push_back(e[1]);
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  const size_t edges = s.edges.size();
  if (sources.size() == 1)
    return who + " " +
           combinePhrase(t.meta.op, plural, a + "[" + std::to_string(sources[0]) + "]", a + "[i]") +
           destinationList(s);
  if (sources.size() < edges)
    return who + " " + combinePhrase(t.meta.op, plural, a + "[s]", a + "[i]") + " for " +
           std::to_string(edges) + " elements i, each thread one s (s = " +
           (sources.size() <= 6 ? join(sources, sources.size())
                                : join(sources, 3) + ", ..., " + std::to_string(sources.back())) +
           ")";
  return who + (plural ? " apply " : " applies ") + t.meta.op + " to " + std::to_string(edges) +
         (edges == 1 ? " pair" : " pairs") + " of elements" + destinationList(s);
}

std::string loadSentence(const Trace& t, const TraceStep& s) {
  const int section = static_cast<int>(s.values.size());
  const long long start = static_cast<long long>(s.block) * std::max(1, t.meta.sectionSize);
  const long long valid =
      s.level > 0 ? section : std::clamp<long long>(t.meta.n - start, 0, section);
  // The threads the step records as writing, as the counters count them (files before version 4
  // record none for the load: every thread of the block copies).
  const int threads = recordsWriters(s) ? static_cast<int>(s.active.size()) : t.meta.blockSize;
  std::string text = "load: " + std::to_string(threads) +
                     (threads == 1 ? " thread copies " : " threads copy ") + std::to_string(valid) +
                     (s.level > 0 ? " block sums" : " input values") + " into shared memory XY";
  if (threads > 0 && section > threads)
    text += ", " + std::to_string((section + threads - 1) / threads) +
            " each with coalesced strided reads";
  const long long padding = section - valid;
  if (padding > 0)
    text += "; " + std::to_string(padding) + " padding slot" + (padding > 1 ? "s get" : " gets") +
            " the identity " + identityText(t.meta.op, t.meta.dtype);
  return text;
}

// The table's wording where the edges do not tell the story, else the edges'.
std::string kindSentence(const Trace& t, const TraceStep& s) {
  const StepKindInfo* kind = findStepKind(s.kind);
  if (kind && kind->sentence) return kind->sentence(t, s);
  if (kind && !kind->workSentence.empty())
    return std::string(kind->workSentence) + " (" + operationCount(s) + ")";
  if (!s.edges.empty()) return edgeSentence(t, s);
  if (s.ops > 0) return operationCount(s);
  return "values move; no operator is applied";
}

std::string kindSuffix(const TraceStep& s) {
  const StepKindInfo* kind = findStepKind(s.kind);
  if (!kind) return "";
  return kind->suffix ? kind->suffix(s) : std::string(kind->fixedSuffix);
}

}  // namespace

std::string describeThreads(const std::vector<int>& ids) {
  if (ids.empty()) return "no thread";
  if (ids.size() == 1) return "thread " + std::to_string(ids[0]);
  const auto runs = runsOf(ids);
  const auto runText = [](const std::pair<int, int>& r) {
    if (r.first == r.second) return std::to_string(r.first);
    const char* joint = r.second == r.first + 1 ? ", " : "..";
    return std::to_string(r.first) + joint + std::to_string(r.second);
  };
  if (runs.size() <= 3) {
    std::string s = "threads ";
    for (size_t i = 0; i < runs.size(); ++i) s += (i ? ", " : "") + runText(runs[i]);
    return s;
  }
  const std::string count = " (" + std::to_string(ids.size()) + " threads)";
  if (ids.size() <= 6) return "threads " + join(ids, ids.size());
  if (isArithmetic(ids))
    return "threads " + join(ids, 3) + ", ..., " + std::to_string(ids.back()) + count;
  return std::to_string(ids.size()) + " threads, " + std::to_string(ids.front()) + " to " +
         std::to_string(ids.back());
}

std::string explainStep(const Trace& t, int step) {
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return {};
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  if (static_cast<StepKind>(s.kind) == StepKind::Load && s.array == "section")
    return loadSentence(t, s);
  return s.label + ": " + kindSentence(t, s) + kindSuffix(s);
}

}  // namespace scanviz
