#include "app/ui/shell/presenter_window.h"

// glad before GLFW, so that GLFW does not pull in the system GL header.
#include "app/ui/gl/gl_api.h"
// clang-format off
#include <GLFW/glfw3.h>
// clang-format on
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>

#include "app/ui/shell/theme.h"

namespace scanviz {
namespace {

// The presenter reads the notes from a lectern: larger than the window's body text.
constexpr float kPresenterScale = 1.6f;

// The second monitor's work area, when there is one that is not the primary.
bool secondMonitorArea(int& x, int& y, int& w, int& h) {
#ifdef __EMSCRIPTEN__
  // The page's GLFW (3.2's interface) has one screen and no work areas.
  (void)x, (void)y, (void)w, (void)h;
  return false;
#else
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  GLFWmonitor* primary = glfwGetPrimaryMonitor();
  for (int i = 0; i < count; ++i) {
    if (monitors[i] == primary) continue;
    glfwGetMonitorWorkarea(monitors[i], &x, &y, &w, &h);
    return w > 0 && h > 0;
  }
  return false;
#endif
}

}  // namespace

std::string elapsedText(double seconds) {
  const long s = seconds > 0 ? static_cast<long>(seconds) : 0;
  char text[32];
  if (s >= 3600) {
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  } else {
    std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  }
  return text;
}

nlohmann::json presenterContentJson(const PresenterContent& c) {
  return {{"view", c.view},   {"views", c.views}, {"title", c.title},
          {"notes", c.notes}, {"next", c.next},   {"elapsed", elapsedText(c.elapsedSeconds)},
          {"blank", c.blank}};
}

PresenterWindow::PresenterWindow(PlatformWindow& main) : main_(main) {
  GLFWwindow* shared = main.glfwHandle();
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  window_ = glfwCreateWindow(1280, 800, "scanviz: presenter", nullptr, shared);
  glfwWindowHint(GLFW_VISIBLE, GLFW_TRUE);
  if (!window_) throw WindowError("cannot open the presenter window");
  int x = 0, y = 0, w = 0, h = 0;
  if (secondMonitorArea(x, y, w, h)) {
    glfwSetWindowPos(window_, x, y);
    glfwSetWindowSize(window_, w, h);
  }
  glfwShowWindow(window_);
  ImGuiContext* mainContext = ImGui::GetCurrentContext();
  context_ = ImGui::CreateContext();
  ImGui::SetCurrentContext(context_);
  ImGui::GetIO().IniFilename = nullptr;
  fonts_ = buildFonts(*ImGui::GetIO().Fonts, kPresenterScale);
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(0);  // the main window's swap paces the frames
  // No callbacks: the presenter takes no input, the main window keeps the keyboard.
  ImGui_ImplGlfw_InitForOpenGL(window_, false);
  ImGui_ImplOpenGL3_Init(imguiGlslVersion());
  ImGui::SetCurrentContext(mainContext);
  glfwMakeContextCurrent(shared);
}

PresenterWindow::~PresenterWindow() {
  ImGuiContext* mainContext = ImGui::GetCurrentContext();
  glfwMakeContextCurrent(window_);
  ImGui::SetCurrentContext(context_);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext(context_);
  ImGui::SetCurrentContext(mainContext);
  glfwMakeContextCurrent(main_.glfwHandle());
  glfwDestroyWindow(window_);
}

bool PresenterWindow::closeRequested() const {
  return glfwWindowShouldClose(window_);
}

void PresenterWindow::layout(const PresenterContent& c, const ViewPalette& palette) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->Pos);
  ImGui::SetNextWindowSize(vp->Size);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, toImVec4(palette.background));
  ImGui::PushStyleColor(ImGuiCol_Text, toImVec4(palette.text));
  ImGui::Begin("presenter", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PushFont(fonts_.heading);
  ImGui::Text("View %d of %d", c.view, c.views);
  ImGui::SameLine(vp->Size.x * 0.7f);
  ImGui::Text("%s%s", elapsedText(c.elapsedSeconds).c_str(),
              c.blank ? "   (screen blanked: B)" : "");
  ImGui::TextWrapped("%s", c.title.c_str());
  ImGui::PopFont();
  ImGui::Separator();
  ImGui::PushFont(fonts_.body);
  const float notesHeight = vp->Size.y * 0.68f - ImGui::GetCursorPosY();
  ImGui::BeginChild("notes", ImVec2(0, notesHeight > 100 ? notesHeight : 100));
  if (c.notes.empty()) ImGui::TextDisabled("No notes for this view.");
  for (const std::string& line : c.notes) ImGui::TextWrapped("%s", line.c_str());
  ImGui::EndChild();
  ImGui::PopFont();
  ImGui::Separator();
  ImGui::PushFont(fonts_.heading);
  ImGui::TextWrapped("Next: %s", c.next.empty() ? "(the last view)" : c.next.c_str());
  ImGui::PopFont();
  ImGui::End();
  ImGui::PopStyleColor(2);
}

void PresenterWindow::draw(const PresenterContent& c, const ViewPalette& palette, bool capture) {
  ImGuiContext* mainContext = ImGui::GetCurrentContext();
  glfwMakeContextCurrent(window_);
  ImGui::SetCurrentContext(context_);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  layout(c, palette);
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(palette.background.r / 255.0f, palette.background.g / 255.0f,
               palette.background.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (capture) pixels_ = readBackBuffer(window_);
  glfwSwapBuffers(window_);
  ImGui::SetCurrentContext(mainContext);
  glfwMakeContextCurrent(main_.glfwHandle());
}

}  // namespace scanviz
