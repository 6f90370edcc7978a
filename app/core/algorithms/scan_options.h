// Names of operators, dtypes and backends as the CLI, the UI and trace files spell them.
#pragma once

#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "app/core/support/enum_keys.h"
#include "kernels/scan_types.h"

namespace scanviz {

enum class BackendChoice { Auto, Cuda, Cpu };

// The operators' keys, expanded from their one list (kernels/scan_types.h).
inline constexpr EnumKey<Operator> kOperatorKeys[] = {
#define SCANVIZ_OPERATOR_KEY(name, key, symbol, identity, combine) {Operator::name, key},
    SCANVIZ_OPERATORS(SCANVIZ_OPERATOR_KEY)
#undef SCANVIZ_OPERATOR_KEY
};
static_assert(static_cast<int>(std::size(kOperatorKeys)) == kOperatorCount, "one key per operator");
inline constexpr EnumKey<DType> kDTypeKeys[] = {{DType::Int32, "int32"},
                                                {DType::Float32, "float32"}};
inline constexpr EnumKey<BackendChoice> kBackendKeys[] = {
    {BackendChoice::Auto, "auto"}, {BackendChoice::Cuda, "cuda"}, {BackendChoice::Cpu, "cpu"}};

std::string_view operatorName(Operator op);
// "+", "max", "min", "x": how a label writes `a op b` (the controls, the explanations).
std::string_view operatorSymbol(Operator op);
std::optional<Operator> parseOperator(std::string_view s);
std::string_view dtypeName(DType d);
std::optional<DType> parseDType(std::string_view s);
std::string_view backendName(BackendChoice b);
std::optional<BackendChoice> parseBackend(std::string_view s);

}  // namespace scanviz
