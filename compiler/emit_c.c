/* emit_c.c - writes <prefix>.c: constant tables, contact selection,
 * formulation assembly, the solve call and the integration.
 *
 * Two paths per body (docs/formulations.md, "Proximity"):
 *  - static: every group every step; B is a compile-time table and b is a
 *    straight-line, constant-folded expression of q and v (form_asm.c);
 *  - dynamic: groups near the body are selected each step (up to the
 *    capacity); a group reachable through one side only becomes one convex
 *    contact; B and b are assembled by the loops below, specialised for the
 *    scene's formulation and friction.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emit_plan.h"
#include "form_asm.h"

/* ---- tables ---------------------------------------------------------- */

static void num_list(ncs_buf *o, const double *v, int n) {
    int i;
    if (n == 0) {
        ncs_buf_printf(o, "0.0");
        return;
    }
    for (i = 0; i < n; i++) {
        if (i)
            ncs_buf_printf(o, i % 4 ? ", " : ",\n    ");
        ncs_buf_num(o, v[i]);
    }
}

/* Which per-side value a side table holds. */
enum { SIDE_NX, SIDE_NY, SIDE_OFF };

static void side_table(const ncs_plan *p, ncs_buf *o, const char *name, int what) {
    int i, j;
    ncs_buf_tpl(o, "static const double @_");
    ncs_buf_printf(o, "%s[] = {\n    ", name);
    for (i = 0, j = 0; i < p->nspaces; i++) {
        const ncs_cspace *cs = p->spaces[i].cs;
        int k;
        for (k = 0; k < cs->nsides; k++, j++) {
            const ncs_gside *sd = &cs->sides[k];
            if (j)
                ncs_buf_printf(o, j % 4 ? ", " : ",\n    ");
            ncs_buf_num(o, what == SIDE_NX   ? sd->normal.x
                           : what == SIDE_NY ? sd->normal.y
                                             : sd->normal.x * sd->point.x +
                                                   sd->normal.y * sd->point.y);
        }
    }
    if (j == 0)
        ncs_buf_printf(o, "0.0");
    ncs_buf_printf(o, "\n};\n");
}

/* Which per-group value a group table holds. */
enum { GROUP_FIRST, GROUP_N };

/* The obstacle of every side (friction is per side: docs/geometry.md). */
static void side_obstacle_table(const ncs_plan *p, ncs_buf *o) {
    int i, j, k;
    ncs_buf_tpl(o, "static const int @_sobst[] = {");
    for (i = 0, j = 0; i < p->nspaces; i++)
        for (k = 0; k < p->spaces[i].cs->nsides; k++, j++)
            ncs_buf_printf(o, "%s%d", j ? (j % 16 ? ", " : ",\n    ") : "",
                           p->spaces[i].cs->sides[k].obstacle);
    ncs_buf_printf(o, j ? "};\n" : "0};\n");
}

static void group_table(const ncs_plan *p, ncs_buf *o, const char *name, int what) {
    int i, j;
    ncs_buf_tpl(o, "static const int @_");
    ncs_buf_printf(o, "%s[] = {", name);
    for (i = 0, j = 0; i < p->nspaces; i++) {
        const ncs_cspace *cs = p->spaces[i].cs;
        int k;
        for (k = 0; k < cs->ngroups; k++, j++)
            ncs_buf_printf(o, "%s%d", j ? (j % 16 ? ", " : ",\n    ") : "",
                           what == GROUP_FIRST ? p->spaces[i].side0 + cs->groups[k].first_side
                                               : cs->groups[k].nsides);
    }
    ncs_buf_printf(o, j ? "};\n" : "0};\n");
}

static void emit_tables(const ncs_plan *p, ncs_buf *o) {
    const ncs_scene *s = p->s;
    int i, b;
    ncs_buf_tpl(o, "/* Sides of every used configuration space: outward unit normal n and\n"
                   " * offset n.point; the signed distance of q is n.q - offset. */\n");
    side_table(p, o, "snx", SIDE_NX);
    side_table(p, o, "sny", SIDE_NY);
    side_table(p, o, "soff", SIDE_OFF);
    ncs_buf_printf(o, "\n/* Groups: first side, number of sides; the obstacle of each side. */\n");
    group_table(p, o, "gfirst", GROUP_FIRST);
    group_table(p, o, "gn", GROUP_N);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#if $_DYNAMIC_ONLY\n");
    side_obstacle_table(p, o);
    ncs_buf_printf(o, "\n");

    ncs_buf_tpl(o, "/* Friction coefficient per body and obstacle: sqrt(mu_body mu_obstacle). */\n"
                   "static const double @_mu[$_NBODIES][");
    ncs_buf_printf(o, "%d] = {\n", s->nobstacles > 0 ? s->nobstacles : 1);
    for (b = 0; b < s->nbodies; b++) {
        ncs_buf_printf(o, "    {");
        for (i = 0; i < (s->nobstacles > 0 ? s->nobstacles : 1); i++) {
            double m = s->nobstacles > 0
                           ? s->bodies[b].friction * s->obstacles[i].friction : 0;
            if (i)
                ncs_buf_printf(o, ", ");
            ncs_buf_num(o, m > 0 ? sqrt(m) : 0);
        }
        ncs_buf_printf(o, "}%s\n", b + 1 < s->nbodies ? "," : "");
    }
    ncs_buf_printf(o, "};\n\n");
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#endif\n\n");

    ncs_buf_tpl(o,
        "/* Per-body constants (folded by ncsc). */\n"
        "typedef struct @_bodyc {\n"
        "    double im;      /* 1 / mass */\n"
        "    double iI;      /* 1 / inertia, 0 for particles */\n"
        "    double r;       /* disc radius, 0 for particles */\n"
        "    double ax, ay;  /* external acceleration (gravity + force / mass) */\n"
        "    double alpha;   /* external angular acceleration */\n"
        "    int g0, ng;     /* groups of the body's configuration space */\n"
        "    int k;          /* friction directions, 0 or 2 */\n"
        "    int cap;        /* active-group capacity */\n"
        "    int is_static;  /* every group every step */\n"
        "    double q0[3], v0[3]; /* initial state */\n"
        "} @_bodyc;\n\n"
        "static const @_bodyc @_body[$_NBODIES] = {\n");
    for (b = 0; b < s->nbodies; b++) {
        const ncs_plan_body *pb = &p->bodies[b];
        const ncs_body *bd = &s->bodies[b];
        const double vals[6] = {pb->im, pb->iI, pb->r, pb->ax, pb->ay, pb->alpha};
        const double q0[3] = {bd->pos.x, bd->pos.y, bd->kind == NCS_BODY_DISC ? bd->angle : 0};
        const double v0[3] = {bd->vel.x, bd->vel.y, bd->kind == NCS_BODY_DISC ? bd->omega : 0};
        ncs_buf_printf(o, "    {");
        for (i = 0; i < 6; i++) {
            ncs_buf_printf(o, i ? ", " : "");
            ncs_buf_num(o, vals[i]);
        }
        ncs_buf_printf(o, ",\n     %d, %d, %d, %d, %d,\n     {", pb->g0, pb->ng, pb->k,
                       pb->cap, pb->is_static);
        for (i = 0; i < 3; i++) {
            ncs_buf_printf(o, i ? ", " : "");
            ncs_buf_num(o, q0[i]);
        }
        ncs_buf_printf(o, "}, {");
        for (i = 0; i < 3; i++) {
            ncs_buf_printf(o, i ? ", " : "");
            ncs_buf_num(o, v0[i]);
        }
        ncs_buf_printf(o, "}}%s /* %s */\n", b + 1 < s->nbodies ? "," : "", bd->name);
    }
    ncs_buf_printf(o, "};\n\n");
    ncs_buf_tpl(o, "static const char *const @_names[$_NBODIES] = {");
    for (b = 0; b < s->nbodies; b++)
        ncs_buf_printf(o, "%s\"%s\"", b ? ", " : "", s->bodies[b].name);
    ncs_buf_printf(o, "};\n\n");
}

