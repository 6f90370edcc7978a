#include "app/export/counters_picture.h"

#include <algorithm>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/trace/value_format.h"
#include "app/scene/counter_rows.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

// "Kogge-Stone, N = 8, add, int32 · NVIDIA H200": which run the numbers belong to, since a slide
// shows the table without the window around it. The emulator's description says how it
// schedules blocks, too long for a subtitle: it is named only.
std::string runName(const TraceMeta& meta) {
  const auto id = findAlgorithm(meta.algorithm);
  std::string s = id ? std::string(algorithmInfo(*id).name) : meta.algorithm;
  s += ", N = " + groupedCount(meta.n) + ", " + meta.op + ", " + meta.dtype;
  const std::string where = meta.backend == "cuda" ? meta.device : std::string("CPU emulator");
  if (!where.empty()) s += "  \xC2\xB7  " + where;
  return s;
}

class CountersPictureBuilder {
 public:
  CountersPictureBuilder(const Trace& trace, int step, int processors, const PictureStyle& style,
                         bool realElements)
      : trace_(trace),
        rows_(counterRows(trace, step, processors, realElements)),
        text_(pictureTextStyle()),
        pal_(picturePalette(style)),
        measure_(pictureMeasure()) {}

  Scene build() {
    const float margin = 0.8f * text_.labelSize;
    float y = margin;
    addText(margin, y, "Counters", text_.titleSize, true, pal_.text, "counters-title");
    y += 1.4f * text_.titleSize;
    const std::string subtitle = runName(trace_.meta);
    addText(margin, y, subtitle, text_.labelSize, false, pal_.textDim, "counters-run");
    y += 1.6f * text_.labelSize;
    const float cellPad = 0.6f * text_.labelSize;
    float labelWidth = 0, valueWidth = 0;
    for (const CounterRow& row : rows_) {
      labelWidth = std::max(labelWidth, measure_(row.label, text_.labelSize, false));
      valueWidth = std::max(valueWidth, measure_(row.value, text_.labelSize, true));
    }
    const float labelColumn = labelWidth + 3 * cellPad;  // air between the columns
    // As wide as the subtitle at least: the table, not an empty margin, fills the picture.
    const float tableWidth = std::max(labelColumn + valueWidth + 2 * cellPad,
                                      measure_(subtitle, text_.labelSize, false));
    const float rowHeight = 1.75f * text_.labelSize;
    const float textDy = 0.5f * (rowHeight - text_.labelSize);
    for (size_t i = 0; i < rows_.size(); ++i) {
      const CounterRow& row = rows_[i];
      const int index = static_cast<int>(i);
      // Every other row striped, as the panel's table: the eye follows a row across the gap.
      SceneRect band{.x = margin,
                     .y = y,
                     .w = tableWidth,
                     .h = rowHeight,
                     .fill = i % 2 ? pal_.beforeFill : pal_.cellFill,
                     .role = "counter-row",
                     .index = index};
      scene_.rects.push_back(band);
      addText(margin + cellPad, y + textDy, row.label, text_.labelSize, false, pal_.text,
              "counter-label", index);
      addText(margin + labelColumn, y + textDy, row.value, text_.labelSize, true, pal_.text,
              "counter-value", index);
      y += rowHeight;
    }
    scene_.width =
        std::max(margin + tableWidth, margin + measure_(subtitle, text_.labelSize, false)) + margin;
    scene_.height = y + margin;
    return std::move(scene_);
  }

 private:
  void addText(float x, float y, std::string text, float size, bool bold, Color color,
               std::string role, int index = -1) {
    addSceneText(scene_, x, y, std::move(text), color, size, bold, TextAlign::Left, std::move(role),
                 index);
  }

  const Trace& trace_;
  std::vector<CounterRow> rows_;
  ArraySceneStyle text_;
  ViewPalette pal_;
  const MeasureText& measure_;
  Scene scene_;
};

}  // namespace

Scene countersPicture(const Trace& trace, int step, int processors, const PictureStyle& style,
                      bool realElements) {
  return CountersPictureBuilder(trace, step, processors, style, realElements).build();
}

}  // namespace scanviz
