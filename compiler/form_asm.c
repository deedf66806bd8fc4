/* form_asm.c - compile-time assembly of a formulation LCP (see form_asm.h). */
#include <stdlib.h>
#include <string.h>
#include "form_asm.h"

typedef struct asm_ctx {
    const ncs_fasm_in *in;
    ncs_fasm *f;
} asm_ctx;

/* Column of the normal impulse of contact c. */
static int ncol(const ncs_layout_offsets *o, int c) {
    return c < o->y ? o->py + c : o->px + (c - o->y);
}

static double *at(asm_ctx *a, int r, int c) { return &a->f->B[r * a->f->m + c]; }

/* Row r += sg * (A row of contact c's normal gap, a0n[c]). */
static void arow(asm_ctx *a, int r, int c, double sg) {
    const ncs_fasm_in *in = a->in;
    const ncs_layout_offsets *o = &a->f->o;
    int d;
    for (d = 0; d < a->f->nc; d++) {
        double nn = in->im * (in->nx_[c] * in->nx_[d] + in->ny_[c] * in->ny_[d]);
        *at(a, r, ncol(o, d)) += sg * nn;
        if (in->k) {
            /* t_d = (-ny_d, nx_d) */
            double nt = in->im * (-in->nx_[c] * in->ny_[d] + in->ny_[c] * in->nx_[d]);
            *at(a, r, o->pf + 2 * d) += sg * nt;
            *at(a, r, o->pf + 2 * d + 1) -= sg * nt;
        }
    }
    a->f->bn[r * a->f->nc + c] += sg;
}

/* Sum of c entries of group i (first side j0, n sides), diff layouts. */
static void csum(asm_ctx *a, int r, int i, int j0, int n) {
    int l;
    for (l = j0 + 1; l < j0 + n; l++)
        *at(a, r, a->f->o.c + l - i - 1) += 1;
}

static void nonconvex(asm_ctx *a) {
    const ncs_fasm_in *in = a->in;
    const ncs_layout_offsets *o = &a->f->o;
    double *bc = a->f->bconst;
    int i, j, j0, n, l, r;
    for (i = 0, j0 = 0; i < in->ng; j0 += in->gsize[i], i++) {
        n = in->gsize[i];
        switch (in->form) {
        case NCS_FORM_MAX:
            bc[o->d + i] = -1;
            *at(a, o->p + i, o->d + i) = 1;
            bc[o->p + i] = 1 - in->gamma;
            for (j = j0; j < j0 + n; j++) {
                *at(a, o->d + i, o->g + j) = 1;
                *at(a, o->c + j, o->c + j) = 1;
                arow(a, o->c + j, j, 1);
                bc[o->c + j] -= 1;
                *at(a, o->g + j, o->c + j) = 1;
                *at(a, o->g + j, o->d + i) = 1;
                bc[o->g + j] = -in->gamma;
                *at(a, o->h + j, o->h + j) = 1;
                arow(a, o->h + j, j, 1);
                *at(a, o->py + j, o->h + j) = 1;
                *at(a, o->py + j, o->d + i) = 1;
                bc[o->py + j] = 1 - in->gamma;
            }
            break;
        case NCS_FORM_SUMMATION:
            for (j = j0; j < j0 + n; j++) {
                *at(a, o->c + j, o->c + j) = 1;
                arow(a, o->c + j, j, -1);
                bc[o->c + j] -= in->eps_h;
                for (l = j0; l < j0 + n; l++)
                    *at(a, o->py + j, o->c + l) = 1;
                bc[o->py + j] = -in->eps_h;   /* eq. 30, see layout.h */
            }
            break;
        case NCS_FORM_DIFF:
        case NCS_FORM_DIFF_ACCURATE:
            for (j = j0 + 1; j < j0 + n; j++) {
                r = o->c + j - i - 1;
                *at(a, r, r) = 1;
                arow(a, r, j, -1);
                arow(a, r, j0, 1);
                for (l = j0 + 1; l < j; l++)
                    *at(a, r, o->c + l - i - 1) = 1;
            }
            for (j = j0; j < j0 + n; j++) {
                r = o->py + j;
                arow(a, r, j0, 1);
                csum(a, r, i, j0, n);
                if (in->form == NCS_FORM_DIFF_ACCURATE) {
                    *at(a, r, o->gv + j) = 1;
                    *at(a, o->gv + j, o->gv + j) = 1;
                    arow(a, o->gv + j, j, 1);
                }
            }
            if (in->form == NCS_FORM_DIFF_ACCURATE) {
                arow(a, o->pd + i, j0, 1);
                csum(a, o->pd + i, i, j0, n);
            }
            break;
        default:
            break;
        }
    }
}

static void friction(asm_ctx *a) {
    const ncs_fasm_in *in = a->in;
    const ncs_layout_offsets *o = &a->f->o;
    int c, d, l, nc = a->f->nc;
    for (c = 0; c < nc; c++) {
        double tcx = -in->ny_[c], tcy = in->nx_[c];
        for (l = 0; l < 2; l++) {
            int r = o->pf + 2 * c + l;
            double sl = l ? -1 : 1;
            for (d = 0; d < nc; d++) {
                double tn = in->im * (tcx * in->nx_[d] + tcy * in->ny_[d]);
                double tt = in->im * (-tcx * in->ny_[d] + tcy * in->nx_[d]) +
                            in->iI * in->r * in->r;
                *at(a, r, ncol(o, d)) += sl * tn;
                *at(a, r, o->pf + 2 * d) += sl * tt;
                *at(a, r, o->pf + 2 * d + 1) -= sl * tt;
            }
            *at(a, r, o->s + c) = 1;
            a->f->bt[r * nc + c] = sl;
        }
        *at(a, o->s + c, ncol(o, c)) = in->mu[c];
        *at(a, o->s + c, o->pf + 2 * c) = -1;
        *at(a, o->s + c, o->pf + 2 * c + 1) = -1;
    }
}

int ncs_fasm_build(const ncs_fasm_in *in, ncs_fasm *f) {
    ncs_layout L;
    asm_ctx a;
    size_t mm, mn;
    int e;
    memset(f, 0, sizeof *f);
    memset(&L, 0, sizeof L);
    L.form = in->form;
    L.ngroups = in->ng;
    L.group_size = in->gsize;
    L.nconvex = in->nx;
    L.nfric = in->k;
    L.gamma = in->gamma;
    L.eps_h = in->eps_h;
    if (ncs_layout_offsets_of(&L, &f->o) != 0 || f->o.m < 1)
        return -1;
    f->m = f->o.m;
    f->nc = f->o.nc;
    mm = (size_t)f->m * (size_t)f->m;
    mn = (size_t)f->m * (size_t)(f->nc > 0 ? f->nc : 1);
    f->B = calloc(mm, sizeof *f->B);
    f->bconst = calloc((size_t)f->m, sizeof *f->bconst);
    f->bn = calloc(mn, sizeof *f->bn);
    f->bt = calloc(mn, sizeof *f->bt);
    if (!f->B || !f->bconst || !f->bn || !f->bt) {
        ncs_fasm_free(f);
        return -2;
    }
    a.in = in;
    a.f = f;
    nonconvex(&a);
    for (e = 0; e < in->nx; e++)
        arow(&a, f->o.px + e, f->o.y + e, 1);
    if (in->k)
        friction(&a);
    return 0;
}

void ncs_fasm_free(ncs_fasm *f) {
    free(f->B);
    free(f->bconst);
    free(f->bn);
    free(f->bt);
    memset(f, 0, sizeof *f);
}
