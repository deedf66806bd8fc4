/* world_joint.c - the step engine's joints and motors: the joint rows, the
 * mixed LCP of an island with joints, the motors' active sets
 * (docs/engine.md, "Joints" and "Motors"). Left out of a firmware copy whose
 * scene has no joints (NCS_WORLD_JOINTS 0: one.c does not include it). */
#include "world_internal.h"

/* ---- joints (docs/engine.md, "Joints") ---------------------------------- */

/* Joint end: body i's anchor (x, y) (its centroid frame; a world point when
 * i is -1) at q: the world point p and its offset r from the centroid. */
static void anchor(int i, ncs_real x, ncs_real y, const ncs_real (*q)[3], ncs_real p[2],
                   ncs_real r[2]) {
    if (i < 0) {
        p[0] = x;
        p[1] = y;
        r[0] = r[1] = 0;
        return;
    }
    rot(q[i][2], x, y, r);
    p[0] = q[i][0] + r[0];
    p[1] = q[i][1] + r[1];
}

/* The rows of joint J at q into r[0 ..): f the position error C, jn the
 * row dC/dq per body. Returns the row count. */
NCS_INTERNAL int ncs_world_joint_rows(const ncs_joint_desc *J, const ncs_real (*q)[3], ncs_contact *r) {
    ncs_real pa[2], ra[2], pb[2], rb[2], d[2], len, n[2];
    int rows = NCS_JOINT_ROWS(J->kind), i;
    anchor(J->a, J->ax, J->ay, q, pa, ra);
    anchor(J->b, J->bx, J->by, q, pb, rb);
    d[0] = pa[0] - pb[0];
    d[1] = pa[1] - pb[1];
    for (i = 0; i < rows; i++) {
        memset(&r[i], 0, sizeof r[i]);
        r[i].a = J->a;
        r[i].b = J->b;
        r[i].px = pb[0];
        r[i].py = pb[1];
    }
    if (J->kind == NCS_JOINT_ROD) {
        len = hyp(d[0], d[1]);
        n[0] = len > 0 ? d[0] / len : NCS_RC(1.0);
        n[1] = len > 0 ? d[1] / len : NCS_RC(0.0);
        r[0].f = len - J->len;
        r[0].jn[0][0] = n[0];
        r[0].jn[0][1] = n[1];
        r[0].jn[0][2] = cross2(ra[0], ra[1], n[0], n[1]);
        r[0].jn[1][0] = -n[0];
        r[0].jn[1][1] = -n[1];
        r[0].jn[1][2] = -cross2(rb[0], rb[1], n[0], n[1]);
        return rows;
    }
    /* pin: the anchors' velocities v + omega x r agree, in x and in y */
    r[0].f = d[0];
    r[0].jn[0][0] = 1;
    r[0].jn[0][2] = -ra[1];
    r[0].jn[1][0] = -1;
    r[0].jn[1][2] = rb[1];
    r[1].f = d[1];
    r[1].jn[0][1] = 1;
    r[1].jn[0][2] = ra[0];
    r[1].jn[1][1] = -1;
    r[1].jn[1][2] = -rb[0];
    if (J->kind == NCS_JOINT_WELD) {
        r[2].f = q[J->a][2] - (J->b >= 0 ? q[J->b][2] : 0) - J->angle;
        r[2].jn[0][2] = 1;
        r[2].jn[1][2] = -1;
    }
    return rows;
}

/* The rows of island `root`'s joints at q into w->mem.jrow (tag -1), and
 * with `motors` after them one row per motor (docs/engine.md, "Motors"):
 * omega_a - omega_b, tag its joint, ghost its clamp (0: free; +1, -1: its
 * impulse held at +-max_torque h). Returns their count (the motors' into
 * *nm when not NULL), or -1 when they exceed max_jrows. */
