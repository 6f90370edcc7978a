// The algorithms' source files compiled into the executable at build time (EmbedFile.cmake), so
// the code panel shows the code that actually ran, on any machine.
#pragma once

namespace scanviz::embedded {

struct EmbeddedSource {
  const char* path;  // relative to the repository: "kernels/block/brent_kung.h"
  const unsigned char* data;
  unsigned int size;
};

extern const EmbeddedSource kernel_sources[];
extern const unsigned int kernel_sources_count;

}  // namespace scanviz::embedded
