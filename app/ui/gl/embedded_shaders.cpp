#include "app/ui/gl/embedded_shaders.h"

#include <stdexcept>

namespace scanviz {

std::string embeddedShader(const std::string& path) {
  for (unsigned i = 0; i < embedded::shader_sources_count; ++i) {
    const embedded::EmbeddedSource& s = embedded::shader_sources[i];
    if (path == s.path) return std::string(reinterpret_cast<const char*>(s.data), s.size);
  }
  throw std::runtime_error("no embedded shader '" + path + "'");
}

}  // namespace scanviz
