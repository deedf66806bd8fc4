/* emit.c - the code generator's driver: checks the prefix, builds the plan,
 * renders the three files and renames them into place only when all of
 * them were written (see emit.h). The file contents come from emit_h.c,
 * emit_c.c and emit_main.c. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emit.h"
#include "emit_plan.h"

enum { NFILES = 3 };

/* Is `s` a C identifier that is safe as a prefix? */
static int is_ident(const char *s) {
    const char *p;
    if (!s || !*s || !(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (p = s; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_'))
            return 0;
    return strlen(s) <= 64;
}

static char *join(const char *dir, const char *prefix, const char *suffix) {
    size_t n = strlen(dir) + strlen(prefix) + strlen(suffix) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s%s", dir, prefix, suffix);
    return p;
}

/* Writes `b` to `path`. Returns 0, or -1 with errno set. */
static int write_file(const char *path, const ncs_buf *b) {
    FILE *f = fopen(path, "wb");
    int ok;
    if (!f)
        return -1;
    ok = fwrite(b->s, 1, b->len, f) == b->len;
    if (fclose(f) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

int ncs_emit(const ncs_scene *s, const ncs_geometry *g, const ncs_emit_options *o,
             ncs_diag *d) {
    static const char *const suffix[NFILES] = {".h", ".c", "_main.c"};
    static const char *const tmpsuffix[NFILES] = {".h.tmp", ".c.tmp", "_main.c.tmp"};
    ncs_plan plan;
    ncs_buf buf[NFILES];
    char *final[NFILES] = {NULL, NULL, NULL}, *tmp[NFILES] = {NULL, NULL, NULL};
    const char *prefix = o->prefix ? o->prefix : s->name;
    int i, rc = 0, written = 0;

    memset(buf, 0, sizeof buf);
    memset(&plan, 0, sizeof plan);
    if (!is_ident(prefix)) {
        ncs_error(d, s->loc, "prefix '%s' is not a C identifier (letters, digits, "
                  "'_', at most 64 characters, not starting with a digit)", prefix);
        return 1;
    }
    if (o->target != NCS_TARGET_HOST) {
        ncs_error(d, s->loc, "only the host target is implemented by the code generator");
        return 1;
    }
    rc = ncs_plan_build(&plan, s, g, prefix, d);
    if (rc == 2)
        fprintf(d->out, "%s: error: out of memory while generating code\n", d->file);
    if (rc != 0)
        return rc;
    for (i = 0; i < NFILES; i++) {
        buf[i].lo = plan.prefix;
        buf[i].up = plan.upper;
    }
    ncs_emit_header(&plan, &buf[0]);
    ncs_emit_source(&plan, &buf[1]);
    ncs_emit_main(&plan, &buf[2]);
    for (i = 0; i < NFILES; i++) {
        if (buf[i].oom) {
            fprintf(d->out, "%s: error: out of memory while generating code\n", d->file);
            rc = 2;
            goto done;
        }
        final[i] = join(o->outdir, prefix, suffix[i]);
        tmp[i] = join(o->outdir, prefix, tmpsuffix[i]);
        if (!final[i] || !tmp[i]) {
            fprintf(d->out, "%s: error: out of memory while generating code\n", d->file);
            rc = 2;
            goto done;
        }
    }
    for (i = 0; i < NFILES; i++, written++) {
        if (write_file(tmp[i], &buf[i]) != 0) {
            fprintf(d->out, "%s: error: cannot write '%s': %s\n", d->file, tmp[i],
                    strerror(errno));
            written++;
            rc = 2;
            goto done;
        }
    }
    for (i = 0; i < NFILES; i++) {
        if (rename(tmp[i], final[i]) != 0) {
            fprintf(d->out, "%s: error: cannot rename '%s' to '%s': %s\n", d->file,
                    tmp[i], final[i], strerror(errno));
            rc = 2;
            goto done;
        }
    }
    written = 0;
done:
    for (i = 0; i < written; i++)
        remove(tmp[i]);
    for (i = 0; i < NFILES; i++) {
        free(final[i]);
        free(tmp[i]);
        ncs_buf_free(&buf[i]);
    }
    ncs_plan_free(&plan);
    return rc;
}
