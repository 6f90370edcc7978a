// Code run in a forked child, for address-space limits, alarms and crashes that must not touch the
// test process: what the child says comes back through a pipe, with how it ended.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <system_error>
#include <type_traits>

namespace scanviz {

struct ChildRun {
  int status = 0;    // as waitpid gives it: WIFEXITED, WTERMSIG, ...
  std::string said;  // what the body returned, or what reached the pipe before the child died
};

// Runs `body` in a child that then exits with status 0. A body that returns a string has it
// written back to the parent; a void body says nothing.
template <class Body>
ChildRun runInChild(Body&& body) {
  int fds[2];
  if (pipe(fds) != 0) throw std::system_error(errno, std::generic_category(), "pipe");
  std::fflush(nullptr);  // the child must not inherit unwritten output it could print again
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    if constexpr (std::is_void_v<std::invoke_result_t<Body>>) {
      body();
    } else {
      const std::string said = body();
      for (size_t done = 0; done < said.size();) {
        const ssize_t n = write(fds[1], said.data() + done, said.size() - done);
        if (n <= 0) break;
        done += static_cast<size_t>(n);
      }
    }
    close(fds[1]);
    _exit(0);
  }
  close(fds[1]);
  ChildRun run;
  char buf[4096];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
    run.said.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  waitpid(pid, &run.status, 0);
  return run;
}

}  // namespace scanviz
