#include "app/core/support/interrupt.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstring>

namespace scanviz {

// A registered path. Slots are never freed, only reused, so that the handler can walk the list at
// any moment without a lock: it reads a slot's path only while its state says File or Folder,
// and a slot's path is written only while it is Claimed.
struct Slot {
  enum State : int { Free, Claimed, File, Folder };
  std::atomic<int> state{Claimed};
  char* path = nullptr;
  size_t capacity = 0;
  Slot* next = nullptr;
};

namespace {

std::atomic<Slot*> gSlots{nullptr};
std::atomic<int> gDeferDepth{0};
std::atomic<int> gSignal{0};
std::atomic<bool> gRequested{false};

void removeRegisteredPaths() {
  // Files first: a folder is removed only once it is empty.
  for (Slot* s = gSlots.load(); s; s = s->next)
    if (s->state.load() == Slot::File) ::unlink(s->path);
  for (Slot* s = gSlots.load(); s; s = s->next)
    if (s->state.load() == Slot::Folder) ::rmdir(s->path);
}

// Dies of `sig` with its default action, so that the parent sees "killed by SIGINT" (a shell's
// $? is still 130): a shell loop or make stops at Ctrl-C instead of going on to its next command,
// which an ordinary exit(130) would let it do. Async-signal-safe (sigaction, sigprocmask, raise).
[[noreturn]] void dieOf(int sig) {
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(sig, &fallback, nullptr);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, sig);
  sigprocmask(SIG_UNBLOCK, &only, nullptr);
  ::raise(sig);
  ::_exit(128 + sig);  // only if the signal could not end the process
}

// Async-signal-safe: atomics, unlink, rmdir, and dieOf.
extern "C" void onInterrupt(int sig) {
  const bool again = gRequested.exchange(true);
  gSignal.store(sig);
  // A second signal while deferred means "stop now".
  if (gDeferDepth.load() > 0 && !again) return;
  removeRegisteredPaths();
  dieOf(sig);
}

Slot* claimSlot(size_t needed) {
  for (Slot* s = gSlots.load(); s; s = s->next) {
    int expected = Slot::Free;
    if (s->capacity >= needed && s->state.compare_exchange_strong(expected, Slot::Claimed))
      return s;
  }
  auto* s = new Slot;  // state Claimed; lives as long as the process
  s->capacity = std::max<size_t>(needed, 256);
  s->path = new char[s->capacity];
  s->next = gSlots.load();
  while (!gSlots.compare_exchange_weak(s->next, s)) {
  }
  return s;
}

}  // namespace

void installInterruptHandlers() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  std::signal(SIGXFSZ, SIG_IGN);
  // A reader that closes our stdout (`scanviz capture --out - | head -c 10`) makes write() fail
  // with EPIPE, which OutputFile reports in one line, instead of killing the process in silence.
  std::signal(SIGPIPE, SIG_IGN);
}

CleanupOnInterrupt::CleanupOnInterrupt(const std::string& path, Kind kind) {
  slot_ = claimSlot(path.size() + 1);
  std::memcpy(slot_->path, path.c_str(), path.size() + 1);
  slot_->state.store(kind == Kind::File ? Slot::File : Slot::Folder);
}

CleanupOnInterrupt::CleanupOnInterrupt(CleanupOnInterrupt&& other) noexcept : slot_(other.slot_) {
  other.slot_ = nullptr;
}

CleanupOnInterrupt& CleanupOnInterrupt::operator=(CleanupOnInterrupt&& other) noexcept {
  if (this != &other) {
    release();
    slot_ = other.slot_;
    other.slot_ = nullptr;
  }
  return *this;
}

void CleanupOnInterrupt::release() {
  if (slot_) slot_->state.store(Slot::Free);
  slot_ = nullptr;
}

DeferredInterrupt::DeferredInterrupt() {
  gDeferDepth.fetch_add(1);
}

DeferredInterrupt::~DeferredInterrupt() {
  gDeferDepth.fetch_sub(1);
}

const std::atomic<bool>& DeferredInterrupt::requested() {
  return gRequested;
}

int exitCodeForInterrupt() {
  const int sig = gSignal.load();
  return sig == 0 ? 0 : 128 + sig;
}

void endIfInterrupted() {
  if (const int sig = gSignal.load(); sig != 0) {
    removeRegisteredPaths();
    dieOf(sig);
  }
}

}  // namespace scanviz
