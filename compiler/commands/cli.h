/* cli.h - commands: the command line of `ncsc` (main.c), `ncsc run`
 * (run.c) and `ncsc view` (web.c), one option parser for the three, and
 * their output folders. */
#ifndef NCS_CLI_H
#define NCS_CLI_H

#include <stddef.h>
#include "compile.h"

/** The options a command takes (ncs_cli_spec.takes). */
enum {
    NCS_OPT_OUT = 1 << 0,           /**< -o DIR (or PAGE) */
    NCS_OPT_PREFIX = 1 << 1,        /**< --prefix P */
    NCS_OPT_FORMULATION = 1 << 2,   /**< --formulation NAME */
    NCS_OPT_DECOMP = 1 << 3,        /**< --decomp triangles|convex */
    NCS_OPT_TARGET = 1 << 4,        /**< --target host|embedded */
    NCS_OPT_REAL = 1 << 5,          /**< --real double|float */
    NCS_OPT_SVG = 1 << 6,           /**< --svg-groups FILE */
    NCS_OPT_ACTIONS = 1 << 7,       /**< --check, --dump-ast, --dump-groups */
    NCS_OPT_VERSION = 1 << 8        /**< --version; then --help and --version
                                         take no other arguments */
};

/** What a command's command line looks like, and how it says what is wrong. */
typedef struct ncs_cli_spec {
    const char *cmd;        /**< "ncsc", "ncsc run", "ncsc view": starts every message */
    const char *usage;      /**< the --help text */
    const char *version;    /**< printed by --version after "ncsc " */
    unsigned takes;         /**< NCS_OPT_* */
    int file_ends_options;  /**< 1: the scene file ends the options (ncsc run) */
    int value_try;          /**< 1: "Try 'CMD --help' ..." also after an unknown
                                 formulation or decomposition */
    const char *unknown;    /**< message of an unknown option (one %s) */
    const char *what_file;  /**< "input file" or "scene file" */
} ncs_cli_spec;

/** Most --formulation options kept (each formulation once). */
#define NCS_CLI_FORMS 8

/** What a command line said. */
typedef struct ncs_cli {
    const char *file;       /**< the scene file ("-": standard input) */
    const char *out;        /**< -o */
    const char *svg;        /**< --svg-groups */
    int check;              /**< --check */
    int dump_ast;           /**< --dump-ast */
    int dump_groups;        /**< --dump-groups */
    int forms[NCS_CLI_FORMS];   /**< every --formulation, in order, each once */
    int nforms;             /**< how many */
    ncs_compile_options opt;/**< the last --formulation, --decomp, --prefix,
                                 --target, --real */
    int next;               /**< the argument after the scene file */
} ncs_cli;

/// Reads argv (argv[0]: the command) as `spec` says into `c`. Returns 0;
/// 2 after a usage error on stderr ("CMD: error: ..."); or -1 after --help
/// or --version, printed on stdout.
int ncs_cli_parse(const ncs_cli_spec *spec, int argc, char **argv, ncs_cli *c);

/// mkdir -p `path` (mode 0777 less the umask). Returns 0 with *existing set
/// to the length of the longest leading part of `path` that already was a
/// directory (strlen(path) when nothing was created), or -1 with errno
/// set; directories it created before failing are removed again.
int ncs_make_dirs(const char *path, size_t *existing);

/// Removes the directories ncs_make_dirs created for `path` (those past
/// its first `existing` bytes), deepest first, as long as they are empty.
void ncs_remove_made_dirs(const char *path, size_t existing);

#endif
