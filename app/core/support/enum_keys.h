// The names an enum's values go by on the command line, in settings and in files, written once as
// a table of (value, key) rows: the key of a value and the value of a key both read that table, so
// that the two directions cannot drift apart and a new value needs one row.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// Every key, in the table's order: the choices an option's help lists.
template <class E, std::size_t N>
std::vector<std::string> keysOf(const EnumKey<E> (&table)[N]) {
  std::vector<std::string> keys;
  for (const EnumKey<E>& row : table) keys.emplace_back(row.key);
  return keys;
}

// The keys as a usage error names them: "a, b, c".
template <class E, std::size_t N>
std::string keyList(const EnumKey<E> (&table)[N]) {
  std::string list;
  for (const EnumKey<E>& row : table) list += (list.empty() ? "" : ", ") + std::string(row.key);
  return list;
}

}  // namespace scanviz
