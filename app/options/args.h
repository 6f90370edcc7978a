// A small option parser: --key value, --key=value and --flag. Unknown options are errors, so a
// typo never silently changes what runs.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/core/support/command_help.h"
#include "app/core/support/did_you_mean.h"
#include "app/core/support/enum_keys.h"

namespace scanviz {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Args {
 public:
  // valueOptions take a value; flags do not. Throws UsageError for anything else.
  Args(const std::vector<std::string>& argv, const std::set<std::string>& valueOptions,
       const std::set<std::string>& flags);
  // The options of a command's table (command_help.h), which its --help prints.
  Args(const std::vector<std::string>& argv, const CommandHelp& options)
      : Args(argv, options.valueOptions(), options.flags()) {}

  bool has(const std::string& key) const { return values_.count(key) > 0; }
  std::optional<std::string> get(const std::string& key) const;
  std::string getOr(const std::string& key, const std::string& fallback) const;
  long long getInt(const std::string& key, long long fallback, long long min, long long max) const;
  bool flag(const std::string& key) const { return flags_.count(key) > 0; }
  // Which of `key` and `oldKey` (its old spelling, still accepted) was given: `key` when neither
  // was. Both at once are a UsageError.
  std::string spelling(const std::string& key, const std::string& oldKey) const;
  // The value of a --key that names one of a list, read by `parse` (which returns an optional);
  // `fallback` when absent. Throws UsageError naming the option and the `known` names otherwise.
  template <class V, class Parse>
  V getChoice(const std::string& key, V fallback, Parse parse, const char* known) const {
    const std::optional<std::string> text = get(key);
    if (!text) return fallback;
    const auto v = parse(*text);
    if (!v) throw UsageError("--" + key + " '" + *text + "' is not one of " + known);
    return *v;
  }
  // The same for a --key that names a row of `table` (enum_keys.h), which also gives the names.
  template <class E, std::size_t N>
  E getChoice(const std::string& key, E fallback, const EnumKey<E> (&table)[N]) const {
    const std::optional<std::string> text = get(key);
    if (!text) return fallback;
    if (const auto v = valueOf(table, *text)) return *v;
    std::vector<std::string> keys;
    for (const EnumKey<E>& row : table) keys.emplace_back(row.key);
    throw UsageError("--" + key + " '" + *text + "' is not one of " + keyList(table) +
                     didYouMean(*text, keys));
  }

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> flags_;
};

}  // namespace scanviz
