/* run.c - commands: `ncsc run`: scene -> generated C -> simulator -> its output.
 *
 * The runtime is looked for, in order: next to the executable in the
 * installed layout (<exe>/../include/ncs/lcp.h and <exe>/../<libdir>/
 * libncs_runtime.a), in the build tree ncsc was built in (paths fixed at
 * configure time), and under the configured install prefix. The C
 * compiler is $CC (split at blanks) or `cc`.
 *
 * Concurrent runs: each run generates, builds and runs in a directory of
 * its own, RUN_DIR/.run-XXXXXX (mkdtemp), removed when the simulator is
 * done; only then can no run build over or run another's simulator. Its
 * files are published into RUN_DIR (NCS_RUN_DIR or .ncs-run/PREFIX) for the
 * user, each replaced whole, under a lock (RUN_DIR/.lock).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "compile.h"
#include "parse.h"
#include "run.h"
#include "spawn.h"

#ifndef NCS_RUN_BUILD_LIBDIR
#define NCS_RUN_BUILD_LIBDIR ""     /* the build tree's lib directory */
#endif
#ifndef NCS_RUN_SOURCE_INCLUDE
#define NCS_RUN_SOURCE_INCLUDE ""   /* the source tree's runtime/include */
#endif
#ifndef NCS_RUN_PREFIX
#define NCS_RUN_PREFIX "/usr/local" /* CMAKE_INSTALL_PREFIX */
#endif
#ifndef NCS_RUN_LIBDIR
#define NCS_RUN_LIBDIR "lib"        /* CMAKE_INSTALL_LIBDIR (relative) */
#endif
#ifndef NCS_RUN_LIBS
#define NCS_RUN_LIBS "-lgsl -lgslcblas" /* GSL, as the runtime was built */
#endif
#ifndef NCS_RUN_CFLAGS
#define NCS_RUN_CFLAGS ""           /* e.g. the sanitizers of the build */
#endif

enum { RUN_INPUT = 1, RUN_USAGE = 2, MAX_ARGS = 64, PATH_CAP = 4096 };

static const char run_usage[] =
    "Usage: ncsc run [options] FILE.ncs [simulator options]\n"
    "Compile FILE.ncs, build its simulator with $CC (default cc) against the\n"
    "ncs runtime, and run it with the simulator options (see --help of any\n"
    "simulator: --steps N, --csv FILE, --svg FILE, --html FILE (a replay page),\n"
    "--dump-lcp DIR, --set BODY.FIELD=VALUE, --set friction=MU, --check,\n"
    "--quiet; the expectations are checked unless --no-check). Each run builds\n"
    "and runs in a directory of its own, so runs of one scene may go on at\n"
    "once; the generated code and the simulator are then put into\n"
    "$NCS_RUN_DIR, by default ./.ncs-run/PREFIX/ (the files of the run that\n"
    "put them there last).\n"
    "Options (before FILE):\n"
    "  --prefix P             symbol prefix (default: the scene name)\n"
    "  --formulation NAME     override the scene's formulation\n"
    "  --decomp triangles|convex  obstacle decomposition\n"
    "  --help                 show this help\n";

static const ncs_cli_spec run_spec = {
    "ncsc run", run_usage, NULL, NCS_OPT_PREFIX | NCS_OPT_FORMULATION | NCS_OPT_DECOMP, 1, 0,
    "unknown option '%s' before the scene file", "scene file"};

/** Where the runtime's headers and libraries are. */
typedef struct run_paths {
    char include[PATH_CAP]; /* directory holding ncs/lcp.h */
    char lib[PATH_CAP];     /* directory holding libncs_runtime.a */
} run_paths;

/* out = a b c (concatenated). Returns 0, or -1 when it does not fit in cap. */
static int cat3(char *out, size_t cap, const char *a, const char *b, const char *c) {
    size_t na = strlen(a), nb = strlen(b), nc = strlen(c);
    if (na + nb + nc >= cap)
        return -1;
    memcpy(out, a, na);
    memcpy(out + na, b, nb);
    memcpy(out + na + nb, c, nc + 1);
    return 0;
}