NCS_INTERNAL int ncs_world_island_joints(ncs_world *w, int root, const ncs_real (*q)[3], int motors, int *nm) {
    const ncs_scene_desc *sc = w->sc;
    int x, ne = 0, i, n;
    if (nm)
        *nm = 0;
    if (sc->njoints == 0)
        return 0;
    for (x = w->mem.jbegin[root]; x < w->mem.jbegin[root + 1]; x++) {
        const ncs_joint_desc *J = &sc->joint[w->mem.jorder[x]];
        if (ne + NCS_JOINT_ROWS(J->kind) > sc->max_jrows)
            return -1;
        n = ncs_world_joint_rows(J, q, &w->mem.jrow[ne]);
        for (i = 0; i < n; i++)
            w->mem.jrow[ne + i].tag = -1;
        ne += n;
    }
    for (x = w->mem.jbegin[root]; motors && x < w->mem.jbegin[root + 1]; x++) {
        const ncs_joint_desc *J = &sc->joint[w->mem.jorder[x]];
        ncs_contact *r = &w->mem.jrow[ne];
        if (!J->motor)
            continue;
        if (ne + 1 > sc->max_jrows)
            return -1;
        memset(r, 0, sizeof *r);
        r->a = J->a;
        r->b = J->b;
        r->jn[0][2] = 1;
        r->jn[1][2] = -1;
        r->tag = w->mem.jorder[x];
        ne++;
        if (nm)
            ++*nm;
    }
    return ne;
}

/* |C| of joint row r as a distance (an angle row at body a's bounding
 * radius). */
NCS_INTERNAL ncs_real ncs_world_row_err(const ncs_world *w, const ncs_contact *r) {
    ncs_real e = NCS_FABS(r->f);
    if (r->jn[0][0] == 0 && r->jn[0][1] == 0) /* an angle row */
        e *= w->sc->body[r->a].rad;
    return e;
}

/* Largest error of the island's ne joint rows. */
NCS_INTERNAL ncs_real ncs_world_joint_err(const ncs_world *w, int ne) {
    ncs_real worst = 0, e;
    int i;
    for (i = 0; i < ne; i++)
        if ((e = ncs_world_row_err(w, &w->mem.jrow[i])) > worst)
            worst = e;
    return worst;
}

/* The curvature of island `root`'s joints over a free step from q with
 * velocities vt, per row into w->mem.jl: C(q + h vt) - C(q) - h J vt, what
 * the linearised row misses (a rod's h^2 v_t^2 / 2L). With it the step's
 * joint rows aim at C(q + h v+) = 0 to second order, as SHAKE's first
 * Newton step does (docs/engine.md, "Joints"): the chord velocity then
 * keeps the energy, where the tangent alone would lose v_t^2 h / L of
 * radial speed every step. */
NCS_INTERNAL void ncs_world_joint_curvature(ncs_world *w, int root, int ne, const ncs_real (*q)[3],
                                            const ncs_real (*vt)[3]) {
    const ncs_scene_desc *sc = w->sc;
    ncs_contact r[3];
    int x, e = 0, i, k, n;
    for (x = w->mem.jbegin[root]; x < w->mem.jbegin[root + 1]; x++) {
        ncs_joint_desc K = sc->joint[w->mem.jorder[x]];
        ncs_real qq[2][3];
        for (k = 0; k < 3; k++) {
            qq[0][k] = q[K.a][k] + w->h * vt[K.a][k];
            qq[1][k] = K.b >= 0 ? q[K.b][k] + w->h * vt[K.b][k] : 0;
        }
        K.a = 0;
        K.b = K.b >= 0 ? 1 : -1;
        n = ncs_world_joint_rows(&K, (const ncs_real (*)[3])qq, r);
        for (i = 0; i < n; i++, e++) {
            const ncs_contact *R = &w->mem.jrow[e];
            w->mem.jl[e] = r[i].f - R->f - w->h * vel(R, R->jn, vt);
        }
    }
    for (; e < ne; e++) /* the motors' rows: velocities alone */
        w->mem.jl[e] = 0;
}

/* The mixed LCP of the island's ne joint rows with its nc contacts (their
 * contact space A, a0 made by contact_space): E, G and c (ncs/mlcp.h) with
 * c = J vt + (beta f + extra) ih (- J un) (extra: per row, or NULL), and A,
 * a0 reduced to the contacts alone. Returns 0, or -1 when an entry is not
 * finite. */
