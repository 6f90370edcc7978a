// A linked GLSL program built from embedded shader sources. The sources of one stage are
// concatenated after the "#version 330 core" line and the caller's #defines, so shared code (the
// colour map, reading the grid) lives in its own file as GLSL has no #include, and one source can
// be specialised into several programs.
#pragma once

#include <string>
#include <vector>

#include "app/core/support/non_copyable.h"

namespace scanviz {

class GlProgram : NonCopyable {
 public:
  GlProgram() = default;
  ~GlProgram();

  // Compiles and links the embedded files ("shaders/heat.vert", ...); false with log() saying
  // which stage failed and the driver's message.
  bool build(const std::vector<std::string>& vertexFiles,
             const std::vector<std::string>& fragmentFiles, const std::string& defines = "");
  unsigned id() const { return program_; }
  int uniform(const char* name) const;
  const std::string& log() const { return log_; }

 private:
  unsigned program_ = 0;
  std::string log_;
};

// True while the OpenGL context the app draws with is current: objects are deleted only then.
// At exit the window (and its context, which frees them) may already be gone.
bool glContextAlive();

}  // namespace scanviz
