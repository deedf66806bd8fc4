/* cli.h - command-line helpers shared by `ncsc` (main.c) and `ncsc run`
 * (run.c). */
#ifndef NCS_CLI_H
#define NCS_CLI_H

#include <stddef.h>

/// Matches option `name` (e.g. "--prefix") at argv[*i], in either form:
/// "--name VALUE" (then *i moves to VALUE) or "--name=VALUE". Returns 1
/// with *val set; 0 when argv[*i] is not this option; -1 when it is but
/// the value is missing (nothing is printed: the caller reports it).
int ncs_opt_value(int argc, char **argv, int *i, const char *name, const char **val);

/// mkdir -p `path` (mode 0777 less the umask). Returns 0 with *existing set
/// to the length of the longest leading part of `path` that already was a
/// directory (strlen(path) when nothing was created), or -1 with errno
/// set; directories it created before failing are removed again.
int ncs_make_dirs(const char *path, size_t *existing);

/// Removes the directories ncs_make_dirs created for `path` (those past
/// its first `existing` bytes), deepest first, as long as they are empty.
void ncs_remove_made_dirs(const char *path, size_t existing);

/// Reads the whole of `file` (standard input for "-") into a malloc'ed
/// buffer (*text, *len). Returns 0, or -1 after a message on stderr.
int ncs_read_scene(const char *file, char **text, size_t *len);

#endif
