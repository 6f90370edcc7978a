// The application's picture above the steps of its scan when the lesson on screen is an
// application's (scanviz apply ID --screenshot, scanviz --application ID): which of its scans is
// shown (a choice when it runs several), the domain picture and the answer in words.
#pragma once

#include "app/ui/shell/ui_context.h"

namespace scanviz {

// The height the panel wants at this width (its picture at the view's sizes), 0 when the lesson
// is not an application's.
float applicationPanelHeight(UiContext& ui, float width);
void drawApplicationPanel(UiContext& ui);

}  // namespace scanviz
