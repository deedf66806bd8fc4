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
#include "emit_solver.h"
#include "emit_rigid.h"

/* host: <p>.h, <p>.c, <p>_main.c; embedded adds <p>_lcp.h, <p>_lcp.c */
enum { NFILES = 5 };

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
    static const char *const suffix[NFILES] = {".h", ".c", "_main.c", "_lcp.h", "_lcp.c"};
    static const char *const tmpsuffix[NFILES] = {".h.tmp", ".c.tmp", "_main.c.tmp",
                                                  "_lcp.h.tmp", "_lcp.c.tmp"};
    ncs_plan plan;
    ncs_buf buf[NFILES];
    char *final[NFILES] = {NULL, NULL, NULL, NULL, NULL};
    char *tmp[NFILES] = {NULL, NULL, NULL, NULL, NULL};
    int embedded = o->target == NCS_TARGET_EMBEDDED, nfiles = embedded ? 5 : 3;
    const char *prefix = o->prefix ? o->prefix : s->name;
    int i, rc = 0, written = 0;

    memset(buf, 0, sizeof buf);
    memset(&plan, 0, sizeof plan);
    if (!is_ident(prefix)) {
        ncs_error(d, s->loc, "prefix '%s' is not a C identifier (letters, digits, "
                  "'_', at most 64 characters, not starting with a digit)", prefix);
        return 1;
    }
    if (o->target != NCS_TARGET_HOST && o->target != NCS_TARGET_EMBEDDED) {
        ncs_error(d, s->loc, "unknown target %d", o->target);
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
    if (ncs_rigid_wanted(s)) {
        /* polygon bodies: the rigid-body path (emit_rigid.c), host only */
        if (embedded) {
            ncs_error(d, s->loc, "polygon bodies are not supported with --target embedded yet");
            rc = 1;
            goto done;
        }
        ncs_emit_rigid_header(&plan, &buf[0]);
        ncs_emit_rigid_source(&plan, &buf[1]);
    } else {
        ncs_emit_header(&plan, &buf[0]);
        ncs_emit_source(&plan, &buf[1]);
    }
    if (embedded) {
        /* firmware: the host code with the element type <p>_real, the
         * prefixed solver instead of libncs, and a printf-only main */
        int flags = NCS_RT_LCP_INCLUDE | NCS_RT_REAL | (o->real_float ? NCS_RT_FLOAT : 0);
        for (i = 0; i < 2; i++) {
            ncs_buf host = buf[i];
            memset(&buf[i], 0, sizeof buf[i]);
            buf[i].lo = plan.prefix;
            buf[i].up = plan.upper;
            buf[i].oom = host.oom;
            buf[i].nonfinite = host.nonfinite;
            if (host.s)
                ncs_emit_retarget(&buf[i], host.s, plan.prefix, plan.upper, flags);
            ncs_buf_free(&host);
        }
        ncs_emit_fw_main(plan.prefix, plan.upper, o->real_float, &buf[2]);
        /* the solver only for this scene's formulation (and friction) */
        if (ncs_emit_solver_for(plan.prefix, plan.upper, o->real_float, s->form,
                                plan.anyfric ? -1 : 0, &buf[3], &buf[4]) != 0) {
            fprintf(d->out, "%s: error: ncsc was built without the solver sources\n", d->file);
            rc = 2;
            goto done;
        }
    } else {
        ncs_emit_main(&plan, &buf[2]);
    }
    for (i = 0; i < nfiles; i++) {
        if (buf[i].nonfinite) {
            ncs_error(d, s->loc, "a constant of the generated code is not finite; "
                      "the scene's numbers are too extreme (masses, speeds, sizes)");
            rc = 1;
            goto done;
        }
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
    for (i = 0; i < nfiles; i++, written++) {
        if (write_file(tmp[i], &buf[i]) != 0) {
            fprintf(d->out, "%s: error: cannot write '%s': %s\n", d->file, tmp[i],
                    strerror(errno));
            written++;
            rc = 2;
            goto done;
        }
    }
    for (i = 0; i < nfiles; i++) {
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
