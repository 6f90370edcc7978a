#include "app/core/algorithms/step_labels.h"

#include "app/core/algorithms/step_kinds.h"

namespace scanviz {

std::string stepLabel(StepCode c) {
  const StepKindInfo* k = findStepKind(static_cast<int>(c.kind));
  if (!k) return "step";
  std::string label(k->label);
  if (const auto at = label.find("{}"); at != std::string::npos)
    label.replace(at, 2, std::to_string(c.param));
  return label;
}

std::string stepPhase(StepCode c) {
  const StepKindInfo* k = findStepKind(static_cast<int>(c.kind));
  return k ? std::string(k->phase) : "step";
}

}  // namespace scanviz
