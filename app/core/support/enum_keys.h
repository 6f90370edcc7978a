// The names an enum's values go by on the command line, in settings and in files, written once as
// a table of (value, key) rows: the key of a value and the value of a key both read that table, so
// that the two directions cannot drift apart and a new value needs one row.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace scanviz {

template <class E>
struct EnumKey {
  E value;
  std::string_view key;
};

// The key of `value`; the first row's key for a value the table lacks.
template <class E, std::size_t N>
constexpr std::string_view keyOf(const EnumKey<E> (&table)[N], E value) {
  for (const EnumKey<E>& row : table)
    if (row.value == value) return row.key;
  return table[0].key;
}

// The value named `key`, or nullopt.
template <class E, std::size_t N>
constexpr std::optional<E> valueOf(const EnumKey<E> (&table)[N], std::string_view key) {
  for (const EnumKey<E>& row : table)
    if (row.key == key) return row.value;
  return std::nullopt;
}

}  // namespace scanviz
