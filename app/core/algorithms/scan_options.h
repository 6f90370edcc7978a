// Names of operators, dtypes and backends as the CLI, the UI and trace files spell them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "app/core/support/enum_keys.h"
#include "kernels/scan_types.h"

namespace scanviz {

enum class BackendChoice { Auto, Cuda, Cpu };

inline constexpr EnumKey<Operator> kOperatorKeys[] = {
    {Operator::Add, "add"}, {Operator::Max, "max"}, {Operator::Min, "min"}, {Operator::Mul, "mul"}};
inline constexpr EnumKey<DType> kDTypeKeys[] = {{DType::Int32, "int32"},
                                                {DType::Float32, "float32"}};
inline constexpr EnumKey<BackendChoice> kBackendKeys[] = {
    {BackendChoice::Auto, "auto"}, {BackendChoice::Cuda, "cuda"}, {BackendChoice::Cpu, "cpu"}};

std::string_view operatorName(Operator op);
std::optional<Operator> parseOperator(std::string_view s);
std::string_view dtypeName(DType d);
std::optional<DType> parseDType(std::string_view s);
std::string_view backendName(BackendChoice b);
std::optional<BackendChoice> parseBackend(std::string_view s);

}  // namespace scanviz
