// OutputFile (app/core/support/output_file.h): the old file or the whole new one, never a partial
// file or a leftover temporary file; links written through, devices and FIFOs written directly; and
// the interrupt handler (app/core/support/interrupt.h) removing temporary files and ending
// the process by the signal (a shell reports 128 + signal).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "app/core/support/file_util.h"
#include "app/core/support/interrupt.h"
#include "app/core/support/output_file.h"
#include "tests/common/child_process.h"
#include "tests/common/test_folder.h"

namespace scanviz {
namespace {
namespace fs = std::filesystem;

// Each test in a fresh folder.
class OutputFileTest : public ::testing::Test {
 protected:
  std::string at(const std::string& name) const { return folder_.file(name); }
  static std::string contents(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  }
  static void put(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  }
  // Every name in the folder: a leftover temporary file shows up here.
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(folder_.path()))
      out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }

  const TestFolder folder_{"scanviz-output"};
};

// Runs `body` in a child process and returns its wait status: for limits and signals that must
// not touch the test process.
template <typename Body>
int inChild(Body body) {
  return runInChild(body).status;
}

TEST_F(OutputFileTest, CommitReplacesTheFileAndLeavesNothingElse) {
  put(at("a.txt"), "old");
  writeFileAtomically(at("a.txt"), "new contents");
  EXPECT_EQ(contents(at("a.txt")), "new contents");
  EXPECT_EQ(names(), std::vector<std::string>{"a.txt"});
}

TEST_F(OutputFileTest, TargetUnchangedUntilCommitAndRestoredWithoutIt) {
  put(at("a.txt"), "old");
  {
    OutputFile out(at("a.txt"));
    out.write("half of the new");
    EXPECT_EQ(contents(at("a.txt")), "old");
    out.finish();
    EXPECT_EQ(contents(at("a.txt")), "old");  // finished is not yet in place
    EXPECT_EQ(names().size(), 2u);            // the temporary file, in the same folder
  }
  EXPECT_EQ(contents(at("a.txt")), "old");
  EXPECT_EQ(names(), std::vector<std::string>{"a.txt"});
}

