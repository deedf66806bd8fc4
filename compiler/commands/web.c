/* web.c - commands: `ncsc view SCENE.ncs -o FILE.html`: the live page (docs/web.md).
 *
 * The scene is compiled once per formulation (each under its own prefix,
 * P_max, P_diff, ...), and with the runtime core (runtime/src/one.c: the
 * engine and solver the native simulator runs), view.c and the exports of
 * runtime/web/wasm_glue.c built by clang into one WebAssembly module
 * (--target=wasm32-wasi: Debian's clang, lld and wasi-libc). The page is
 * the module in base64 with the pages' CSS and JavaScript (view.css,
 * view.js, live.js): one self-contained file that loads nothing.
 *
 * Those sources are embedded into ncsc at build time (ncs_view_sources),
 * written into a private directory ($TMPDIR/ncsc-view-XXXXXX), compiled
 * there and removed. The C compiler is $NCS_CLANG (split at blanks) or
 * `clang`.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli.h"
#include "compile.h"
#include "embed.h"
#include "parse.h"
#include "spawn.h"
#include "web.h"

/** The runtime's sources and the pages' assets, by path (src/one.c,
 *  include/ncs/world.h, web/live.js, ...); generated at build time. */
extern const ncs_embedded_file ncs_view_sources[];

enum { VIEW_INPUT = 1, VIEW_USAGE = 2, NFORMS = 5, MAX_ARGS = 96, PATH_CAP = 4096 };

static const char view_usage[] =
    "Usage: ncsc view [options] FILE.ncs -o PAGE.html\n"
    "Compile FILE.ncs to WebAssembly (the same engine and solver as the native\n"
    "simulator) and write one self-contained HTML page where the scene runs\n"
    "live: play, pause, step, reset, drag a body to move or throw it, and switch\n"
    "between the formulations compiled in. The page loads nothing.\n"
    "Needs clang with wasm32-wasi support ($NCS_CLANG, default clang; Debian:\n"
    "apt-get install clang lld wasi-libc libclang-rt-dev-wasm32).\n"
    "Options:\n"
    "  -o PAGE.html           the page to write (its directory is created)\n"
    "  --formulation NAME     compile this formulation in (repeatable; default:\n"
    "                         the scene's own, then every other one the scene\n"
    "                         compiles with)\n"
    "  --prefix P             symbol prefix (default: the scene name)\n"
    "  --decomp triangles|convex  obstacle decomposition\n"
    "  --help                 show this help\n";

static const ncs_cli_spec view_spec = {
    "ncsc view", view_usage, NULL, NCS_OPT_OUT | NCS_OPT_PREFIX | NCS_OPT_FORMULATION |
    NCS_OPT_DECOMP, 0, 0, "unknown option '%s'", "scene file"};

/* ---- files ------------------------------------------------------------------ */

/* Writes the embedded sources into dir (with their subdirectories).
 * Returns 0, or -1 after a message. */
