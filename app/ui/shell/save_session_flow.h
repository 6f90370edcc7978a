// Save session asks before it replaces a file. The path chosen in the Save dialog is saved at
// once when nothing is there; otherwise a modal names the file and offers Overwrite and Cancel
// (Escape), and the file stays as it was until the user answers.
#pragma once

#include <string>

#include "app/ui/shell/app_state.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

class SaveSessionFlow {
 public:
  static constexpr const char* kTitle = "Replace the file?";

  // The path the user chose for the session.
  // False when the session was written at once and that failed (the banner says why).
  bool choose(AppState& state, const std::string& path);
  bool asking() const { return !pending_.empty(); }
  const std::string& pendingPath() const { return pending_; }
  void overwrite(AppState& state);
  void cancel() { pending_.clear(); }
  // The modal, while asking; its buttons go into the frame report (panels.confirm_overwrite).
  void draw(UiContext& ui);

 private:
  std::string pending_;
  bool openPopup_ = false;
};

}  // namespace scanviz