static int is_file(const char *path) {
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* 1 when `inc`/ncs/lcp.h and `lib`/libncs_runtime.a exist; fills p. */
static int try_paths(run_paths *p, const char *inc, const char *lib) {
    char a[PATH_CAP], b[PATH_CAP];
    if (!inc[0] || !lib[0])
        return 0;
    if (cat3(a, sizeof a, inc, "/ncs/lcp.h", "") != 0 ||
        cat3(b, sizeof b, lib, "/libncs_runtime.a", "") != 0)
        return 0;
    if (!is_file(a) || !is_file(b))
        return 0;
    snprintf(p->include, sizeof p->include, "%s", inc);
    snprintf(p->lib, sizeof p->lib, "%s", lib);
    return 1;
}

/* Finds the runtime. Returns 0, or -1 after saying where it looked. */
static int find_runtime(run_paths *p) {
    char exe[PATH_CAP], inc[PATH_CAP], lib[PATH_CAP];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        char *slash;
        exe[n] = '\0';
        slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0'; /* exe is now the bin directory */
            if (cat3(inc, sizeof inc, exe, "/../include", "") == 0 &&
                cat3(lib, sizeof lib, exe, "/../", NCS_RUN_LIBDIR) == 0 &&
                try_paths(p, inc, lib))
                return 0;
        }
    }
    if (try_paths(p, NCS_RUN_SOURCE_INCLUDE, NCS_RUN_BUILD_LIBDIR))
        return 0;
    if (cat3(inc, sizeof inc, NCS_RUN_PREFIX, "/include", "") == 0 &&
        cat3(lib, sizeof lib, NCS_RUN_PREFIX, "/", NCS_RUN_LIBDIR) == 0 &&
        try_paths(p, inc, lib))
        return 0;
    fprintf(stderr, "ncsc run: error: cannot find the ncs runtime (ncs/lcp.h and "
                    "libncs_runtime.a); looked next to ncsc, in the build tree '%s' "
                    "and under '%s'\n", NCS_RUN_BUILD_LIBDIR, NCS_RUN_PREFIX);
    return -1;
}

/* Splits `s` at blanks into argv (pointers into `s`, which is modified).
 * Returns the new count, or -1 when `cap` is exceeded. */
static int split_words(char *s, char **argv, int at, int cap) {
    while (*s) {
        while (*s == ' ' || *s == '\t')
            *s++ = '\0';
        if (!*s)
            break;
        if (at >= cap)
            return -1;
        argv[at++] = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
    }
    return at;
}

/* Runs the C compiler on exe.c and exe_main.c in dir. Returns 0, or RUN_USAGE
 * after a message. */
static int build(const char *dir, const run_paths *rp, const char *exe) {
    char cc[PATH_CAP], cflags[PATH_CAP], libs[PATH_CAP];
    char inc_gen[PATH_CAP], inc_rt[PATH_CAP], src[PATH_CAP], src_main[PATH_CAP];
    char lib_rt[PATH_CAP], lib_layout[PATH_CAP];
    char *argv[MAX_ARGS + 1];
    const char *env_cc = getenv("CC");
    int argc = 0, status, i;
    ncs_spawn_how how;

    memset(&how, 0, sizeof how);

    if (cat3(cc, sizeof cc, env_cc && env_cc[0] ? env_cc : "cc", "", "") != 0 ||
        cat3(cflags, sizeof cflags, NCS_RUN_CFLAGS, "", "") != 0 ||
        cat3(libs, sizeof libs, NCS_RUN_LIBS, "", "") != 0 ||
        cat3(inc_gen, sizeof inc_gen, "-I", dir, "") != 0 ||
        cat3(inc_rt, sizeof inc_rt, "-I", rp->include, "") != 0 ||
        cat3(src, sizeof src, exe, ".c", "") != 0 ||
        cat3(src_main, sizeof src_main, exe, "_main.c", "") != 0 ||
        cat3(lib_rt, sizeof lib_rt, rp->lib, "/libncs_runtime.a", "") != 0 ||
        cat3(lib_layout, sizeof lib_layout, rp->lib, "/libncs_layout.a", "") != 0) {
        fprintf(stderr, "ncsc run: error: a path or $CC is too long\n");
        return RUN_USAGE;
    }

    argc = split_words(cc, argv, 0, MAX_ARGS);
    if (argc > 0) {
        const char *fixed[] = {"-std=c99", "-O2", inc_gen, inc_rt, src, src_main,
                               lib_rt, lib_layout};
        argc = split_words(cflags, argv, argc, MAX_ARGS);
        for (i = 0; argc >= 0 && i < (int)(sizeof fixed / sizeof *fixed); i++) {
            if (argc >= MAX_ARGS)
                argc = -1;
            else
                argv[argc++] = (char *)fixed[i];
        }
        if (argc >= 0)
            argc = split_words(libs, argv, argc, MAX_ARGS);
        if (argc >= 0 && argc + 3 <= MAX_ARGS) {
            argv[argc++] = "-lm";
            argv[argc++] = "-o";
            argv[argc++] = (char *)exe;
        } else {
            argc = -1;
        }
    }
    if (argc <= 0) {
        fprintf(stderr, "ncsc run: error: bad C compiler command '%s'\n",
                env_cc ? env_cc : "cc");
        return RUN_USAGE;
    }
    argv[argc] = NULL;
    how.argv = argv;
    how.fail_say = "ncsc run: error: cannot run the C compiler ";
    how.fail_after = " (set CC to a C99 compiler)";
    how.fail_status = 127;
    if ((i = ncs_spawn(&how, &status)) != 0) {
        fprintf(stderr, "ncsc run: error: %s the C compiler: %s\n",
                i == -1 ? "cannot start" : "lost", strerror(errno));
        return RUN_USAGE;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (!(WIFEXITED(status) && WEXITSTATUS(status) == 127)) {
        fprintf(stderr, "ncsc run: error: the C compiler failed (%s %d) building %s;"
                        " the command was:\n ", WIFEXITED(status) ? "exit status" : "signal",
                WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), exe);
        for (i = 0; i < argc; i++)
            fprintf(stderr, " %s", argv[i]);
        fputc('\n', stderr);
    }
    return RUN_USAGE;
}

