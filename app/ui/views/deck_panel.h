// The Deck panel (L): the deck's views in order, to go to, reorder and delete, and the speaker
// notes of the view on screen, edited in place. What it edits is DeckController's model.
#pragma once

#include "app/ui/shell/deck_controller.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

void drawDeckPanel(UiContext& ui, DeckController& deck);

}  // namespace scanviz
