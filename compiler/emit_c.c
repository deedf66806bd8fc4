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
enum { GROUP_FIRST, GROUP_N, GROUP_OBST };

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
                           : what == GROUP_N   ? cs->groups[k].nsides
                                               : cs->groups[k].obstacle);
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
    ncs_buf_printf(o, "\n/* Groups: first side, number of sides, obstacle. */\n");
    group_table(p, o, "gfirst", GROUP_FIRST);
    group_table(p, o, "gn", GROUP_N);
    group_table(p, o, "gobst", GROUP_OBST);
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

/* ---- runtime assembly (dynamic bodies) ------------------------------- */

static const char *const ARow =
    "/* Column of the normal impulse of contact c (p_y, then p_x). */\n"
    "static int @_ncol(const ncs_layout_offsets *o, int c) {\n"
    "    return c < o->y ? o->py + c : o->px + (c - o->y);\n"
    "}\n\n"
    "/* Row r of B += sg * (row of A for contact c's normal gap); b[r] += sg a0n[c]. */\n"
    "static void @_arow(@_lcp *L, const @_bodyc *bc, const ncs_layout_offsets *o,\n"
    "                   int r, int c, double sg) {\n"
    "    double *Br = L->B + r * L->m;\n"
    "    double nx = L->cnx[c], ny = L->cny[c];\n"
    "    int d;\n"
    "    for (d = 0; d < L->nc; d++) {\n"
    "        Br[@_ncol(o, d)] += sg * bc->im * (nx * L->cnx[d] + ny * L->cny[d]);\n";

static const char *const ARowFric =
    "        if (bc->k) {\n"
    "            double nt = sg * bc->im * (ny * L->cnx[d] - nx * L->cny[d]);\n"
    "            Br[o->pf + 2 * d] += nt;\n"
    "            Br[o->pf + 2 * d + 1] -= nt;\n"
    "        }\n";

static const char *const ARowEnd =
    "    }\n"
    "    L->b[r] += sg * L->a0n[c];\n"
    "}\n\n";

static const char *const CSum =
    "/* Row r += sum of group i's c entries (diff layouts: c_2..c_n). */\n"
    "static void @_csum(@_lcp *L, const ncs_layout_offsets *o, int r, int i, int j0, int n) {\n"
    "    int l;\n"
    "    for (l = j0 + 1; l < j0 + n; l++)\n"
    "        L->B[r * L->m + o->c + l - i - 1] += 1.0;\n"
    "}\n\n";

static const char *const Fric =
    "/* Friction rows of every contact: t_jl + s_j and mu_j p_n,j - sum_l p_f,jl. */\n"
    "static void @_friction(@_lcp *L, const @_bodyc *bc, const ncs_layout_offsets *o) {\n"
    "    int c, d, l, m = L->m;\n"
    "    double rr = bc->iI * bc->r * bc->r;\n"
    "    for (c = 0; c < L->nc; c++) {\n"
    "        double tx = -L->cny[c], ty = L->cnx[c];\n"
    "        for (l = 0; l < 2; l++) {\n"
    "            int r = o->pf + 2 * c + l;\n"
    "            double sl = l ? -1.0 : 1.0, *Br = L->B + r * m;\n"
    "            for (d = 0; d < L->nc; d++) {\n"
    "                double tn = bc->im * (tx * L->cnx[d] + ty * L->cny[d]);\n"
    "                double tt = bc->im * (ty * L->cnx[d] - tx * L->cny[d]) + rr;\n"
    "                Br[@_ncol(o, d)] += sl * tn;\n"
    "                Br[o->pf + 2 * d] += sl * tt;\n"
    "                Br[o->pf + 2 * d + 1] -= sl * tt;\n"
    "            }\n"
    "            Br[o->s + c] = 1.0;\n"
    "            L->b[r] = sl * L->a0t[c];\n"
    "        }\n"
    "        L->B[(o->s + c) * m + @_ncol(o, c)] = L->mu[c];\n"
    "        L->B[(o->s + c) * m + o->pf + 2 * c] = -1.0;\n"
    "        L->B[(o->s + c) * m + o->pf + 2 * c + 1] = -1.0;\n"
    "    }\n"
    "}\n\n";

static const char *const AsmHead =
    "/* Assembles B (ldb = m) and b of the scene's formulation (layout.h). */\n"
    "static void @_assemble(@_lcp *L, const @_bodyc *bc, const ncs_layout_offsets *o) {\n"
    "    int m = L->m, i, j, j0, n, e;\n"
    "    double *B = L->B, *b = L->b;\n"
    "    memset(B, 0, (size_t)m * (size_t)m * sizeof *B);\n"
    "    memset(b, 0, (size_t)m * sizeof *b);\n";

