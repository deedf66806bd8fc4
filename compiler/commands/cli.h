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

/// The largest scene file ncsc reads: 64 MiB (docs/language.md).
#define NCS_SCENE_MAX_BYTES ((size_t)64 << 20)

/// Reads the whole of `file` (standard input for "-") into a malloc'ed
/// buffer (*text, *len), at most NCS_SCENE_MAX_BYTES. Returns 0; 1 after
/// "FILE: error: file is larger than ... bytes" on stderr (a regular file
/// is refused by its size before it is read, a stream after the limit:
/// never more than the limit plus one read is held); or 2 after a message
/// that it cannot be opened or read (or memory ran out).
int ncs_read_scene(const char *file, char **text, size_t *len);

#endif
