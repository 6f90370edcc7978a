// The child process around GPU runs (GpuSession): requests and answers go through a socket pair
// as JSON, each message after its length; the parent waits for an answer at most the time limit.
// A socket rather than a pipe, so that writing to a child that died is an error, not SIGPIPE.
#include "app/core/student/kernel_gpu.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <iterator>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace scanviz::student {

const char* gpuRunStatusName(GpuRunStatus s) {
  // In the enumerators' order; the assertion catches one added without its name.
  static constexpr const char* kNames[] = {"ran", "compile error", "fault", "timed out",
                                           "unavailable"};
  static_assert(std::size(kNames) == static_cast<size_t>(GpuRunStatus::Unavailable) + 1);
  return kNames[static_cast<size_t>(s)];
}

namespace {

using nlohmann::json;

json argumentJson(const Argument& a) {
  return {{"name", a.name},
          {"data", a.data},
          {"type", static_cast<int>(a.type)},
          {"buffer", a.isBuffer},
          {"number", a.number}};
}

Argument argumentOf(const json& j) {
  Argument a;
  a.name = j.at("name").get<std::string>();
  a.data = j.at("data").get<std::vector<double>>();
  a.type = static_cast<ValueType>(j.at("type").get<int>());
  a.isBuffer = j.at("buffer").get<bool>();
  a.number = j.at("number").get<double>();
  return a;
}

std::string requestJson(const GpuKernelRequest& rq) {
  json kernels = json::array();
  for (const InstrumentedKernel& k : rq.program.kernels)
    kernels.push_back({{"name", k.kernelName},
                       {"array", k.recordedArray},
                       {"type", static_cast<int>(k.recordedType)},
                       {"length", k.recordedLength}});
  json arguments = json::array();
  for (const Argument& a : rq.plan.arguments) arguments.push_back(argumentJson(a));
  json launches = json::array();
  for (const PlannedLaunch& l : rq.plan.launches)
    launches.push_back({{"kernel", l.kernel},
                        {"role", l.role},
                        {"grid", l.shape.gridSize},
                        {"block", l.shape.blockSize},
                        {"record", l.shape.recordedBlock},
                        {"arguments", l.arguments}});
  return json{{"source", rq.program.source},
              {"kernels", kernels},
              {"max_snapshots", rq.program.maxSnapshots},
              {"arguments", arguments},
              {"launches", launches},
              {"input", rq.plan.input},
              {"output", rq.plan.output},
              {"section", rq.sectionSize},
              {"block", rq.blockSize}}
      .dump();
}

GpuKernelRequest requestOf(const std::string& text) {
  const json j = json::parse(text);
  GpuKernelRequest rq;
  rq.program.source = j.at("source").get<std::string>();
  rq.program.maxSnapshots = j.at("max_snapshots").get<int>();
  for (const json& k : j.at("kernels"))
    rq.program.kernels.push_back({k.at("name").get<std::string>(), k.at("array").get<std::string>(),
                                  static_cast<ValueType>(k.at("type").get<int>()),
                                  k.at("length").get<int64_t>()});
  for (const json& a : j.at("arguments")) rq.plan.arguments.push_back(argumentOf(a));
  for (const json& l : j.at("launches")) {
    PlannedLaunch p;
    p.kernel = l.at("kernel").get<int>();
    p.role = l.at("role").get<std::string>();
    p.shape.gridSize = l.at("grid").get<int>();
    p.shape.blockSize = l.at("block").get<int>();
    p.shape.recordedBlock = l.at("record").get<int>();
    p.arguments = l.at("arguments").get<std::vector<int>>();
    rq.plan.launches.push_back(p);
  }
  rq.plan.input = j.at("input").get<int>();
  rq.plan.output = j.at("output").get<int>();
  rq.sectionSize = j.at("section").get<int>();
  rq.blockSize = j.at("block").get<int>();
  return rq;
}

std::string resultJson(const GpuKernelResult& r) {
  return json{{"status", static_cast<int>(r.status)},
              {"message", r.message},
              {"device", r.device},
              {"buffers", r.buffers},
              {"snapshots", r.snapshots},
              {"compile_ms", r.compileMs},
              {"run_ms", r.runMs}}
      .dump();
}

GpuKernelResult resultOf(const std::string& text) {
  const json j = json::parse(text);
  GpuKernelResult r;
  r.status = static_cast<GpuRunStatus>(j.at("status").get<int>());
  r.message = j.at("message").get<std::string>();
  r.device = j.at("device").get<std::string>();
  r.buffers = j.at("buffers").get<std::vector<std::vector<double>>>();
  r.snapshots = j.at("snapshots").get<std::vector<std::vector<std::vector<double>>>>();
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

bool sendAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = send(fd, data, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool sendMessage(int fd, const std::string& text) {
  const uint64_t size = text.size();
  return sendAll(fd, reinterpret_cast<const char*>(&size), sizeof size) &&
         sendAll(fd, text.data(), text.size());
}

enum class Received { Message, Closed, TimedOut };

// Reads `size` bytes, waiting until `deadline` at most.
Received receiveAll(int fd, char* data, size_t size,
                    std::chrono::steady_clock::time_point deadline) {
  while (size > 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return Received::TimedOut;
    pollfd p{fd, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = read(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Received::Closed;
    data += n;
    size -= static_cast<size_t>(n);
  }
  return Received::Message;
}

Received receiveMessage(int fd, std::string& text, std::chrono::steady_clock::time_point deadline) {
  uint64_t size = 0;
  if (Received r = receiveAll(fd, reinterpret_cast<char*>(&size), sizeof size, deadline);
      r != Received::Message)
    return r;
  text.assign(size, '\0');
  return receiveAll(fd, text.data(), text.size(), deadline);
}

// The child: one answer for each request until the parent closes its end.
[[noreturn]] void serve(int fd) {
  const auto forever = std::chrono::steady_clock::time_point::max();
  std::string text;
  while (receiveMessage(fd, text, forever) == Received::Message) {
    std::string answer;
    try {
      answer = resultJson(runOnGpuHere(requestOf(text)));
    } catch (const std::exception& e) {
      answer = resultJson(failed(GpuRunStatus::Fault, e.what()));
    }
    if (!sendMessage(fd, answer)) break;
  }
  _exit(0);
}

}  // namespace

GpuSession::~GpuSession() {
  stop();
}

bool GpuSession::start() {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return false;
  const pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return false;
  }
  if (child == 0) {
    close(fds[0]);
    serve(fds[1]);
  }
  close(fds[1]);
  child_ = child;
  toChild_ = fds[0];
  ++started_;
  return true;
}

void GpuSession::stop() {
  if (child_ < 0) return;
  close(toChild_);
  kill(child_, SIGKILL);
  waitpid(child_, nullptr, 0);
  child_ = toChild_ = -1;
}

GpuKernelResult GpuSession::run(const GpuKernelRequest& rq) {
  if (const std::string why = gpuKernelSupport(); !why.empty())
    return failed(GpuRunStatus::Unavailable, why);
  const std::string request = requestJson(rq);
  // A child kept from an earlier run may have gone; a new one gets the request once more.
  bool sent = child_ >= 0 && sendMessage(toChild_, request);
  if (!sent) {
    stop();
    if (!start()) return failed(GpuRunStatus::Fault, "cannot start the GPU run's child process");
    sent = sendMessage(toChild_, request);
  }
  std::string answer;
  const auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::milliseconds(static_cast<long long>(rq.timeLimitSeconds * 1000));
  const Received got = sent ? receiveMessage(toChild_, answer, deadline) : Received::Closed;
  if (got == Received::TimedOut) {
    stop();
    return failed(GpuRunStatus::TimedOut,
                  "the GPU run did not end within " +
                      std::to_string(static_cast<int>(rq.timeLimitSeconds)) +
                      " s: a hang (the child process was stopped)");
  }
  if (got == Received::Closed) {
    int status = 0;
    const pid_t child = child_;
    close(toChild_);
    child_ = toChild_ = -1;
    waitpid(child, &status, 0);
    return failed(GpuRunStatus::Fault,
                  "the GPU run ended without an answer" +
                      (WIFSIGNALED(status) ? " (signal " + std::to_string(WTERMSIG(status)) + ")"
                                           : std::string()));
  }
  try {
    GpuKernelResult r = resultOf(answer);
    // After a fault CUDA's context is lost for good: the next run gets a new child.
    if (r.status == GpuRunStatus::Fault || r.status == GpuRunStatus::Unavailable) stop();
    return r;
  } catch (const std::exception& e) {
    stop();
    return failed(GpuRunStatus::Fault,
                  std::string("the GPU run's answer could not be read: ") + e.what());
  }
}

}  // namespace scanviz::student
