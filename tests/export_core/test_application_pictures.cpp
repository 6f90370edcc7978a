// The applications' domain pictures as scenes (GUI-free) and as exported SVG: labels never
// overlap in a row, the sandwich is drawn to scale for random requests, every picture builds
// for N = 1 and for inputs longer than its table, and --panel application writes the picture
// only for an application's lesson.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "app/core/applications/application.h"
#include "app/export/export_job.h"
#include "app/export/picture.h"
#include "app/scene/applications/application_scene.h"
#include "app/scene/applications/domain_scene_parts.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

ApplicationRun runOnCpu(ApplicationId id, ApplicationInput in) {
  ApplicationOptions o;
  o.backend = BackendChoice::Cpu;
  return runApplication(id, in, o);
}

DomainSceneContext context(float width = 1000) {
  return {width, ArraySceneStyle{}, viewPalette(Theme::Light, Palette::Classic),
          approximateTextWidth};
}

std::vector<const SceneRect*> sortedByIndex(std::vector<const SceneRect*> v) {
  std::sort(v.begin(), v.end(), [](auto* a, auto* b) { return a->index < b->index; });
  return v;
}

TEST(ApplicationPictures, LabelRowsKeepLabelsApartAndOffLeaders) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> at(0, 500), width(5, 60);
  for (int round = 0; round < 50; ++round) {
    std::vector<AxisLabel> labels;
    for (int i = 0; i < 12; ++i) {
      const float x = at(rng), w = width(rng);
      labels.push_back({x - w / 2, x + w / 2, x});
    }
    const std::vector<int> rows = labelRows(labels, 3);
    for (size_t i = 0; i < labels.size(); ++i) {
      for (size_t j = i + 1; j < labels.size(); ++j) {
        if (rows[i] != rows[j]) continue;
        EXPECT_TRUE(labels[i].right + 3 <= labels[j].left || labels[j].right + 3 <= labels[i].left)
            << "labels " << i << " and " << j << " overlap in row " << rows[i];
      }
    }
  }
}

TEST(ApplicationPictures, SandwichIsDrawnToScaleForRandomRequests) {
  std::mt19937 rng(11);
  for (size_t n : {1u, 2u, 10u, 40u}) {
    std::vector<double> requests(n);
    std::uniform_int_distribution<int> inches(0, 9);
    double total = 0;
    for (double& r : requests) total += r = inches(rng);
    const double length = total + 5;
    const ApplicationRun run = runOnCpu(ApplicationId::Sandwich, {requests, {length}});
    const Scene s = buildApplicationScene(run, context());
    const auto pieces = sortedByIndex(s.rectsWithRole("piece"));
    ASSERT_EQ(pieces.size(), n);
    const float inch = (s.width - 2 * domainMargin(context())) / static_cast<float>(length);
    for (size_t i = 0; i < n; ++i) EXPECT_NEAR(pieces[i]->w, requests[i] * inch, 0.01);
    ASSERT_EQ(s.rectsWithRole("leftover").size(), 1u);
    EXPECT_NEAR(s.rectsWithRole("leftover")[0]->w, 5 * inch, 0.01);
    // Every 0-inch request is named at its cut: "P8" followed by ':' or ','.
    const auto namedAtACut = [&](size_t person) {
      const std::string token = "P" + std::to_string(person + 1);
      for (const SceneText* t : s.textsWithRole("cut-position"))
        for (size_t at = t->text.find(token); at != std::string::npos;
             at = t->text.find(token, at + 1)) {
          const char next = at + token.size() < t->text.size() ? t->text[at + token.size()] : ' ';
          if (next == ':' || next == ',') return true;
        }
      return false;
    };
    size_t zeros = 0, named = 0;
    for (size_t i = 0; i < n; ++i)
      if (requests[i] == 0) ++zeros, named += namedAtACut(i);
    EXPECT_EQ(named, zeros) << "n = " << n;
  }
}

