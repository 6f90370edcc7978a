#include "app/core/algorithms/scan_options.h"

namespace scanviz {

std::string_view operatorName(Operator op) {
  return keyOf(kOperatorKeys, op);
}

std::string_view operatorSymbol(Operator op) {
  switch (op) {
#define SCANVIZ_OPERATOR_SYMBOL(name, key, symbol, identity, combine) \
  case Operator::name:                                                \
    return symbol;
    SCANVIZ_OPERATORS(SCANVIZ_OPERATOR_SYMBOL)
#undef SCANVIZ_OPERATOR_SYMBOL
    case Operator::Count:
      break;
  }
  return "?";
}

std::optional<Operator> parseOperator(std::string_view s) {
  return valueOf(kOperatorKeys, s);
}

std::string_view dtypeName(DType d) {
  return keyOf(kDTypeKeys, d);
}

std::optional<DType> parseDType(std::string_view s) {
  return valueOf(kDTypeKeys, s);
}

std::string_view backendName(BackendChoice b) {
  return keyOf(kBackendKeys, b);
}

std::optional<BackendChoice> parseBackend(std::string_view s) {
  return valueOf(kBackendKeys, s);
}

}  // namespace scanviz
