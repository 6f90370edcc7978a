#include <cstdio>

#include "app/cli/cli.h"

namespace scanviz {

int cmdList(const std::vector<std::string>& args) {
  Args a(args, {}, {});
  for (const auto& info : allAlgorithms()) {
    std::printf("%-24s %-6s %s\n", std::string(info.key).c_str(),
                info.level == AlgorithmLevel::Block ? "block" : "grid",
                std::string(info.summary).c_str());
  }
  return 0;
}

}  // namespace scanviz
