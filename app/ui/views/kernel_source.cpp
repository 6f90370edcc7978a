#include "app/ui/views/kernel_source.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/step_kinds.h"
#include "app/ui/views/embedded_sources.h"

namespace scanviz {
namespace {

// Files whose helpers several algorithms share (load and store, exclusive conversion, tiles).
constexpr std::array<const char*, 3> kSharedHelpers = {
    "kernels/block/section_io.h",
    "kernels/block/exclusive_store.h",
    "kernels/grid/tile_common.h",
};

std::vector<std::string> splitLines(const unsigned char* data, unsigned int size) {
  std::vector<std::string> lines(1);
  for (unsigned int i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      lines.emplace_back();
    } else if (data[i] != '\r') {
      lines.back() += static_cast<char>(data[i]);
    }
  }
  if (lines.back().empty()) lines.pop_back();
  return lines;
}

std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

size_t indentOf(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  return b == std::string::npos ? s.size() : b;
}

bool isComment(const std::string& s) {
  return trimmed(s).rfind("//", 0) == 0;
}
bool endsStatement(const std::string& t) {
  return t.empty() || t.back() == ';' || t.back() == '{' || t.back() == '}';
}

// First line of the statement that holds line `at` (calls spread over several lines).
int statementStart(const SourceFile& f, int at) {
  while (at > 0) {
    const std::string prev = trimmed(f.lines[static_cast<size_t>(at - 1)]);
    if (endsStatement(prev) || isComment(prev)) break;
    --at;
  }
  return at;
}

int statementEnd(const SourceFile& f, int at) {
  while (at + 1 < static_cast<int>(f.lines.size()) &&
         !endsStatement(trimmed(f.lines[static_cast<size_t>(at)])))
    ++at;
  return at;
}

// The work of the step: the ex.parallel(...) blocks (and ex.sync() lines) right before the
// barrier starting at `start`.
int stepWorkStart(const SourceFile& f, int start) {
  int i = start - 1;
  while (i >= 0) {
    const std::string line = f.lines[static_cast<size_t>(i)];
    const std::string t = trimmed(line);
    if (t.rfind("ex.sync()", 0) == 0) {
      start = i--;
      continue;
    }
    if (t.rfind("});", 0) != 0) break;
    int open = i - 1;
    while (open >= 0 &&
           !(indentOf(f.lines[static_cast<size_t>(open)]) == indentOf(line) &&
             f.lines[static_cast<size_t>(open)].find("parallel(") != std::string::npos))
      --open;
    if (open < 0) break;
    start = open;
    i = open - 1;
  }
  return start;
}

struct Hit {
  const SourceFile* file;
  int line;
};

std::optional<Hit> findToken(const SourceFile& f, const std::string& token) {
  for (int i = 0; i < static_cast<int>(f.lines.size()); ++i) {
    const std::string& line = f.lines[static_cast<size_t>(i)];
    if (!isComment(line) && line.find(token) != std::string::npos) return Hit{&f, i};
  }
  return std::nullopt;
}

// The name of the function a statement calls: "koggeStoneIterations(" -> koggeStoneIterations.
std::string calledFunction(const std::string& statement) {
  const auto paren = statement.find('(');
  if (paren == std::string::npos) return {};
  size_t b = paren;
  while (b > 0 &&
         (std::isalnum(static_cast<unsigned char>(statement[b - 1])) || statement[b - 1] == '_'))
    --b;
  return statement.substr(b, paren - b);
}

// A helper that received the kind as an argument records with StepCode{kind, ...}: find its
// definition and the barrier in its body.
std::optional<Hit> findHelperBarrier(const std::vector<SourceFile>& all,
                                     const std::string& helper) {
  if (helper.empty()) return std::nullopt;
  for (const SourceFile& f : all) {
    for (int i = 0; i < static_cast<int>(f.lines.size()); ++i) {
      const std::string t = trimmed(f.lines[static_cast<size_t>(i)]);
      const bool definition =
          t.find(" " + helper + "(") != std::string::npos && t.back() != ';' && !isComment(t);
      if (!definition) continue;
      for (int j = i + 1; j < static_cast<int>(f.lines.size()); ++j) {
        const std::string& body = f.lines[static_cast<size_t>(j)];
        if (body.find("StepCode{") != std::string::npos && !isComment(body)) return Hit{&f, j};
        if (body.rfind('}', 0) == 0) break;  // end of the function at column 0
      }
    }
  }
  return std::nullopt;
}

StepSource linesAround(const Hit& hit) {
  StepSource s;
  s.file = hit.file;
  const int start = statementStart(*hit.file, hit.line);
  s.firstLine = stepWorkStart(*hit.file, start);
  s.lastLine = statementEnd(*hit.file, hit.line);
  return s;
}

}  // namespace

const std::vector<SourceFile>& kernelSources() {
  static const std::vector<SourceFile> kAll = [] {
    std::vector<SourceFile> files;
    for (unsigned int i = 0; i < embedded::kernel_sources_count; ++i) {
      const embedded::EmbeddedSource& e = embedded::kernel_sources[i];
      files.push_back({e.path, splitLines(e.data, e.size)});
    }
    return files;
  }();
  return kAll;
}

const SourceFile* findSource(const std::string& path) {
  for (const SourceFile& f : kernelSources())
    if (f.path == path) return &f;
  return nullptr;
}

const SourceFile* algorithmSource(const std::string& algorithmKey) {
  // The descriptor names the file (variants share their base's, a composition its block scan's).
  const std::optional<AlgorithmId> id = findAlgorithm(algorithmKey);
  if (!id || algorithmInfo(*id).codeFile.empty()) return nullptr;
  return findSource(std::string(algorithmInfo(*id).codeFile));
}

StepSource findStepLines(const std::vector<const SourceFile*>& files,
                         const std::vector<SourceFile>& all, int stepKind) {
  StepSource none;
  none.file = files.empty() ? nullptr : files.front();
  if (!findStepKind(stepKind)) {
    none.note = "this kind of step has no source lines to show";
    return none;
  }
  const std::string token =
      "StepKind::" + std::string(stepKindName(static_cast<StepKind>(stepKind)));
  for (const SourceFile* f : files) {
    const std::optional<Hit> hit = findToken(*f, token);
    if (!hit) continue;
    const int start = statementStart(*f, hit->line);
    const std::string statement = trimmed(f->lines[static_cast<size_t>(start)]);
    if (f->lines[static_cast<size_t>(hit->line)].find("StepCode{" + token) == std::string::npos) {
      if (const auto helper = findHelperBarrier(all, calledFunction(statement)))
        return linesAround(*helper);
    }
    return linesAround(*hit);
  }
  none.note = "this step runs in the grid driver on the host, not in the kernel";
  return none;
}

StepSource sourceForStep(const Trace& t, int step) {
  StepSource none;
  const SourceFile* own = algorithmSource(t.meta.algorithm);
  if (!own) {
    none.note = "no kernel source is compiled in for " + t.meta.algorithm;
    return none;
  }
  if (step < 0 || step >= static_cast<int>(t.steps.size())) {
    none.file = own;
    return none;
  }
  std::vector<const SourceFile*> files = {own};
  for (const char* helper : kSharedHelpers)
    if (const SourceFile* f = findSource(helper)) files.push_back(f);
  return findStepLines(files, kernelSources(), t.steps[static_cast<size_t>(step)].kind);
}

}  // namespace scanviz
