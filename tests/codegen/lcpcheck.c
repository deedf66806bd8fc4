/* lcpcheck.c - checks LCPs dumped by a generated simulator (--dump-lcp).
 *
 *   lcpcheck [--tol T] [--asm-tol T] [--expect REF.dat] [--z] FILE.dat...
 *
 * For every FILE (which must carry an ncs-layout line):
 *  - the rows of ncs/layout.h, assembled again by this file's own code
 *    (ref_assemble below: written from the comments of layout.h, with its
 *    own block offsets; not the runtime's ncs_lcp_assemble, which the step
 *    engine itself calls), from the contact-space data A, a0, mu that
 *    ncs_lcp_extract reads back from B and b. Every entry of the dumped B
 *    and b must equal that within --asm-tol (default 1e-14) relative to the
 *    sum of the magnitudes of the terms that make the entry (at least 1).
 *    One documented exception (docs/engine.md, "Ghost sides"): the engine
 *    adds 1 to the b entry of the p_y row of a ghost side, so that its
 *    impulse is 0. A p_y entry of b may therefore be the reference or the
 *    reference + 1, nothing else; and with a solved z that side's impulse
 *    must be 0. (Under diff the first side of a group carries the group's
 *    a_1 in its own p_y row, so ncs_lcp_extract reads a ghost first side's
 *    a0 one too high: the group's a0 is taken back down to the smallest p_y
 *    entry, which belongs to a side that is not a ghost: every group has
 *    one, its largest gap is >= 0.)
 *  - with --expect, B and b must equal REF's within --tol (default 1e-12;
 *    e.g. the paper's matrices);
 *  - with --z, the "ncs-z:" line must say status=0 and z must solve the
 *    LCP: z >= -T, w = B z + b >= -T, |z_i w_i| <= T scale (T = 1e-9).
 * Prints one line per run (files, LCPs with ghost sides, largest relative
 * difference). Exit 0 when every check passes, 1 otherwise (messages on
 * stderr), 2 on usage errors.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp_dat.h"
#include "../check.h"

static double scale(double a) { return fabs(a) > 1 ? fabs(a) : 1; }

/* ---- the rows of ncs/layout.h, written again --------------------------- */

/* Block offsets in z (and rows), in the order layout.h lists the blocks. */
typedef struct blocks {
    int y, g, x, k, nc, nu, m;
    int c, d, gb, h, p, gv, pd, py, px, pf, s;  /* -1: not in this form */
    int ub;                                     /* u = [p_n ; p_f] in z */
} blocks;

static int blocks_of(const ncs_layout *L, blocks *o) {
    int i, at = 0;
    memset(o, 0, sizeof *o);
    o->c = o->d = o->gb = o->h = o->p = o->gv = o->pd = o->py = -1;
    o->g = L->ngroups;
    o->x = L->nconvex;
    o->k = L->nfric;
    for (i = 0; i < o->g; i++)
        o->y += L->group_size[i];
    o->nc = o->y + o->x;
    o->nu = o->nc * (1 + o->k);
    switch (L->form) {
    case NCS_FORM_STEWART:
        if (o->g != 0)
            return -1;
        break;
    case NCS_FORM_MAX:
        o->c = at, at += o->y;
        o->d = at, at += o->g;
        o->gb = at, at += o->y;
        o->h = at, at += o->y;
        o->p = at, at += o->g;
        o->py = at, at += o->y;
        break;
    case NCS_FORM_SUMMATION:
        o->c = at, at += o->y;
        o->py = at, at += o->y;
        break;
    case NCS_FORM_DIFF:
        o->c = at, at += o->y - o->g;
        o->py = at, at += o->y;
        break;
    case NCS_FORM_DIFF_ACCURATE:
        o->c = at, at += o->y - o->g;
        o->gv = at, at += o->y;
        o->pd = at, at += o->g;
        o->py = at, at += o->y;
        break;
    default:
        return -1;
    }
    o->ub = o->py >= 0 ? o->py : at;    /* p_y, p_x, p_f: one run */
    o->px = at, at += o->x;
    o->pf = at, at += o->k * o->nc;
    o->s = at, at += o->k > 0 ? o->nc : 0;
    o->m = at;
    return 0;
}

/* The assembly: B (m x m) and b, and per entry the sum of the magnitudes of
 * its terms (SB, Sb) for the tolerance. */
typedef struct asm_ctx {
    const blocks *o;
    const double *A, *a0;
    double *B, *b, *SB, *Sb;
} asm_ctx;

static void put(asm_ctx *t, int r, int col, double v) {
    t->B[(size_t)r * t->o->m + col] += v;
    t->SB[(size_t)r * t->o->m + col] += fabs(v);
}

