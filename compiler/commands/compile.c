/* compile.c - commands: the pipeline (compile.h). Each stage is one call
 * into the stage's folder: cli.c reads, front/ parses and checks,
 * geometry/ decomposes, plan/ decides, emit/ writes. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "compile.h"
#include "parse.h"

ncs_compile_options ncs_compile_defaults(void) {
    ncs_compile_options o;
    memset(&o, 0, sizeof o);
    o.form = -1;
    o.geom = ncs_geom_default_options();
    o.emit.target = NCS_TARGET_HOST;
    return o;
}

void ncs_unit_init(ncs_unit *u, const char *path, const char *text, size_t len) {
    memset(u, 0, sizeof *u);
    u->path = path;
    ncs_diag_init(&u->d, strcmp(path, "-") == 0 ? "<stdin>" : path, text, len);
    if (text) {
        u->text = (char *)text;
        u->len = len;
        u->done = NCS_STAGE_READ;
    }
}

/* READ: the whole file, at most NCS_SCENE_MAX_BYTES. */
static int read_text(ncs_unit *u, const ncs_compile_options *o) {
    int err = ncs_read_scene(u->path, &u->text, &u->len);
    (void)o;
    if (err)
        return err == 1 ? 1 : 2;
    u->own_text = 1;
    u->d.src = u->text;
    u->d.srclen = u->len;
    return 0;
}

/* PARSE: the front end, with the command line's formulation. */
static int parse(ncs_unit *u, const ncs_compile_options *o) {
    int nomem = 0;
    u->s = ncs_parse_opt(u->d.file, u->text, u->len, &u->d, &nomem, o->form);
    return u->s ? 0 : nomem ? 2 : 1;
}

/* GEOMETRY: every obstacle into groups and convex pieces. */
static int geometry(ncs_unit *u, const ncs_compile_options *o) {
    return ncs_geom_build(u->s, &o->geom, &u->d, &u->g) != 0 || ncs_diag_errors(&u->d) > 0;
}

/* PLAN: the emitter's options checked, then every decision made. */
static int plan(ncs_unit *u, const ncs_compile_options *o) {
    int rc = ncs_emit_check(u->s, &o->emit, &u->d);
    if (rc == 0)
        rc = ncs_plan_make(&u->plan, u->s, &u->g, o->emit.prefix ? o->emit.prefix : u->s->name,
                           &u->d);
    if (rc == 2)
        fprintf(u->d.out, "%s: error: out of memory while generating code\n", u->d.file);
    return rc;
}

/* EMIT: the files, all of them or none. */
static int emit(ncs_unit *u, const ncs_compile_options *o) {
    return ncs_emit(&u->plan, &o->emit, &u->d);
}

int ncs_compile(ncs_unit *u, const ncs_compile_options *o, int upto) {
    static int (*const stage[])(ncs_unit *, const ncs_compile_options *) = {
        NULL, read_text, parse, geometry, plan, emit};
    int rc = 0;
    while (rc == 0 && u->done < upto && u->done < NCS_STAGE_EMIT) {
        rc = stage[u->done + 1](u, o);
        if (rc == 0)
            u->done++;
    }
    return rc;
}

void ncs_unit_free(ncs_unit *u) {
    ncs_plan_release(&u->plan);
    ncs_geom_free(&u->g);
    ncs_scene_free(u->s);
    if (u->own_text)
        free(u->text);
    memset(u, 0, sizeof *u);
}
