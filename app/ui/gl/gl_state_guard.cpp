#include "app/ui/gl/gl_state_guard.h"

#include "app/ui/gl/gl_api.h"

namespace scanviz {
namespace {

void setEnabled(GLenum cap, bool on) {
  if (on)
    glEnable(cap);
  else
    glDisable(cap);
}

}  // namespace

GlStateGuard::GlStateGuard() {
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer_);
  glGetIntegerv(GL_VIEWPORT, viewport_);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertexArray_);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &activeTexture_);
  glActiveTexture(GL_TEXTURE0);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_);
  blend_ = glIsEnabled(GL_BLEND);
  scissor_ = glIsEnabled(GL_SCISSOR_TEST);
  depth_ = glIsEnabled(GL_DEPTH_TEST);
  cull_ = glIsEnabled(GL_CULL_FACE);
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clearColor_);
}

GlStateGuard::~GlStateGuard() {
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(framebuffer_));
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  glUseProgram(static_cast<GLuint>(program_));
  glBindVertexArray(static_cast<GLuint>(vertexArray_));
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_));
  glActiveTexture(static_cast<GLenum>(activeTexture_));
  setEnabled(GL_BLEND, blend_);
  setEnabled(GL_SCISSOR_TEST, scissor_);
  setEnabled(GL_DEPTH_TEST, depth_);
  setEnabled(GL_CULL_FACE, cull_);
  glClearColor(clearColor_[0], clearColor_[1], clearColor_[2], clearColor_[3]);
}

}  // namespace scanviz