/* ---- dynamic bodies: straight-line assembly per group ---------------- */

/* The dynamic path's LCP structure depends on which groups proximity made
 * active; everything else is known here. For every assembly class (bodies
 * with the same configuration space and the same 1/m, 1/I, r, k and
 * friction) the emitter writes:
 *  - @_a<c>: one A row (normal gap of a contact with literal normal) over
 *    the active contacts, 1/m folded;
 *  - @_f<c>: the friction rows of one contact (literal normal, tangent, mu);
 *  - per nonconvex group, @_g<c>_<group>: the formulation's rows of that
 *    group unrolled side by side, every normal and mu a literal, written at
 *    the group's runtime offset;
 *  - @_x<c>: a convex (single-side) contact, one case per side;
 *  - @_asm<c>: the loop over the active groups and convex contacts.
 * B depends only on the active set, so @_body_step rebuilds it only when
 * the set changes (clearing just the previous m x m block, the only place
 * nonzeros can be); b is rebuilt every step by @_rhs. The operations and
 * their order are those of the reference rows (ncs/layout.h), so the LCP is
 * bit-identical to the generic assembler this replaced. */

/* Assembly class of body b: the first body that shares everything B
 * depends on. */
static int asm_class(const ncs_plan *p, int b) {
    const ncs_plan_body *y = &p->bodies[b];
    int a;
    for (a = 0; a < b; a++) {
        const ncs_plan_body *x = &p->bodies[a];
        if (x->space == y->space && !memcmp(&x->im, &y->im, sizeof x->im) &&
            !memcmp(&x->iI, &y->iI, sizeof x->iI) && !memcmp(&x->r, &y->r, sizeof x->r) &&
            x->k == y->k &&
            !memcmp(&p->s->bodies[a].friction, &p->s->bodies[b].friction,
                    sizeof p->s->bodies[a].friction))
            return a;
    }
    return b;
}

/* 1: class c (a representative body) has a body on the dynamic path. */
static int class_dynamic(const ncs_plan *p, int c) {
    int b;
    for (b = 0; b < p->s->nbodies; b++)
        if (asm_class(p, b) == c && !p->bodies[b].is_static)
            return 1;
    return 0;
}

/* "@_<name><c>" */
static void fn(ncs_buf *o, const char *name, int c) {
    ncs_buf_tpl(o, "@_");
    ncs_buf_printf(o, "%s%d", name, c);
}

/* ", nx, ny" literals */
static void nlit(ncs_buf *o, double nx, double ny) {
    ncs_buf_printf(o, ", ");
    ncs_buf_num(o, nx);
    ncs_buf_printf(o, ", ");
    ncs_buf_num(o, ny);
}

static int nonconvex_form(int form) { return form != NCS_FORM_STEWART; }

/* The class helpers: A row, friction rows, per-side row patterns. */
static void emit_class_helpers(const ncs_plan *p, int c, int has_groups, ncs_buf *o) {
    const ncs_plan_body *pb = &p->bodies[c];
    int form = p->s->form;
    ncs_buf_printf(o, "/* Class %d: 1/m = ", c);
    ncs_buf_num(o, pb->im);
    ncs_buf_printf(o, ", k = %d. */\n/* A row r += sg (n . n_d / m, friction terms) over the active contacts. */\n"
                      "static void ", pb->k);
    fn(o, "a", c);
    ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int r, double nx, double ny,\n"
                   "    double sg) {\n"
                   "    double *Br = L->B + r * L->m;\n"
                   "    int d;\n"
                   "    for (d = 0; d < L->nc; d++) {\n"
                   "        double cx = L->cnx[d], cy = L->cny[d];\n"
                   "        Br[d < o->y ? o->py + d : o->px + (d - o->y)] += sg * ");
    ncs_buf_num(o, pb->im);
    ncs_buf_printf(o, " * (nx * cx + ny * cy);\n");
    if (pb->k) {
        ncs_buf_printf(o, "        {\n            double nt = sg * ");
        ncs_buf_num(o, pb->im);
        ncs_buf_printf(o, " * (ny * cx - nx * cy);\n"
                          "            Br[o->pf + 2 * d] += nt;\n"
                          "            Br[o->pf + 2 * d + 1] -= nt;\n"
                          "        }\n");
    }
    ncs_buf_printf(o, "    }\n}\n\n");
    if (pb->k) {
        ncs_buf_printf(o, "/* Friction rows of contact c: t_l + s and mu p_n - sum p_f. */\nstatic void ");
        fn(o, "f", c);
        ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int c, double nx, double ny,\n"
                       "    double mu) {\n"
                       "    int d, m = L->m;\n"
                       "    double tx = -ny, ty = nx;\n"
                       "    double *B0 = L->B + (o->pf + 2 * c) * m, *B1 = B0 + m;\n"
                       "    double *Bs = L->B + (o->s + c) * m;\n"
                       "    for (d = 0; d < L->nc; d++) {\n"
                       "        double cx = L->cnx[d], cy = L->cny[d];\n"
                       "        double tn = ");
        ncs_buf_num(o, pb->im);
        ncs_buf_printf(o, " * (tx * cx + ty * cy);\n        double tt = ");
        ncs_buf_num(o, pb->im);
        ncs_buf_printf(o, " * (ty * cx - tx * cy) + ");
        ncs_buf_num(o, pb->iI * pb->r * pb->r);
        ncs_buf_printf(o, ";\n"
                          "        int nd = d < o->y ? o->py + d : o->px + (d - o->y);\n"
                          "        B0[nd] += tn;\n"
                          "        B0[o->pf + 2 * d] += tt;\n"
                          "        B0[o->pf + 2 * d + 1] -= tt;\n"
                          "        B1[nd] -= tn;\n"
                          "        B1[o->pf + 2 * d] -= tt;\n"
                          "        B1[o->pf + 2 * d + 1] += tt;\n"
                          "    }\n"
                          "    B0[o->s + c] = 1.0;\n"
                          "    B1[o->s + c] = 1.0;\n"
                          "    Bs[c < o->y ? o->py + c : o->px + (c - o->y)] = mu;\n"
                          "    Bs[o->pf + 2 * c] = -1.0;\n"
                          "    Bs[o->pf + 2 * c + 1] = -1.0;\n"
                          "}\n\n");
    }
    /* convex contact */
    ncs_buf_printf(o, "/* Convex contact c: its p_x row (and friction rows). */\nstatic void ");
    fn(o, "cv", c);
    ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int c, double nx, double ny,\n"
                   "    double mu) {\n    ");
    fn(o, "a", c);
    ncs_buf_printf(o, "(L, o, o->px + (c - o->y), nx, ny, 1.0);\n");
    if (pb->k) {
        ncs_buf_printf(o, "    ");
        fn(o, "f", c);
        ncs_buf_printf(o, "(L, o, c, nx, ny, mu);\n");
    } else
        ncs_buf_printf(o, "    (void)mu;\n");
    ncs_buf_printf(o, "}\n\n");
    if (!has_groups || !nonconvex_form(form))
        return;
    switch (form) {
    case NCS_FORM_MAX:
        ncs_buf_printf(o, "/* max rows of side j of group i (eqs. 32-33). */\nstatic void ");
        fn(o, "mx", c);
        ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int i, int j, double nx,\n"
                       "    double ny) {\n"
                       "    double *B = L->B;\n"
                       "    int m = L->m;\n"
                       "    B[(o->d + i) * m + o->g + j] = 1.0;\n"
                       "    B[(o->c + j) * m + o->c + j] = 1.0;\n    ");
        fn(o, "a", c);
        ncs_buf_tpl(o, "(L, o, o->c + j, nx, ny, 1.0);\n"
                       "    B[(o->g + j) * m + o->c + j] = 1.0;\n"
                       "    B[(o->g + j) * m + o->d + i] = 1.0;\n"
                       "    B[(o->h + j) * m + o->h + j] = 1.0;\n    ");
        fn(o, "a", c);
        ncs_buf_tpl(o, "(L, o, o->h + j, nx, ny, 1.0);\n"
                       "    B[(o->py + j) * m + o->h + j] = 1.0;\n"
                       "    B[(o->py + j) * m + o->d + i] = 1.0;\n"
                       "}\n\n");
        break;
    case NCS_FORM_SUMMATION:
        ncs_buf_printf(o, "/* summation rows of side j of the group at j0 with n sides (eqs. 34-35). */\n"
                          "static void ");
        fn(o, "sm", c);
        ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int j0, int n, int j,\n"
                       "    double nx, double ny) {\n"
                       "    int l, m = L->m;\n"
                       "    L->B[(o->c + j) * m + o->c + j] = 1.0;\n    ");
        fn(o, "a", c);
        ncs_buf_tpl(o, "(L, o, o->c + j, nx, ny, -1.0);\n"
                       "    for (l = j0; l < j0 + n; l++)\n"
                       "        L->B[(o->py + j) * m + o->c + l] = 1.0;\n"
                       "}\n\n");
        break;
    default:
        ncs_buf_printf(o, "/* diff: c row of side j (> j0) of group i, minus its first side's. */\n"
                          "static void ");
        fn(o, "dc", c);
        ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int i, int j0, int j,\n"
                       "    double nx, double ny, double nx1, double ny1) {\n"
                       "    int l, m = L->m, r = o->c + j - i - 1;\n"
                       "    L->B[r * m + r] = 1.0;\n    ");
        fn(o, "a", c);
        ncs_buf_printf(o, "(L, o, r, nx, ny, -1.0);\n    ");
        fn(o, "a", c);
        ncs_buf_tpl(o, "(L, o, r, nx1, ny1, 1.0);\n"
                       "    for (l = j0 + 1; l < j; l++)\n"
                       "        L->B[r * m + o->c + l - i - 1] = 1.0;\n"
                       "}\n\n");
        ncs_buf_printf(o, "/* diff: row r = a_1 + sum of the group's c (the p_y rows%s). */\n"
                          "static void ",
                       form == NCS_FORM_DIFF_ACCURATE ? " and pd" : "");
        fn(o, "dp", c);
        ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int r, int i, int j0,\n"
                       "    int n, double nx1, double ny1) {\n"
                       "    int l, m = L->m;\n    ");
        fn(o, "a", c);
        ncs_buf_tpl(o, "(L, o, r, nx1, ny1, 1.0);\n"
                       "    for (l = j0 + 1; l < j0 + n; l++)\n"
                       "        L->B[r * m + o->c + l - i - 1] += 1.0;\n"
                       "}\n\n");
        if (form == NCS_FORM_DIFF_ACCURATE) {
            ncs_buf_printf(o, "/* diff-accurate: gv row of side j. */\nstatic void ");
            fn(o, "dg", c);
            ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int j, double nx,\n"
                           "    double ny) {\n"
                           "    int m = L->m;\n"
                           "    L->B[(o->py + j) * m + o->gv + j] = 1.0;\n"
                           "    L->B[(o->gv + j) * m + o->gv + j] = 1.0;\n    ");
            fn(o, "a", c);
            ncs_buf_printf(o, "(L, o, o->gv + j, nx, ny, 1.0);\n}\n\n");
        }
        break;
    }
}

