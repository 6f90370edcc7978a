#include "app/core/algorithms/scan_options.h"

#include "app/core/support/enum_keys.h"

namespace scanviz {
namespace {

constexpr EnumKey<Operator> kOperators[] = {
    {Operator::Add, "add"}, {Operator::Max, "max"}, {Operator::Min, "min"}, {Operator::Mul, "mul"}};
constexpr EnumKey<DType> kDTypes[] = {{DType::Int32, "int32"}, {DType::Float32, "float32"}};
constexpr EnumKey<BackendChoice> kBackends[] = {
    {BackendChoice::Auto, "auto"}, {BackendChoice::Cuda, "cuda"}, {BackendChoice::Cpu, "cpu"}};

}  // namespace

std::string_view operatorName(Operator op) {
  return keyOf(kOperators, op);
}

std::optional<Operator> parseOperator(std::string_view s) {
  return valueOf(kOperators, s);
}

std::string_view dtypeName(DType d) {
  return keyOf(kDTypes, d);
}

std::optional<DType> parseDType(std::string_view s) {
  return valueOf(kDTypes, s);
}

std::string_view backendName(BackendChoice b) {
  return keyOf(kBackends, b);
}

std::optional<BackendChoice> parseBackend(std::string_view s) {
  return valueOf(kBackends, s);
}

}  // namespace scanviz
