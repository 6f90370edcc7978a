#include "app/ui/shell/theme.h"

namespace scanviz {
namespace {

// Panels draw no background of their own (the frame is cleared in the window colour): with
// Mesa's software renderer every full-window layer costs milliseconds a frame.
void shapeStyle(ImGuiStyle& s) {
  s.WindowPadding = ImVec2(12, 10);
  s.FramePadding = ImVec2(8, 5);
  s.ItemSpacing = ImVec2(10, 8);
  s.ItemInnerSpacing = ImVec2(8, 6);
  s.ScrollbarSize = 16;
  s.GrabMinSize = 14;
  s.WindowRounding = 0;
  s.ChildRounding = 4;
  s.FrameRounding = 4;
  s.PopupRounding = 4;
  s.GrabRounding = 4;
  s.WindowBorderSize = 0;
  s.ChildBorderSize = 1;
  s.FrameBorderSize = 1;
}

// The window's own colours in each theme, one row a colour (the lesson's colours come from the
// ViewPalette).
struct ChromeColor {
  ImGuiCol slot;
  ImVec4 dark;
  ImVec4 light;
};
const ChromeColor kChromeColors[] = {
    {ImGuiCol_PopupBg, {0.13f, 0.14f, 0.17f, 0.98f}, {1, 1, 1, 0.99f}},
    {ImGuiCol_Border, {0.32f, 0.35f, 0.40f, 1.0f}, {0.55f, 0.57f, 0.61f, 1.0f}},
    {ImGuiCol_FrameBg, {0.17f, 0.19f, 0.23f, 1.0f}, {0.95f, 0.96f, 0.97f, 1.0f}},
    {ImGuiCol_FrameBgHovered, {0.22f, 0.25f, 0.30f, 1.0f}, {0.90f, 0.92f, 0.95f, 1.0f}},
    {ImGuiCol_FrameBgActive, {0.26f, 0.30f, 0.36f, 1.0f}, {0.85f, 0.88f, 0.93f, 1.0f}},
    {ImGuiCol_MenuBarBg, {0.12f, 0.13f, 0.16f, 1.0f}, {0.93f, 0.94f, 0.95f, 1.0f}},
};

void baseColors(ImGuiStyle& s, Theme theme, const ViewPalette& p) {
  const bool dark = theme == Theme::Dark;
  if (dark) {
    ImGui::StyleColorsDark(&s);
  } else {
    ImGui::StyleColorsLight(&s);
  }
  ImVec4* c = s.Colors;
  c[ImGuiCol_WindowBg] = toImVec4(p.background);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_Text] = toImVec4(p.text);
  c[ImGuiCol_TextDisabled] = toImVec4(p.textDim);
  for (const ChromeColor& chrome : kChromeColors)
    c[chrome.slot] = dark ? chrome.dark : chrome.light;
}

void accentColors(ImGuiStyle& s, const ViewPalette& p) {
  const ImVec4 a = toImVec4(p.accent);
  const auto alpha = [a](float v) { return ImVec4(a.x, a.y, a.z, v); };
  ImVec4* c = s.Colors;
  c[ImGuiCol_CheckMark] = a;
  c[ImGuiCol_SliderGrab] = a;
  c[ImGuiCol_SliderGrabActive] = a;
  c[ImGuiCol_Button] = alpha(0.30f);
  c[ImGuiCol_ButtonHovered] = alpha(0.55f);
  c[ImGuiCol_ButtonActive] = alpha(0.75f);
  c[ImGuiCol_Header] = alpha(0.30f);
  c[ImGuiCol_HeaderHovered] = alpha(0.50f);
  c[ImGuiCol_HeaderActive] = alpha(0.70f);
}

}  // namespace

void applyTheme(Theme theme, const ViewPalette& palette, float pixelScale) {
  ImGuiStyle style;
  shapeStyle(style);
  baseColors(style, theme, palette);
  accentColors(style, palette);
  style.ScaleAllSizes(pixelScale);
  ImGui::GetStyle() = style;
}

}  // namespace scanviz