/* Friction coefficient of body b against side sd: its obstacle's (a side
 * of a merged solid lies on one obstacle's boundary, docs/geometry.md). */
static double side_mu(const ncs_plan *p, int b, const ncs_gside *sd) {
    double m = p->s->bodies[b].friction * p->s->obstacles[sd->obstacle].friction;
    return m > 0 ? sqrt(m) : 0;
}

/* One nonconvex group's rows, unrolled. */
static void emit_group_fn(const ncs_plan *p, int c, int gi, ncs_buf *o) {
    const ncs_plan_body *pb = &p->bodies[c];
    const ncs_cspace *cs = ncs_plan_cspace(p, c);
    const ncs_group *gr = &cs->groups[gi];
    const ncs_gside *sd = &cs->sides[gr->first_side];
    int form = p->s->form, n = gr->nsides, l, G = p->spaces[pb->space].group0 + gi;
    ncs_buf_printf(o, "/* Group %d (obstacle %s), %d sides. */\nstatic void ", G,
                   p->s->obstacles[gr->obstacle].name, n);
    ncs_buf_tpl(o, "@_g");
    ncs_buf_printf(o, "%d_%d", c, G);
    ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int i, int j0) {\n");
    if (form == NCS_FORM_MAX)
        ncs_buf_printf(o, "    L->B[(o->p + i) * L->m + o->d + i] = 1.0;\n");
    if (form == NCS_FORM_SUMMATION)
        ncs_buf_printf(o, "    (void)i;\n");
    for (l = 0; l < n; l++) {
        switch (form) {
        case NCS_FORM_MAX:
            ncs_buf_printf(o, "    ");
            fn(o, "mx", c);
            ncs_buf_printf(o, "(L, o, i, j0 + %d", l);
            nlit(o, sd[l].normal.x, sd[l].normal.y);
            ncs_buf_printf(o, ");\n");
            break;
        case NCS_FORM_SUMMATION:
            ncs_buf_printf(o, "    ");
            fn(o, "sm", c);
            ncs_buf_printf(o, "(L, o, j0, %d, j0 + %d", n, l);
            nlit(o, sd[l].normal.x, sd[l].normal.y);
            ncs_buf_printf(o, ");\n");
            break;
        default:
            if (l > 0) {
                ncs_buf_printf(o, "    ");
                fn(o, "dc", c);
                ncs_buf_printf(o, "(L, o, i, j0, j0 + %d", l);
                nlit(o, sd[l].normal.x, sd[l].normal.y);
                nlit(o, sd[0].normal.x, sd[0].normal.y);
                ncs_buf_printf(o, ");\n");
            }
            break;
        }
    }
    if (form == NCS_FORM_DIFF || form == NCS_FORM_DIFF_ACCURATE) {
        for (l = 0; l < n; l++) {
            ncs_buf_printf(o, "    ");
            fn(o, "dp", c);
            ncs_buf_printf(o, "(L, o, o->py + j0 + %d, i, j0, %d", l, n);
            nlit(o, sd[0].normal.x, sd[0].normal.y);
            ncs_buf_printf(o, ");\n");
            if (form == NCS_FORM_DIFF_ACCURATE) {
                ncs_buf_printf(o, "    ");
                fn(o, "dg", c);
                ncs_buf_printf(o, "(L, o, j0 + %d", l);
                nlit(o, sd[l].normal.x, sd[l].normal.y);
                ncs_buf_printf(o, ");\n");
            }
        }
        if (form == NCS_FORM_DIFF_ACCURATE) {
            ncs_buf_printf(o, "    ");
            fn(o, "dp", c);
            ncs_buf_printf(o, "(L, o, o->pd + i, i, j0, %d", n);
            nlit(o, sd[0].normal.x, sd[0].normal.y);
            ncs_buf_printf(o, ");\n");
        }
    }
    if (pb->k)
        for (l = 0; l < n; l++) {
            ncs_buf_printf(o, "    ");
            fn(o, "f", c);
            ncs_buf_printf(o, "(L, o, j0 + %d", l);
            nlit(o, sd[l].normal.x, sd[l].normal.y);
            ncs_buf_printf(o, ", ");
            ncs_buf_num(o, side_mu(p, c, &sd[l]));
            ncs_buf_printf(o, ");\n");
        }
    ncs_buf_printf(o, "}\n\n");
}

