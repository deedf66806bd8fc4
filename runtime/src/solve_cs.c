/* solve_cs.c - the contact-space LCP of ncs_lcp_solve_cs: the rows of B and
 * the vector b from the closed forms of A, a0 and mu (B is never formed),
 * and their residual (docs/solver.md, "The contact-space entry point"). */
#include "solve_internal.h"

/* ---- the contact-space LCP: rows of B from the closed forms ------------- *
 * ncs_lcp_solve_cs never forms B. Row r of every formulation (ncs/layout.h,
 * as ncs_lcp_assemble writes it) is: ones at up to two runs of columns
 * before the impulses u, the u block (sa A_ja. + A_jb.: the contact-space
 * row of a or a difference of two), a one after it (a p_f row's s_j), or
 * an s row (mu_j p_n,j - sum_l p_f,jl). Every entry has the value the
 * assembler gives it (the same operations), so w, the row scales and
 * Lemke's tableau are those of the assembled B. */
typedef struct csrow {
    int o0, n0, o1, n1;     /* ones at columns [o0, o0 + n0) and [o1, o1 + n1), o0 < o1 */
    int ja, jb;             /* u block: sa A_ja. (+ A_jb. when jb >= 0); ja < 0: none */
    int neg;                /* sa is -1 (else +1) */
    int post;               /* column of a one after the u block, or -1 */
    int s;                  /* the s row of contact s, or -1 */
} csrow;


/* Decodes row r of the contact-space LCP. */
static void cs_decode(const call *c, int r, csrow *R) {
    const ncs_layout_offsets *o = &c->o;
    const ncs_lcp_workspace *ws = c->ws;
    int k = NCS_NFRIC(c->k), form = NCS_FORM_OF(c->L), j, i, first, n;
    R->o0 = R->o1 = R->n0 = R->n1 = 0;
    R->ja = R->jb = R->post = R->s = -1;
    R->neg = 0;
    if (k > 0 && r >= o->s) {
        R->s = r - o->s;
        return;
    }
    if (k > 0 && r >= o->pf) {              /* t_jl + s_j */
        R->ja = c->nc + (r - o->pf);
        R->post = o->s + (r - o->pf) / k;
        return;
    }
    if (o->nc > o->y && r >= o->px) {       /* a_j of a convex contact */
        R->ja = o->y + (r - o->px);
        return;
    }
    if (o->y > 0 && r >= o->py) {           /* p_y: the side's row of its group */
        j = r - o->py;
        i = ws->sgrp[j];
        first = ws->gfirst[i];
        n = c->L->group_size[i];
        switch (form) {
        case NCS_FORM_MAX:                  /* h_j + d_i - gamma + 1 */
            R->o0 = o->d + i, R->n0 = 1;
            R->o1 = o->h + j, R->n1 = 1;
            break;
        case NCS_FORM_SUMMATION:            /* sum_l c_l - eps_h */
            R->o0 = o->c + first, R->n0 = n;
            break;
        default:                            /* [gv_j +] a_1 + sum_{2..n} c */
            R->o0 = o->c + first - i, R->n0 = n - 1;
            if (form == NCS_FORM_DIFF_ACCURATE)
                R->o1 = o->gv + j, R->n1 = 1;
            R->ja = first;
            break;
        }
        return;
    }
    switch (form) {
    case NCS_FORM_MAX:
        if (r >= o->p) {                    /* d_i - gamma + 1 */
            R->o0 = o->d + (r - o->p), R->n0 = 1;
        } else if (r >= o->h) {             /* h_j + a_j */
            R->o0 = r, R->n0 = 1;
            R->ja = r - o->h;
        } else if (r >= o->g) {             /* c_j + d_i - gamma */
            j = r - o->g;
            R->o0 = o->c + j, R->n0 = 1;
            R->o1 = o->d + ws->sgrp[j], R->n1 = 1;
        } else if (r >= o->d) {             /* sum_j g_j - 1 */
            i = r - o->d;
            R->o0 = o->g + ws->gfirst[i], R->n0 = c->L->group_size[i];
        } else {                            /* c_j + a_j - 1 */
            R->o0 = r, R->n0 = 1;
            R->ja = r - o->c;
        }
        break;
    case NCS_FORM_SUMMATION:                /* c_j - a_j - eps_h */
        R->o0 = r, R->n0 = 1;
        R->ja = r - o->c;
        R->neg = 1;
        break;
    default:
        if (form == NCS_FORM_DIFF_ACCURATE && r >= o->pd) {  /* a_1 + sum_{2..n} c */
            i = r - o->pd;
            R->o0 = o->c + ws->gfirst[i] - i, R->n0 = c->L->group_size[i] - 1;
            R->ja = ws->gfirst[i];
        } else if (form == NCS_FORM_DIFF_ACCURATE && r >= o->gv) {  /* gv_j + a_j */
            R->o0 = r, R->n0 = 1;
            R->ja = r - o->gv;
        } else {                /* c_k - a_k + a_1 + sum_{2..k-1} c */
            j = ws->cside[r - o->c];
            i = ws->sgrp[j];
            R->o0 = o->c + ws->gfirst[i] - i, R->n0 = j - ws->gfirst[i];
            R->ja = j;
            R->neg = 1;
            R->jb = ws->gfirst[i];
        }
        break;
    }
}