static const char *const AsmMax =
    "    for (i = 0, j0 = 0; i < L->ng; j0 += L->gsize[i], i++) {\n"
    "        n = L->gsize[i];\n"
    "        b[o->d + i] = -1.0;\n"
    "        B[(o->p + i) * m + o->d + i] = 1.0;\n"
    "        b[o->p + i] = 1.0 - $_GAMMA;\n"
    "        for (j = j0; j < j0 + n; j++) {\n"
    "            B[(o->d + i) * m + o->g + j] = 1.0;\n"
    "            B[(o->c + j) * m + o->c + j] = 1.0;\n"
    "            @_arow(L, bc, o, o->c + j, j, 1.0);\n"
    "            b[o->c + j] -= 1.0;\n"
    "            B[(o->g + j) * m + o->c + j] = 1.0;\n"
    "            B[(o->g + j) * m + o->d + i] = 1.0;\n"
    "            b[o->g + j] = -$_GAMMA;\n"
    "            B[(o->h + j) * m + o->h + j] = 1.0;\n"
    "            @_arow(L, bc, o, o->h + j, j, 1.0);\n"
    "            B[(o->py + j) * m + o->h + j] = 1.0;\n"
    "            B[(o->py + j) * m + o->d + i] = 1.0;\n"
    "            b[o->py + j] = 1.0 - $_GAMMA;\n"
    "        }\n"
    "    }\n";

static const char *const AsmSum =
    "    for (i = 0, j0 = 0; i < L->ng; j0 += L->gsize[i], i++) {\n"
    "        int l;\n"
    "        n = L->gsize[i];\n"
    "        for (j = j0; j < j0 + n; j++) {\n"
    "            B[(o->c + j) * m + o->c + j] = 1.0;\n"
    "            @_arow(L, bc, o, o->c + j, j, -1.0);\n"
    "            b[o->c + j] -= $_EPS_H;\n"
    "            for (l = j0; l < j0 + n; l++)\n"
    "                B[(o->py + j) * m + o->c + l] = 1.0;\n"
    "            b[o->py + j] = -$_EPS_H;\n"
    "        }\n"
    "    }\n";

static const char *const AsmDiffHead =
    "    for (i = 0, j0 = 0; i < L->ng; j0 += L->gsize[i], i++) {\n"
    "        int l, r;\n"
    "        n = L->gsize[i];\n"
    "        for (j = j0 + 1; j < j0 + n; j++) {\n"
    "            r = o->c + j - i - 1;\n"
    "            B[r * m + r] = 1.0;\n"
    "            @_arow(L, bc, o, r, j, -1.0);\n"
    "            @_arow(L, bc, o, r, j0, 1.0);\n"
    "            for (l = j0 + 1; l < j; l++)\n"
    "                B[r * m + o->c + l - i - 1] = 1.0;\n"
    "        }\n"
    "        for (j = j0; j < j0 + n; j++) {\n"
    "            r = o->py + j;\n"
    "            @_arow(L, bc, o, r, j0, 1.0);\n"
    "            @_csum(L, o, r, i, j0, n);\n";

static const char *const AsmDiffAcc =
    "            B[r * m + o->gv + j] = 1.0;\n"
    "            B[(o->gv + j) * m + o->gv + j] = 1.0;\n"
    "            @_arow(L, bc, o, o->gv + j, j, 1.0);\n"
    "        }\n"
    "        @_arow(L, bc, o, o->pd + i, j0, 1.0);\n"
    "        @_csum(L, o, o->pd + i, i, j0, n);\n"
    "    }\n";

static const char *const AsmDiffEnd =
    "        }\n"
    "    }\n";

static const char *const AsmTail =
    "    for (e = 0; e < L->nx; e++)\n"
    "        @_arow(L, bc, o, o->px + e, o->y + e, 1.0);\n";