/* Everything one class needs. */
static void emit_class(const ncs_plan *p, int c, ncs_buf *o) {
    const ncs_plan_body *pb = &p->bodies[c];
    const ncs_cspace *cs = ncs_plan_cspace(p, c);
    int form = p->s->form, gi, j, has_groups = 0;
    int side0 = p->spaces[pb->space].side0, group0 = p->spaces[pb->space].group0;
    for (gi = 0; gi < cs->ngroups; gi++)
        if (cs->groups[gi].nsides >= 2)
            has_groups = nonconvex_form(form);
    if (cs->nsides == 0) {
        /* nothing to touch: no contact can ever be selected */
        ncs_buf_printf(o, "static void ");
        fn(o, "asm", c);
        ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o) {\n"
                       "    (void)L;\n    (void)o;\n}\n\n");
        return;
    }
    emit_class_helpers(p, c, has_groups, o);
    if (has_groups)
        for (gi = 0; gi < cs->ngroups; gi++)
            if (cs->groups[gi].nsides >= 2)
                emit_group_fn(p, c, gi, o);
    ncs_buf_printf(o, "/* Convex contact c from its side (one case per side). */\nstatic void ");
    fn(o, "x", c);
    ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o, int c) {\n"
                   "    switch (L->side[c]) {\n");
    for (gi = 0; gi < cs->ngroups; gi++) {
        const ncs_group *gr = &cs->groups[gi];
        for (j = gr->first_side; j < gr->first_side + gr->nsides; j++) {
            ncs_buf_printf(o, "    case %d: ", side0 + j);
            fn(o, "cv", c);
            ncs_buf_printf(o, "(L, o, c");
            nlit(o, cs->sides[j].normal.x, cs->sides[j].normal.y);
            ncs_buf_printf(o, ", ");
            ncs_buf_num(o, side_mu(p, c, &cs->sides[j]));
            ncs_buf_printf(o, "); break;\n");
        }
    }
    ncs_buf_printf(o, "    default: break;\n    }\n}\n\n");
    ncs_buf_printf(o, "/* B of the active set (B holds zeros on entry). */\nstatic void ");
    fn(o, "asm", c);
    ncs_buf_tpl(o, "(@_lcp *L, const ncs_layout_offsets *o) {\n    int ");
    if (has_groups) {
        ncs_buf_tpl(o, "i, j0, c;\n"
                       "    for (i = 0, j0 = 0; i < L->ng; j0 += L->gsize[i], i++)\n"
                       "        switch (L->grp[i]) {\n");
        for (gi = 0; gi < cs->ngroups; gi++)
            if (cs->groups[gi].nsides >= 2) {
                ncs_buf_printf(o, "        case %d: ", group0 + gi);
                ncs_buf_tpl(o, "@_g");
                ncs_buf_printf(o, "%d_%d(L, o, i, j0); break;\n", c, group0 + gi);
            }
        ncs_buf_printf(o, "        default: break;\n        }\n");
    } else
        ncs_buf_printf(o, "c;\n");
    ncs_buf_printf(o, "    for (c = o->y; c < L->nc; c++)\n        ");
    fn(o, "x", c);
    ncs_buf_printf(o, "(L, o, c);\n}\n\n");
}

static const char *const Offsets =
    "/* Block offsets of ncs/layout.h for g groups, y sides, x convex contacts. */\n"
    "static int @_take(int *at, int size) {\n"
    "    int off = size > 0 ? *at : -1;\n"
    "    *at += size;\n"
    "    return off;\n"
    "}\n\n"
    "static void @_offsets(ncs_layout_offsets *o, int g, int y, int x, int k) {\n"
    "    int at = 0;\n"
    "    o->y = y;\n"
    "    o->nc = y + x;\n"
    "    o->c = o->d = o->g = o->h = o->p = o->gv = o->pd = -1;\n"
    "    o->nc_c = 0;\n";

static const char *const OffsetsTail =
    "    o->py = @_take(&at, y);\n"
    "    o->px = @_take(&at, x);\n"
    "    o->pf = @_take(&at, k * (y + x));\n"
    "    o->s = @_take(&at, k > 0 ? y + x : 0);\n"
    "    o->m = at;\n"
    "}\n\n";

static const char *const RhsHead =
    "/* b of the active set (every row written; layout.h's rows, the order of\n"
    " * operations of the reference assembler, so also its signed zeros). */\n"
    "static void @_rhs(@_lcp *L, const ncs_layout_offsets *o, int k) {\n"
    "    double *b = L->b;\n"
    "    const double *a = L->a0n;\n"
    "    int i, j, j0, n, c;\n";

static const char *const RhsMax =
    "    for (i = 0, j0 = 0; i < L->ng; j0 += L->gsize[i], i++) {\n"
    "        n = L->gsize[i];\n"
    "        b[o->d + i] = -1.0;\n"
    "        b[o->p + i] = 1.0 - $_GAMMA;\n"
    "        for (j = j0; j < j0 + n; j++) {\n"
    "            b[o->c + j] = a[j] - 1.0;\n"
    "            b[o->g + j] = -$_GAMMA;\n"
    "            b[o->h + j] = 0.0 + a[j];\n"
    "            b[o->py + j] = 1.0 - $_GAMMA;\n"
    "        }\n"
    "    }\n";

static const char *const RhsSum =
    "    for (i = 0, j0 = 0; i < L->ng; j0 += L->gsize[i], i++) {\n"
    "        n = L->gsize[i];\n"
    "        for (j = j0; j < j0 + n; j++) {\n"
    "            b[o->c + j] = -a[j] - $_EPS_H;\n"
    "            b[o->py + j] = -$_EPS_H;\n"
    "        }\n"
    "    }\n";

static const char *const RhsDiff =
    "    for (i = 0, j0 = 0; i < L->ng; j0 += L->gsize[i], i++) {\n"
    "        n = L->gsize[i];\n"
    "        for (j = j0 + 1; j < j0 + n; j++)\n"
    "            b[o->c + j - i - 1] = 0.0 - a[j] + a[j0];\n"
    "        for (j = j0; j < j0 + n; j++)\n"
    "            b[o->py + j] = 0.0 + a[j0];\n";

static const char *const RhsDiffAcc =
    "        for (j = j0; j < j0 + n; j++)\n"
    "            b[o->gv + j] = 0.0 + a[j];\n"
    "        b[o->pd + i] = 0.0 + a[j0];\n";

