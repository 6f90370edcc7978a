#include "app/export/export_naming.h"

#include <cstdlib>
#include <filesystem>

#include "app/core/support/output_file.h"

namespace scanviz {
namespace {

// Algorithm keys are already safe in file names; anything else (a hand-edited trace) is made so.
std::string safe(const std::string& s) {
  std::string out;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_';
    out += ok ? c : '-';
  }
  return out.empty() ? std::string("scan") : out;
}

std::string stem(const TraceMeta& meta) {
  return safe(meta.algorithm) + "_n" + std::to_string(meta.n);
}

std::string scaleSuffix(const ExportOptions& o) {
  // SVG and PDF are vector: the scale does not change what they hold, and the name stays plain.
  if (o.format == ExportFormat::Svg || o.format == ExportFormat::Pdf || o.scale == 1) return "";
  return "@" + std::to_string(o.scale) + "x";
}

std::string stepsPart(const ExportOptions& o) {
  if (o.steps.count() == 1) return "_step" + std::to_string(o.steps.first);
  return "_steps" + std::to_string(o.steps.first) + "-" + std::to_string(o.steps.last);
}

bool isFolder(const std::string& path) {
  std::error_code ec;
  return !path.empty() && std::filesystem::is_directory(path, ec);
}

}  // namespace

std::string defaultExportName(const TraceMeta& meta, const ExportOptions& o) {
  if (o.format == ExportFormat::PngSequence) return stem(meta) + "_frames" + scaleSuffix(o);
  const std::string extension(formatExtension(o.format));
  // A timing plot shows a benchmark run, not the lesson: its name says which plot.
  if (o.panel == ExportPanel::TimingPlot)
    return "timing_" + std::string(timingPlotKey(o.timingPlot)) + scaleSuffix(o) + extension;
  const std::string panel =
      o.panel == ExportPanel::ArrayView ? "" : "_" + std::string(keyOf(kExportPanelKeys, o.panel));
  return stem(meta) + stepsPart(o) + panel + scaleSuffix(o) + extension;
}

std::string sequenceFrameName(const TraceMeta& meta, const ExportOptions& o, int step) {
  const size_t width = std::to_string(o.steps.last).size();
  std::string number = std::to_string(step);
  if (number.size() < width) number.insert(0, width - number.size(), '0');
  return stem(meta) + "_step" + number + scaleSuffix(o) + ".png";
}

std::string defaultExportFolder(const std::string& remembered) {
  if (isFolder(remembered)) return remembered;
  const char* home = std::getenv("HOME");
  if (home && *home) {
    const std::string pictures = std::string(home) + "/Pictures";
    if (isFolder(pictures)) return pictures;
    if (isFolder(home)) return home;
  }
  std::error_code ec;
  const auto cwd = std::filesystem::current_path(ec);
  return ec ? std::string(".") : cwd.string();
}

std::string withExtension(const std::string& name, ExportFormat f) {
  const std::string ext(formatExtension(f));
  if (ext.empty() || name.empty() || isWrittenInPlace(name)) return name;
  if (name.size() >= ext.size()) {
    std::string tail = name.substr(name.size() - ext.size());
    for (char& c : tail)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (tail == ext) return name;
  }
  return name + ext;
}

}  // namespace scanviz