static void emit_assembler(const ncs_plan *p, ncs_buf *o) {
    int form = p->s->form;
    ncs_buf_tpl(o, ARow);
    if (p->anyfric)
        ncs_buf_tpl(o, ARowFric);
    ncs_buf_tpl(o, ARowEnd);
    if (form == NCS_FORM_DIFF || form == NCS_FORM_DIFF_ACCURATE)
        ncs_buf_tpl(o, CSum);
    if (p->anyfric)
        ncs_buf_tpl(o, Fric);
    ncs_buf_tpl(o, AsmHead);
    switch (form) {
    case NCS_FORM_MAX:
        ncs_buf_tpl(o, AsmMax);
        break;
    case NCS_FORM_SUMMATION:
        ncs_buf_tpl(o, AsmSum);
        break;
    case NCS_FORM_DIFF:
        ncs_buf_tpl(o, AsmDiffHead);
        ncs_buf_tpl(o, AsmDiffEnd);
        break;
    case NCS_FORM_DIFF_ACCURATE:
        ncs_buf_tpl(o, AsmDiffHead);
        ncs_buf_tpl(o, AsmDiffAcc);
        break;
    default:
        ncs_buf_tpl(o, "    (void)i; (void)j; (void)j0; (void)n;\n");
        break;
    }
    ncs_buf_tpl(o, AsmTail);
    if (p->anyfric)
        ncs_buf_tpl(o, "    if (bc->k)\n        @_friction(L, bc, o);\n");
    ncs_buf_tpl(o, "}\n\n");
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
    "    int gid[$_CAPACITY], xs[$_CAPACITY];\n"
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
    "        L->gsize[i] = @_gn[gid[i]];\n"
    "        for (j = @_gfirst[gid[i]]; j < @_gfirst[gid[i]] + @_gn[gid[i]]; j++)\n"
    "            @_contact(L, bc, body, c++, j, @_gobst[gid[i]], q, vt);\n"
    "    }\n"
    "    for (e = 0; e < nx; e++) {\n"
    "        int gr2 = bc->g0;\n"
    "        while (!(xs[e] >= @_gfirst[gr2] && xs[e] < @_gfirst[gr2] + @_gn[gr2]))\n"
    "            gr2++;\n"
    "        @_contact(L, bc, body, c++, xs[e], @_gobst[gr2], q, vt);\n"
    "    }\n"
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
        int ob = 0;
        double m;
        for (i = 0; i < cs->ngroups; i++)
            if (cside[j] >= cs->groups[i].first_side &&
                cside[j] < cs->groups[i].first_side + cs->groups[i].nsides)
                ob = cs->groups[i].obstacle;
        m = s->bodies[b].friction * s->obstacles[ob].friction;
        nx[j] = sd->normal.x;
        ny[j] = sd->normal.y;
        mu[j] = m > 0 ? sqrt(m) : 0;
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
    "    int st, c;\n"
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

static const char *const BodyStepMid =
    "    default:\n"
    "        if (@_select(L, bc, i, q, v, vt) != 0) {\n"
    "            inf->status = $_STEP_CAPACITY;\n"
    "            inf->body = i;\n"
    "            return $_STEP_CAPACITY;\n"
    "        }\n"
    "        break;\n"
    "    }\n"
    "    inf->groups = L->ng + L->nx;\n"
    "    if (L->nc > 0) {\n"
    "        lay.form = $_FORMULATION;\n"
    "        lay.ngroups = L->ng;\n"
    "        lay.group_size = L->gsize;\n"
    "        lay.nconvex = L->nx;\n"
    "        lay.nfric = bc->k;\n"
    "        lay.gamma = $_GAMMA;\n"
    "        lay.eps_h = $_EPS_H;\n"
    "        if (ncs_layout_offsets_of(&lay, &o) != 0 || o.m > $_MAX_M) {\n"
    "            inf->status = $_STEP_LCP_FAILED;\n"
    "            inf->lcp_status = NCS_LCP_BAD_INPUT;\n"
    "            inf->body = i;\n"
    "            return $_STEP_LCP_FAILED;\n"
    "        }\n"
    "        L->m = o.m;\n"
    "        if (!bc->is_static || $_DYNAMIC_ONLY)\n"
    "            @_assemble(L, bc, &o);\n"
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

static const char *const ApiStep =
    "int @_step(@_state *s) {\n"
    "    double qn[$_NBODIES][3], vn[$_NBODIES][3];\n"
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
    ncs_buf_tpl(o, Contact);
    ncs_buf_tpl(o, SelectHead);
    ncs_buf_tpl(o, s->form == NCS_FORM_STEWART ? SelectStewart : SelectNonconvex);
    ncs_buf_tpl(o, SelectTail);
    emit_assembler(p, o);
    for (b = 0; b < s->nbodies; b++)
        if (p->bodies[b].is_static && emit_static_body(p, b, o) != 0)
            o->oom = 1;
    ncs_buf_tpl(o, BodyStepHead);
    for (b = 0; b < s->nbodies; b++)
        if (p->bodies[b].is_static) {
            ncs_buf_printf(o, "    case %d:\n        B = ", b);
            ncs_buf_tpl(o, "@_static_b");
            ncs_buf_printf(o, "%d(L, q, vt);\n        break;\n", b);
        }
    ncs_buf_tpl(o, BodyStepMid);
    ncs_buf_tpl(o, ApiStep);
    ncs_buf_tpl(o, ApiAccess);
}