#if NCS_LCP_FACTOR_ONLY
/* Entry (i, j) of A = G Minv G^T (ncs_lcp_factor): the degrees of freedom
 * the two rows share (each row lists at most a few). */
NCS_INTERNAL ncs_real ncs_solve_factor_aij(const ncs_lcp_factor *f, int i, int j) {
    ncs_real s = 0;
    int p, q;
    for (p = f->gp[i]; p < f->gp[i + 1]; p++)
        for (q = f->gp[j]; q < f->gp[j + 1]; q++)
            if (f->gi[p] == f->gi[q])
                s += f->gx[p] * f->minv[f->gi[p]] * f->gx[q];
    return s;
}
#endif

/* Entry q of the u block of a decoded row (as the assembler adds it). */
static ncs_real cs_u(const call *c, const csrow *R, int q) {
    ncs_real v = AIJ(c, R->ja, q);
    if (R->jb >= 0)
        return -v + AIJ(c, R->jb, q);
    return R->neg ? -v : v;
}

/* Writes sign * B_r. (every column, zeros too) to out[j * stride]. */
static void cs_row(const call *c, int r, ncs_real sign, ncs_real *out, size_t stride) {
    csrow R;
    int j, q;
    cs_decode(c, r, &R);
    for (j = 0; j < c->m; j++)
        out[(size_t)j * stride] = 0;
    for (j = R.o0; j < R.o0 + R.n0; j++)
        out[(size_t)j * stride] = sign;
    for (j = R.o1; j < R.o1 + R.n1; j++)
        out[(size_t)j * stride] = sign;
    for (q = 0; q < c->nu && R.ja >= 0; q++)
        out[(size_t)(c->ub + q) * stride] = sign * cs_u(c, &R, q);
    if (R.post >= 0)
        out[(size_t)R.post * stride] = sign;
    if (R.s >= 0) {
        out[(size_t)(c->ub + R.s) * stride] = sign * c->mu[R.s];
        for (q = 0; q < c->k; q++)
            out[(size_t)(c->ub + c->nc + R.s * c->k + q) * stride] = -sign;
    }
}

/* Row r of B: in place (ncs_lcp_solve), or written out to ws->rowv. */
NCS_INTERNAL const ncs_real *ncs_solve_brow(const call *c, int r) {
    if (c->B)
        return c->B + (size_t)r * (size_t)c->ldb;
    cs_row(c, r, 1, c->ws->rowv, 1);
    return c->ws->rowv;
}

/* Lemke's rows of the principal block of B on c->gumap (all of B when
 * NULL; c->m or the block's size columns), with c->gdelta added to the
 * diagonal, negated (ncs_lemke_rows). */