/* ---- one run's private directory ---------------------------------------- */

/* Copies file `from` to a new file `to` (mode 0777 less the umask).
 * Returns 0, or -1 with errno set and `to` removed. */
static int copy_file(const char *from, const char *to) {
    char buf[1 << 14];
    ssize_t n = 0;
    int in = open(from, O_RDONLY), out = -1, e = 0;
    if (in >= 0)
        out = open(to, O_WRONLY | O_CREAT | O_EXCL, 0777);
    while (out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)n) != n) {
            n = -1;
            break;
        }
    if (in < 0 || out < 0 || n < 0)
        e = errno ? errno : EIO;
    if (out >= 0 && close(out) != 0 && !e)
        e = errno;
    if (in >= 0)
        close(in);
    if (e && out >= 0)
        unlink(to);
    errno = e;
    return e ? -1 : 0;
}

/* Puts this run's generated files and simulator (in `priv`) into `dir`
 * for the user: PREFIX.h, PREFIX.c, PREFIX_main.c and PREFIX, each
 * replaced whole (rename), all four under a lock on DIR/.lock so that the
 * set in `dir` always comes from one run. The simulator stays in `priv`
 * too (a hard link, or a copy): this run runs its own. A failure is a
 * warning: the run goes on. */
static void publish(const char *dir, const char *priv, const char *prefix) {
    static const char *const suffix[] = {".h", ".c", "_main.c", ""};
    char from[PATH_CAP], to[PATH_CAP], pub[PATH_CAP], lockname[PATH_CAP];
    struct flock fl;
    int lock, k, bad = 0;
    if (cat3(lockname, sizeof lockname, dir, "/.lock", "") != 0 ||
        snprintf(pub, sizeof pub, "%s/%s.pub", priv, prefix) >= (int)sizeof pub)
        return;
    lock = open(lockname, O_RDWR | O_CREAT, 0666);
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    while (lock >= 0 && fcntl(lock, F_SETLKW, &fl) != 0 && errno == EINTR)
        continue;
    for (k = 0; k < 4 && !bad; k++) {
        const char *src = from;
        if (snprintf(from, sizeof from, "%s/%s%s", priv, prefix, suffix[k]) >= (int)sizeof from ||
            snprintf(to, sizeof to, "%s/%s%s", dir, prefix, suffix[k]) >= (int)sizeof to) {
            errno = ENAMETOOLONG;
            bad = 1;
            break;
        }
        if (k == 3) {   /* the simulator: a second name for it, moved into dir */
            if (link(from, pub) != 0 && copy_file(from, pub) != 0) {
                bad = 1;
                break;
            }
            src = pub;
        }
        bad = rename(src, to) != 0;
    }
    if (bad)
        fprintf(stderr, "ncsc run: warning: cannot put the generated files into '%s': %s "
                        "(running the simulator anyway)\n", dir, strerror(errno));
    if (lock >= 0)
        close(lock);    /* releases the lock */
}

