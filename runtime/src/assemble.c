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
/* Row Bi += sign * (contact-space row j of A) over the u columns. */
static void add_a(const shape *s, ncs_real *Bi, const ncs_real *A, int j, ncs_real sign) {
    int q;
    for (q = 0; q < s->nu; q++)
        Bi[s->ub + q] += sign * A[(size_t)j * (size_t)s->nu + (size_t)q];
}

int ncs_lcp_assemble(const ncs_layout *L, const ncs_real *A, const ncs_real *a0,
                     const ncs_real *mu, ncs_real *B, int ldb, ncs_real *b) {
    shape s;
    int i, j, l, q, first = 0, m;
    const ncs_layout_offsets *o = &s.o;
    if (shape_of(L, &s) != 0 || !A || !a0 || !B || !b || (s.k > 0 && !mu))
        return -1;
    m = o->m;
    if (ldb < m)
        return -1;
    for (i = 0; i < m; i++) {
        memset(B + (size_t)i * (size_t)ldb, 0, (size_t)m * sizeof *B);
        b[i] = 0;
    }
#define NCS_ROW(r) (B + (size_t)(r) * (size_t)ldb)
    for (i = 0; i < L->ngroups; first += L->group_size[i], i++) {
        int n = L->group_size[i];
        for (l = 0; l < n; l++) {
            j = first + l;
            switch (NCS_FORM_OF(L)) {
            case NCS_FORM_MAX:
                NCS_ROW(o->c + j)[o->c + j] = 1;
                add_a(&s, NCS_ROW(o->c + j), A, j, 1);
                b[o->c + j] = a0[j] - 1;
                NCS_ROW(o->d + i)[o->g + j] = 1;
                NCS_ROW(o->g + j)[o->c + j] = 1;
                NCS_ROW(o->g + j)[o->d + i] = 1;
                b[o->g + j] = -L->gamma;
                NCS_ROW(o->h + j)[o->h + j] = 1;
                add_a(&s, NCS_ROW(o->h + j), A, j, 1);
                b[o->h + j] = a0[j];
                NCS_ROW(o->py + j)[o->h + j] = 1;
                NCS_ROW(o->py + j)[o->d + i] = 1;
                b[o->py + j] = -L->gamma + 1;
                break;
            case NCS_FORM_SUMMATION:
                NCS_ROW(o->c + j)[o->c + j] = 1;
                add_a(&s, NCS_ROW(o->c + j), A, j, -1);
                b[o->c + j] = -a0[j] - L->eps_h;
                for (q = 0; q < n; q++)
                    NCS_ROW(o->py + j)[o->c + first + q] = 1;
                b[o->py + j] = -L->eps_h;   /* eq. 30, see layout.h */
                break;
            case NCS_FORM_DIFF:
            case NCS_FORM_DIFF_ACCURATE:
                if (l >= 1) {   /* c_k row: c_k - a_k + a_1 + sum_{2..k-1} c */
                    int r = diff_c(&s, first, i, l);
                    NCS_ROW(r)[r] = 1;
                    add_a(&s, NCS_ROW(r), A, j, -1);
                    add_a(&s, NCS_ROW(r), A, first, 1);
                    for (q = 1; q < l; q++)
                        NCS_ROW(r)[diff_c(&s, first, i, q)] += 1;
                    b[r] = a0[first] - a0[j];
                }
                /* p_y row: [gv_k +] a_1 + sum_{2..n} c */
                add_a(&s, NCS_ROW(o->py + j), A, first, 1);
                for (q = 1; q < n; q++)
                    NCS_ROW(o->py + j)[diff_c(&s, first, i, q)] += 1;
                b[o->py + j] = a0[first];
                if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE) {
                    NCS_ROW(o->py + j)[o->gv + j] = 1;
                    NCS_ROW(o->gv + j)[o->gv + j] = 1;
                    add_a(&s, NCS_ROW(o->gv + j), A, j, 1);
                    b[o->gv + j] = a0[j];
                }
                break;
            default:
                break;
            }
        }
        if (NCS_FORM_OF(L) == NCS_FORM_MAX) {
            b[o->d + i] = -1;
            NCS_ROW(o->p + i)[o->d + i] = 1;
            b[o->p + i] = -L->gamma + 1;
        } else if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE) {
            add_a(&s, NCS_ROW(o->pd + i), A, first, 1);
            for (q = 1; q < n; q++)
                NCS_ROW(o->pd + i)[diff_c(&s, first, i, q)] += 1;
            b[o->pd + i] = a0[first];
        }
    }
    for (q = 0; q < L->nconvex; q++) {
        j = o->y + q;
        add_a(&s, NCS_ROW(o->px + q), A, j, 1);
        b[o->px + q] = a0[j];
    }
    for (j = 0; j < s.nc && s.k > 0; j++) {
        for (l = 0; l < s.k; l++) {
            int r = o->pf + j * s.k + l;
            add_a(&s, NCS_ROW(r), A, s.nc + j * s.k + l, 1);
            NCS_ROW(r)[o->s + j] = 1;
            b[r] = a0[s.nc + j * s.k + l];
            NCS_ROW(o->s + j)[s.ub + s.nc + j * s.k + l] = -1;
        }
        NCS_ROW(o->s + j)[s.ub + j] = mu[j];
    }
#undef NCS_ROW
    return 0;
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
