// A small option parser: --key value, --key=value and --flag. Unknown options are errors, so a
// typo never silently changes what runs.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace scanviz {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Args {
 public:
  // valueOptions take a value; flags do not. Throws UsageError for anything else.
  Args(const std::vector<std::string>& argv, const std::set<std::string>& valueOptions,
       const std::set<std::string>& flags);

  bool has(const std::string& key) const { return values_.count(key) > 0; }
  std::optional<std::string> get(const std::string& key) const;
  std::string getOr(const std::string& key, const std::string& fallback) const;
  long long getInt(const std::string& key, long long fallback, long long min, long long max) const;
  bool flag(const std::string& key) const { return flags_.count(key) > 0; }

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> flags_;
};

}  // namespace scanviz
