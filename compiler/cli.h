/* cli.h - command-line helpers shared by `ncsc` (main.c) and `ncsc run`
 * (run.c). */
#ifndef NCS_CLI_H
#define NCS_CLI_H

/// Matches option `name` (e.g. "--prefix") at argv[*i], in either form:
/// "--name VALUE" (then *i moves to VALUE) or "--name=VALUE". Returns 1
/// with *val set; 0 when argv[*i] is not this option; -1 when it is but
/// the value is missing (nothing is printed: the caller reports it).
int ncs_opt_value(int argc, char **argv, int *i, const char *name, const char **val);

#endif
