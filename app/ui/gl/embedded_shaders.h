// The GLSL of shaders/ compiled into the executable at build time (EmbedSources.cmake), so the
// heat views need no files at run time and always run the shaders they were built with.
#pragma once

#include <string>

#include "app/ui/views/embedded_sources.h"

namespace scanviz::embedded {

extern const EmbeddedSource shader_sources[];
extern const unsigned int shader_sources_count;

}  // namespace scanviz::embedded

namespace scanviz {

// The text of an embedded shader by its path in the repository ("shaders/heat.frag"); throws
// std::runtime_error naming the path when there is none.
std::string embeddedShader(const std::string& path);

}  // namespace scanviz
