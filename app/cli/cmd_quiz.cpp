#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/cli.h"
#include "app/core/capture.h"
#include "app/core/capture_option_table.h"
#include "app/core/quiz.h"
#include "app/options/capture_options.h"

namespace scanviz {

const CommandHelp& quizHelp() {
  static const CommandHelp k = {
      "quiz",
      "Predict, then reveal: questions about the steps of a capture (which value a cell will "
      "hold, which threads will work, how many operator applications), with the answer key.",
      {"scanviz quiz [capture options] [--count K] [--seed S] [--json]"},
      "Questions come from the trace itself; one is asked only when what was shown before the "
      "step determines its answer. --seed S (a capture option) also picks the questions: the "
      "same seed gives the same sheet.",
      {{"Quiz options",
        {{"count", "K", "10", "Questions on the sheet (all there are when fewer)."},
         {"json", "", "",
          "Print a JSON list of {step, question, kind, answer} instead of the sheet."}}},
       captureOptionSection()},
      {"scanviz quiz --algorithm blelloch --count 5",
       "scanviz quiz --algorithm kogge-stone --n 16 --json"},
  };
  return k;
}

int cmdQuiz(const std::vector<std::string>& args) {
  const Args a(args, quizHelp().valueOptions(), quizHelp().flags());
  const int count = static_cast<int>(a.getInt("count", 10, 1, 1000));
  const unsigned seed = static_cast<unsigned>(a.getInt("seed", 1, 0, 0xffffffffll));
  const CaptureRequest rq = captureRequestFromArgs(a);
  const Trace t = capture(rq).trace;
  const std::vector<QuizQuestion> qs = makeQuiz(t, count, seed);
  if (a.flag("json")) {
    nlohmann::json list = nlohmann::json::array();
    for (const QuizQuestion& q : qs) {
      nlohmann::json answer = q.answer.size() == 1 && q.kind != QuestionKind::ActiveThreads
                                  ? nlohmann::json(q.answer[0])
                                  : nlohmann::json(q.answer);
      list.push_back({{"step", q.step},
                      {"question", q.text},
                      {"kind", std::string(questionKindKey(q.kind))},
                      {"answer", answer}});
    }
    std::cout << list.dump(2) << "\n";
    return 0;
  }
  std::printf("%s, n %lld, input:", t.meta.algorithm.c_str(), t.meta.n);
  for (const double v : t.input) std::printf(" %g", v);
  std::printf("\n\n");
  for (size_t i = 0; i < qs.size(); ++i)
    std::printf("%2zu. %s  ____________\n", i + 1, qs[i].text.c_str());
  std::printf("\nAnswer key\n");
  for (size_t i = 0; i < qs.size(); ++i) {
    std::printf("%2zu.", i + 1);
    for (const double v : qs[i].answer) std::printf(" %g", v);
    std::printf("\n");
  }
  return 0;
}

}  // namespace scanviz
