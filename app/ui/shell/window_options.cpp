#include "app/ui/shell/window_options.h"

#include <string>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/applications/application_request.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/layouts/heat_map.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"
#include "app/core/lesson/quiz_session.h"
#include "app/core/playback/compare_sync.h"
#include "app/core/support/app_settings.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/views/timing_tab.h"

namespace scanviz {
namespace {

// The lessons' and the errata's ids, as `scanviz list` names them: for help and completion.
std::vector<std::string> spotTheBugKeys() {
  std::vector<std::string> keys;
  for (const Lesson& l : allLessons()) keys.emplace_back(l.id);
  for (const Erratum& e : allErrata()) keys.emplace_back(e.id);
  return keys;
}

std::vector<OptionSection> makeLessonSections() {
  return {
      {"What to show",
       {{"session", "FILE", "", "Open a session file (Ctrl+S saves one)."},
        {"trace", "FILE", "",
         "Open a trace file (from `scanviz capture` or assets/traces; - reads standard input)."},
        {"step", "K", "", "Stand at step K (0 is the input)."},
        {"deck", "FILE.deck.json", "",
         "A deck of views with speaker notes. Alone: give it in presentation mode from view 1 "
         "(`scanviz FILE.deck.json` does the same); with options that say what to show: prepare "
         "it (A adds the view on screen, Ctrl+D saves to FILE)."},
        {"view", "K", "1", "Give the deck from its view K."},
        {"kernel", "FILE.cu", "",
         "Open a student's CUDA kernel in the kernel editor (Ctrl+K) and run it on the controls' "
         "input, graded against the controls' algorithm (`scanviz kernel` on the command line; "
         "docs/student-kernels.md)."}}},
      {"Look",
       {{"theme", "T", "the saved setting (dark)", "Colours.", keysOf(kThemeKeys)},
        {"palette", "P", "the saved setting (classic)",
         "Colour palette; okabe-ito is safe for "
         "colour-blind readers.",
         keysOf(kPaletteKeys)},
        {"ui-scale", "S", "the saved setting (1)",
         "UI scale: text and controls, 1 to 3 (2 for a projector)."},
        {"presentation", "", "", "Presentation mode: large text, the explanation panel."},
        {"symbolic", "", "",
         "Cells show which inputs they combine (x0..x3, PMPP Fig. 8.5) instead of values; X "
         "toggles it."},
        {"size", "WxH",
         std::to_string(LaunchOptions{}.width) + "x" + std::to_string(LaunchOptions{}.height),
         "Window size in pixels."},
        {"panel", "VIEW", "the saved setting (lesson)", "The centre view.",
         keysOf(kCenterViewKeys)},
        {"code-view", "V", "the saved setting (textbook)",
         "The code panel's tab: the algorithm's textbook CUDA (PMPP chapter 8's conventions) or "
         "its kernel as scanviz runs it; both light the current step's lines.",
         keysOf(kCodeViewKeys)},
        {"compare", "A,B[,C,D]", "", "Open Compare with two to four algorithms."},
        {"sync", "HOW", "step", "How Compare steps its lanes together.", keysOf(kCompareSyncKeys)},
        {"diff", "", "", "Compare's GPU-against-CPU trace diff."},
        {"spot-the-bug", "ID", "",
         "Open a spot-the-bug lesson beside its fix, or an erratum of the seeds' text with what "
         "scanviz's run counts (scanviz list names both); --step K stands at a lesson's step K.",
         spotTheBugKeys()},
        {"lanes", "L", std::string(keyOf(kLaneGroupingKeys, LaneGrouping::BySm)),
         "Lanes of the block timeline.", keysOf(kLaneGroupingKeys)},
        {"bench-sizes", "LIST", "",
         "Open Timing and start a benchmark of these sizes, e.g. 2^10,2^12."},
        {"timing-tab", "TAB", std::string(keyOf(kTimingTabKeys, TimingTab::Benchmark)),
         "Open Timing on this tab.", keysOf(kTimingTabKeys)},
        {"heat-window", "FIRST,COUNT", "", "Zoom the heat view to these elements."},
        {"heat-color", "C", std::string(keyOf(kHeatColorKeys, HeatColorBy::Values)),
         "What the heat view colours.", keysOf(kHeatColorKeys)}}},
      {"Counters (the panel and its picture)",
       {{"processors", "P", "a session's, else the saved setting (4; export: 4)",
         "P of Brent's bound W/P + D, of the predicted speedup and of the dependence graph's "
         "schedule, 1 to " +
             std::to_string(kMaxProcessors) + "; a session keeps it."},
        {"real-elements", "", "",
         "In a run with padding (a partial section), count the work on the input's elements "
         "alone, the padding's share stated beside; a session keeps it."}}},
      {"Class mode (predict, then reveal; Q opens it)",
       {{"class", "", "",
         "Open class mode on the lesson: a question about the next step, S starts the countdown, "
         "Enter reveals, N asks the next."},
        {"class-count", "K", "10", "Questions in the quiz (all there are when fewer)."},
        {"class-seed", "S", "1", "Which questions: the same seed asks the same ones."},
        {"countdown", "SECONDS", "20", "The countdown S starts; at zero the answer is revealed."},
        {"class-question", "I", "1", "Stand at question I."},
        {"class-answer", "TEXT", "", "The class's answer, as if typed: numbers."},
        {"class-at", "PHASE", std::string(keyOf(kQuizPhaseKeys, QuizPhase::Asking)),
         "Where the question stands (pictures of each phase).", keysOf(kQuizPhaseKeys)}}},
  };
}

OptionSection makeScriptedSection() {
  return {"Scripted runs (render, write, exit)",
          {{"screenshot", "FILE.png", "", "Write what the window shows as PNG and exit."},
           {"dump-scene", "FILE.json", "", "Write the frame report (what was drawn) and exit."},
           {"frame-times", "N", "", "Time N frames, print the times and exit."},
           {"measure-recapture", "K", "",
            "Change the operator, block size and N in turn K times, time each re-capture until its "
            "frame is drawn, print the times and exit."},
           {"export-dialog", "", "", "Open the Export dialog, as Ctrl+E does."},
           {"drop", "FILE", "", "Open FILE as if it were dropped on the window."},
           {"save-session", "FILE", "",
            "Save the session to FILE as File > Save session does (asking before it overwrites)."},
           {"show-recent", "", "", "Open File > Open recent (for a picture of the menu)."},
           {"keys", "LIST", "",
            "Press these keys one a frame once the lesson is there, e.g. G,A,Ctrl+D or "
            "PageDown,PageDown (a script preparing or giving a deck)."}}};
}

CommandHelp makeWindowHelp() {
  CommandHelp h;
  h.summary = "Open the classroom window: step through a scan, compare algorithms, time them.";
  h.usage = {"scanviz [FILE.json] [window options] [capture options]",
             "scanviz COMMAND [options]     (scanviz COMMAND --help)"};
  h.description =
      "FILE.json is a trace or a session. Without a file or capture options the window opens on "
      "the default lesson. Capture options are those of `scanviz capture`.";
  h.sections = windowLessonSections();
  h.sections.push_back(windowScriptedSection());
  h.sections.push_back(captureOptionSection());
  h.sections.push_back(applicationWindowSection());
  // Not among the lesson sections that export reuses: there --scale is the old spelling of the
  // picture's --pixel-scale, and export passes its --ui-scale on as this spelling.
  h.sections.push_back({"Old spellings (still accepted)",
                        {{"scale", "S", "",
                          "The window's old name of --ui-scale. (In export and quiz, --scale is "
                          "the old name of --pixel-scale.)"}}});
  const std::string example(algorithmKeyWithRole(kRoleExample));
  h.examples = {"scanviz", "scanviz assets/traces/" + example + "-lesson.json --step 3",
                "scanviz --algorithm blelloch --n 16 --theme light --ui-scale 2 --presentation",
                "scanviz --compare " + algorithmKeysWithRole(kRoleCompared, ","),
                "xvfb-run -a scanviz --algorithm blelloch --step 6 --screenshot fig.png"};
  return h;
}

}  // namespace

const std::vector<OptionSection>& windowLessonSections() {
  static const std::vector<OptionSection> k = makeLessonSections();
  return k;
}

const OptionSection& windowScriptedSection() {
  static const OptionSection k = makeScriptedSection();
  return k;
}

const CommandHelp& windowHelp() {
  static const CommandHelp k = makeWindowHelp();
  return k;
}

}  // namespace scanviz
