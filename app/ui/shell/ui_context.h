// What every panel gets for a frame: the model, fonts and colours at the current scale, the
// shared dialogs and commands, the views' own state, and the frame report that --dump-scene
// writes.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "app/scene/counter_rows.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"
#include "app/scene/scene_geometry.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/fonts.h"

namespace scanviz {

class CommandTable;
class FileDialog;
struct ViewStates;

// What this frame showed, in words and primitives: what tests and tools read back.
struct FrameReport {
  Scene arrayScene;
  float sceneOriginX = 0;  // where the scene was drawn, in framebuffer pixels
  float sceneOriginY = 0;
  std::vector<CounterRow> counters;
  std::string status;
  std::string explanation;
  std::string explanationAbout;  // the summary under the sentence (or in its tooltip)
  // What the centre views other than the lesson showed ("compare", "timeline"), as JSON, and
  // their scenes, turned into JSON (panels[name]["scene"]) only when a report is written.
  nlohmann::json panels = nlohmann::json::object();
  std::map<std::string, Scene> panelScenes;
  // The part of each scene on screen ("array" for arrayScene, else the panel's name), where its
  // view scrolls: the deck's slides are cut to it (shownPart, scene_renderer.h).
  std::map<std::string, SceneBox> shownParts;
  float contentScale = 1;  // the monitor's (DPI / 96), as the window system reports it
  float pixelScale = 1;    // content scale x UI scale: what fonts are rasterised for
};

struct UiContext {
  AppState& state;
  const FontSet& fonts;
  const ViewPalette& palette;
  float scale;  // pixel scale: DPI x UI scale
  FrameReport& report;
  FileDialog& files;
  CommandTable& commands;
  ViewStates& views;    // what each view keeps between frames (view_states.h)
  bool animate = true;  // false in scripted runs: every frame shows the final state
};

}  // namespace scanviz