NCS_INTERNAL void ncs_solve_block_rows(const ncs_lemke_rows *g, int i, ncs_real *out, size_t stride) {
    const call *c = (const call *)g->ctx;
    const ncs_real *Bi;
    int j, n = c->gumap ? c->gn : c->m, r = c->gumap ? c->gumap[i] : i;
    if (!c->B && !c->gumap && c->gdelta == 0) {
        cs_row(c, r, -1, out, stride);     /* straight into the tableau */
        return;
    }
    Bi = ncs_solve_brow(c, r);
    for (j = 0; j < n; j++) {
        int col = c->gumap ? c->gumap[j] : j;
        out[(size_t)j * stride] = -(j == i ? Bi[col] + c->gdelta : Bi[col]);
    }
}

/* The call's b from the closed forms (ncs_lcp_solve_cs), as the assembler
 * writes it, plus pyb on the p_y rows (the engine's ghost sides); also the
 * side tables of cs_decode. */
NCS_INTERNAL void ncs_solve_cs_b(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    const ncs_layout_offsets *o = &c->o;
    const ncs_real *a0 = c->a0;
    ncs_real *b = ws->bcs;
    int i, j, l, first = 0, k = NCS_NFRIC(c->k);
    for (i = 0; i < L->ngroups; first += L->group_size[i], i++) {
        int n = L->group_size[i];
        ws->gfirst[i] = first;
        for (l = 0; l < n; l++) {
            j = first + l;
            ws->sgrp[j] = i;
            switch (NCS_FORM_OF(L)) {
            case NCS_FORM_MAX:
                b[o->c + j] = a0[j] - 1;
                b[o->g + j] = -L->gamma;
                b[o->h + j] = a0[j];
                b[o->py + j] = -L->gamma + 1;
                break;
            case NCS_FORM_SUMMATION:
                b[o->c + j] = -a0[j] - L->eps_h;
                b[o->py + j] = -L->eps_h;
                break;
            case NCS_FORM_DIFF:
            case NCS_FORM_DIFF_ACCURATE:
                if (l >= 1) {
                    ws->cside[first - i + l - 1] = j;
                    b[o->c + first - i + l - 1] = a0[first] - a0[j];
                }
                b[o->py + j] = a0[first];
                if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE)
                    b[o->gv + j] = a0[j];
                break;
            default:
                break;
            }
            if (c->pyb && c->pyb[j] != 0)
                b[o->py + j] += c->pyb[j];
        }
        if (NCS_FORM_OF(L) == NCS_FORM_MAX) {
            b[o->d + i] = -1;
            b[o->p + i] = -L->gamma + 1;
        } else if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE) {
            b[o->pd + i] = a0[first];
        }
    }
    for (j = o->y; j < c->nc; j++)
        b[o->px + j - o->y] = a0[j];
    for (j = 0; j < c->nc * k; j++)
        b[o->pf + j] = a0[c->nc + j];
    for (j = 0; j < c->nc && k > 0; j++)
        b[o->s + j] = 0;
}

/* The finiteness and row-scale pass of finite_input on the contact-space
 * LCP: rmax[r] = max_j |B_rj| over the row's entries (the largest magnitude
 * bits, as finite_input), 0 when an entry or b is not finite. A row costs
 * its entries (nu for a row of a), not m. */
NCS_INTERNAL int ncs_solve_cs_scan(const call *c, ncs_real *rmax) {
    int r, q;
    ncs_sbits worst = 0, one = (ncs_sbits)abs_bits(1);
    for (r = 0; r < c->m; r++) {
        csrow R;
        ncs_sbits m0 = 0, bi = (ncs_sbits)abs_bits(c->b[r]);
        cs_decode(c, r, &R);
        if (R.n0 > 0 || R.n1 > 0 || R.post >= 0 || (R.s >= 0 && c->k > 0))
            m0 = one;
        for (q = 0; q < c->nu && R.ja >= 0; q++) {
            ncs_sbits a = (ncs_sbits)abs_bits(cs_u(c, &R, q));
            m0 = a > m0 ? a : m0;
        }
        if (R.s >= 0) {
            ncs_sbits a = (ncs_sbits)abs_bits(c->mu[R.s]);
            m0 = a > m0 ? a : m0;
        }
        rmax[r] = real_of_bits((ncs_bits)m0);
        m0 = bi > m0 ? bi : m0;
        worst = m0 > worst ? m0 : worst;
    }
    return worst < (ncs_sbits)NCS_BITS_INF;
}

