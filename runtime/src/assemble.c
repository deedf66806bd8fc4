/* assemble.c - reference assembly / extraction of formulation LCPs. */
#include <string.h>
#include "ncs/assemble.h"
#include "lcp_internal.h"

/* The dimensions every routine here needs. */
typedef struct shape {
    ncs_layout_offsets o;
    int k, nc, nu, ub;  /* friction dirs, contacts, contact unknowns, u offset in z */
} shape;

static int shape_of(const ncs_layout *L, shape *s) {
    if (!L || !NCS_LCP_FITS(L) || ncs_layout_offsets_of(L, &s->o) != 0)
        return -1;
    s->k = NCS_NFRIC(L->nfric);
    s->nc = s->o.nc;
    s->nu = s->nc * (1 + s->k);
    s->ub = s->o.m - (s->k > 0 ? s->nc : 0) - s->nu;
    return 0;
}

int ncs_lcp_contact_size(const ncs_layout *L) {
    shape s;
    return shape_of(L, &s) == 0 ? s.nu : -1;
}

int ncs_lcp_impulse_offset(const ncs_layout *L) {
    shape s;
    return shape_of(L, &s) == 0 ? s.ub : -1;
}

/* Column of c for local side k >= 1 (0-based) of the group that starts at
 * side `first` and is group number i (diff forms: n_i - 1 entries/group). */
static int diff_c(const shape *s, int first, int i, int k) {
    return s->o.c + (first - i) + (k - 1);
}

#ifndef NCS_LCP_NO_ASSEMBLE
/* Where the rows of a formulation's B go: put adds v at (r, c); add_a adds
 * sign times contact-space row j of A to row r over the u columns (dense:
 * the row of A itself; augmented: the row of G over the y columns). */
typedef struct sink sink;
struct sink {
    void (*put)(sink *k, int r, int c, ncs_real v);
    void (*add_a)(sink *k, const shape *s, int r, int j, ncs_real sign);
    ncs_real *b;                /* b (m): written by the builder */
};

/* Every row of B and b per ncs/layout.h into k (b zeroed first). */
static void build_rows(const ncs_layout *L, const shape *sp, const ncs_real *a0,
                       const ncs_real *mu, sink *k) {
    const shape s = *sp;
    const ncs_layout_offsets *o = &s.o;
    ncs_real *b = k->b;
    int i, j, l, q, first = 0;
    for (i = 0; i < o->m; i++)
        b[i] = 0;
#define PUT(r, c, v) k->put(k, (r), (c), (v))
#define ADD_A(r, j, sign) k->add_a(k, &s, (r), (j), (sign))
    for (i = 0; i < L->ngroups; first += L->group_size[i], i++) {
        int n = L->group_size[i];
        for (l = 0; l < n; l++) {
            j = first + l;
            switch (NCS_FORM_OF(L)) {
            case NCS_FORM_MAX:
                PUT(o->c + j, o->c + j, 1);
                ADD_A(o->c + j, j, 1);
                b[o->c + j] = a0[j] - 1;
                PUT(o->d + i, o->g + j, 1);
                PUT(o->g + j, o->c + j, 1);
                PUT(o->g + j, o->d + i, 1);
                b[o->g + j] = -L->gamma;
                PUT(o->h + j, o->h + j, 1);
                ADD_A(o->h + j, j, 1);
                b[o->h + j] = a0[j];
                PUT(o->py + j, o->h + j, 1);
                PUT(o->py + j, o->d + i, 1);
                b[o->py + j] = -L->gamma + 1;
                break;
            case NCS_FORM_SUMMATION:
                PUT(o->c + j, o->c + j, 1);
                ADD_A(o->c + j, j, -1);
                b[o->c + j] = -a0[j] - L->eps_h;
                for (q = 0; q < n; q++)
                    PUT(o->py + j, o->c + first + q, 1);
                b[o->py + j] = -L->eps_h;   /* eq. 30, see layout.h */
                break;
            case NCS_FORM_DIFF:
            case NCS_FORM_DIFF_ACCURATE:
                if (l >= 1) {   /* c_k row: c_k - a_k + a_1 + sum_{2..k-1} c */
                    int r = diff_c(&s, first, i, l);
                    PUT(r, r, 1);
                    ADD_A(r, j, -1);
                    ADD_A(r, first, 1);
                    for (q = 1; q < l; q++)
                        PUT(r, diff_c(&s, first, i, q), 1);
                    b[r] = a0[first] - a0[j];
                }
                /* p_y row: [gv_k +] a_1 + sum_{2..n} c */
                ADD_A(o->py + j, first, 1);
                for (q = 1; q < n; q++)
                    PUT(o->py + j, diff_c(&s, first, i, q), 1);
                b[o->py + j] = a0[first];
                if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE) {
                    PUT(o->py + j, o->gv + j, 1);
                    PUT(o->gv + j, o->gv + j, 1);
                    ADD_A(o->gv + j, j, 1);
                    b[o->gv + j] = a0[j];
                }
                break;
            default:
                break;
            }
        }
        if (NCS_FORM_OF(L) == NCS_FORM_MAX) {
            b[o->d + i] = -1;
            PUT(o->p + i, o->d + i, 1);
            b[o->p + i] = -L->gamma + 1;
        } else if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE) {
            ADD_A(o->pd + i, first, 1);
            for (q = 1; q < n; q++)
                PUT(o->pd + i, diff_c(&s, first, i, q), 1);
            b[o->pd + i] = a0[first];
        }
    }
    for (q = 0; q < L->nconvex; q++) {
        j = o->y + q;
        ADD_A(o->px + q, j, 1);
        b[o->px + q] = a0[j];
    }
    for (j = 0; j < s.nc && s.k > 0; j++) {
        for (l = 0; l < s.k; l++) {
            int r = o->pf + j * s.k + l;
            ADD_A(r, s.nc + j * s.k + l, 1);
            PUT(r, o->s + j, 1);
            b[r] = a0[s.nc + j * s.k + l];
            PUT(o->s + j, s.ub + s.nc + j * s.k + l, -1);
        }
        PUT(o->s + j, s.ub + j, mu[j]);
    }