static void put_b(asm_ctx *t, int r, double v) {
    t->b[r] += v;
    t->Sb[r] += fabs(v);
}

/* row r += sign * a_j (contact-space row j over the u columns), b too */
static void add_row(asm_ctx *t, int r, int j, double sign) {
    int q;
    for (q = 0; q < t->o->nu; q++)
        put(t, r, t->o->ub + q, sign * t->A[(size_t)j * t->o->nu + q]);
    put_b(t, r, sign * t->a0[j]);
}

/* column of c for local side l >= 1 of group i starting at side `first`
 * (diff forms: c_2 .. c_n per group) */
static int dc(const blocks *o, int first, int i, int l) { return o->c + first - i + l - 1; }

static void ref_assemble(const ncs_layout *L, const blocks *o, asm_ctx *t, const double *mu) {
    int i, j, l, q, first = 0;
    for (i = 0; i < L->ngroups; first += L->group_size[i], i++) {
        int n = L->group_size[i];
        if (L->form == NCS_FORM_MAX) {
            put_b(t, o->d + i, -1);                 /* d: sum g_j - 1 */
            put(t, o->p + i, o->d + i, 1);          /* p: d_i - gamma + 1 */
            put_b(t, o->p + i, 1 - L->gamma);
        }
        if (L->form == NCS_FORM_DIFF_ACCURATE) {    /* pd: a_1 + sum_{2..n} c */
            add_row(t, o->pd + i, first, 1);
            for (q = 1; q < n; q++)
                put(t, o->pd + i, dc(o, first, i, q), 1);
        }
        for (l = 0; l < n; l++) {
            j = first + l;
            switch (L->form) {
            case NCS_FORM_MAX:
                put(t, o->c + j, o->c + j, 1);      /* c: c_j + a_j - 1 */
                add_row(t, o->c + j, j, 1);
                put_b(t, o->c + j, -1);
                put(t, o->d + i, o->gb + j, 1);
                put(t, o->gb + j, o->c + j, 1);     /* g: c_j + d_i - gamma */
                put(t, o->gb + j, o->d + i, 1);
                put_b(t, o->gb + j, -L->gamma);
                put(t, o->h + j, o->h + j, 1);      /* h: h_j + a_j */
                add_row(t, o->h + j, j, 1);
                put(t, o->py + j, o->h + j, 1);     /* p_y: h_j + d_i - gamma + 1 */
                put(t, o->py + j, o->d + i, 1);
                put_b(t, o->py + j, 1 - L->gamma);
                break;
            case NCS_FORM_SUMMATION:
                put(t, o->c + j, o->c + j, 1);      /* c: c_j - a_j - eps_h */
                add_row(t, o->c + j, j, -1);
                put_b(t, o->c + j, -L->eps_h);
                for (q = 0; q < n; q++)             /* p_y: sum c - eps_h */
                    put(t, o->py + j, o->c + first + q, 1);
                put_b(t, o->py + j, -L->eps_h);
                break;
            case NCS_FORM_DIFF:
            case NCS_FORM_DIFF_ACCURATE:
                if (l >= 1) {   /* c_k: c_k - a_k + a_1 + sum_{2..k-1} c */
                    int r = dc(o, first, i, l);
                    put(t, r, r, 1);
                    add_row(t, r, j, -1);
                    add_row(t, r, first, 1);
                    for (q = 1; q < l; q++)
                        put(t, r, dc(o, first, i, q), 1);
                }
                add_row(t, o->py + j, first, 1);    /* p_y: [gv_k +] a_1 + sum c */
                for (q = 1; q < n; q++)
                    put(t, o->py + j, dc(o, first, i, q), 1);
                if (L->form == NCS_FORM_DIFF_ACCURATE) {
                    put(t, o->py + j, o->gv + j, 1);
                    put(t, o->gv + j, o->gv + j, 1);    /* gv: gv_k + a_k */
                    add_row(t, o->gv + j, j, 1);
                }
                break;
            default:
                break;
            }
        }
    }
    for (q = 0; q < o->x; q++)                      /* p_x: a_j */
        add_row(t, o->px + q, o->y + q, 1);
    for (j = 0; j < o->nc && o->k > 0; j++) {
        for (l = 0; l < o->k; l++) {                /* p_f: t_jl + s_j */
            int r = o->pf + j * o->k + l;
            add_row(t, r, o->nc + j * o->k + l, 1);
            put(t, r, o->s + j, 1);
            put(t, o->s + j, o->ub + o->nc + j * o->k + l, -1);  /* s: mu p_n - sum p_f */
        }
        put(t, o->s + j, o->ub + j, mu[j]);
    }
}

/* ---- the checks ---------------------------------------------------------- */

static double worst;    /* largest relative difference met */
static long ghost_lcps, lcps;