static int write_sources(const char *dir) {
    const ncs_embedded_file *f;
    char path[PATH_CAP];
    for (f = ncs_view_sources; f->name; f++) {
        const char *const *l;
        char *slash;
        FILE *out;
        size_t existing;
        if (snprintf(path, sizeof path, "%s/%s", dir, f->name) >= (int)sizeof path)
            return -1;
        slash = strrchr(path, '/');
        *slash = '\0';
        if (ncs_make_dirs(path, &existing) != 0) {
            fprintf(stderr, "ncsc view: error: cannot create '%s': %s\n", path, strerror(errno));
            return -1;
        }
        *slash = '/';
        if (!(out = fopen(path, "w"))) {
            fprintf(stderr, "ncsc view: error: cannot write '%s': %s\n", path, strerror(errno));
            return -1;
        }
        for (l = f->lines; *l; l++)
            fputs(*l, out);
        if (fclose(out) != 0) {
            fprintf(stderr, "ncsc view: error: cannot write '%s': %s\n", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* Removes dir and everything below it. */
static void remove_tree(const char *dir) {
    char path[PATH_CAP];
    struct dirent *e;
    struct stat sb;
    DIR *dp = opendir(dir);
    while (dp && (e = readdir(dp)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
            continue;
        if (lstat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
            remove_tree(path);
        else
            unlink(path);
    }
    if (dp)
        closedir(dp);
    rmdir(dir);
}

/* ---- running clang ------------------------------------------------------------ */

/** A command line being built (pointers into `words` and string literals). */
typedef struct cmd {
    char *argv[MAX_ARGS + 1];
    int argc;
    char words[PATH_CAP];       /* $NCS_CLANG split at blanks */
} cmd;

/* Starts a command with the C compiler. Returns 0, or -1 when it is too long. */
static int cmd_clang(cmd *c) {
    const char *env = getenv("NCS_CLANG");
    char *s = c->words;
    c->argc = 0;
    if (snprintf(c->words, sizeof c->words, "%s", env && env[0] ? env : "clang") >=
        (int)sizeof c->words)
        return -1;
    while (*s) {
        while (*s == ' ' || *s == '\t')
            *s++ = '\0';
        if (!*s)
            break;
        if (c->argc >= MAX_ARGS)
            return -1;
        c->argv[c->argc++] = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
    }
    return c->argc > 0 ? 0 : -1;
}

static void cmd_add(cmd *c, const char *a) {
    if (c->argc < MAX_ARGS)
        c->argv[c->argc++] = (char *)a;
    else
        c->argc = MAX_ARGS + 1; /* too long: run() refuses it */
}

/* Runs c in directory `dir`; with quiet its output goes to /dev/null.
 * Returns its exit status, 127 when it could not be started, -1 when it
 * could not be run at all (said why). */
static int run(cmd *c, const char *dir, int quiet) {
    ncs_spawn_how how;
    int status = 0, r;
    if (c->argc > MAX_ARGS) {
        fprintf(stderr, "ncsc view: error: the compiler command is too long\n");
        return -1;
    }
    c->argv[c->argc] = NULL;
    memset(&how, 0, sizeof how);
    how.argv = c->argv;
    how.dir = dir;
    how.quiet = quiet;
    how.fail_status = 127;
    if ((r = ncs_spawn(&how, &status)) != 0) {
        fprintf(stderr, "ncsc view: error: %s '%s': %s\n", r == -1 ? "cannot start" : "lost",
                c->argv[0], strerror(errno));
        return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static const char *const wasm_flags[] = {"--target=wasm32-wasi", "-O2", "-std=c99", NULL};

static void add_flags(cmd *c) {
    int i;
    for (i = 0; wasm_flags[i]; i++)
        cmd_add(c, wasm_flags[i]);
}

/* Can clang build WebAssembly here? Tries a compile and a link in dir.
 * Returns 0, or VIEW_USAGE after saying what is missing. */
static int check_toolchain(const char *dir) {
    static const char probe[] = "#include <string.h>\n"
                                "__attribute__((export_name(\"f\"))) int f(const char *s) "
                                "{ return (int)strlen(s); }\n";
    char path[PATH_CAP];
    FILE *f;
    cmd c;
    int rc;
    if (snprintf(path, sizeof path, "%s/probe.c", dir) >= (int)sizeof path ||
        !(f = fopen(path, "w")) || fputs(probe, f) < 0 || fclose(f) != 0) {
        fprintf(stderr, "ncsc view: error: cannot write into '%s'\n", dir);
        return VIEW_USAGE;
    }
    if (cmd_clang(&c) != 0) {
        fprintf(stderr, "ncsc view: error: bad $NCS_CLANG\n");
        return VIEW_USAGE;
    }
    cmd_add(&c, "--version");
    rc = run(&c, dir, 1);
    if (rc != 0) {
        fprintf(stderr, "ncsc view: error: cannot run the C compiler '%s' (set NCS_CLANG to a "
                        "clang, or install Debian's: apt-get install clang lld wasi-libc "
                        "libclang-rt-dev-wasm32)\n", c.argv[0]);
        return VIEW_USAGE;
    }
    cmd_clang(&c);
    add_flags(&c);
    cmd_add(&c, "-c");
    cmd_add(&c, "probe.c");
    cmd_add(&c, "-o");
    cmd_add(&c, "probe.o");
    if (run(&c, dir, 1) != 0) {
        fprintf(stderr, "ncsc view: error: '%s' cannot compile C for wasm32-wasi: the C library "
                        "for WebAssembly is missing (Debian: apt-get install wasi-libc)\n",
                c.argv[0]);
        return VIEW_USAGE;
    }
    cmd_clang(&c);
    add_flags(&c);
    cmd_add(&c, "-nostartfiles");
    cmd_add(&c, "-Wl,--no-entry");
    cmd_add(&c, "probe.o");
    cmd_add(&c, "-o");
    cmd_add(&c, "probe.wasm");
    if (run(&c, dir, 1) != 0) {
        fprintf(stderr, "ncsc view: error: '%s' cannot link WebAssembly: the linker wasm-ld or "
                        "the wasm32 compiler runtime is missing (Debian: apt-get install lld "
                        "libclang-rt-dev-wasm32)\n", c.argv[0]);
        return VIEW_USAGE;
    }
    return 0;
}

/* ---- the formulations ------------------------------------------------------------ */

/** One formulation compiled in. */
typedef struct form {
    int form;                   /* ncs_formulation */
    char prefix[128];           /* P_max, ... */
    char upper[128];            /* its macros' prefix */
    char dir[32];               /* f0, f1, ...: where its C is */
} form;

/* Compiles scene text into dir/f->dir with formulation f->form (quiet:
 * no messages). Returns 0, VIEW_INPUT (the scene does not compile with
 * it) or VIEW_USAGE. */
static int emit_form(const char *file, const char *text, size_t len, const ncs_geom_options *go,
                     const char *dir, form *f, int quiet) {
    ncs_compile_options o = ncs_compile_defaults();
    ncs_compile_unit u;
    char out[PATH_CAP];
    size_t existing;
    int rc;
    ncs_compile_init(&u, file, text, len);
    if (quiet)
        u.d.out = NULL;
    o.form = f->form;
    o.geom = *go;
    rc = ncs_compile(&u, &o, NCS_STAGE_GEOMETRY);           /* parse, geometry */
    if (rc != 0) {
        /* VIEW_INPUT or VIEW_USAGE (out of memory) */
    } else if (snprintf(out, sizeof out, "%s/%s", dir, f->dir) >= (int)sizeof out ||
               ncs_make_dirs(out, &existing) != 0) {
        fprintf(stderr, "ncsc view: error: cannot create a directory in '%s'\n", dir);
        rc = VIEW_USAGE;
    } else {
        o.emit.prefix = f->prefix;
        o.emit.outdir = out;
        rc = ncs_compile(&u, &o, NCS_STAGE_EMIT);           /* plan, emit */
    }
    ncs_compile_free(&u);
    return rc;
}

/* forms.c: the table wasm_glue.c steps (wasm_glue.h). Returns 0, or -1. */
static int write_table(const char *dir, const form *fs, int n) {
    char path[PATH_CAP];
    FILE *f;
    int i;
    if (snprintf(path, sizeof path, "%s/forms.c", dir) >= (int)sizeof path ||
        !(f = fopen(path, "w")))
        return -1;
    fprintf(f, "/* forms.c - the formulations of this page (ncsc view). */\n"
               "#include \"wasm_glue.h\"\n");
    for (i = 0; i < n; i++)
        fprintf(f, "#include \"%s.h\"\n", fs[i].prefix);
    for (i = 0; i < n; i++)
        fprintf(f, "static %s_state s%d;\nstatic int init%d(void) { return %s_init(&s%d); }\n",
                fs[i].prefix, i, i, fs[i].prefix, i);
    fprintf(f, "const ncsv_form ncsv_forms[] = {\n");
    for (i = 0; i < n; i++)
        fprintf(f, "    {\"%s\", &s%d.w, init%d, &%s_sim, %s_MAX_CONTACTS * %s_NBODIES},\n",
                ncs_formulation_name(fs[i].form), i, i, fs[i].prefix, fs[i].upper, fs[i].upper);
    fprintf(f, "};\nconst int ncsv_nforms = %d;\n", n);
    return fclose(f) == 0 ? 0 : -1;
}

/* Builds dir/page.wasm from the sources and every formulation's C.
 * Returns 0, or VIEW_USAGE after a message. */
static int build_wasm(const char *dir, const form *fs, int n) {
    static const char *const srcs[] = {"src/one.c", "src/view.c", "src/vocab.c",
                                       "web/wasm_glue.c", "forms.c", NULL};
    char inc[NFORMS][48], src[NFORMS][sizeof fs->dir + sizeof fs->prefix + 3]; /* dir/prefix.c */
    cmd c;
    int i, rc;
    if (write_table(dir, fs, n) != 0) {
        fprintf(stderr, "ncsc view: error: cannot write into '%s'\n", dir);
        return VIEW_USAGE;
    }
    cmd_clang(&c);
    add_flags(&c);
    cmd_add(&c, "-Iinclude");
    cmd_add(&c, "-Isrc");
    cmd_add(&c, "-Iweb");
    for (i = 0; i < n; i++) {
        snprintf(inc[i], sizeof inc[i], "-I%s", fs[i].dir);
        snprintf(src[i], sizeof src[i], "%s/%s.c", fs[i].dir, fs[i].prefix);
        cmd_add(&c, inc[i]);
    }
    for (i = 0; srcs[i]; i++)
        cmd_add(&c, srcs[i]);
    for (i = 0; i < n; i++)
        cmd_add(&c, src[i]);
    cmd_add(&c, "-nostartfiles");
    cmd_add(&c, "-Wl,--no-entry");
    cmd_add(&c, "-Wl,--strip-all");
    cmd_add(&c, "-lm");
    cmd_add(&c, "-o");
    cmd_add(&c, "page.wasm");
    rc = run(&c, dir, 0);
    if (rc != 0) {
        if (rc > 0) {
            fprintf(stderr, "ncsc view: error: the WebAssembly build failed (exit status %d); "
                            "the command was, in %s:\n ", rc, dir);
            for (i = 0; i < c.argc; i++)
                fprintf(stderr, " %s", c.argv[i]);
            fputc('\n', stderr);
        }
        return VIEW_USAGE;
    }
    return 0;
}

/* ---- the page ---------------------------------------------------------------------- */

static int put_asset(FILE *f, const char *name) {
    const ncs_embedded_file *a;
    const char *const *l;
    for (a = ncs_view_sources; a->name; a++)
        if (!strcmp(a->name, name)) {
            for (l = a->lines; *l; l++)
                fputs(*l, f);
            return 0;
        }
    return -1;
}

/* The bytes of `path` as base64 into f. Returns 0, or -1. */
static int put_base64(FILE *f, const char *path) {
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    unsigned char in[3 * 1024];
    FILE *w = fopen(path, "rb");
    size_t n, i;
    if (!w)
        return -1;
    while ((n = fread(in, 1, sizeof in, w)) > 0) {
        for (i = 0; i < n; i += 3) {
            unsigned long v = (unsigned long)in[i] << 16;
            if (i + 1 < n)
                v |= (unsigned long)in[i + 1] << 8;
            if (i + 2 < n)
                v |= in[i + 2];
            fputc(digits[(v >> 18) & 63], f);
            fputc(digits[(v >> 12) & 63], f);
            fputc(i + 1 < n ? digits[(v >> 6) & 63] : '=', f);
            fputc(i + 2 < n ? digits[v & 63] : '=', f);
        }
        if (n < sizeof in)
            break;
    }
    n = (size_t)ferror(w);
    fclose(w);
    return n ? -1 : 0;
}

/* Writes the page to out (through out.tmp, renamed when whole). Returns 0,
 * or VIEW_USAGE after a message. */
static int write_page(const char *out, const char *dir, const char *name) {
    char tmp[PATH_CAP], wasm[PATH_CAP];
    FILE *f;
    int bad;
    if (snprintf(tmp, sizeof tmp, "%s.tmp", out) >= (int)sizeof tmp ||
        snprintf(wasm, sizeof wasm, "%s/page.wasm", dir) >= (int)sizeof wasm ||
        !(f = fopen(tmp, "w"))) {
        fprintf(stderr, "ncsc view: error: cannot write '%s': %s\n", out, strerror(errno));
        return VIEW_USAGE;
    }
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
               "<meta name=\"generator\" content=\"ncsc view\">\n"
               "<title>%s - ncs live</title>\n<style>\n", name);
    bad = put_asset(f, "web/view.css");
    fputs("</style>\n</head>\n<body>\n<div id=\"ncs\"></div>\n<script>\n"
          "window.NCS_WASM = {\"wasm\": \"", f);
    bad |= put_base64(f, wasm);
    fputs("\"};\n</script>\n<script>\n", f);
    bad |= put_asset(f, "web/view.js");
    fputs("</script>\n<script>\n", f);
    bad |= put_asset(f, "web/live.js");
    fputs("</script>\n</body>\n</html>\n", f);
    bad |= ferror(f);
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, out) != 0) {
        fprintf(stderr, "ncsc view: error: cannot write '%s': %s\n", out,
                bad ? "an error while writing" : strerror(errno));
        unlink(tmp);
        return VIEW_USAGE;
    }
    return 0;
}

/* ---- the command ------------------------------------------------------------------- */

int ncs_view_main(int argc, char **argv) {
    ncs_compile_options opt;
    ncs_cli c;
    ncs_compile_unit src;
    const char *file = NULL, *out = NULL, *prefix = NULL, *tmpdir = getenv("TMPDIR");
    char dir[PATH_CAP], name[128], *text = NULL, *slash;
    int want[NFORMS], nwant = 0, i, k, rc = 0, have_dir = 0, nf = 0;
    form fs[NFORMS];
    size_t len = 0, existing;

    if ((rc = ncs_cli_parse(&view_spec, argc, argv, &c)) != 0)
        return rc < 0 ? 0 : rc;
    ncs_hold_std_fds(); /* after --help, which fails on a closed stdout */
    opt = c.opt;
    file = c.file;
    out = c.out;
    prefix = opt.emit.prefix;
    for (nwant = 0; nwant < c.nforms; nwant++)
        want[nwant] = c.forms[nwant];
    if (!out) {
        fputs("ncsc view: error: no page to write: give -o PAGE.html\n"
              "Try 'ncsc view --help' for more information.\n", stderr);
        return VIEW_USAGE;
    }
    ncs_compile_init(&src, file, NULL, 0);
    if ((rc = ncs_compile(&src, &opt, NCS_STAGE_READ)) != 0)   /* VIEW_INPUT or VIEW_USAGE */
        return rc;
    text = src.text;
    len = src.len;

    if (snprintf(dir, sizeof dir, "%s/ncsc-view-XXXXXX", tmpdir && tmpdir[0] ? tmpdir : "/tmp") >=
            (int)sizeof dir ||
        !mkdtemp(dir)) {
        fprintf(stderr, "ncsc view: error: cannot create a directory for the build: %s\n",
                strerror(errno));
        ncs_compile_free(&src);
        return VIEW_USAGE;
    }
    have_dir = 1;
    /* the scene's name and its own formulation, which comes first unless
     * --formulation says which (the messages come with its compile) */
    {
        ncs_compile_options o = ncs_compile_defaults();
        int explicit_forms = nwant > 0;
        ncs_compile_unit u;
        ncs_compile_init(&u, file, text, len);
        u.d.out = NULL;
        if (ncs_compile(&u, &o, NCS_STAGE_PARSE) != 0) { /* again, to show why */
            ncs_compile_free(&u);
            ncs_compile_init(&u, file, text, len);
            rc = ncs_compile(&u, &o, NCS_STAGE_PARSE);
            ncs_compile_free(&u);
            goto done;
        }
        snprintf(name, sizeof name, "%s", u.s->name);
        if (!explicit_forms) {
            want[nwant++] = u.s->form;
            for (k = 0; k < NFORMS; k++)
                if (k != u.s->form)
                    want[nwant++] = k;
        }
        ncs_compile_free(&u);
        if ((rc = check_toolchain(dir)) != 0)
            goto done;
        for (k = 0; k < nwant; k++) {
            form *f = &fs[nf];
            char *p;
            memset(f, 0, sizeof *f);
            f->form = want[k];
            if (snprintf(f->prefix, sizeof f->prefix, "%s_%s", prefix ? prefix : name,
                         ncs_formulation_name(f->form)) >= (int)sizeof f->prefix) {
                fprintf(stderr, "ncsc view: error: the prefix '%s' is too long\n",
                        prefix ? prefix : name);
                rc = VIEW_USAGE;
                goto done;
            }
            for (p = f->prefix, i = 0; *p; p++, i++) {
                *p = *p == '-' ? '_' : *p;
                f->upper[i] = (char)toupper((unsigned char)*p);
            }
            snprintf(f->dir, sizeof f->dir, "f%d", nf);
            /* the first one shows its messages; the others are left out
             * when the scene does not compile with them, unless asked for */
            rc = emit_form(file, text, len, &opt.geom, dir, f, k > 0);
            if (rc == VIEW_INPUT && k > 0 && !explicit_forms) {
                fprintf(stderr, "ncsc view: note: formulation %s left out: the scene does not "
                                "compile with it (ncsc --formulation %s --check %s says why)\n",
                        ncs_formulation_name(f->form), ncs_formulation_name(f->form), file);
                rc = 0;
                continue;
            }
            if (rc == VIEW_INPUT && k > 0)
                fprintf(stderr, "ncsc view: error: the scene does not compile with formulation "
                                "%s (ncsc --formulation %s --check %s says why)\n",
                        ncs_formulation_name(f->form), ncs_formulation_name(f->form), file);
            if (rc)
                goto done;
            nf++;
        }
    }
    if ((rc = write_sources(dir)) != 0 || (rc = build_wasm(dir, fs, nf)) != 0) {
        rc = rc < 0 ? VIEW_USAGE : rc;
        goto done;
    }
    /* the page's directory is created when missing */
    slash = strrchr(out, '/');
    if (slash && slash != out) {
        char parent[PATH_CAP];
        snprintf(parent, sizeof parent, "%.*s", (int)(slash - out), out);
        if (ncs_make_dirs(parent, &existing) != 0) {
            fprintf(stderr, "ncsc view: error: cannot create '%s': %s\n", parent, strerror(errno));
            rc = VIEW_USAGE;
            goto done;
        }
    }
    rc = write_page(out, dir, name);
    if (rc == 0) {
        fprintf(stderr, "ncsc view: wrote %s (formulations", out);
        for (k = 0; k < nf; k++)
            fprintf(stderr, "%s %s", k ? "," : "", ncs_formulation_name(fs[k].form));
        fprintf(stderr, "); open it in a browser\n");
    }
done:
    if (have_dir)
        remove_tree(dir);
    ncs_compile_free(&src);
    return rc;
}
