// The layer rules of docs/architecture.md, kept: every #include of app/ and kernels/ is read and
// checked against the rules table of that document (the rules are written there once), and a
// forbidden edge fails with its file and line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = SCANVIZ_SOURCE_DIR;

// One row of the table: files under `from` may include nothing that starts with one of
// `forbidden` (a quoted project path such as app/ui/, or a library header such as imgui).
struct LayerRule {
  std::string from;
  std::vector<std::string> forbidden;
  std::string why;
};

std::vector<std::string> backquoted(const std::string& cell) {
  std::vector<std::string> out;
  static const std::regex token("`([^`]+)`");
  for (auto it = std::sregex_iterator(cell.begin(), cell.end(), token);
       it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

std::vector<std::string> tableCells(const std::string& row) {
  std::vector<std::string> cells;
  std::stringstream in(row);
  std::string cell;
  std::getline(in, cell, '|');  // before the first bar
  while (std::getline(in, cell, '|')) cells.push_back(cell);
  return cells;
}

// The rows between <!-- layer-rules --> and <!-- /layer-rules --> in the document's text.
std::vector<LayerRule> parseRules(const std::string& markdown) {
  std::vector<LayerRule> rules;
  std::stringstream in(markdown);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.find("<!-- layer-rules -->") != std::string::npos) inside = true;
    if (line.find("<!-- /layer-rules -->") != std::string::npos) inside = false;
    if (!inside || line.rfind('|', 0) != 0) continue;
    const auto cells = tableCells(line);
    if (cells.size() < 3) continue;
    const auto from = backquoted(cells[0]);
    const auto forbidden = backquoted(cells[1]);
    if (from.size() != 1 || forbidden.empty()) continue;  // the header and its underline
    const auto b = cells[2].find_first_not_of(' ');
    const auto e = cells[2].find_last_not_of(' ');
    rules.push_back(
        {from[0], forbidden, b == std::string::npos ? "" : cells[2].substr(b, e - b + 1)});
  }
  return rules;
}

struct Include {
  int line;
  std::string target;  // as written between the quotes or the angle brackets
};

