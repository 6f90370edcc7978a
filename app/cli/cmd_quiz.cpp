#include <cstdio>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cli.h"
#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/lesson/quiz.h"
#include "app/core/support/output_file.h"
#include "app/options/capture_options.h"
#include "app/options/picture_options.h"

namespace scanviz {

namespace {

QuizSheetWriter& sheetWriter() {
  static QuizSheetWriter writer = nullptr;
  return writer;
}

// sheet.svg -> sheet-key.svg
std::string keyPathFor(const std::string& sheet) {
  const std::filesystem::path p(sheet);
  return (p.parent_path() / (p.stem().string() + "-key" + p.extension().string())).string();
}

std::string extensionOf(const std::string& path) {
  return std::filesystem::path(path).extension().string();
}

// --out and --key: both .svg or both .png, different files, in folders that can be written.
// Checked before the capture; nothing is written when they are wrong.
QuizSheetFiles sheetFiles(const Args& a) {
  QuizSheetFiles f;
  f.sheet = a.getOr("out", "");
  if (f.sheet.empty()) throw UsageError("--out needs a file name ending in .svg or .png");
  if (a.flag("json")) throw UsageError("give --json or --out, not both");
  const std::string ext = extensionOf(f.sheet);
  if (ext != ".svg" && ext != ".png")
    throw UsageError("--out '" + f.sheet + "' must end in .svg or .png");
  f.key = a.getOr("key", keyPathFor(f.sheet));
  if (extensionOf(f.key) != ext)
    throw UsageError("--key '" + f.key + "' must end in " + ext + " like the sheet");
  if (std::filesystem::path(f.key).lexically_normal() ==
      std::filesystem::path(f.sheet).lexically_normal())
    throw UsageError("--key names the sheet itself; the answer key needs a file of its own");
  f.scale = readPixelScale(a);
  for (const std::string& path : {f.sheet, f.key})
    if (const std::string problem = outputProblem(path); !problem.empty())
      throw UsageError(problem);
  if (!sheetWriter())
    throw UsageError(
        "this build draws no pictures (configured with SCANVIZ_GUI=OFF): use --json or the "
        "text sheet");
  return f;
}

void printJson(const std::vector<QuizQuestion>& qs) {
  nlohmann::json list = nlohmann::json::array();
  for (const QuizQuestion& q : qs) {
    nlohmann::json answer = answerForm(q.kind) == AnswerForm::Number
                                ? nlohmann::json(q.answer.empty() ? 0.0 : q.answer[0])
                                : nlohmann::json(q.answer);
    list.push_back({{"step", q.step},
                    {"question", q.text},
                    {"kind", std::string(questionKindKey(q.kind))},
                    {"answer", answer}});
  }
  std::cout << list.dump(2) << "\n";
}

void printText(const Trace& t, const std::vector<QuizQuestion>& qs) {
  std::printf("%s, n %lld, input:", t.meta.algorithm.c_str(), t.meta.n);
  for (const double v : t.input) std::printf(" %g", v);
  std::printf("\n\n");
  for (size_t i = 0; i < qs.size(); ++i)
    std::printf("%2zu. %s  ____________\n", i + 1, qs[i].text.c_str());
  std::printf("\nAnswer key\n");
  for (size_t i = 0; i < qs.size(); ++i)
    std::printf("%2zu. %s\n", i + 1, answerText(qs[i], t.meta.dtype).c_str());
}

}  // namespace

void installQuizSheetWriter(QuizSheetWriter writer) {
  sheetWriter() = writer;
}

const CommandHelp& quizHelp() {
  static const CommandHelp k = {
      "quiz",
      "Predict, then reveal: questions about the steps of a capture (which value a cell will "
      "hold, which threads will work, how many operator applications), with the answer key.",
      {"scanviz quiz [capture options] [--count K] [--seed S] [--json | --out sheet.svg|png]"},
      "Questions come from the trace itself; one is asked only when what was shown before the "
      "step determines its answer. --seed S (a capture option) also picks the questions: the "
      "same seed gives the same sheet. --out draws the sheet with blanks, each group of questions "
      "under a picture of the step before them, and the answer key as a second file.",
      {{"Quiz options",
        {{"count", "K", "10", "Questions on the sheet (all there are when fewer)."},
         {"json", "", "",
          "Print a JSON list of {step, question, kind, answer} instead of the sheet."},
         {"out", "PATH", "",
          "Draw the sheet as SVG or PNG (by the name's ending); the answer key goes beside it as "
          "NAME-key.svg|png."},
         {"key", "PATH", "NAME-key beside --out", "Where the answer key goes instead."},
         {"pixel-scale", "S", "1", "PNG pixels per point, 1 to 4."}}},
       pixelScaleOldSpellingSection(),
       captureOptionSection()},
      {"scanviz quiz --algorithm blelloch --count 5",
       "scanviz quiz --algorithm kogge-stone --n 16 --json",
       "scanviz quiz --algorithm " + std::string(algorithmKeyWithRole(kRoleExample)) +
           " --count 8 --out sheet.svg"},
  };
  return k;
}

int cmdQuiz(const std::vector<std::string>& args) {
  const Args a(args, quizHelp());
  const int count = static_cast<int>(a.getInt("count", 10, 1, 1000));
  const unsigned seed = static_cast<unsigned>(a.getInt("seed", 1, 0, 0xffffffffll));
  for (const char* k : {"key", "pixel-scale", "scale"})
    if (a.has(k) && !a.has("out")) throw UsageError(std::string("--") + k + " goes with --out");
  const std::optional<QuizSheetFiles> files =
      a.has("out") ? std::optional(sheetFiles(a)) : std::nullopt;
  const CaptureRequest rq = captureRequestFromArgs(a);
  const Trace t = capture(rq).trace;
  const std::vector<QuizQuestion> qs = makeQuiz(t, count, seed);
  if (files) {
    if (qs.empty()) throw UsageError("this capture asks nothing (one step): no sheet written");
    sheetWriter()(t, qs, seed, *files);
    std::cout << "wrote " << files->sheet << " (" << qs.size() << " questions) and " << files->key
              << " (the answer key)\n";
  } else if (a.flag("json")) {
    printJson(qs);
  } else {
    printText(t, qs);
  }
  return 0;
}

}  // namespace scanviz