TEST(ApplicationPictures, EveryPictureBuildsSmallAndLarge) {
  for (const ApplicationInfo& a : allApplications()) {
    ApplicationInput one = defaultApplicationInput(a.id);
    one.values.resize(1);
    if (!one.flags.empty()) one.flags.resize(1);
    ApplicationInput many = defaultApplicationInput(a.id);
    many.values.assign(300, 1);
    many.flags.clear();
    if (a.id == ApplicationId::Sandwich) many.parameters[0] = 300;
    if (a.id == ApplicationId::Polynomial) many.parameters[0] = 1;
    if (a.id == ApplicationId::SparseMatrixVector) {  // 1 x 1; 100 rows of 3 nonzeros in 10 columns
      one.lists = {{1}, {0}, {2}};
      many.lists = {std::vector<double>(100, 3), std::vector<double>(300),
                    std::vector<double>(10, 1)};
      for (size_t k = 0; k < 300; ++k) many.lists[1][k] = static_cast<double>(k % 10);
    }
    const Scene small = buildApplicationScene(runOnCpu(a.id, one), context(400));
    EXPECT_GT(small.height, 0) << a.key;
    EXPECT_FALSE(small.textsWithRole("answer").empty()) << a.key;
    const Scene large = buildApplicationScene(runOnCpu(a.id, many), context(1200));
    EXPECT_LE(large.height, 1200) << a.key << ": the picture should stay a picture at N = 300";
  }
}

TEST(ApplicationPictures, SparseMatrixShowsItsNonzerosAndEveryRowsTotal) {
  const ApplicationRun run = runOnCpu(ApplicationId::SparseMatrixVector,
                                      defaultApplicationInput(ApplicationId::SparseMatrixVector));
  const Scene s = buildApplicationScene(run, context());
  // The grid holds the 8 nonzeros (blank cells elsewhere), row 2 all blank.
  size_t written = 0, rowTwo = 0;
  for (const SceneText* t : s.textsWithRole("matrix-row-2-value")) rowTwo += !t->text.empty();
  for (int r = 0; r < 5; ++r)
    for (const SceneText* t : s.textsWithRole("matrix-row-" + std::to_string(r) + "-value"))
      written += !t->text.empty();
  EXPECT_EQ(written, 8u);
  EXPECT_EQ(rowTwo, 0u);
  std::vector<std::string> y;
  for (const SceneText* t : s.textsWithRole("y-value")) y.push_back(t->text);
  EXPECT_EQ(y, (std::vector<std::string>{"6", "18", "0", "24", "12"}));
  // Each nonempty row's last sum is outlined, a bar where rows 1, 3 and 4 start.
  std::vector<int> totals;
  for (const SceneRect* r : sortedByIndex(s.rectsWithRole("row-total"))) totals.push_back(r->index);
  EXPECT_EQ(totals, (std::vector<int>{0, 1, 3, 4}));
  size_t bars = 0;
  for (const SceneLine& l : s.lines) bars += l.role == "segment-boundary";
  EXPECT_EQ(bars, 3u);
}

TEST(ApplicationPictures, LineOfSightColoursTheVerdicts) {
  const ApplicationRun run = runOnCpu(ApplicationId::LineOfSight, {{5, 1, 9, 2}, {5}});
  const Scene s = buildApplicationScene(run, context());
  std::vector<int> visible;
  for (const SceneRect* r : sortedByIndex(s.rectsWithRole("point-visible")))
    visible.push_back(r->index);
  EXPECT_EQ(visible, (std::vector<int>{0, 2}));
  EXPECT_EQ(s.rectsWithRole("point-hidden").size(), 2u);
}

TEST(ApplicationPictures, ExportedAsSvgOnlyForAnApplication) {
  const fs::path folder = fs::temp_directory_path() / "scanviz-application-pictures";
  fs::create_directories(folder);
  auto run = std::make_shared<const ApplicationRun>(
      runOnCpu(ApplicationId::Sandwich, defaultApplicationInput(ApplicationId::Sandwich)));
  auto trace = std::shared_ptr<const Trace>(run, &run->scans[0].trace);
  ExportOptions o;
  o.format = ExportFormat::Svg;
  o.panel = ExportPanel::Application;
  o.steps = {0, 0};
  const fs::path out = folder / "sandwich.svg";
  ExportJob job(trace, o, out.string(), {}, std::nullopt, run);
  job.runToEnd();
  ASSERT_TRUE(job.succeeded()) << job.error();
  std::ifstream in(out);
  std::stringstream svg;
  svg << in.rdbuf();
  EXPECT_NE(svg.str().find("39 in left over"), std::string::npos);
  EXPECT_NE(svg.str().find("Cutting a sandwich"), std::string::npos);

  const fs::path none = folder / "none.svg";
  ExportJob without(trace, o, none.string());
  without.runToEnd();
  EXPECT_FALSE(without.succeeded());
  EXPECT_NE(without.error().find("no application's"), std::string::npos) << without.error();
  EXPECT_FALSE(fs::exists(none));
  fs::remove_all(folder);
}

}  // namespace
}  // namespace scanviz
