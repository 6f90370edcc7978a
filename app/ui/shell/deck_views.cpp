#include "app/ui/shell/deck_views.h"

#include <filesystem>

#include "app/core/applications/application_request.h"
#include "app/core/lesson/errata.h"
#include "app/ui/shell/view_registry.h"
#include "app/ui/views/center_view.h"

namespace scanviz {
namespace {

DeckApplication applicationOnScreen(const ShownLesson& shown) {
  const ApplicationRun& run = *shown.application;
  DeckApplication a;
  a.id = std::string(applicationInfo(run.id).key);
  a.scan = shown.applicationScan;
  a.values = run.input.values;
  a.parameters = run.input.parameters;
  for (uint8_t f : run.input.flags) a.flags.push_back(f);
  a.lists = run.input.lists;
  return a;
}

ApplicationRequest applicationRequestOf(const DeckApplication& a, BackendChoice backend) {
  ApplicationRequest rq = defaultApplicationRequest(*findApplication(a.id));
  if (!a.values.empty()) rq.input.values = a.values;
  if (!a.parameters.empty()) rq.input.parameters = a.parameters;
  if (!a.flags.empty()) rq.input.flags.assign(a.flags.begin(), a.flags.end());
  if (!a.lists.empty()) rq.input.lists = a.lists;
  rq.options.backend = backend;
  rq.scan = a.scan;
  return rq;
}

}  // namespace

DeckView viewOnScreen(const AppState& state, ViewStates& views, const std::string& deckPath) {
  DeckView v;
  v.lesson = state.currentSession();
  v.lesson.traceFile = traceFileForDeck(deckPath, v.lesson.traceFile);
  v.view = std::string(currentView(state, views).id);
  if (const LessonRun* run = state.spotTheBug.lessonRun()) {
    v.spotTheBug = std::string(run->lesson->id);
    v.lesson.step = state.spotTheBug.step();
  } else if (const Erratum* e = state.spotTheBug.erratum()) {
    v.spotTheBug = std::string(e->id);
  } else if (compareShown(state)) {
    v.compare = state.settings().layout.compareAlgorithms;
    v.lesson.step = state.compare.playback.step();
  }
  if (state.shown().application) v.application = applicationOnScreen(state.shown());
  if (state.settings().layout.centerView == CenterView::Class) {
    DeckQuiz q;
    q.seed = views.classMode.options().seed;
    q.count = views.classMode.options().count;
    if (const QuizSession* s = views.classMode.session()) q.question = s->index() + 1;
    v.quiz = q;
  }
  v.symbolic = state.symbolic;
  v.theme = std::string(keyOf(kThemeKeys, state.settings().theme));
  v.scale = state.settings().uiScale;
  return v;
}

LaunchOptions launchOptionsOf(const DeckView& v, const std::string& deckPath) {
  LaunchOptions lo;
  lo.config = v.lesson.config;
  if (v.application) {
    lo.application = applicationRequestOf(*v.application, v.lesson.config.backend);
  } else if (!v.lesson.traceFile.empty()) {
    lo.traceFile = traceFileFromDeck(deckPath, v.lesson.traceFile);
  }
  lo.step = v.lesson.step;
  lo.processors = v.lesson.processors;
  lo.realElements = v.lesson.realElements.value_or(false);
  if (v.theme) lo.theme = valueOf(kThemeKeys, *v.theme);
  lo.scale = v.scale;
  lo.symbolic = v.symbolic;
  lo.spotTheBug = v.spotTheBug;
  lo.compareAlgorithms = v.compare;
  if (const ViewEntry* e = findView(v.view)) lo.panel = e->center;
  // A spot-the-bug lesson stands in Compare's place, as --spot-the-bug opens it.
  if (!v.spotTheBug.empty()) lo.panel = CenterView::Compare;
  if (v.quiz) {
    lo.classMode.seed = v.quiz->seed;
    lo.classMode.count = v.quiz->count;
    lo.classMode.question = v.quiz->question;
  }
  return lo;
}

void showDeckView(AppState& state, ViewStates& views, const DeckView& v,
                  const std::string& deckPath) {
  const LaunchOptions lo = launchOptionsOf(v, deckPath);
  AppSettings s = state.settings();
  if (lo.theme) s.theme = *lo.theme;
  if (lo.scale) s.uiScale = *lo.scale;
  if (lo.panel) s.layout.centerView = *lo.panel;
  if (!lo.compareAlgorithms.empty()) s.layout.compareAlgorithms = lo.compareAlgorithms;
  if (lo.processors) s.brentProcessors = *lo.processors;
  s.countersRealElements = lo.realElements;
  state.updateSettings(s, /*persist=*/false);
  state.symbolic = lo.symbolic;
  state.compare.setKind(v.view == "view-diff" ? CompareKind::BackendDiff : CompareKind::Algorithms);
  if (const Lesson* lesson = findLesson(lo.spotTheBug))
    state.spotTheBug.open(*lesson, v.lesson.step, lo.config.backend);
  else if (const Erratum* erratum = findErratum(lo.spotTheBug))
    state.spotTheBug.openErratum(*erratum);
  else
    state.spotTheBug.close();
  views.classMode.applyOptions(lo);
  if (views.heat.shown(state) && v.view != "heat-view") views.heat.toggle(state);
  // A trace file keeps the controls' configuration as the deck saved it.
  state.config = lo.config;
  state.openLaunch(lo);
  if (compareShown(state) && !state.spotTheBug.active()) {
    state.compare.requestPosition(v.lesson.step);
  } else if (!state.spotTheBug.active()) {
    state.requestStep(v.lesson.step);
  }
}

bool finishShowingDeckView(AppState& state, ViewStates& views, const DeckView& v) {
  if (state.busy() || !state.hasTrace()) return false;
  const ViewEntry* e = findView(v.view);
  if (e && !e->shown(state, views) && (!e->available || e->available(state))) e->show(state, views);
  return true;
}

std::string deckProblem(const Deck& d, const std::string& name) {
  for (size_t i = 0; i < d.views.size(); ++i) {
    if (findView(d.views[i].view)) continue;
    std::string known;
    for (const ViewEntry& e : viewRegistry())
      known += (known.empty() ? "" : ", ") + std::string(e.id);
    return "'" + name + "': views[" + std::to_string(i + 1) + "].view: '" + d.views[i].view +
           "' is not a view of the window (one of " + known + ")";
  }
  return {};
}

std::string deckViewLabel(const DeckView& v) {
  if (!v.title.empty()) return v.title;
  if (!v.spotTheBug.empty()) {
    if (const Erratum* e = findErratum(v.spotTheBug)) return "Erratum: " + std::string(e->title);
    return "Spot the bug: " + v.spotTheBug;
  }
  if (v.application) return "Application: " + v.application->id;
  std::string what = std::string(algorithmInfo(v.lesson.config.algorithm).key);
  if (!v.lesson.traceFile.empty())
    what = std::filesystem::path(v.lesson.traceFile).filename().string();
  if (!v.compare.empty()) {
    what = "Compare";
    for (const std::string& k : v.compare) what += " " + k;
  }
  const ViewEntry* e = findView(v.view);
  const std::string view = e && v.view != "view-lesson" ? std::string(e->label) + ": " : "";
  return view + what + ", step " + std::to_string(v.lesson.step);
}

}  // namespace scanviz
