/* compile.c - commands: the pipeline (compile.h). The reader is here; every
 * other stage is one call into its folder: front/ parses and checks,
 * geometry/ decomposes, plan/ decides, emit/ writes. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "compile.h"
#include "parse.h"


/* The reader: the whole of `file` (standard input for "-") into a malloc'ed
 * buffer (*text, *len), at most NCS_SCENE_MAX_BYTES. Returns 0; 1 after
 * "FILE: error: file is larger than ... bytes" on stderr (a regular file
 * is refused by its size before it is read, a stream after the limit:
 * never more than the limit plus one read is held); or 2 after a message
 * that it cannot be opened or read (or memory ran out). */
static int read_scene(const char *file, char **text, size_t *len) {
    const int from_stdin = strcmp(file, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : file;
    FILE *f = from_stdin ? stdin : fopen(file, "rb");
    size_t cap = 1 << 16, n = 0, got;
    char *buf = NULL, *nb;
    struct stat st;
    int err = 0, rc = 0;
    if (!f) {
        fprintf(stderr, "ncsc: error: cannot open '%s': %s\n", file, strerror(errno));
        return 2;
    }
    /* a regular file too large is refused before reading; a stream
     * (a pipe, /dev/zero) is read up to one byte past the limit */
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
        (unsigned long long)st.st_size > NCS_SCENE_MAX_BYTES)
        rc = 1;
    while (rc == 0) {
        if (!buf || n == cap) {
            /* doubling, but never past one byte more than the limit */
            size_t want = !buf ? cap : cap > NCS_SCENE_MAX_BYTES / 2 ? NCS_SCENE_MAX_BYTES + 1
                                                                     : cap * 2;
            nb = realloc(buf, want);
            if (!nb) {
                err = ENOMEM;
                break;
            }
            cap = want;
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n > NCS_SCENE_MAX_BYTES)
            rc = 1;
        if (got == 0)
            break;
    }
    if (rc == 0 && !err && ferror(f))
        err = errno ? errno : EIO;
    if (f != stdin)
        fclose(f);
    if (rc == 1)
        fprintf(stderr, "%s: error: file is larger than %lu bytes (%lu MiB), the limit of a "
                        "scene\n", name, (unsigned long)NCS_SCENE_MAX_BYTES,
                (unsigned long)(NCS_SCENE_MAX_BYTES >> 20));
    else if (err)
        fprintf(stderr, "ncsc: error: cannot read '%s': %s\n", file, strerror(err));
    if (rc != 0 || err) {
        free(buf);
        return rc != 0 ? rc : 2;
    }
    *text = buf;
    *len = n;
    return 0;
}

ncs_compile_options ncs_compile_defaults(void) {
    ncs_compile_options o;
    memset(&o, 0, sizeof o);
    o.form = -1;
    o.geom = ncs_geom_default_options();
    o.emit.target = NCS_TARGET_HOST;
    return o;
}

void ncs_compile_init(ncs_compile_unit *u, const char *path, const char *text, size_t len) {
    memset(u, 0, sizeof *u);
    u->path = path;
    ncs_diag_init(&u->d, strcmp(path, "-") == 0 ? "<stdin>" : path, text, len);
    if (text) {
        u->text = (char *)text;
        u->len = len;
        u->done = NCS_STAGE_READ;
    }
}

/* READ: the scene's text. */
static int read_text(ncs_compile_unit *u, const ncs_compile_options *o) {
    int err = read_scene(u->path, &u->text, &u->len);
    (void)o;
    if (err)
        return err == 1 ? 1 : 2;
    u->own_text = 1;
    u->d.src = u->text;
    u->d.srclen = u->len;
    return 0;
}

/* PARSE: the front end, with the command line's formulation. */
static int parse(ncs_compile_unit *u, const ncs_compile_options *o) {
    int nomem = 0;
    u->s = ncs_parse_opt(u->d.file, u->text, u->len, &u->d, &nomem, o->form);
    return u->s ? 0 : nomem ? 2 : 1;
}

/* GEOMETRY: every obstacle into groups and convex pieces. */
static int geometry(ncs_compile_unit *u, const ncs_compile_options *o) {
    return ncs_geom_build(u->s, &o->geom, &u->d, &u->g) != 0 || ncs_diag_errors(&u->d) > 0;
}

/* PLAN: the emitter's options checked, then every decision made. */
static int plan(ncs_compile_unit *u, const ncs_compile_options *o) {
    int rc = ncs_emit_check(u->s, &o->emit, &u->d);
    if (rc == 0)
        rc = ncs_plan_make(&u->plan, u->s, &u->g, o->emit.prefix ? o->emit.prefix : u->s->name,
                           &u->d);
    if (rc == 2)
        ncs_diag_io_error(&u->d, "out of memory while generating code\n");
    return rc;
}

/* EMIT: the files, all of them or none. */
static int emit(ncs_compile_unit *u, const ncs_compile_options *o) {
    return ncs_emit(&u->plan, &o->emit, &u->d);
}

int ncs_compile(ncs_compile_unit *u, const ncs_compile_options *o, int upto) {
    static int (*const stage[])(ncs_compile_unit *, const ncs_compile_options *) = {
        NULL, read_text, parse, geometry, plan, emit};
    int rc = 0;
    while (rc == 0 && u->done < upto && u->done < NCS_STAGE_EMIT) {
        rc = stage[u->done + 1](u, o);
        if (rc == 0)
            u->done++;
    }
    return rc;
}

void ncs_compile_free(ncs_compile_unit *u) {
    ncs_plan_release(&u->plan);
    ncs_geom_free(&u->g);
    ncs_scene_free(u->s);
    if (u->own_text)
        free(u->text);
    memset(u, 0, sizeof *u);
}