static const char *const RhsTail =
    "    for (c = o->y; c < L->nc; c++)\n"
    "        b[o->px + (c - o->y)] = 0.0 + a[c];\n"
    "    if (k)\n"
    "        for (c = 0; c < L->nc; c++) {\n"
    "            b[o->pf + 2 * c] = L->a0t[c];\n"
    "            b[o->pf + 2 * c + 1] = -L->a0t[c];\n"
    "            b[o->s + c] = 0.0;\n"
    "        }\n"
    "}\n\n";

/* Offsets, b, and every dynamic class's B. */
static void emit_assembler(const ncs_plan *p, ncs_buf *o) {
    int form = p->s->form, b, c;
    ncs_buf_tpl(o, Offsets);
    switch (form) {
    case NCS_FORM_MAX:
        ncs_buf_tpl(o, "    o->nc_c = y;\n    o->c = @_take(&at, y);\n    o->d = @_take(&at, g);\n"
                          "    o->g = @_take(&at, y);\n    o->h = @_take(&at, y);\n"
                          "    o->p = @_take(&at, g);\n");
        break;
    case NCS_FORM_SUMMATION:
        ncs_buf_tpl(o, "    o->nc_c = y;\n    o->c = @_take(&at, y);\n    (void)g;\n");
        break;
    case NCS_FORM_DIFF:
        ncs_buf_tpl(o, "    o->nc_c = y - g;\n    o->c = @_take(&at, y - g);\n");
        break;
    case NCS_FORM_DIFF_ACCURATE:
        ncs_buf_tpl(o, "    o->nc_c = y - g;\n    o->c = @_take(&at, y - g);\n"
                          "    o->gv = @_take(&at, y);\n    o->pd = @_take(&at, g);\n");
        break;
    default:
        ncs_buf_tpl(o, "    (void)g;\n");
        break;
    }
    ncs_buf_tpl(o, OffsetsTail);
    ncs_buf_tpl(o, RhsHead);
    switch (form) {
    case NCS_FORM_MAX:
        ncs_buf_tpl(o, RhsMax);
        break;
    case NCS_FORM_SUMMATION:
        ncs_buf_tpl(o, RhsSum);
        break;
    case NCS_FORM_DIFF:
        ncs_buf_tpl(o, RhsDiff);
        ncs_buf_tpl(o, "    }\n");
        break;
    case NCS_FORM_DIFF_ACCURATE:
        ncs_buf_tpl(o, RhsDiff);
        ncs_buf_tpl(o, RhsDiffAcc);
        ncs_buf_tpl(o, "    }\n");
        break;
    default:
        ncs_buf_tpl(o, "    (void)i; (void)j; (void)j0; (void)n;\n");
        break;
    }
    ncs_buf_tpl(o, RhsTail);
    for (c = 0; c < p->s->nbodies; c++) {
        if (asm_class(p, c) != c)
            continue;
        if (!class_dynamic(p, c))
            ncs_buf_tpl(o, "#if $_DYNAMIC_ONLY\n");
        emit_class(p, c, o);
        if (!class_dynamic(p, c))
            ncs_buf_tpl(o, "#endif\n\n");
    }
    ncs_buf_tpl(o, "/* B of the active set of body i (B holds zeros on entry). */\n"
                   "static void @_assemble(@_lcp *L, const ncs_layout_offsets *o, int i) {\n"
                   "    switch (i) {\n");
    for (b = 0; b < p->s->nbodies; b++) {
        c = asm_class(p, b);
        if (!class_dynamic(p, c))
            ncs_buf_tpl(o, "#if $_DYNAMIC_ONLY\n");
        ncs_buf_printf(o, "    case %d: ", b);
        fn(o, "asm", c);
        ncs_buf_printf(o, "(L, o); break;\n");
        if (!class_dynamic(p, c))
            ncs_buf_tpl(o, "#endif\n");
    }
    ncs_buf_printf(o, "    default: (void)L; (void)o; break;\n    }\n}\n\n");
}

/* ---- contact selection ------------------------------------------------ */

static const char *const Contact =
    "/* Appends contact c from side j (obstacle ob) with free terms from q, vt. */\n"
    "static void @_contact(@_lcp *L, const @_bodyc *bc, int body, int c, int j, int ob,\n"
    "                      const double q[3], const double vt[3]) {\n"
    "    double nx = @_snx[j], ny = @_sny[j];\n"
    "    double f = nx * q[0] + ny * q[1] - @_soff[j];\n"
    "    L->side[c] = j;\n"
    "    L->cnx[c] = nx;\n"
    "    L->cny[c] = ny;\n"
    "    L->mu[c] = @_mu[body][ob];\n"
    "    L->a0n[c] = nx * vt[0] + ny * vt[1] + f * $_INV_H;\n"
    "    L->a0t[c] = nx * vt[1] - ny * vt[0] - bc->r * vt[2];\n"
    "}\n\n";

static const char *const SelectHead =
    "/* Chooses the groups that may be active in this step (docs/formulations.md,\n"
    " * Proximity) and fills the contact list. Returns 0, or -1 when more than\n"
    " * the capacity are near. */\n"
    "static int @_select(@_lcp *L, const @_bodyc *bc, int body, const double q[3],\n"
    "                    const double v[3], const double vt[3]) {\n"
    "    int gid[$_CAPACITY] = {0}, xs[$_CAPACITY] = {0}; /* zeroed for GCC -O3 */\n"
    "    int ng = 0, nx = 0, gr, j, c = 0, i, e;\n"
    "    double sp = sqrt(v[0] * v[0] + v[1] * v[1]);\n"
    "    double spt = sqrt(vt[0] * vt[0] + vt[1] * vt[1]);\n"
    "    double reach = 2.0 * $_H * (sp > spt ? sp : spt) + $_MARGIN;\n"
    "    for (gr = bc->g0; gr < bc->g0 + bc->ng; gr++) {\n"
    "        int j0 = @_gfirst[gr], n = @_gn[gr], best = j0, single = 1;\n"
    "        double fbest = -HUGE_VAL;\n"
    "        for (j = j0; j < j0 + n; j++) {\n"
    "            double f = @_snx[j] * q[0] + @_sny[j] * q[1] - @_soff[j];\n"
    "            if (f > fbest) {\n"
    "                fbest = f;\n"
    "                best = j;\n"
    "            }\n"
    "        }\n"
    "        if (bc->is_static && !$_DYNAMIC_ONLY) {\n"
    "            gid[ng++] = gr;\n"
    "            continue;\n"
    "        }\n"
    "        if (fbest > reach)\n"
    "            continue;\n"
    "        if (ng + nx == bc->cap)\n"
    "            return -1;\n";

static const char *const SelectStewart =
    "        (void)single;\n"
    "        xs[nx++] = best;\n"
    "    }\n";

static const char *const SelectNonconvex =
    "        /* One side is enough when every other side stays behind its line\n"
    "         * for the whole reachable disc: then outside <=> in front of best.\n"
    "         * A one-sided group is always a convex contact. */\n"
    "        for (j = j0; j < j0 + n && single; j++)\n"
    "            if (j != best && @_snx[j] * q[0] + @_sny[j] * q[1] - @_soff[j] >= -reach)\n"
    "                single = 0;\n"
    "        if ((single && $_SINGLE_SIDE) || n == 1)\n"
    "            xs[nx++] = best;\n"
    "        else\n"
    "            gid[ng++] = gr;\n"
    "    }\n";