NCS_INTERNAL int ncs_world_joint_space(ncs_world *w, int ne, int nc, int k, const ncs_real (*vt)[3],
                                       const ncs_real (*un)[3], ncs_real ih, ncs_real beta,
                                       const ncs_real *extra) {
    int nu = nc * (1 + k), e, d, c, l;
    for (e = 0; e < ne; e++) {
        const ncs_contact *R = &w->mem.jrow[e];
        for (d = 0; d <= e; d++) {
            const ncs_contact *D = &w->mem.jrow[d];
            w->mem.E[e * ne + d] = dot(w, R, R->jn, D, D->jn);
        }
        for (c = 0; c < nc; c++) {
            const ncs_contact *C = &w->mem.con[c];
            w->mem.G[e * nu + c] = dot(w, R, R->jn, C, C->jn);
            for (l = 0; l < k; l++)
                w->mem.G[e * nu + nc + 2 * c + l] =
                    (l ? NCS_RC(-1.0) : NCS_RC(1.0)) * dot(w, R, R->jn, C, C->jt);
        }
        w->mem.jc[e] = (vt ? vel(R, R->jn, vt) : 0) + (beta * R->f + (extra ? extra[e] : 0)) * ih;
        if (R->tag >= 0) /* a motor: J v+ = speed (at the velocity level: no un) */
            w->mem.jc[e] = (vt ? vel(R, R->jn, vt) : 0) - (ih != 0 ? w->mem.motor[R->tag][0] : 0);
        else if (un)
            w->mem.jc[e] -= vel(R, R->jn, un);
    }
    return ncs_mlcp_reduce(ne, w->mem.E, ne, nu, w->mem.G, nu, w->mem.jc, w->mem.A, nu,
                           w->mem.a0, NCS_TOL_SINGULAR) < 0
               ? -1
               : 0;
}

/* u += M^-1 R^T lambda for one joint row R. */
static void row_impulse(const ncs_world *w, const ncs_contact *R, ncs_real lambda,
                        ncs_real (*u)[3]) {
    int x, k;
    for (x = 0; x < 2; x++) {
        int bx = x ? R->b : R->a;
        const ncs_body_desc *B;
        if (bx < 0)
            continue;
        B = &w->sc->body[bx];
        for (k = 0; k < 3; k++)
            u[bx][k] += (k < 2 ? B->im : B->iI) * R->jn[x][k] * lambda;
    }
}

/* u += M^-1 J^T lambda for the island's ne joint rows. */
static void apply_joints(const ncs_world *w, int ne, const ncs_real *lambda, ncs_real (*u)[3]) {
    int e;
    for (e = 0; e < ne; e++)
        row_impulse(w, &w->mem.jrow[e], lambda[e], u);
}

/* The joints' share of the contact impulses p (nu of them; NULL: none):
 * lambda = -L^-T (Y p + c') (ncs/mlcp.h), applied to u. No rows: nothing. */
NCS_INTERNAL void ncs_world_joint_impulses(ncs_world *w, int ne, int nu, const ncs_real *p, ncs_real (*u)[3]) {
    if (ne > 0) {
        ncs_mlcp_multipliers(ne, w->mem.E, ne, nu, w->mem.G, nu, w->mem.jc, p, w->mem.jl);
        apply_joints(w, ne, w->mem.jl, u);
    }
}


/* Motors (docs/engine.md, "Motors"): each is a row J v+ = speed whose
 * impulse must stay within +-max_torque h, a box-constrained row of the
 * mixed LCP (seed 004). It is solved by active sets: every motor starts as
 * an equality row; one whose multiplier comes out beyond the bound is
 * clamped there (its impulse becomes a known one, in vt) and the island
 * solved again; a clamped one whose velocity ends on the far side of its
 * speed (it would have to push the other way) is freed again. */

/* vt plus the impulses of the island's clamped motors (rows [nact, ne))
 * into row MV (the island's bodies only). */
NCS_INTERNAL const ncs_real (*ncs_world_motor_vt(ncs_world *w, int root, int nact, int ne,
                                                 const ncs_real (*vt)[3]))[3] {
    ncs_real (*mv)[3] = row(w, MV);
    int it, i, k, e;
    for (it = 0; (i = ncs_world_island_next(w, root, &it)) >= 0;)
        for (k = 0; k < 3; k++)
            mv[i][k] = vt[i][k];
    for (e = nact; e < ne; e++) {
        const ncs_contact *R = &w->mem.jrow[e];
        row_impulse(w, R, (ncs_real)R->ghost * w->mem.motor[R->tag][1] * w->h, mv);
    }
    return (const ncs_real (*)[3])mv;
}