#undef PUT
#undef ADD_A
}

/* The dense sink: B row-major with leading dimension ldb, over A. */
typedef struct dense_sink {
    sink k;
    ncs_real *B;
    int ldb;
    const ncs_real *A;
} dense_sink;

static void dense_put(sink *k, int r, int c, ncs_real v) {
    dense_sink *d = (dense_sink *)k;
    d->B[(size_t)r * (size_t)d->ldb + (size_t)c] += v;
}

/* Row r += sign * (contact-space row j of A) over the u columns. */
static void dense_add_a(sink *k, const shape *s, int r, int j, ncs_real sign) {
    dense_sink *d = (dense_sink *)k;
    ncs_real *Bi = d->B + (size_t)r * (size_t)d->ldb;
    int q;
    for (q = 0; q < s->nu; q++)
        Bi[s->ub + q] += sign * d->A[(size_t)j * (size_t)s->nu + (size_t)q];
}

int ncs_lcp_assemble(const ncs_layout *L, const ncs_real *A, const ncs_real *a0,
                     const ncs_real *mu, ncs_real *B, int ldb, ncs_real *b) {
    shape s;
    dense_sink d;
    int i;
    if (shape_of(L, &s) != 0 || !A || !a0 || !B || !b || (s.k > 0 && !mu))
        return -1;
    if (ldb < s.o.m)
        return -1;
    for (i = 0; i < s.o.m; i++)
        memset(B + (size_t)i * (size_t)ldb, 0, (size_t)s.o.m * sizeof *B);
    d.k.put = dense_put;
    d.k.add_a = dense_add_a;
    d.k.b = b;
    d.B = B;
    d.ldb = ldb;
    d.A = A;
    build_rows(L, &s, a0, mu, &d.k);
    return 0;
}

/* The augmented sink (ncs_lcp_assemble_aug): pass 0 counts each column's
 * entries into cnt (n + 1, from cnt[1]), pass 1 writes them at next[c]++. */
typedef struct aug_sink {
    sink k;
    int pass, m;
    int *next;
    int *bi;
    ncs_real *bx;
    const int *gp, *gi;
    const ncs_real *gx;
    ncs_real *root;             /* nd: the square roots of minv */
} aug_sink;

static void aug_entry(aug_sink *a, int r, int c, ncs_real v) {
    if (a->pass == 0) {
        a->next[c + 1]++;
    } else {
        a->bi[a->next[c]] = r;
        a->bx[a->next[c]++] = v;
    }
}

static void aug_put(sink *k, int r, int c, ncs_real v) {
    aug_entry((aug_sink *)k, r, c, v);
}

/* Row r += sign * (row j of G Minv^(1/2)) over the y columns
 * (A u = G Minv^(1/2) y). */
static void aug_add_a(sink *k, const shape *s, int r, int j, ncs_real sign) {
    aug_sink *a = (aug_sink *)k;
    int p;
    (void)s;
    for (p = a->gp[j]; p < a->gp[j + 1]; p++)
        aug_entry(a, r, a->m + a->gi[p], sign * a->gx[p] * a->root[a->gi[p]]);
}