static const char *const SelectTail =
    "    for (i = 0; i < ng; i++) {\n"
    "        L->grp[i] = gid[i];\n"
    "        L->gsize[i] = @_gn[gid[i]];\n"
    "        for (j = @_gfirst[gid[i]]; j < @_gfirst[gid[i]] + @_gn[gid[i]]; j++)\n"
    "            @_contact(L, bc, body, c++, j, @_sobst[j], q, vt);\n"
    "    }\n"
    "    for (e = 0; e < nx; e++)\n"
    "        @_contact(L, bc, body, c++, xs[e], @_sobst[xs[e]], q, vt);\n"
    "    L->ng = ng;\n"
    "    L->nx = nx;\n"
    "    L->nc = c;\n"
    "    return 0;\n"
    "}\n\n";

/* ---- static bodies: compile-time B, straight-line b ------------------- */

/* Appends the term k * expr of a folded linear form: nothing for k = 0,
 * no multiplication for k = +-1, " + " / " - " after an earlier term. */
static void lin_term(ncs_buf *o, int *any, double k, const char *expr) {
    if (k == 0)
        return;
    ncs_buf_printf(o, "%s", *any ? (k > 0 ? " + " : " - ") : (k > 0 ? "" : "-"));
    if (k != 1 && k != -1) {
        ncs_buf_num(o, k > 0 ? k : -k);
        ncs_buf_printf(o, " * ");
    }
    ncs_buf_printf(o, "%s", expr);
    *any = 1;
}

/* lin_term for name[c]. */
static void affine_term(ncs_buf *o, int *any, double k, const char *name, int c) {
    char expr[32];
    snprintf(expr, sizeof expr, "%s[%d]", name, c);
    lin_term(o, any, k, expr);
}

static int emit_static_body(const ncs_plan *p, int b, ncs_buf *o) {
    const ncs_scene *s = p->s;
    const ncs_plan_body *pb = &p->bodies[b];
    const ncs_cspace *cs = ncs_plan_cspace(p, b);
    ncs_fasm_in in;
    ncs_fasm f;
    int *gsize = malloc(((size_t)cs->ngroups + 1) * sizeof *gsize);
    int *cside = malloc(((size_t)cs->nsides + 1) * sizeof *cside);
    double *nx = malloc(((size_t)cs->nsides + 1) * sizeof *nx);
    double *ny = malloc(((size_t)cs->nsides + 1) * sizeof *ny);
    double *mu = malloc(((size_t)cs->nsides + 1) * sizeof *mu);
    int i, j, c, r, rc = -1, ng = 0, nx1 = 0, side0 = p->spaces[pb->space].side0;
    double inv_h = 1 / s->h;
    memset(&f, 0, sizeof f);
    if (!gsize || !cside || !nx || !ny || !mu)
        goto done;
    /* Contact order of layout.h: the sides of groups with >= 2 sides, then
     * one-sided groups as convex contacts (a one-sided group is convex; this
     * is also cheaper than its one-row nonconvex form, see
     * docs/formulations.md). */
    for (i = 0, c = 0; i < cs->ngroups; i++) {
        const ncs_group *gr = &cs->groups[i];
        if (gr->nsides < 2)
            continue;
        gsize[ng++] = gr->nsides;
        for (j = 0; j < gr->nsides; j++)
            cside[c++] = gr->first_side + j;
    }
    for (i = 0; i < cs->ngroups; i++)
        if (cs->groups[i].nsides == 1) {
            cside[c++] = cs->groups[i].first_side;
            nx1++;
        }
    for (j = 0; j < c; j++) {
        const ncs_gside *sd = &cs->sides[cside[j]];
        nx[j] = sd->normal.x;
        ny[j] = sd->normal.y;
        mu[j] = side_mu(p, b, sd);
    }
    memset(&in, 0, sizeof in);
    in.form = s->form;
    in.ng = ng;
    in.gsize = gsize;
    in.nx = nx1;
    in.k = pb->k;
    in.nx_ = nx;
    in.ny_ = ny;
    in.mu = mu;
    in.im = pb->im;
    in.iI = pb->iI;
    in.r = pb->r;
    in.gamma = p->gamma;
    in.eps_h = p->epsilon / s->h;
    if (ncs_fasm_build(&in, &f) != 0)
        goto done;
    ncs_buf_printf(o, "/* Body %d (%s): static structure, %d nonconvex groups, %d convex\n"
                      " * contacts, m = %d. B is constant. */\n",
                   b, s->bodies[b].name, ng, nx1, f.m);
    ncs_buf_printf(o, "static const double ");
    ncs_buf_tpl(o, "@_B_b");
    ncs_buf_printf(o, "%d[%d] = {\n    ", b, f.m * f.m);
    num_list(o, f.B, f.m * f.m);
    ncs_buf_printf(o, "\n};\n\n");
    ncs_buf_tpl(o, "static const double *@_static_b");
    ncs_buf_printf(o, "%d(", b);
    ncs_buf_tpl(o, "@_lcp *L, const double q[3], const double vt[3]) {\n"
                   "    double *b = L->b;\n");
    if (pb->r == 0 || !pb->k)
        ncs_buf_printf(o, "    (void)vt[2];\n");
    for (c = 0; c < f.nc; c++) {
        const ncs_gside *sd = &cs->sides[cside[c]];
        /* a0n = n.vt + (n.q - off) / h with n / h and off / h folded */
        double off = sd->normal.x * sd->point.x + sd->normal.y * sd->point.y;
        int any = 0;
        ncs_buf_printf(o, "    L->side[%d] = %d;\n", c, side0 + cside[c]);
        ncs_buf_printf(o, "    L->cnx[%d] = ", c);
        ncs_buf_num(o, nx[c]);
        ncs_buf_printf(o, ";\n    L->cny[%d] = ", c);
        ncs_buf_num(o, ny[c]);
        ncs_buf_printf(o, ";\n    L->mu[%d] = ", c);
        ncs_buf_num(o, mu[c]);
        ncs_buf_printf(o, ";\n    L->a0n[%d] = ", c);
        lin_term(o, &any, nx[c], "vt[0]");
        lin_term(o, &any, nx[c] * inv_h, "q[0]");
        lin_term(o, &any, ny[c], "vt[1]");
        lin_term(o, &any, ny[c] * inv_h, "q[1]");
        if (off != 0 || !any) {
            ncs_buf_printf(o, any ? " + " : "");
            ncs_buf_num(o, -off * inv_h);
        }
        ncs_buf_printf(o, ";\n");
        if (pb->k) {
            /* a0t = t.vt - r w~, t = (-ny, nx) */
            any = 0;
            ncs_buf_printf(o, "    L->a0t[%d] = ", c);
            lin_term(o, &any, -ny[c], "vt[0]");
            lin_term(o, &any, nx[c], "vt[1]");
            lin_term(o, &any, -pb->r, "vt[2]");
            ncs_buf_printf(o, "%s;\n", any ? "" : "0.0");
        }
    }
    for (i = 0; i < ng; i++)
        ncs_buf_printf(o, "    L->gsize[%d] = %d;\n", i, gsize[i]);
    ncs_buf_printf(o, "    L->ng = %d;\n    L->nx = %d;\n    L->nc = %d;\n    L->m = %d;\n",
                   ng, nx1, f.nc, f.m);
    for (r = 0; r < f.m; r++) {
        int any = 0;
        ncs_buf_printf(o, "    b[%d] = ", r);
        for (c = 0; c < f.nc; c++) {
            affine_term(o, &any, f.bn[r * f.nc + c], "L->a0n", c);
            affine_term(o, &any, f.bt[r * f.nc + c], "L->a0t", c);
        }
        if (f.bconst[r] != 0 || !any) {
            if (any)
                ncs_buf_printf(o, " + ");
            ncs_buf_num(o, f.bconst[r]);
        }
        ncs_buf_printf(o, ";\n");
    }
    ncs_buf_tpl(o, "    return @_B_b");
    ncs_buf_printf(o, "%d;\n}\n\n", b);
    rc = 0;
done:
    ncs_fasm_free(&f);
    free(gsize);
    free(cside);
    free(nx);
    free(ny);
    free(mu);
    return rc;
}

