/* spawn.h - commands: running another program and waiting for it (spawn.c):
 * the C compiler of `ncsc run`, its simulator, and the clang of `ncsc view`.
 */
#ifndef NCS_SPAWN_H
#define NCS_SPAWN_H

/** How to run a program. */
typedef struct ncs_spawn_how {
    const char *path;       /**< the program; NULL: argv[0], looked up in $PATH */
    char *const *argv;      /**< its arguments, NULL-terminated */
    const char *dir;        /**< its working directory; NULL: this one */
    int quiet;              /**< 1: its standard output and error go to /dev/null */
    int closed;             /**< standard descriptors (bit fd) closed in it */
    int hold_signals;       /**< 1: SIGINT and SIGQUIT are ignored here while it
                                 runs, as system() does (it gets them) */
    const char *fail_say;   /**< when it cannot be run, it prints fail_say
                                 'PROGRAM': REASON fail_after on stderr (NULL:
                                 nothing) */
    const char *fail_after; /**< (NULL: nothing) */
    int fail_status;        /**< and exits with this status */
} ncs_spawn_how;

/// Runs the program and waits for it. Returns 0 with *status its wait
/// status (sys/wait.h); -1 when it could not be started, -2 when it was
/// lost (waitpid failed), both with errno set and nothing printed.
int ncs_spawn(const ncs_spawn_how *h, int *status);

/// Keeps descriptors 0, 1 and 2 taken (by /dev/null where one is closed),
/// so that no file a command writes, nor a program it runs, gets one as a
/// standard stream (and messages to a closed stderr go nowhere rather than
/// into such a file). Returns a mask of those that were closed (bit fd),
/// for ncs_spawn_how.closed when a program must see them closed again.
int ncs_hold_std_fds(void);

#endif
