#include "app/core/capture/sample_traces.h"

#include <algorithm>
#include <filesystem>

#include "app/core/support/file_util.h"

namespace scanviz {
namespace fs = std::filesystem;

namespace {

bool isDirectory(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

}  // namespace

std::string sampleTraceDirectory() {
  const fs::path relative = fs::path("assets") / "traces";
  if (isDirectory(relative)) return fs::absolute(relative).lexically_normal().string();
  for (const fs::path dir : foldersUpFromExecutable()) {
    if (isDirectory(dir / relative)) return (dir / relative).lexically_normal().string();
    // Installed: <prefix>/bin/scanviz and <prefix>/share/scanviz/assets/traces.
    const fs::path installed = dir / "share" / "scanviz" / relative;
    if (isDirectory(installed)) return installed.lexically_normal().string();
  }
  return {};
}

std::vector<std::string> sampleTraces() {
  std::vector<std::string> files;
  const std::string dir = sampleTraceDirectory();
  if (dir.empty()) return files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file(ec) && e.path().extension() == ".json")
      files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string largestSampleTrace(std::string_view algorithmKey) {
  const std::string prefix = std::string(algorithmKey) + "-";
  std::string best;
  long long bestN = -1;
  for (const std::string& file : sampleTraces()) {
    const std::string stem = fs::path(file).stem().string();
    if (stem.rfind(prefix, 0) != 0 || stem.size() == prefix.size()) continue;
    const std::string digits = stem.substr(prefix.size());
    if (digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const long long n = std::stoll(digits);
    if (n > bestN) {
      bestN = n;
      best = file;
    }
  }
  return best;
}

}  // namespace scanviz
