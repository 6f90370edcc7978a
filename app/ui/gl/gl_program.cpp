#include "app/ui/gl/gl_program.h"

#include "app/ui/gl/gl_api.h"
// clang-format off
#include <GLFW/glfw3.h>
// clang-format on

#include <algorithm>
#include <stdexcept>

#include "app/ui/gl/embedded_shaders.h"

namespace scanviz {
namespace {

std::string shaderLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<size_t>(std::max(length, 1)), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return log.c_str();
}

// Compiles one stage; 0 and a message in `log` on failure.
GLuint compile(GLenum stage, const std::vector<std::string>& files, const std::string& defines,
               std::string& log) {
  std::vector<std::string> texts{glslVersionHeader(), defines};
  try {
    for (const std::string& f : files) texts.push_back(embeddedShader(f) + "\n");
  } catch (const std::exception& e) {
    log = e.what();
    return 0;
  }
  std::vector<const GLchar*> parts;
  for (const std::string& t : texts) parts.push_back(t.c_str());
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, static_cast<GLsizei>(parts.size()), parts.data(), nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok) return shader;
  log = (stage == GL_VERTEX_SHADER ? "vertex shader: " : "fragment shader: ") + shaderLog(shader);
  glDeleteShader(shader);
  return 0;
}

}  // namespace

GlProgram::~GlProgram() {
  if (program_ && glContextAlive()) glDeleteProgram(program_);
}

bool GlProgram::build(const std::vector<std::string>& vertexFiles,
                      const std::vector<std::string>& fragmentFiles, const std::string& defines) {
  log_.clear();
  const GLuint vs = compile(GL_VERTEX_SHADER, vertexFiles, defines, log_);
  if (!vs) return false;
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragmentFiles, defines, log_);
  if (!fs) {
    glDeleteShader(vs);
    return false;
  }
  const GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(p, GL_INFO_LOG_LENGTH, &length);
    std::string text(static_cast<size_t>(std::max(length, 1)), '\0');
    glGetProgramInfoLog(p, length, nullptr, text.data());
    log_ = "link: " + std::string(text.c_str());
    glDeleteProgram(p);
    return false;
  }
  if (program_) glDeleteProgram(program_);
  program_ = p;
  return true;
}

int GlProgram::uniform(const char* name) const {
  return program_ ? glGetUniformLocation(program_, name) : -1;
}

bool glContextAlive() {
  // After glfwTerminate this returns null (and reports "not initialized" to the error callback).
  return glfwGetCurrentContext() != nullptr;
}

}  // namespace scanviz