/* ---- step, integration, API ------------------------------------------- */

static const char *const BodyStepHead =
    "/* One body's step into qn, vn; the state is not touched. */\n"
    "static int @_body_step(@_state *s, int i, double qn[3], double vn[3], @_info *inf) {\n"
    "    const @_bodyc *bc = &@_body[i];\n"
    "    @_lcp *L = &s->lcp;\n"
    "    const double *q = s->q[i], *v = s->v[i];\n"
    "    const double *B = L->B;\n"
    "    double vt[3], dv0 = 0.0, dv1 = 0.0, dw = 0.0;\n"
    "    ncs_layout lay;\n"
    "    ncs_layout_offsets o;\n"
    "    ncs_lcp_info li;\n"
    "    int st, c;\n";

static const char *const BodyStepInit =
    "    inf->status = $_STEP_OK;\n"
    "    inf->lcp_status = 0;\n"
    "    inf->body = -1;\n"
    "    inf->pivots = 0;\n"
    "    inf->m = 0;\n"
    "    inf->groups = 0;\n"
    "    vt[0] = v[0] + $_H * bc->ax;\n"
    "    vt[1] = v[1] + $_H * bc->ay;\n"
    "    vt[2] = v[2] + $_H * bc->alpha;\n"
    "    switch ($_DYNAMIC_ONLY ? -1 : i) {\n";

static const char *const BodyStepSelect =
    "    default:\n"
    "        if (@_select(L, bc, i, q, v, vt) != 0) {\n"
    "            inf->status = $_STEP_CAPACITY;\n"
    "            inf->body = i;\n"
    "            return $_STEP_CAPACITY;\n"
    "        }\n"
    "        dyn = 1;\n"
    "        break;\n";

static const char *const BodyStepLayout =
    "    }\n"
    "    inf->groups = L->ng + L->nx;\n"
    "    if (L->nc > 0) {\n"
    "        lay.form = $_FORMULATION;\n"
    "        lay.ngroups = L->ng;\n"
    "        lay.group_size = L->gsize;\n"
    "        lay.nconvex = L->nx;\n"
    "        lay.nfric = bc->k;\n"
    "        lay.gamma = $_GAMMA;\n"
    "        lay.eps_h = $_EPS_H;\n";

static const char *const BodyStepDynOffsets =
    "        if (dyn) {\n"
    "            @_offsets(&o, L->ng, L->nc - L->nx, L->nx, bc->k);\n"
    "            st = o.m > $_MAX_M;\n"
    "        } else\n"
    "            st = ncs_layout_offsets_of(&lay, &o) != 0 || o.m > $_MAX_M;\n"
    "        if (st) {\n";

static const char *const BodyStepStaticOffsets =
    "        if (ncs_layout_offsets_of(&lay, &o) != 0 || o.m > $_MAX_M) {\n";

static const char *const BodyStepBad =
    "            inf->status = $_STEP_LCP_FAILED;\n"
    "            inf->lcp_status = NCS_LCP_BAD_INPUT;\n"
    "            inf->body = i;\n"
    "            return $_STEP_LCP_FAILED;\n"
    "        }\n"
    "        L->m = o.m;\n";

static const char *const BodyStepAssemble =
    "        if (dyn) {\n"
    "            /* B depends only on the active set: rebuilt when it changed,\n"
    "             * after clearing the previous m x m block (outside it B is 0). */\n"
    "            if (@_changed(L, i)) {\n"
    "                memset(L->B, 0, (size_t)L->asm_m * (size_t)L->asm_m * sizeof *L->B);\n"
    "                @_assemble(L, &o, i);\n"
    "                L->asm_body = i;\n"
    "                L->asm_ng = L->ng;\n"
    "                L->asm_nc = L->nc;\n"
    "                L->asm_m = L->m;\n"
    "                memcpy(L->asm_side, L->side, (size_t)L->nc * sizeof *L->side);\n"
    "            }\n"
    "            @_rhs(L, &o, bc->k);\n"
    "        }\n";

static const char *const BodyStepMid =
    "        st = (int)ncs_lcp_solve(s->ws[i], &lay, L->m, B, L->m, L->b, L->z, NULL,\n"
    "                                NULL, &li);\n"
    "        inf->pivots = li.pivots;\n"
    "        inf->m = L->m;\n"
    "        if (s->hook)\n"
    "            s->hook(s->hook_ctx, s->step + 1, i, &lay, L->m, B, L->b, L->z, st);\n"
    "        if (st != NCS_LCP_SOLVED) {\n"
    "            inf->status = $_STEP_LCP_FAILED;\n"
    "            inf->lcp_status = st;\n"
    "            inf->body = i;\n"
    "            return $_STEP_LCP_FAILED;\n"
    "        }\n"
    "        for (c = 0; c < L->nc; c++) {\n"
    "            double pn = L->z[c < o.y ? o.py + c : o.px + (c - o.y)];\n"
    "            double pt = bc->k ? L->z[o.pf + 2 * c] - L->z[o.pf + 2 * c + 1] : 0.0;\n"
    "            dv0 += L->cnx[c] * pn - L->cny[c] * pt;\n"
    "            dv1 += L->cny[c] * pn + L->cnx[c] * pt;\n"
    "            dw -= bc->r * pt;\n"
    "        }\n"
    "    }\n"
    "    vn[0] = vt[0] + bc->im * dv0;\n"
    "    vn[1] = vt[1] + bc->im * dv1;\n"
    "    vn[2] = vt[2] + bc->iI * dw;\n"
    "    qn[0] = q[0] + $_H * vn[0];\n"
    "    qn[1] = q[1] + $_H * vn[1];\n"
    "    qn[2] = q[2] + $_H * vn[2];\n"
    "    return $_STEP_OK;\n"
    "}\n\n";

static const char *const Changed =
    "/* 1 when body i's active contacts differ from those B was built for. */\n"
    "static int @_changed(const @_lcp *L, int i) {\n"
    "    int c;\n"
    "    if (L->asm_body != i || L->asm_ng != L->ng || L->asm_nc != L->nc)\n"
    "        return 1;\n"
    "    for (c = 0; c < L->nc; c++)\n"
    "        if (L->asm_side[c] != L->side[c])\n"
    "            return 1;\n"
    "    return 0;\n"
    "}\n\n";