/* |x - y| <= tol * max(1, s) */
static int near(double x, double y, double s, double tol) {
    return fabs(x - y) <= tol * (s > 1 ? s : 1);
}

/* near(), recording the relative difference of a comparison that counts */
static int close_to(double x, double y, double s, double tol) {
    double d = fabs(x - y) / (s > 1 ? s : 1);
    if (d > worst && d == d)
        worst = d;
    return near(x, y, s, tol);
}

/* Reads the "ncs-z:" line of `file` into z (m entries). Returns the status
 * written there, or -1 when the line is missing or short. */
static int read_z(const char *file, int m, double *z) {
    FILE *f = fopen(file, "r");
    char key[16];
    int st = -1, i;
    if (!f)
        return -1;
    while (fscanf(f, "%15s", key) == 1) {
        if (strcmp(key, "ncs-z:") == 0) {
            if (fscanf(f, " status=%d", &st) != 1)
                st = -1;
            for (i = 0; i < m && st >= 0; i++)
                if (fscanf(f, "%lf", &z[i]) != 1)
                    st = -1;
            break;
        }
    }
    fclose(f);
    return st;
}

/* Assembles the dumped LCP again and compares. Returns 0 when it matches. */
static int check_reassembly(const char *file, const ncs_lcp_dat *d, double tol) {
    const ncs_layout *L = &d->layout;
    blocks o;
    int m = d->m, i, j, first, nbad0 = (int)CHECK_FAILURES, ghosts = 0, st;
    double *A = NULL, *a0 = NULL, *mu = NULL, *B = NULL, *b = NULL, *SB = NULL, *Sb = NULL,
           *z = NULL;
    asm_ctx t;
    CHECK(blocks_of(L, &o) == 0, "%s: layout not understood", file);
    if (CHECK_FAILURES > nbad0)
        return -1;
    CHECK(o.m == m && ncs_layout_size(L) == m && ncs_lcp_contact_size(L) == o.nu &&
              ncs_lcp_impulse_offset(L) == o.ub,
          "%s: m = %d, but the layout has %d rows here, %d in the runtime (u at %d / %d)", file,
          m, o.m, ncs_layout_size(L), o.ub, ncs_lcp_impulse_offset(L));
    if (CHECK_FAILURES > nbad0)
        return -1;
    A = calloc((size_t)o.nu * (size_t)o.nu + 1, sizeof *A);
    a0 = calloc((size_t)o.nu + 1, sizeof *a0);
    mu = calloc((size_t)o.nc + 1, sizeof *mu);
    B = calloc((size_t)m * (size_t)m + 1, sizeof *B);
    SB = calloc((size_t)m * (size_t)m + 1, sizeof *SB);
    b = calloc((size_t)m + 1, sizeof *b);
    Sb = calloc((size_t)m + 1, sizeof *Sb);
    z = calloc((size_t)m + 1, sizeof *z);
    CHECK(A && a0 && mu && B && SB && b && Sb && z, "%s: out of memory", file);
    if (CHECK_FAILURES > nbad0)
        goto done;
    CHECK(ncs_lcp_extract(L, d->B, m, d->b, A, a0, mu) == 0, "%s: extract rejected the layout",
          file);
    if (CHECK_FAILURES > nbad0)
        goto done;
    if (L->form == NCS_FORM_DIFF) { /* a ghost first side: see the header */
        for (i = 0, first = 0; i < L->ngroups; first += L->group_size[i], i++) {
            double lo = d->b[o.py + first], delta;
            for (j = first; j < first + L->group_size[i]; j++)
                lo = fmin(lo, d->b[o.py + j]);
            delta = d->b[o.py + first] - lo;
            for (j = first; j < first + L->group_size[i]; j++)
                a0[j] -= delta;
        }
    }
    t.o = &o, t.A = A, t.a0 = a0, t.B = B, t.b = b, t.SB = SB, t.Sb = Sb;
    ref_assemble(L, &o, &t, mu);
    st = read_z(file, m, z);
    for (i = 0; i < m * m && CHECK_FAILURES == nbad0; i++)
        CHECK(close_to(d->B[i], B[i], SB[i], tol), "%s: B[%d][%d] = %.17g, the rows of layout.h give %.17g",
              file, i / m, i % m, d->B[i], B[i]);
    for (i = 0; i < m && CHECK_FAILURES == nbad0; i++) {
        int py = o.py >= 0 && i >= o.py && i < o.py + o.y;
        if (py && !near(d->b[i], b[i], Sb[i], tol)) {
            CHECK(close_to(d->b[i], b[i] + 1, Sb[i] + 1, tol),
                  "%s: b[%d] (p_y row of side %d) = %.17g, the rows of layout.h give %.17g (or + 1 "
                  "for a ghost side)", file, i, i - o.py, d->b[i], b[i]);
            ghosts++;
            CHECK(st != 0 || fabs(z[i]) <= 1e-9 * scale(z[i]),
                  "%s: ghost side %d carries the impulse %.17g", file, i - o.py, z[i]);
        } else {
            CHECK(close_to(d->b[i], b[i], Sb[i], tol), "%s: b[%d] = %.17g, the rows of layout.h give %.17g",
                  file, i, d->b[i], b[i]);
        }
    }
    lcps++;
    ghost_lcps += ghosts > 0;
done:
    free(A);
    free(a0);
    free(mu);
    free(B);
    free(SB);
    free(b);
    free(Sb);
    free(z);
    return CHECK_FAILURES > nbad0 ? -1 : 0;
}

