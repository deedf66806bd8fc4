/* layout.c - block offsets of every formulation (see ncs/layout.h). */
#include <string.h>
#include "ncs/layout.h"
#include "lcp_internal.h"

/* Appends a block of `size` entries at the running offset; returns its
 * offset, or -1 for an empty block (the block does not exist). */
static int take(int *at, int size) {
    int off = size > 0 ? *at : -1;
    *at += size;
    return off;
}

int ncs_layout_offsets_of(const ncs_layout *L, ncs_layout_offsets *o) {
    int i, y = 0, g, x, k, at = 0;
    memset(o, 0, sizeof *o);
    if (!L || L->ngroups < 0 || L->nconvex < 0 || (L->nfric != 0 && L->nfric != 2) ||
        !NCS_LCP_FITS(L))
        goto bad;
    g = L->ngroups;
    x = L->nconvex;
    k = NCS_NFRIC(L->nfric);
    if (g > 0 && !L->group_size)
        goto bad;
    for (i = 0; i < g; i++) {
        if (L->group_size[i] < 1 || L->group_size[i] > 1000000 - y)
            goto bad;
        y += L->group_size[i];
    }
    if (x > 1000000 - y)
        goto bad;
    o->y = y;
    o->nc = y + x;
    o->c = o->d = o->g = o->h = o->p = o->gv = o->pd = -1;
    switch (NCS_FORM_OF(L)) {
    case NCS_FORM_STEWART:
        if (g != 0)
            goto bad;
        break;
    case NCS_FORM_MAX:
        if (!(L->gamma > 0))
            goto bad;
        o->nc_c = y;
        o->c = take(&at, y);
        o->d = take(&at, g);
        o->g = take(&at, y);
        o->h = take(&at, y);
        o->p = take(&at, g);
        break;
    case NCS_FORM_SUMMATION:
        if (!(L->eps_h > 0))
            goto bad;
        o->nc_c = y;
        o->c = take(&at, y);
        break;
    case NCS_FORM_DIFF:
        o->nc_c = y - g;
        o->c = take(&at, y - g);
        break;
    case NCS_FORM_DIFF_ACCURATE:
        o->nc_c = y - g;
        o->c = take(&at, y - g);
        o->gv = take(&at, y);
        o->pd = take(&at, g);
        break;
    default:
        goto bad;
    }
    o->py = take(&at, y);
    o->px = take(&at, x);
    o->pf = take(&at, k * (y + x));
    o->s = take(&at, k > 0 ? y + x : 0);
    o->m = at;
    return 0;
bad:
    memset(o, 0, sizeof *o);
    return -1;
}

int ncs_layout_size(const ncs_layout *L) {
    ncs_layout_offsets o;
    return ncs_layout_offsets_of(L, &o) == 0 ? o.m : -1;
}