long ncs_lcp_assemble_aug(const ncs_layout *L, int nd, const int *gp, const int *gi,
                          const ncs_real *gx, const ncs_real *minv, const ncs_real *a0,
                          const ncs_real *mu, long nzmax, int *bp, int *bi, ncs_real *bx,
                          ncs_real *b, int *work) {
    shape s;
    aug_sink a;
    int n, c, q, p, pass;
    long nz;
    if (shape_of(L, &s) != 0 || nd < 1 || !gp || !gi || !gx || !minv || !a0 ||
        (s.k > 0 && !mu) || !bp || !bi || !bx || !b || !work || nzmax < 0)
        return -1;
    n = s.o.m + nd;
    for (q = 0; q < gp[s.nu]; q++)
        if (gi[q] < 0 || gi[q] >= nd)
            return -1;
    for (c = 0; c < nd; c++)
        if (!(minv[c] >= 0 && minv[c] <= NCS_HUGE))
            return -1;
    a.k.put = aug_put;
    a.k.add_a = aug_add_a;
    a.k.b = b;
    a.m = s.o.m;
    a.gp = gp;
    a.gi = gi;
    a.gx = gx;
    a.root = b + s.o.m;             /* b's equality part until the end */
    for (c = 0; c < nd; c++)
        a.root[c] = NCS_SQRT(minv[c]);
    a.bi = bi;
    a.bx = bx;
    for (pass = 0; pass < 2; pass++) {
        a.pass = pass;
        a.next = pass == 0 ? bp : work;
        if (pass == 0) {
            for (c = 0; c <= n; c++)
                bp[c] = 0;
        } else {
            for (c = 1; c <= n; c++)
                bp[c] += bp[c - 1];
            if ((long)bp[n] > nzmax)
                return -2;
            for (c = 0; c < n; c++)
                work[c] = bp[c];
        }
        build_rows(L, &s, a0, mu, &a.k);
        for (q = 0; q < s.nu; q++)          /* y = Minv^(1/2) G^T u */
            for (p = gp[q]; p < gp[q + 1]; p++)
                aug_entry(&a, s.o.m + gi[p], s.ub + q, a.root[gi[p]] * gx[p]);
        for (c = 0; c < nd; c++)
            aug_entry(&a, s.o.m + c, s.o.m + c, -1);
    }
    for (c = s.o.m; c < n; c++)
        b[c] = 0;
    /* duplicates (two rows of G on one body, a structural entry twice)
     * summed in place: work[r] is r's place in the current column */
    for (c = 0; c < n; c++)
        work[c] = -1;
    for (c = 0, nz = 0; c < n; c++) {
        long start = nz;
        for (p = bp[c]; p < bp[c + 1]; p++) {
            int r = bi[p];
            if (work[r] >= start) {
                bx[work[r]] += bx[p];
            } else {
                work[r] = (int)nz;
                bi[nz] = r;
                bx[nz++] = bx[p];
            }
        }
        bp[c] = (int)start;
    }
    bp[n] = (int)nz;
    return nz;
}

#endif /* NCS_LCP_NO_ASSEMBLE */

/* Contact-space row j of A and a0 := sign * (u part of row r of B, b[r]). */
static void take_row(const shape *s, const ncs_real *B, int ldb, const ncs_real *b,
                     int r, ncs_real sign, ncs_real *A, ncs_real *a0, int j) {
    int q;
    for (q = 0; q < s->nu; q++)
        A[(size_t)j * (size_t)s->nu + (size_t)q] = sign * B[(size_t)r * (size_t)ldb + (size_t)(s->ub + q)];
    a0[j] = sign * b[r];
}

int ncs_lcp_extract(const ncs_layout *L, const ncs_real *B, int ldb,
                    const ncs_real *b, ncs_real *A, ncs_real *a0, ncs_real *mu) {
    shape s;
    int i, j, l, q, first = 0;
    const ncs_layout_offsets *o = &s.o;
    if (shape_of(L, &s) != 0 || !A || !a0 || !B || !b || !mu || ldb < o->m)
        return -1;
    for (i = 0; i < L->ngroups; first += L->group_size[i], i++) {
        int n = L->group_size[i];
        for (l = 0; l < n; l++) {
            j = first + l;
            switch (NCS_FORM_OF(L)) {
            case NCS_FORM_MAX:
                take_row(&s, B, ldb, b, o->h + j, 1, A, a0, j);
                break;
            case NCS_FORM_SUMMATION:
                take_row(&s, B, ldb, b, o->c + j, -1, A, a0, j);
                a0[j] -= L->eps_h;
                break;
            case NCS_FORM_DIFF_ACCURATE:
                take_row(&s, B, ldb, b, o->gv + j, 1, A, a0, j);
                break;
            case NCS_FORM_DIFF:
                if (l == 0) {
                    take_row(&s, B, ldb, b, o->py + j, 1, A, a0, j);
                } else {        /* c_k row carries a_1 - a_k */
                    int r = diff_c(&s, first, i, l);
                    take_row(&s, B, ldb, b, r, -1, A, a0, j);
                    for (q = 0; q < s.nu; q++)
                        A[(size_t)j * (size_t)s.nu + (size_t)q] += A[(size_t)first * (size_t)s.nu + (size_t)q];
                    a0[j] += a0[first];
                }
                break;
            default:
                break;
            }
        }
    }
    for (q = 0; q < L->nconvex; q++)
        take_row(&s, B, ldb, b, o->px + q, 1, A, a0, o->y + q);
    for (j = 0; j < s.nc; j++) {
        for (l = 0; l < s.k; l++)
            take_row(&s, B, ldb, b, o->pf + j * s.k + l, 1, A, a0, s.nc + j * s.k + l);
        mu[j] = s.k > 0 ? B[(size_t)(o->s + j) * (size_t)ldb + (size_t)(s.ub + j)] : 0;
    }
    return 0;
}