static int check_z(const char *file, const ncs_lcp_dat *d, double tol) {
    int m = d->m, i, j, st, nbad0 = (int)CHECK_FAILURES;
    double *z = calloc((size_t)m + 1, sizeof *z);
    CHECK(z != NULL, "%s: out of memory", file);
    if (!z)
        return -1;
    st = read_z(file, m, z);
    CHECK(st == 0, "%s: no solved z (status %d)", file, st);
    for (i = 0; i < m && st == 0 && CHECK_FAILURES == nbad0; i++) {
        double w = d->b[i], sc = scale(d->b[i]);
        for (j = 0; j < m; j++) {
            w += d->B[i * m + j] * z[j];
            if (fabs(d->B[i * m + j] * z[j]) > sc)
                sc = fabs(d->B[i * m + j] * z[j]);
        }
        CHECK(!(z[i] < -tol || w < -tol * sc || fabs(z[i] * w) > tol * sc * scale(z[i])),
              "%s: row %d: z = %.17g, w = %.17g violates 0 <= w perp z >= 0", file, i, z[i], w);
    }
    free(z);
    return CHECK_FAILURES > nbad0 ? -1 : 0;
}

static int same(const char *file, const char *what, const double *x, const double *y, int n,
                int m, double tol) {
    int i;
    for (i = 0; i < n; i++)
        if (!(fabs(x[i] - y[i]) <= tol * scale(y[i]))) {
            if (m > 0)
                CHECK(0, "%s: %s[%d][%d] = %.17g, expected %.17g", file, what, i / m, i % m,
                      x[i], y[i]);
            else
                CHECK(0, "%s: %s[%d] = %.17g, expected %.17g", file, what, i, x[i], y[i]);
            return -1;
        }
    return 0;
}

int main(int argc, char **argv) {
    const char *ref = NULL;
    double tol = 1e-12, asm_tol = 1e-14;
    int i, want_z = 0, nfiles = 0;
    char err[256];
    for (i = 1; i < argc; i++) {
        ncs_lcp_dat d, r;
        if (!strcmp(argv[i], "--tol") && i + 1 < argc) {
            tol = atof(argv[++i]);
            continue;
        }
        if (!strcmp(argv[i], "--asm-tol") && i + 1 < argc) {
            asm_tol = atof(argv[++i]);
            continue;
        }
        if (!strcmp(argv[i], "--expect") && i + 1 < argc) {
            ref = argv[++i];
            continue;
        }
        if (!strcmp(argv[i], "--z")) {
            want_z = 1;
            continue;
        }
        nfiles++;
        if (ncs_lcp_read_dat(argv[i], &d, err, sizeof err) != 0) {
            CHECK(0, "%s: %s", argv[i], err);
            continue;
        }
        CHECK(d.has_layout, "%s: no ncs-layout line", argv[i]);
        if (d.has_layout)
            check_reassembly(argv[i], &d, asm_tol);
        if (want_z)
            check_z(argv[i], &d, 1e-9);
        if (ref) {
            if (ncs_lcp_read_dat(ref, &r, err, sizeof err) != 0) {
                CHECK(0, "%s: %s", ref, err);
            } else {
                CHECK(r.m == d.m, "%s: m = %d, %s has %d", argv[i], d.m, ref, r.m);
                if (r.m == d.m && same(argv[i], "B", d.B, r.B, d.m * d.m, d.m, tol) == 0)
                    same(argv[i], "b", d.b, r.b, d.m, 0, tol);
                ncs_lcp_dat_free(&r);
            }
        }
        ncs_lcp_dat_free(&d);
    }
    if (nfiles == 0) {
        fprintf(stderr, "usage: lcpcheck [--tol T] [--asm-tol T] [--expect REF.dat] [--z] "
                        "FILE.dat...\n");
        return 2;
    }
    printf("%d file(s), %ld reassembled (%ld with ghost sides), largest relative difference "
           "%.3g\n", nfiles, lcps, ghost_lcps, worst);
    return CHECK_DONE() ? 1 : 0;
}
