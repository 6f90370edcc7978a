// The child process around a GPU run: fork, run, send the result back through a pipe as JSON,
// wait at most the time limit. fork() rather than a new program, so that tests run it too; the
// child touches CUDA only after the fork, so the parent's threads and state never meet the driver.
#include "app/core/student/kernel_gpu.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <nlohmann/json.hpp>

namespace scanviz::student {

const char* gpuRunStatusName(GpuRunStatus s) {
  switch (s) {
    case GpuRunStatus::Ran:
      return "ran";
    case GpuRunStatus::CompileError:
      return "compile error";
    case GpuRunStatus::Fault:
      return "fault";
    case GpuRunStatus::TimedOut:
      return "timed out";
    case GpuRunStatus::Unavailable:
      return "unavailable";
  }
  return "?";
}

namespace {

std::string toJson(const GpuKernelResult& r) {
  return nlohmann::json{{"status", static_cast<int>(r.status)},
                        {"message", r.message},
                        {"device", r.device},
                        {"buffers", r.buffers},
                        {"snapshots", r.snapshots},
                        {"compile_ms", r.compileMs},
                        {"run_ms", r.runMs}}
      .dump();
}

GpuKernelResult fromJson(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  GpuKernelResult r;
  r.status = static_cast<GpuRunStatus>(j.at("status").get<int>());
  r.message = j.at("message").get<std::string>();
  r.device = j.at("device").get<std::string>();
  r.buffers = j.at("buffers").get<std::vector<std::vector<double>>>();
  r.snapshots = j.at("snapshots").get<std::vector<std::vector<double>>>();
  r.compileMs = j.at("compile_ms").get<double>();
  r.runMs = j.at("run_ms").get<double>();
  return r;
}

GpuKernelResult failed(GpuRunStatus s, std::string message) {
  GpuKernelResult r;
  r.status = s;
  r.message = std::move(message);
  return r;
}

void writeAll(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = write(fd, s.data() + done, s.size() - done);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

}  // namespace

GpuKernelResult runOnGpu(const GpuKernelRequest& rq) {
  if (const std::string why = gpuKernelSupport(); !why.empty())
    return failed(GpuRunStatus::Unavailable, why);
  int fds[2];
  if (pipe(fds) != 0) return failed(GpuRunStatus::Fault, "cannot make a pipe for the GPU run");
  const pid_t child = fork();
  if (child < 0) return failed(GpuRunStatus::Fault, "cannot start the GPU run's child process");
  if (child == 0) {
    close(fds[0]);
    std::string out;
    try {
      out = toJson(runOnGpuHere(rq));
    } catch (const std::exception& e) {
      out = toJson(failed(GpuRunStatus::Fault, e.what()));
    }
    writeAll(fds[1], out);
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  const auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::milliseconds(static_cast<long long>(rq.timeLimitSeconds * 1000));
  bool timedOut = false;
  char buffer[65536];
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n <= 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  close(fds[0]);
  if (timedOut) kill(child, SIGKILL);
  int status = 0;
  waitpid(child, &status, 0);
  if (timedOut)
    return failed(GpuRunStatus::TimedOut,
                  "the GPU run did not end within " +
                      std::to_string(static_cast<int>(rq.timeLimitSeconds)) +
                      " s: a hang (the child process was stopped)");
  if (text.empty())
    return failed(GpuRunStatus::Fault,
                  "the GPU run ended without an answer" +
                      (WIFSIGNALED(status) ? " (signal " + std::to_string(WTERMSIG(status)) + ")"
                                           : std::string()));
  try {
    return fromJson(text);
  } catch (const std::exception& e) {
    return failed(GpuRunStatus::Fault,
                  std::string("the GPU run's answer could not be read: ") + e.what());
  }
}

}  // namespace scanviz::student
