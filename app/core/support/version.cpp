#include "app/core/support/version.h"

#include "scanviz_version_text.h"  // generated at build time by packaging/version.cmake

namespace scanviz {

const char* scanvizVersion() {
  return SCANVIZ_VERSION_TEXT;
}

}  // namespace scanviz