/* The island's motor rows [ne - nm, ne): the free ones (ghost 0) before
 * the clamped ones, in order; *nact after them. */
static void motors_partition(ncs_world *w, int ne, int nm, int *nact) {
    ncs_contact t;
    int e, f;
    for (e = f = ne - nm; e < ne; e++)
        if (w->mem.jrow[e].ghost == 0) {
            t = w->mem.jrow[e];
            memmove(&w->mem.jrow[f + 1], &w->mem.jrow[f], sizeof t * (size_t)(e - f));
            w->mem.jrow[f++] = t;
        }
    *nact = f;
}

/* The size of what row R's velocity is made of, for its tolerance: its
 * speed, its velocity before and after the solve, and the share of each
 * joint row's impulse (the free ones' multipliers in jl, rows [0, nact))
 * in it, which may cancel (a motor holding a lever against its pin). */
static ncs_real motor_scale(const ncs_world *w, const ncs_contact *R, int nact,
                            const ncs_real (*u)[3], const ncs_real (*vx)[3]) {
    ncs_real sc = NCS_FABS(w->mem.motor[R->tag][0]) + NCS_FABS(vel(R, R->jn, u)) +
                  NCS_FABS(vel(R, R->jn, vx)) + NCS_REAL_TINY;
    int e;
    for (e = 0; e < nact; e++) {
        const ncs_contact *D = &w->mem.jrow[e];
        sc += NCS_FABS(dot(w, R, R->jn, D, D->jn) * w->mem.jl[e]);
    }
    return sc;
}

/* The island's motor rows [ne - nm, ne) after a solve with the rows [ne -
 * nm, *nact) free (jl: their multipliers) and the rest clamped, u the end
 * velocities, vx the velocities the solve started from: a free row beyond
 * its bound is clamped at its sign; a clamped row whose velocity is past
 * its speed in the direction it pushes is freed; a free row that misses
 * its speed fails the check. The free rows are moved before the clamped
 * ones, *nact after them. Returns 0 when every row holds, 1 when the set
 * changed, -1 when a free row missed its speed. */
NCS_INTERNAL int ncs_world_motors_settle(ncs_world *w, int ne, int nm, int *nact, const ncs_real (*u)[3],
                                         const ncs_real (*vx)[3]) {
    int e, changed = 0;
    for (e = ne - nm; e < ne; e++) {
        ncs_contact *R = &w->mem.jrow[e];
        const ncs_contact *C = R;
        ncs_real sp = w->mem.motor[R->tag][0], lim = w->mem.motor[R->tag][1] * w->h;
        ncs_real om = vel(C, C->jn, u), d = om - sp;
        ncs_real tol = 10 * NCS_TOL_VERIFY * motor_scale(w, R, *nact, u, vx);
        if (e < *nact) {
            if (NCS_FABS(w->mem.jl[e]) > lim) {
                R->ghost = w->mem.jl[e] > 0 ? 1 : -1;
                changed = 1;
            } else if (!(NCS_FABS(d) <= tol)) {
                return -1;
            }
        } else if ((ncs_real)R->ghost * d > tol) {
            R->ghost = 0;
            changed = 1;
        }
    }
    motors_partition(w, ne, nm, nact);
    return changed;
}

/* When the island's LCP had no solution with free motors (a motor held at
 * its speed against a contact that stops it: the equality asks the
 * impossible, the bounded row does not): every free motor with a finite
 * bound is clamped pushing toward its speed from vx. Returns 1 when one
 * was, 0 when none could be (the failure stands). */
NCS_INTERNAL int ncs_world_motors_clamp_free(ncs_world *w, int ne, int nm, int *nact, const ncs_real (*vx)[3]) {
    int e, changed = 0;
    for (e = ne - nm; e < *nact; e++) {
        ncs_contact *R = &w->mem.jrow[e];
        const ncs_contact *C = R;
        if (!(w->mem.motor[R->tag][1] < NCS_HUGE))
            continue;
        R->ghost = w->mem.motor[R->tag][0] - vel(C, C->jn, vx) >= 0 ? 1 : -1;
        changed = 1;
    }
    motors_partition(w, ne, nm, nact);
    return changed;
}