static const char *const ApiStep =
    "int @_step(@_state *s) {\n"
    /* Zeroed although every body's step writes its row before it is read:
     * GCC's -O3 otherwise warns (-Wuninitialized) on some scenes. */
    "    double qn[$_NBODIES][3] = {{0}}, vn[$_NBODIES][3] = {{0}};\n"
    "    @_info all, one;\n"
    "    int i, k, st;\n"
    "    all.status = $_STEP_OK;\n"
    "    all.lcp_status = 0;\n"
    "    all.body = -1;\n"
    "    all.pivots = 0;\n"
    "    all.m = 0;\n"
    "    all.groups = 0;\n"
    "    for (i = 0; i < $_NBODIES; i++) {\n"
    "        st = @_body_step(s, i, qn[i], vn[i], &one);\n"
    "        s->body_last[i] = one;\n"
    "        all.pivots += one.pivots;\n"
    "        all.groups += one.groups;\n"
    "        if (one.m > all.m)\n"
    "            all.m = one.m;\n"
    "        if (st != $_STEP_OK) {\n"
    "            all.status = st;\n"
    "            all.lcp_status = one.lcp_status;\n"
    "            all.body = i;\n"
    "            s->last = all;\n"
    "            return st;\n"
    "        }\n"
    "    }\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        for (k = 0; k < 3; k++) {\n"
    "            s->q[i][k] = qn[i][k];\n"
    "            s->v[i][k] = vn[i][k];\n"
    "        }\n"
    "    s->step++;\n"
    "    s->last = all;\n"
    "    return $_STEP_OK;\n"
    "}\n\n"
    "int @_reset(@_state *s) {\n"
    "    int i, k;\n"
    "    for (i = 0; i < $_NBODIES; i++) {\n"
    "        for (k = 0; k < 3; k++) {\n"
    "            s->q[i][k] = @_body[i].q0[k];\n"
    "            s->v[i][k] = @_body[i].v0[k];\n"
    "        }\n"
    "        memset(&s->body_last[i], 0, sizeof s->body_last[i]);\n"
    "        s->body_last[i].body = -1;\n"
    "        s->ws[i] = ncs_lcp_workspace_init(s->wsmem[i], sizeof s->wsmem[i], $_MAX_M);\n"
    "        if (!s->ws[i])\n"
    "            return -1;\n"
    "    }\n"
    "    s->lcp.asm_body = -1;\n"
    "    s->lcp.asm_m = $_MAX_M;\n"
    "    s->step = 0;\n"
    "    memset(&s->last, 0, sizeof s->last);\n"
    "    s->last.body = -1;\n"
    "    return 0;\n"
    "}\n\n"
    "int @_init(@_state *s) {\n"
    "    s->hook = NULL;\n"
    "    s->hook_ctx = NULL;\n"
    "    return @_reset(s);\n"
    "}\n\n";

static const char *const ApiAccess =
    "void @_set_lcp_hook(@_state *s, @_lcp_hook fn, void *ctx) {\n"
    "    s->hook = fn;\n"
    "    s->hook_ctx = ctx;\n"
    "}\n\n"
    "void @_position(const @_state *s, int body, double xy[2]) {\n"
    "    xy[0] = s->q[body][0];\n"
    "    xy[1] = s->q[body][1];\n"
    "}\n\n"
    "void @_velocity(const @_state *s, int body, double v[2]) {\n"
    "    v[0] = s->v[body][0];\n"
    "    v[1] = s->v[body][1];\n"
    "}\n\n"
    "double @_angle(const @_state *s, int body) { return s->q[body][2]; }\n\n"
    "double @_omega(const @_state *s, int body) { return s->v[body][2]; }\n\n"
    "@_info @_last_info(const @_state *s) { return s->last; }\n\n"
    "@_info @_body_info(const @_state *s, int body) { return s->body_last[body]; }\n\n"
    "const char *@_body_name(int body) { return @_names[body]; }\n\n"
    "double @_penetration(const @_state *s, int body) {\n"
    "    const @_bodyc *bc = &@_body[body];\n"
    "    double worst = 0.0;\n"
    "    int gr, j;\n"
    "    for (gr = bc->g0; gr < bc->g0 + bc->ng; gr++) {\n"
    "        double fmax = -HUGE_VAL;\n"
    "        for (j = @_gfirst[gr]; j < @_gfirst[gr] + @_gn[gr]; j++) {\n"
    "            double f = @_snx[j] * s->q[body][0] + @_sny[j] * s->q[body][1] - @_soff[j];\n"
    "            if (f > fmax)\n"
    "                fmax = f;\n"
    "        }\n"
    "        if (-fmax > worst)\n"
    "            worst = -fmax;\n"
    "    }\n"
    "    return worst;\n"
    "}\n";

void ncs_emit_source(const ncs_plan *p, ncs_buf *o) {
    const ncs_scene *s = p->s;
    int b;
    ncs_buf_tpl(o, "/* @.c - time-stepper for scene '");
    ncs_buf_printf(o, "%s'. Generated by ncsc; do not edit.\n", s->name);
    ncs_buf_tpl(o,
        " * One LCP per body and step (bodies do not touch each other), assembled\n"
        " * for the layout of ncs/layout.h and solved by ncs_lcp_solve. */\n"
        "#include <math.h>\n"
        "#include <string.h>\n"
        "#include \"@.h\"\n\n"
        "#define $_INV_H ");
    ncs_buf_num(o, 1 / s->h);
    ncs_buf_tpl(o, "\n#define $_EPS_H ");
    ncs_buf_num(o, p->epsilon / s->h);
    ncs_buf_printf(o, "\n\n");
    ncs_buf_tpl(o,
        "/* Measurement switches (bench/codegen): -D$_DYNAMIC_ONLY=1 sends every body\n"
        " * through the proximity path, -D$_SINGLE_SIDE=0 keeps every near group\n"
        " * nonconvex. The defaults are what ncsc chose. */\n"
        "#ifndef $_DYNAMIC_ONLY\n#define $_DYNAMIC_ONLY 0\n#endif\n"
        "#ifndef $_SINGLE_SIDE\n#define $_SINGLE_SIDE 1\n#endif\n\n");
    emit_tables(p, o);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "/* Every body has a static structure; the proximity path below is\n"
                       " * only compiled for measurements. */\n#if $_DYNAMIC_ONLY\n");
    ncs_buf_tpl(o, Contact);
    ncs_buf_tpl(o, SelectHead);
    ncs_buf_tpl(o, s->form == NCS_FORM_STEWART ? SelectStewart : SelectNonconvex);
    ncs_buf_tpl(o, SelectTail);
    emit_assembler(p, o);
    ncs_buf_tpl(o, Changed);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#endif\n\n");
    for (b = 0; b < s->nbodies; b++)
        if (p->bodies[b].is_static && emit_static_body(p, b, o) != 0)
            o->oom = 1;
    ncs_buf_tpl(o, BodyStepHead);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#if $_DYNAMIC_ONLY\n    int dyn = 0;\n#endif\n");
    else
        ncs_buf_tpl(o, "    int dyn = 0;\n");
    ncs_buf_tpl(o, BodyStepInit);
    for (b = 0; b < s->nbodies; b++)
        if (p->bodies[b].is_static) {
            ncs_buf_printf(o, "    case %d:\n        B = ", b);
            ncs_buf_tpl(o, "@_static_b");
            ncs_buf_printf(o, "%d(L, q, vt);\n        break;\n", b);
        }
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#if $_DYNAMIC_ONLY\n");
    ncs_buf_tpl(o, BodyStepSelect);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#endif\n");
    ncs_buf_tpl(o, BodyStepLayout);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#if $_DYNAMIC_ONLY\n");
    ncs_buf_tpl(o, BodyStepDynOffsets);
    if (!p->anydynamic) {
        ncs_buf_tpl(o, "#else\n");
        ncs_buf_tpl(o, BodyStepStaticOffsets);
        ncs_buf_tpl(o, "#endif\n");
    }
    ncs_buf_tpl(o, BodyStepBad);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#if $_DYNAMIC_ONLY\n");
    ncs_buf_tpl(o, BodyStepAssemble);
    if (!p->anydynamic)
        ncs_buf_tpl(o, "#endif\n");
    ncs_buf_tpl(o, BodyStepMid);
    ncs_buf_tpl(o, ApiStep);
    ncs_buf_tpl(o, ApiAccess);
}