/* Removes this run's directory and what is left in it. */
static void remove_private(const char *priv) {
    char path[PATH_CAP];
    struct dirent *e;
    DIR *dp = opendir(priv);
    while (dp && (e = readdir(dp)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            cat3(path, sizeof path, priv, "/", e->d_name) == 0)
            unlink(path);
    if (dp)
        closedir(dp);
    rmdir(priv);
}

/* Runs the simulator `exe` with `args` (args[0]: the name it reports) and
 * waits for it, ignoring SIGINT and SIGQUIT meanwhile as system() does (the
 * simulator gets them; this process then cleans up). The standard streams
 * in `closed` (a mask of descriptors) are closed in the simulator as they
 * were for ncsc (it refuses '-' then). Returns its exit status; when a
 * signal ended it, sets *sig and returns 128 + the signal. */
static int run_simulator(const char *exe, char **args, int closed, int *sig) {
    ncs_spawn_how how;
    int status = 0, r;
    memset(&how, 0, sizeof how);
    how.path = exe;
    how.argv = args;
    how.closed = closed;
    how.hold_signals = 1;
    how.fail_say = "ncsc run: error: cannot run ";
    how.fail_status = RUN_USAGE;
    if ((r = ncs_spawn(&how, &status)) != 0) {
        fprintf(stderr, "ncsc run: error: %s the simulator: %s\n",
                r == -1 ? "cannot start" : "lost", strerror(errno));
        return RUN_USAGE;
    }
    if (WIFSIGNALED(status)) {
        *sig = WTERMSIG(status);
        return 128 + *sig;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : RUN_USAGE;
}

int ncs_run_main(int argc, char **argv) {
    ncs_compile_options o;
    ncs_cli c;
    ncs_compile_unit u;
    run_paths rp;
    const char *file = NULL, *prefix = NULL, *env_dir;
    char dir[PATH_CAP], priv[PATH_CAP], exe[PATH_CAP], shown_exe[PATH_CAP];
    size_t existing = 0;
    int rc = 0, have_unit = 0, have_priv = 0, sig = 0;
    int closed = ncs_hold_std_fds();

    if ((rc = ncs_cli_parse(&run_spec, argc, argv, &c)) != 0)
        return rc < 0 ? 0 : rc;
    o = c.opt;
    file = c.file;
    prefix = o.emit.prefix;
    if (find_runtime(&rp) != 0)
        return RUN_USAGE;
    ncs_compile_init(&u, file, NULL, 0);
    have_unit = 1;
    if ((rc = ncs_compile(&u, &o, NCS_STAGE_GEOMETRY)) != 0)    /* read, parse, geometry */
        goto done;
    if (!prefix)
        prefix = u.s->name;
    env_dir = getenv("NCS_RUN_DIR");
    if (env_dir && env_dir[0])
        snprintf(dir, sizeof dir, "%s", env_dir);
    else if (snprintf(dir, sizeof dir, ".ncs-run/%s", prefix) >= (int)sizeof dir)
        dir[0] = '\0';
    if (!dir[0] || ncs_make_dirs(dir, &existing) != 0) {
        fprintf(stderr, "ncsc run: error: cannot create the directory '%s': %s\n", dir,
                dir[0] ? strerror(errno) : "the path is too long");
        rc = RUN_USAGE;
        goto done;
    }
    /* this run's own directory: concurrent runs of the scene never share a
     * file they write, build or run */
    if (snprintf(priv, sizeof priv, "%s/.run-XXXXXX", dir) >= (int)sizeof priv ||
        !mkdtemp(priv)) {
        fprintf(stderr, "ncsc run: error: cannot create a directory in '%s': %s\n", dir,
                strerror(errno));
        rc = RUN_USAGE;
        goto done;
    }
    have_priv = 1;
    o.emit.prefix = prefix;
    o.emit.outdir = priv;
    if ((rc = ncs_compile(&u, &o, NCS_STAGE_EMIT)) != 0)       /* plan, emit */
        goto done;
    if (snprintf(exe, sizeof exe, "%s/%s", priv, prefix) >= (int)sizeof exe ||
        snprintf(shown_exe, sizeof shown_exe, "%s/%s", dir, prefix) >= (int)sizeof shown_exe) {
        fprintf(stderr, "ncsc run: error: the path '%s' is too long\n", dir);
        rc = RUN_USAGE;
        goto done;
    }
    rc = build(priv, &rp, exe);
    if (rc == 0)
        publish(dir, priv, prefix);
done:
    if (have_unit)
        ncs_compile_free(&u);
    if (rc == 0) {
        /* argv[c.next - 1] was FILE: the simulator gets its published name
         * and what follows FILE */
        argv[c.next - 1] = shown_exe;
        rc = run_simulator(exe, &argv[c.next - 1], closed, &sig);
    }
    if (have_priv)
        remove_private(priv);
    if (sig) {
        signal(sig, SIG_DFL);   /* die of the simulator's signal, as a shell would show */
        raise(sig);
    }
    return rc;
}