std::vector<Include> includesOf(const std::string& text) {
  std::vector<Include> out;
  static const std::regex directive(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::stringstream in(text);
  std::string line;
  std::smatch m;
  for (int n = 1; std::getline(in, line); ++n)
    if (std::regex_search(line, m, directive)) out.push_back({n, m[1]});
  return out;
}

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// "app/core/x.cpp:6 includes app/ui/y.h: <why>" for each forbidden include of one file.
std::vector<std::string> forbiddenEdges(const std::vector<LayerRule>& rules,
                                        const std::string& path, const std::string& text) {
  std::vector<std::string> found;
  for (const Include& inc : includesOf(text))
    for (const LayerRule& rule : rules) {
      if (!startsWith(path, rule.from)) continue;
      for (const std::string& f : rule.forbidden)
        if (startsWith(inc.target, f))
          found.push_back(path + ":" + std::to_string(inc.line) + " includes " + inc.target + " (" +
                          rule.from + " may not include " + f + ": " + rule.why + ")");
    }
  return found;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool isSource(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".h" || ext == ".cpp" || ext == ".cu" || ext == ".cuh";
}

// Source files under app/ and kernels/, as paths relative to the source tree.
std::vector<std::string> projectSources() {
  std::vector<std::string> out;
  for (const char* top : {"app", "kernels"})
    for (const auto& e : fs::recursive_directory_iterator(kSourceDir / top))
      if (e.is_regular_file() && isSource(e.path()))
        out.push_back(fs::relative(e.path(), kSourceDir).generic_string());
  return out;
}

std::vector<LayerRule> documentedRules() {
  return parseRules(readFile(kSourceDir / "docs" / "architecture.md"));
}

TEST(Layers, DocumentedRulesCoverEveryLayer) {
  const auto rules = documentedRules();
  std::vector<std::string> layers;
  for (const auto& r : rules) layers.push_back(r.from);
  for (const char* layer : {"kernels/", "app/core/", "app/scene/", "app/export/", "app/options/",
                            "app/cli/", "app/ui/"})
    EXPECT_NE(std::find(layers.begin(), layers.end(), layer), layers.end())
        << "docs/architecture.md has no rule for " << layer;
}

TEST(Layers, EverySourceBelongsToALayer) {
  const auto rules = documentedRules();
  for (const std::string& path : projectSources()) {
    // The entry point (app/main.cpp, app/program.*) sits in app/ itself and may include every
    // layer.
    if (path.find('/', std::string("app/").size()) == std::string::npos) continue;
    const bool placed = std::any_of(rules.begin(), rules.end(),
                                    [&](const LayerRule& r) { return startsWith(path, r.from); });
    EXPECT_TRUE(placed) << path << " is in no layer of docs/architecture.md: add its folder there";
  }
}

TEST(Layers, NoIncludeCrossesALayerRule) {
  const auto rules = documentedRules();
  ASSERT_FALSE(rules.empty()) << "no rules between <!-- layer-rules --> markers";
  const auto sources = projectSources();
  ASSERT_GT(sources.size(), 100u) << "the source tree was not found at " << kSourceDir;
  for (const std::string& path : sources)
    for (const std::string& edge : forbiddenEdges(rules, path, readFile(kSourceDir / path)))
      ADD_FAILURE() << edge;
}

// The scene layer may read one kernel header, the step kinds and scan types every trace carries;
// the rules table forbids the kernel folders by name, and this catches a folder added later.
TEST(Layers, SceneReadsNoKernelHeaderButTheScanTypes) {
  int sceneSources = 0;
  for (const std::string& path : projectSources()) {
    if (!startsWith(path, "app/scene/")) continue;
    ++sceneSources;
    for (const Include& inc : includesOf(readFile(kSourceDir / path))) {
      if (startsWith(inc.target, "kernels/")) {
        EXPECT_EQ(inc.target, "kernels/scan_types.h")
            << path << ":" << inc.line << " includes a kernel header: read it through app/core";
      }
    }
  }
  EXPECT_GT(sceneSources, 10) << "app/scene was not found under " << kSourceDir;
}

// The exporters below the window link into the web build, which has no cairo: cairo is
// included by the painter's own files and nowhere else in app/export (nor above it, where the
// window draws with its own renderer).
TEST(Layers, CairoOnlyInThePainterFiles) {
  const std::vector<std::string> painter = {
      "app/export/scene_painter.h", "app/export/scene_painter.cpp", "app/export/cairo_raster.cpp",
      "app/export/scene_pdf.cpp"};
  int exportSources = 0;
  for (const std::string& path : projectSources()) {
    exportSources += startsWith(path, "app/export/");
    if (std::find(painter.begin(), painter.end(), path) != painter.end()) continue;
    for (const Include& inc : includesOf(readFile(kSourceDir / path)))
      EXPECT_FALSE(startsWith(inc.target, "cairo") || startsWith(inc.target, "ft2build"))
          << path << ":" << inc.line << " includes " << inc.target
          << ": only the painter's files draw with cairo (app/export/README.md)";
  }
  EXPECT_GT(exportSources, 8) << "app/export was not found under " << kSourceDir;
}

// libclang is the students' kernels' parser and nothing else's: one file includes it, so that the
// rest of app/core/student (the program, the machine, the grader) builds where libclang is not,
// such as the page, once another parser feeds it.
TEST(Layers, LibClangOnlyInTheKernelParser) {
  int studentSources = 0;
  for (const std::string& path : projectSources()) {
    studentSources += startsWith(path, "app/core/student/");
    if (path == "app/core/student/kernel_parser.cpp") continue;
    for (const Include& inc : includesOf(readFile(kSourceDir / path)))
      EXPECT_FALSE(startsWith(inc.target, "clang-c/"))
          << path << ":" << inc.line << " includes " << inc.target
          << ": only app/core/student/kernel_parser.cpp reads libclang";
  }
  EXPECT_GE(studentSources, 5) << "app/core/student was not found under " << kSourceDir;
}

// The text of a source file without its // comments, so that a comment may name what the code
// must not.
std::string codeOf(const std::string& text) {
  static const std::regex comment("//[^\n]*");
  return std::regex_replace(text, comment, "");
}

// The files that choose and launch (app/core/backends, kernels/launch), each with the lines where
// `token` occurs in its code.
std::vector<std::string> driverLinesWith(const std::string& token) {
  std::vector<std::string> found;
  for (const std::string& path : projectSources()) {
    if (!startsWith(path, "app/core/backends/") && !startsWith(path, "kernels/launch/")) continue;
    std::stringstream in(codeOf(readFile(kSourceDir / path)));
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
      if (line.find(token) != std::string::npos) found.push_back(path + ":" + std::to_string(n));
  }
  return found;
}

// Issue 33: the backends dispatch every algorithm from the registry (block_dispatch.h), as CUB's
// dispatch holds no algorithm; an `AlgorithmId::` test in a driver is the if/else chain that made
// a new grid scheme touch 15-17 files.
TEST(Layers, NoDriverTestsAnAlgorithmId) {
  for (const std::string& where : driverLinesWith("AlgorithmId::"))
    ADD_FAILURE() << where << " tests an algorithm id: dispatch from the registry "
                  << "(app/core/backends/block_dispatch.h)";
}

// Issue 33: the hierarchical scan's grid level (scan the sections, scan their totals, add them
// back or carry them) is written once, in app/core/backends/hierarchical_driver.h, over a launcher
// each backend implements; its grid steps are recorded nowhere else.
TEST(Layers, TheGridLevelIsWrittenOnce) {
  for (const char* step :
       {"StepKind::SectionsScanned", "StepKind::AddBlockSums", "StepKind::SegmentCarry"}) {
    const auto where = driverLinesWith(step);
    ASSERT_FALSE(where.empty()) << step << " is recorded by no driver";
    for (const std::string& w : where)
      EXPECT_EQ(w.rfind("app/core/backends/hierarchical_driver.h:", 0), 0u)
          << w << " records " << step << ": the grid level belongs to hierarchical_driver.h";
  }
}

// The checker itself, on made-up files: it must see an edge where there is one.
TEST(Layers, CheckerFindsAForbiddenEdgeWithItsLine) {
  const auto rules = parseRules(
      "<!-- layer-rules -->\n"
      "| layer | may not include | why |\n"
      "|---|---|---|\n"
      "| `app/core/` | `app/ui/`, `imgui` | the model builds without a window |\n"
      "<!-- /layer-rules -->\n");
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_EQ(rules[0].forbidden, (std::vector<std::string>{"app/ui/", "imgui"}));
  const std::string text =
      "#include \"app/core/trace/trace.h\"\n"
      "\n"
      "#include \"app/ui/plot/plot_math.h\"\n"
      "  #  include <imgui.h>\n";
  const auto edges = forbiddenEdges(rules, "app/core/x.cpp", text);
  ASSERT_EQ(edges.size(), 2u);
  EXPECT_EQ(edges[0].rfind("app/core/x.cpp:3 includes app/ui/plot/plot_math.h", 0), 0u) << edges[0];
  EXPECT_EQ(edges[1].rfind("app/core/x.cpp:4 includes imgui.h", 0), 0u) << edges[1];
  EXPECT_TRUE(forbiddenEdges(rules, "app/ui/y.cpp", text).empty());
}

}  // namespace
