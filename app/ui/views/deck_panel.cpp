#include "app/ui/views/deck_panel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <string>

#include "app/ui/shell/commands.h"
#include "app/ui/shell/deck_views.h"

namespace scanviz {
namespace {

void drawViewList(UiContext& ui, DeckController& deck) {
  const DeckEditor& e = deck.editor;
  ImGui::BeginChild("deck-views", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 10), true);
  for (int i = 0; i < e.size(); ++i) {
    const std::string label = std::to_string(i + 1) + ". " + deckViewLabel(*e.view(i)) +
                              "##deck-view-" + std::to_string(i);
    if (ImGui::Selectable(label.c_str(), i == e.current())) deck.show(i);
  }
  if (e.size() == 0) ImGui::TextDisabled("No views yet: A adds the view on screen.");
  ImGui::EndChild();
  (void)ui;
}

void drawButtons(UiContext& ui, DeckController& deck) {
  DeckEditor& e = deck.editor;
  if (ImGui::Button("Add view (A)")) ui.commands.run("deck-add");
  ImGui::SameLine();
  ImGui::BeginDisabled(e.current() < 0);
  if (ImGui::Button("Up")) e.moveCurrent(-1);
  ImGui::SameLine();
  if (ImGui::Button("Down")) e.moveCurrent(+1);
  ImGui::SameLine();
  if (ImGui::Button("Delete")) e.removeCurrent();
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Save (Ctrl+D)")) deck.save();
}

}  // namespace

void drawDeckPanel(UiContext& ui, DeckController& deck) {
  ImGui::SetNextWindowSize(ImVec2(520 * ui.scale, 560 * ui.scale), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Deck", &deck.panelOpen)) {
    ImGui::End();
    return;
  }
  DeckEditor& e = deck.editor;
  std::string title = e.deck().title;
  if (ImGui::InputText("Title", &title)) e.setTitle(title);
  ImGui::TextDisabled("%s%s", e.path().empty() ? "not saved yet" : e.path().c_str(),
                      e.dirty() ? " (changed)" : "");
  drawViewList(ui, deck);
  drawButtons(ui, deck);
  if (const DeckView* v = e.currentView()) {
    ImGui::Separator();
    ImGui::Text("Notes for view %d (- bullets, **bold**, `code`, ? a question):", e.current() + 1);
    std::string notes = v->notes;
    if (ImGui::InputTextMultiline("##deck-notes", &notes, ImVec2(-1, -1)))
      e.setNotes(e.current(), notes);
  }
  ImGui::End();
}

}  // namespace scanviz