TEST_F(OutputFileTest, KeepsThePermissionsOfTheFileItReplaces) {
  put(at("a.txt"), "old");
  ::chmod(at("a.txt").c_str(), 0640);
  writeFileAtomically(at("a.txt"), "new");
  struct stat st {};
  ASSERT_EQ(::stat(at("a.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST_F(OutputFileTest, FullDeviceIsAWriteErrorNamingPathAndReason) {
  try {
    writeFileAtomically("/dev/full", std::string(100000, 'x'));
    FAIL() << "writing /dev/full succeeded";
  } catch (const WriteError& e) {
    EXPECT_NE(std::string(e.what()).find("'/dev/full'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(std::strerror(ENOSPC)), std::string::npos) << e.what();
  }
  struct stat st {};
  ASSERT_EQ(::stat("/dev/full", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

// ulimit -f: write() fails with EFBIG once SIGXFSZ is ignored (installInterruptHandlers does).
TEST_F(OutputFileTest, FileSizeLimitKeepsTheOldFileAndNoTemporary) {
  put(at("big.bin"), "old");
  const std::string path = at("big.bin");
  const int status = inChild([&] {
    installInterruptHandlers();
    const rlimit limit{4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    try {
      writeFileAtomically(path, std::string(100000, 'x'));
    } catch (const WriteError& e) {
      const bool named = std::string(e.what()).find(std::strerror(EFBIG)) != std::string::npos;
      ::_exit(named ? 1 : 3);
    }
    ::_exit(0);
  });
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_EQ(contents(at("big.bin")), "old");
  EXPECT_EQ(names(), std::vector<std::string>{"big.bin"});
}

TEST_F(OutputFileTest, SymlinkIsWrittenThroughAndStaysALink) {
  fs::create_directories(folder_.path() / "real");
  put(at("real/target.json"), "old");
  fs::create_symlink("real/target.json", folder_.path() / "link.json");
  writeFileAtomically(at("link.json"), "new");
  EXPECT_TRUE(fs::is_symlink(folder_.path() / "link.json"));
  EXPECT_EQ(contents(at("real/target.json")), "new");
  // A link to a file not there yet makes that file.
  fs::create_symlink("real/later.json", folder_.path() / "dangling.json");
  writeFileAtomically(at("dangling.json"), "made");
  EXPECT_TRUE(fs::is_symlink(folder_.path() / "dangling.json"));
  EXPECT_EQ(contents(at("real/later.json")), "made");
  EXPECT_EQ(names(), (std::vector<std::string>{"dangling.json", "link.json", "real"}));
}

TEST_F(OutputFileTest, CharacterDeviceIsWrittenDirectlyNeverReplaced) {
  // A private copy of /dev/null (root only): the test never risks the system's node.
  if (::mknod(at("null").c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0)
    GTEST_SKIP() << "mknod needs root: " << std::strerror(errno);
  writeFileAtomically(at("null"), "anything");
  struct stat st {};
  ASSERT_EQ(::stat(at("null").c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(names(), std::vector<std::string>{"null"});
}

TEST_F(OutputFileTest, FifoIsWrittenDirectly) {
  ASSERT_EQ(::mkfifo(at("pipe").c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = contents(at("pipe")); });
  writeFileAtomically(at("pipe"), "through the pipe");
  reader.join();
  EXPECT_EQ(received, "through the pipe");
  struct stat st {};
  ASSERT_EQ(::stat(at("pipe").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST_F(OutputFileTest, AFolderIsRefusedAndKept) {
  fs::create_directories(folder_.path() / "sub");
  EXPECT_THROW(writeFileAtomically(at("sub"), "x"), WriteError);
  EXPECT_TRUE(fs::is_directory(folder_.path() / "sub"));
}

TEST_F(OutputFileTest, OutputProblemFoundBeforeWriting) {
  EXPECT_EQ(outputProblem(at("fine.json")), "");
  EXPECT_EQ(outputProblem("-"), "");
  const std::string missing = outputProblem(at("no-such-folder/x.json"));
  EXPECT_NE(missing.find("does not exist"), std::string::npos) << missing;
  EXPECT_NE(missing.find("no-such-folder/x.json"), std::string::npos) << missing;
  put(at("file"), "a file, not a folder");
  EXPECT_NE(outputProblem(at("file/x.json")), "");
  fs::create_directories(folder_.path() / "sub");
  EXPECT_NE(outputProblem(at("sub")).find("is a folder"), std::string::npos);
  EXPECT_EQ(outputProblem("/dev/full"), "");  // written directly; the write itself fails
  // The probe leaves nothing behind.
  EXPECT_EQ(names(), (std::vector<std::string>{"file", "sub"}));
}

TEST_F(OutputFileTest, SignalRemovesTheTemporaryFileAndExitsWith128PlusSignal) {
  put(at("a.txt"), "old");
  const std::string path = at("a.txt");
  for (const int sig : {SIGINT, SIGTERM}) {
    const int status = inChild([&] {
      installInterruptHandlers();
      OutputFile out(path);
      out.write("partial");
      ::raise(sig);
      ::_exit(0);  // not reached
    });
    // Ended by the signal itself (a shell's $? is 128 + sig), so that a script stops there.
    ASSERT_TRUE(WIFSIGNALED(status)) << "exited " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), sig);
    EXPECT_EQ(contents(path), "old");
    EXPECT_EQ(names(), std::vector<std::string>{"a.txt"});
  }
}

TEST_F(OutputFileTest, DeferredInterruptOnlySetsTheFlagUntilASecondSignal) {
  const int status = inChild([] {
    installInterruptHandlers();
    const DeferredInterrupt defer;
    ::raise(SIGTERM);
    if (!DeferredInterrupt::requested().load() || exitCodeForInterrupt() != 143) ::_exit(3);
    ::raise(SIGINT);  // a second one stops at once
    ::_exit(4);
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << "exited " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGINT);
}

TEST_F(OutputFileTest, ADeferredSignalEndsTheProcessByThatSignalOnceTheJobIsDone) {
  const std::string path = at("partial.txt");
  const int status = inChild([&] {
    installInterruptHandlers();
    OutputFile out(path);
    out.write("partial");
    {
      const DeferredInterrupt defer;
      ::raise(SIGTERM);
    }
    endIfInterrupted();
    ::_exit(5);  // not reached: the deferred SIGTERM ends the process
  });
  ASSERT_TRUE(WIFSIGNALED(status)) << "exited " << WEXITSTATUS(status);
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(names().empty());
}

TEST_F(OutputFileTest, NoSignalMeansEndIfInterruptedReturns) {
  const int status = inChild([] {
    installInterruptHandlers();
    endIfInterrupted();
    ::_exit(7);
  });
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 7);
}

TEST_F(OutputFileTest, SignalRemovesAFolderItMadeOnlyWhenEmpty) {
  const std::string made = at("made");
  const std::string kept = at("kept");
  const int status = inChild([&] {
    installInterruptHandlers();
    fs::create_directories(made);
    fs::create_directories(kept);
    put(kept + "/user-file", "mine");
    const CleanupOnInterrupt a(made, CleanupOnInterrupt::Kind::EmptyFolder);
    const CleanupOnInterrupt b(kept, CleanupOnInterrupt::Kind::EmptyFolder);
    ::raise(SIGTERM);
  });
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
  EXPECT_FALSE(fs::exists(made));
  EXPECT_EQ(contents(kept + "/user-file"), "mine");
}

}  // namespace
}  // namespace scanviz