/* ncs_lcp_residual on the contact-space LCP: w_r = b_r + B_r. z summed
 * over the row's entries at nonzero z in column order (the same sums as
 * the dense residual, which adds B_rj z_j over the nonzero z_j: its other
 * terms are zeros), the same measure. The nonzero u are listed once in
 * nzj (m ints). */
NCS_INTERNAL ncs_real ncs_solve_cs_residual(const call *c, const ncs_real *z, ncs_real *w, int *nzj,
                                            const int *owner, const int *comp, int cc) {
    int i, t, nnz = 0;
    const ncs_real *u = z + c->ub;
    ncs_real zs = 0, bs = 0, res = 0;
#define IN_PART(i) (!owner || comp[owner[i]] == cc)
    for (i = 0; i < c->m; i++) {
        ncs_real a = NCS_FABS(z[i]);
        if (!isfinite(a))      /* the dense sums would carry it into every row */
            return NCS_HUGE;
        if (a > zs && IN_PART(i))
            zs = a;
        if (NCS_FABS(c->b[i]) > bs && IN_PART(i))
            bs = NCS_FABS(c->b[i]);
    }
    for (t = 0; t < c->nu; t++) {
        nzj[nnz] = t;
        nnz += u[t] != 0;
    }
    for (i = 0; i < c->m; i++) {
        ncs_rowsum r;
        ncs_real ri;
        csrow R;
        if (!IN_PART(i))
            continue;
        ncs_rowsum_start(&r, c->b[i]);
        cs_decode(c, i, &R);
        for (t = R.o0; t < R.o0 + R.n0; t++)
            if (z[t] != 0)
                ncs_rowsum_add(&r, z[t], z[t]);
        for (t = R.o1; t < R.o1 + R.n1; t++)
            if (z[t] != 0)
                ncs_rowsum_add(&r, z[t], z[t]);
        if (NCS_LCP_FACTOR_ONLY && R.ja >= 0 && !c->A) {   /* A by its factor */
            for (t = 0; t < nnz; t++)
                ncs_rowsum_add(&r, cs_u(c, &R, nzj[t]) * u[nzj[t]], u[nzj[t]]);
        } else if (R.ja >= 0) {
            const ncs_real *Aa = c->A + (size_t)R.ja * c->lda;
            if (R.jb >= 0) {
                const ncs_real *Ab = c->A + (size_t)R.jb * c->lda;
                for (t = 0; t < nnz; t++)
                    ncs_rowsum_add(&r, (-Aa[nzj[t]] + Ab[nzj[t]]) * u[nzj[t]], u[nzj[t]]);
            } else if (R.neg) {
                for (t = 0; t < nnz; t++)
                    ncs_rowsum_add(&r, -Aa[nzj[t]] * u[nzj[t]], u[nzj[t]]);
            } else {
                for (t = 0; t < nnz; t++)
                    ncs_rowsum_add(&r, Aa[nzj[t]] * u[nzj[t]], u[nzj[t]]);
            }
        }
        if (R.post >= 0 && z[R.post] != 0)
            ncs_rowsum_add(&r, z[R.post], z[R.post]);
        if (R.s >= 0) {
            if (u[R.s] != 0)
                ncs_rowsum_add(&r, c->mu[R.s] * u[R.s], u[R.s]);
            for (t = 0; t < c->k; t++)
                if (u[c->nc + R.s * c->k + t] != 0)
                    ncs_rowsum_add(&r, -u[c->nc + R.s * c->k + t], u[c->nc + R.s * c->k + t]);
        }
        if ((ri = ncs_row_measure(z[i], &r, c->b[i], c->ws->rmax[i], zs, bs, w ? w + i : NULL)) >=
            NCS_HUGE)
            return NCS_HUGE;
        res = ri > res ? ri : res;
    }
#undef IN_PART
    return res;
}
