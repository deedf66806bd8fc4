/* spawn.c - commands: the one fork and exec of ncsc (see spawn.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "spawn.h"

/* In the child: its directory, streams and signals, then the program.
 * Never returns. */
static void child(const ncs_spawn_how *h, const struct sigaction *old_int,
                  const struct sigaction *old_quit) {
    const char *prog = h->path ? h->path : h->argv[0];
    int fd;
    if (h->hold_signals) {
        sigaction(SIGINT, old_int, NULL);
        sigaction(SIGQUIT, old_quit, NULL);
    }
    for (fd = 0; fd <= 2; fd++)
        if (h->closed & (1 << fd))
            close(fd);
    if (h->dir && chdir(h->dir) != 0)
        _exit(127);
    if (h->quiet) {
        fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
    }
    if (h->path)
        execv(h->path, h->argv);
    else
        execvp(h->argv[0], h->argv);
    if (h->fail_say)
        fprintf(stderr, "%s'%s': %s%s\n", h->fail_say, prog, strerror(errno),
                h->fail_after ? h->fail_after : "");
    _exit(h->fail_status);
}

int ncs_spawn(const ncs_spawn_how *h, int *status) {
    struct sigaction ign, old_int, old_quit;
    pid_t pid, waited = -1;
    int rc = 0, e = 0;
    memset(&old_int, 0, sizeof old_int);
    memset(&old_quit, 0, sizeof old_quit);
    if (h->hold_signals) {
        memset(&ign, 0, sizeof ign);
        ign.sa_handler = SIG_IGN;
        sigemptyset(&ign.sa_mask);
        sigaction(SIGINT, &ign, &old_int);
        sigaction(SIGQUIT, &ign, &old_quit);
    }
    fflush(NULL);
    pid = fork();
    if (pid == 0)
        child(h, &old_int, &old_quit);
    while (pid > 0 && (waited = waitpid(pid, status, 0)) < 0 && errno == EINTR)
        continue;
    if (pid < 0 || waited < 0) {
        e = errno;
        rc = pid < 0 ? -1 : -2;
    }
    if (h->hold_signals) {
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGQUIT, &old_quit, NULL);
    }
    errno = e;
    return rc;
}

int ncs_hold_std_fds(void) {
    int fd, closed = 0;
    for (fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1) {
            int got = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
            if (got >= 0 && got != fd)
                close(got);
            closed |= 1 << fd;
        }
    return closed;
}
