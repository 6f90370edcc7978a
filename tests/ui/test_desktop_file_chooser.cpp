// The desktop's file chooser: the command lines of zenity and kdialog, the choice of program, and
// a run of a stand-in program through ChooserProcess (chosen, cancelled, failed), as FileDialog
// reads them.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "app/ui/shell/desktop_file_chooser.h"

namespace scanviz {
namespace {

ChooserRequest openRequest() {
  return {false, "Open a trace or session", "/home/ada/traces", "", true};
}

ChooserProcess::Result runToTheEnd(const std::vector<std::string>& argv) {
  ChooserProcess p;
  EXPECT_TRUE(p.start(argv));
  for (int i = 0; i < 500; ++i) {
    if (auto r = p.poll()) return *r;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ADD_FAILURE() << "the chooser did not end";
  return {};
}

TEST(DesktopFileChooser, ZenityOpensInTheFolderWithAJsonFilter) {
  const auto argv = chooserCommandFor("/usr/bin/zenity", openRequest());
  const std::vector<std::string> expected{
      "/usr/bin/zenity",
      "--file-selection",
      "--title=Open a trace or session",
      "--filename=/home/ada/traces/",
      "--file-filter=Traces, sessions and decks (*.json) | *.json",
      "--file-filter=All files | *"};
  EXPECT_EQ(argv, expected);
}

TEST(DesktopFileChooser, SavingProposesTheNameAndAsksBeforeOverwriting) {
  ChooserRequest r{true, "Save the session", "/tmp/lecture", "lesson.session.json", true};
  const auto zenity = chooserCommandFor("zenity", r);
  EXPECT_EQ(zenity[3], "--filename=/tmp/lecture/lesson.session.json");
  EXPECT_NE(std::find(zenity.begin(), zenity.end(), "--save"), zenity.end());
  EXPECT_NE(std::find(zenity.begin(), zenity.end(), "--confirm-overwrite"), zenity.end());
  const auto kdialog = chooserCommandFor("/usr/bin/kdialog", r);
  const std::vector<std::string> expected{"/usr/bin/kdialog",
                                          "--title",
                                          "Save the session",
                                          "--getsavefilename",
                                          "/tmp/lecture/lesson.session.json",
                                          "JSON files (*.json)"};
  EXPECT_EQ(kdialog, expected);
  r.jsonOnly = false;  // input values: any file
  EXPECT_EQ(chooserCommandFor("kdialog", r).size(), 5u);
}

TEST(DesktopFileChooser, TheEnvironmentPicksTheProgramOrTheWindowsOwn) {
  const char* before = std::getenv("SCANVIZ_FILE_CHOOSER");
  const std::string saved = before ? before : "";
  ::setenv("SCANVIZ_FILE_CHOOSER", "builtin", 1);
  EXPECT_TRUE(desktopChooserCommand(openRequest()).empty());
  ::setenv("SCANVIZ_FILE_CHOOSER", "/opt/kde/bin/kdialog", 1);
  EXPECT_EQ(desktopChooserCommand(openRequest())[2], "Open a trace or session");
  if (before) {
    ::setenv("SCANVIZ_FILE_CHOOSER", saved.c_str(), 1);
  } else {
    ::unsetenv("SCANVIZ_FILE_CHOOSER");
  }
}

TEST(DesktopFileChooser, ThePrintedPathIsTheChoice) {
  const auto r = runToTheEnd({"sh", "-c", "echo '/data/my traces/bk.json'"});
  EXPECT_EQ(r.outcome, ChooserProcess::Outcome::Chosen);
  EXPECT_EQ(r.path, "/data/my traces/bk.json");
}

TEST(DesktopFileChooser, ExitOneIsCancelAndAnythingElseFallsBack) {
  EXPECT_EQ(runToTheEnd({"sh", "-c", "exit 1"}).outcome, ChooserProcess::Outcome::Cancelled);
  // zenity without a usable display, or a chooser that printed nothing: the window's own dialog.
  EXPECT_EQ(runToTheEnd({"sh", "-c", "echo oops >&2; exit 255"}).outcome,
            ChooserProcess::Outcome::Failed);
  EXPECT_EQ(runToTheEnd({"sh", "-c", "exit 0"}).outcome, ChooserProcess::Outcome::Failed);
  // A program that is not there does not start (glibc's posix_spawnp reports the failed exec).
  ChooserProcess missing;
  EXPECT_FALSE(missing.start({"/nonexistent/zenity"}));
  EXPECT_FALSE(missing.running());
}

TEST(DesktopFileChooser, CancellingEndsTheProgram) {
  ChooserProcess p;
  ASSERT_TRUE(p.start({"sleep", "30"}));
  EXPECT_TRUE(p.running());
  const auto started = std::chrono::steady_clock::now();
  p.cancel();
  EXPECT_FALSE(p.running());
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
}

}  // namespace
}  // namespace scanviz
