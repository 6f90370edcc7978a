#include "app/core/scan_options.h"

namespace scanviz {

std::string_view operatorName(Operator op) {
  switch (op) {
    case Operator::Add:
      return "add";
    case Operator::Max:
      return "max";
    case Operator::Min:
      return "min";
    case Operator::Mul:
      return "mul";
  }
  return "add";
}

std::optional<Operator> parseOperator(std::string_view s) {
  for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul})
    if (operatorName(op) == s) return op;
  return std::nullopt;
}

std::string_view dtypeName(DType d) {
  return d == DType::Int32 ? "int32" : "float32";
}

std::optional<DType> parseDType(std::string_view s) {
  if (s == "int32") return DType::Int32;
  if (s == "float32") return DType::Float32;
  return std::nullopt;
}

std::string_view backendName(BackendChoice b) {
  switch (b) {
    case BackendChoice::Auto:
      return "auto";
    case BackendChoice::Cuda:
      return "cuda";
    case BackendChoice::Cpu:
      return "cpu";
  }
  return "auto";
}

std::optional<BackendChoice> parseBackend(std::string_view s) {
  for (BackendChoice b : {BackendChoice::Auto, BackendChoice::Cuda, BackendChoice::Cpu})
    if (backendName(b) == s) return b;
  return std::nullopt;
}

}  // namespace scanviz
