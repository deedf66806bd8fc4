/* sim_input.c - the simulator's --input control sequence (sim_input.h). */
#include "sim_input.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int bad(const char *path, long line, const char *fmt, ...) {
    va_list ap;
    fprintf(stderr, "%s:%ld: error: ", path, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 2;
}

/* The next comma-separated field of *s (cut in place), or NULL at the end
 * of the line. */
static char *field(char **s) {
    char *f = *s, *c;
    if (!f)
        return NULL;
    c = strchr(f, ',');
    if (c) {
        *c = '\0';
        *s = c + 1;
    } else {
        *s = NULL;
    }
    return f;
}

static int finite_number(const char *f, double *out) {
    char *end;
    double v;
    errno = 0;
    v = strtod(f, &end);
    if (end == f || *end || errno == ERANGE || !(v - v == 0))
        return -1;
    *out = v;
    return 0;
}

int ncs_sim_parse_long(const char *s, long lo, long hi, long *out) {
    char *end;
    long v;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* One data line into *r. Returns 0, or 2 after the message. */
static int parse_row(char *s, const char *path, long line, const ncs_scene_desc *sc,
                     ncs_sim_input_row *r) {
    static const char *const names[] = {"step", "body", "fx", "fy", "torque"};
    char *f[5];
    double *num[3];
    int k;
    num[0] = &r->fx;
    num[1] = &r->fy;
    num[2] = &r->torque;
    for (k = 0; k < 5; k++)
        if (!(f[k] = field(&s)))
            return bad(path, line, "missing column '%s' (the header is step,body,fx,fy,torque)",
                       names[k]);
    if (s)
        return bad(path, line, "more than 5 columns (the header is step,body,fx,fy,torque)");
    if (ncs_sim_parse_long(f[0], 0, LONG_MAX, &r->step) != 0)
        return bad(path, line, "bad step '%s' (a whole number >= 0 in decimal digits only)",
                   f[0]);
    for (r->body = 0; r->body < sc->nbodies; r->body++)
        if (!strcmp(sc->body_name[r->body], f[1]))
            break;
    if (r->body == sc->nbodies)
        return bad(path, line, "unknown body '%s'", f[1]);
    if (sc->body[r->body].kinematic)
        return bad(path, line, "body '%s' is kinematic: no force acts on it", f[1]);
    for (k = 0; k < 3; k++)
        if (finite_number(f[2 + k], num[k]) != 0)
            return bad(path, line, "bad %s '%s' (a finite number)", names[2 + k], f[2 + k]);
    return 0;
}

int ncs_sim_input_load(ncs_sim_input *in, const char *path, const ncs_scene_desc *sc) {
    char buf[4096];
    long line = 0, cap = 0;
    int rc = 0;
    FILE *f = fopen(path, "r");
    memset(in, 0, sizeof *in);
    if (!f)
        return bad(path, 0, "cannot read: %s", strerror(errno));
    while (rc == 0 && fgets(buf, sizeof buf, f)) {
        size_t len = strlen(buf);
        line++;
        if (len + 1 == sizeof buf && buf[len - 1] != '\n') {
            rc = bad(path, line, "line longer than %d characters", (int)sizeof buf - 2);
            break;
        }
        while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
            buf[--len] = '\0';
        if (line == 1) {
            if (strcmp(buf, "step,body,fx,fy,torque") != 0)
                rc = bad(path, line, "the header must be step,body,fx,fy,torque");
            continue;
        }
        if (len == 0)
            continue; /* blank lines are allowed */
        if (in->n == cap) {
            ncs_sim_input_row *g;
            cap = cap ? 2 * cap : 64;
            g = (ncs_sim_input_row *)realloc(in->row, sizeof *g * (size_t)cap);
            if (!g) {
                rc = bad(path, line, "out of memory");
                break;
            }
            in->row = g;
        }
        rc = parse_row(buf, path, line, sc, &in->row[in->n]);
        if (rc == 0 && in->n > 0 && in->row[in->n].step < in->row[in->n - 1].step)
            rc = bad(path, line, "step %ld goes backwards (the row before is at step %ld)",
                     in->row[in->n].step, in->row[in->n - 1].step);
        in->n += rc == 0;
    }
    if (rc == 0 && ferror(f))
        rc = bad(path, line, "read error");
    if (rc == 0 && line == 0)
        rc = bad(path, 1, "empty file (the header is step,body,fx,fy,torque)");
    fclose(f);
    if (rc != 0)
        ncs_sim_input_free(in);
    return rc;
}

int ncs_sim_input_apply(ncs_sim_input *in, ncs_world *w, long state) {
    int st;
    for (; in->next < in->n && in->row[in->next].step <= state; in->next++) {
        const ncs_sim_input_row *r = &in->row[in->next];
        st = ncs_world_set_force(w, r->body, (ncs_real)r->fx, (ncs_real)r->fy,
                                 (ncs_real)r->torque);
        if (st != NCS_INPUT_OK)
            return st;
    }
    return 0;
}

void ncs_sim_input_free(ncs_sim_input *in) {
    free(in->row);
    memset(in, 0, sizeof *in);
}
