#include "app/options/args.h"

#include <cerrno>
#include <cstdlib>

#include "app/core/support/did_you_mean.h"

namespace scanviz {

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& valueOptions,
           const std::set<std::string>& flags) {
  for (size_t i = 0; i < argv.size(); ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + a + "'");
    std::string key = a.substr(2);
    std::optional<std::string> inlineValue;
    if (auto eq = key.find('='); eq != std::string::npos) {
      inlineValue = key.substr(eq + 1);
      key = key.substr(0, eq);
    }
    if (flags.count(key)) {
      if (inlineValue) throw UsageError("--" + key + " takes no value");
      flags_.insert(key);
    } else if (valueOptions.count(key)) {
      if (inlineValue) {
        values_[key] = *inlineValue;
      } else {
        if (i + 1 >= argv.size()) throw UsageError("--" + key + " needs a value");
        values_[key] = argv[++i];
      }
    } else {
      std::vector<std::string> known(valueOptions.begin(), valueOptions.end());
      known.insert(known.end(), flags.begin(), flags.end());
      throw UsageError("unknown option '--" + key + "'" + didYouMean(key, known, "--"));
    }
  }
}

std::string Args::spelling(const std::string& key, const std::string& oldKey) const {
  if (has(key) && has(oldKey))
    throw UsageError("give only one of --" + key + " and --" + oldKey + " (its old spelling)");
  return has(oldKey) ? oldKey : key;
}

std::optional<std::string> Args::get(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

std::string Args::getOr(const std::string& key, const std::string& fallback) const {
  return get(key).value_or(fallback);
}

long long Args::getInt(const std::string& key, long long fallback, long long min,
                       long long max) const {
  auto v = get(key);
  if (!v) return fallback;
  char* end = nullptr;
  errno = 0;
  const long long x = std::strtoll(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno == ERANGE)
    throw UsageError("--" + key + " '" + *v + "' is not a whole number");
  if (x < min || x > max)
    throw UsageError("--" + key + " " + *v + " is out of range (" + std::to_string(min) + ".." +
                     std::to_string(max) + ")");
  return x;
}

}  // namespace scanviz
