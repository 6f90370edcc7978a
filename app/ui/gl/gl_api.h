// The OpenGL the window draws with, the one platform seam of the GL code: desktop OpenGL 3.3 core
// through the glad loader, or WebGL2 (OpenGL ES 3.0) in the browser page. The calls used are the
// subset both have; shaders are written once and get their version line from glslVersionHeader().
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif

namespace scanviz {

// The version line ImGui's OpenGL renderer is started with, in every ImGui context (the window's,
// the presenter's, an export's): WebGL 2 compiles no "#version 330 core" shader.
inline const char* imguiGlslVersion() {
#ifdef __EMSCRIPTEN__
  return "#version 300 es";
#else
  return "#version 330 core";
#endif
}

// The first lines of every shader: "#version 330 core" on the desktop, "#version 300 es" with
// default precisions in the page.
inline const char* glslVersionHeader() {
#ifdef __EMSCRIPTEN__
  return "#version 300 es\nprecision highp float;\nprecision highp int;\n"
         "precision highp usampler2D;\n";
#else
  return "#version 330 core\n";
#endif
}

}  // namespace scanviz
