/* world_internal.h - what the rooms of the step engine share: world.c (the step
 * itself) and world_side.c, world_collect.c, world_island.c, world_lcp.c,
 * world_joint.c, world_restitution.c, world_report.c, world_depth.c, world_register.c,
 * world_input.c (docs/engine.md). The functions declared here are
 * NCS_INTERNAL: external in the runtime library (named ncs_world_*, listed in
 * ncs/prefix.h), static in the one-file build (one.c); the small helpers below
 * are static inline in every room. Everything else of a room is static. */
#ifndef NCS_WORLD_INTERNAL_H
#define NCS_WORLD_INTERNAL_H

#include <math.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/mlcp.h"
#include "ncs/world.h"
#include "ncs/config.h"
#include "unionfind.h"

/* NCS_INTERNAL, the linkage of the functions the rooms share: ncs/config.h
 * (as lcp_internal.h's). */

/* The sides and vertices of piece k of table t: [SIDE0, SIDE1) and
 * [VERT0, VERT1) (no vertices: an explicit group). */
#define SIDE0(t, k) ((t)->piece[k].side0)
#define SIDE1(t, k) ((t)->piece[k].side0 + (t)->piece[k].nside)
#define VERT0(t, k) ((t)->piece[k].vert0)
#define VERT1(t, k) ((t)->piece[k].vert0 + (t)->piece[k].nvert)

/* scratch rows per body (NCS_WORLD_SCRATCH_ROWS) */
enum { QC, UC, VT, DU, UN, UB, UF, QN, SP, D2, Q0, V0,
       BV, /* the bounces' velocity changes: in the velocities, not the positions */
       FA, /* the external accelerations (gravity + force / m, torque / I): kept
             between steps, set by ncs_world_reset and ncs_world_set_force */
       MV /* an island's vt with its clamped motors' impulses (solve_island) */ };

#if NCS_WORLD_POLYGONS
/* Penetration depth of piece ka of body a and piece kb of body b (-1: the
 * obstacles) at q by separating axes, 0 when some side separates them
 * (world_depth.c). */
NCS_INTERNAL ncs_real ncs_world_sat_depth(const ncs_world *w, int a, int ka, int b, int kb,
                                          const ncs_real (*q)[3]);
#endif

/* rounds of collection with larger speeds before a step is inadmissible */
#define REACH_ROUNDS 4
/* position projections after a step: up to PROJECT_ROUNDS, and on to
 * PROJECT_ROUNDS_MAX while each round leaves at most PROJECT_SHRINK of the
 * depth before it. A body turning fast leaves centimetres to close, which
 * the projection's Newton steps close quadratically only near the end; two
 * flush boxes whose edges crossed at a shared corner by 2 mrad close only
 * linearly (each round's row acts at one end of the edge, and turning the
 * box about its centroid moves the other end in: 4.4 mm, 2.5, 1.6, 0.97,
 * ... about 0.6 a round, 38 rounds to 2.5e-10; with the rule of before,
 * halve or stop after 3, the step was refused as inadmissible: trust
 * piles, a pour of discs and boxes into a V cup) */
#define PROJECT_ROUNDS 3
#define PROJECT_ROUNDS_MAX 64
#define PROJECT_SHRINK NCS_RC(0.75)

/** A side at a configuration: unit normal n, gap f, and where the impulse
 *  acts on each body (lever arms from the centroids). */
typedef struct sgeo {
    ncs_real n[2];      /* normal, pointing from the side towards the point */
    ncs_real f;         /* gap */
    ncs_real pc[2];     /* contact point on the point's body */
    ncs_real sc[2];     /* contact point on the side's body */
} sgeo;

static inline ncs_real cross2(ncs_real ax, ncs_real ay, ncs_real bx, ncs_real by) {
    return ax * by - ay * bx;
}

static inline ncs_real hyp(ncs_real x, ncs_real y) {
    return NCS_SQRT(x * x + y * y);
}

/* Rotates (x, y) by th into r. */
static inline void rot(ncs_real th, ncs_real x, ncs_real y, ncs_real r[2]) {
    ncs_real c = NCS_COS(th), s = NCS_SIN(th);
    r[0] = c * x - s * y;
    r[1] = s * x + c * y;
}

/* The world point of local point (x, y) of a body at centroid configuration
 * qi = (x, y, angle): rotated by the angle, then shifted by the centroid, in
 * this order (p[0] = rot.x + qi[0]; the sites' rounding, unchanged). A world
 * direction is rot alone. */
static inline void world_point(const ncs_real qi[3], ncs_real x, ncs_real y, ncs_real p[2]) {
    rot(qi[2], x, y, p);
    p[0] += qi[0];
    p[1] += qi[1];
}

static inline ncs_real (*row(const ncs_world *w, int which))[3] {
    return w->mem.scratch + which * w->sc->nbodies;
}

/* Is body i kinematic (i -1, the world: no)? */
static inline int kin(const ncs_world *w, int i) {
    return i >= 0 && w->sc->body[i].kinematic;
}

static inline const ncs_pieces *table(const ncs_world *w, int sb) {
    return sb < 0 ? &w->sc->obst : &w->sc->bpieces;
}

static inline ncs_real pair_mu(ncs_real a, ncs_real b) {
    return a > 0 && b > 0 ? NCS_SQRT(a * b) : NCS_RC(0.0);
}

/* J_c M^-1 J_d^T over the bodies both rows touch. */
static inline ncs_real dot(const ncs_world *w, const ncs_contact *c, const ncs_real (*jc)[3],
                    const ncs_contact *d, const ncs_real (*jd)[3]) {
    ncs_real sum = 0;
    int x, y;
    for (x = 0; x < 2; x++) {
        int bx = x ? c->b : c->a;
        if (bx < 0)
            continue;
        for (y = 0; y < 2; y++)
            if ((y ? d->b : d->a) == bx)
                sum += w->sc->body[bx].im * (jc[x][0] * jd[y][0] + jc[x][1] * jd[y][1]) +
                       w->sc->body[bx].iI * jc[x][2] * jd[y][2];
    }
    return sum;
}

/* Row j of contact c applied to the velocities u. */
static inline ncs_real vel(const ncs_contact *c, const ncs_real (*j)[3], const ncs_real (*u)[3]) {
    ncs_real v = 0;
    if (c->a >= 0)
        v += j[0][0] * u[c->a][0] + j[0][1] * u[c->a][1] + j[0][2] * u[c->a][2];
    if (c->b >= 0)
        v += j[1][0] * u[c->b][0] + j[1][1] * u[c->b][1] + j[1][2] * u[c->b][2];
    return v;
}

/* Origin state <-> centroid state of body i. */
static inline void to_centroid(const ncs_world *w, int i, const ncs_real q[3], const ncs_real v[3],
                        ncs_real qc[3], ncs_real uc[3]) {
    ncs_real rc[2];
    rot(q[2], w->sc->body[i].cx, w->sc->body[i].cy, rc);
    qc[0] = q[0] + rc[0];
    qc[1] = q[1] + rc[1];
    qc[2] = q[2];
    uc[0] = v[0] - v[2] * rc[1];
    uc[1] = v[1] + v[2] * rc[0];
    uc[2] = v[2];
}

static inline void from_centroid(const ncs_world *w, int i, const ncs_real qc[3], const ncs_real uc[3],
                          ncs_real q[3], ncs_real v[3]) {
    ncs_real rc[2];
    rot(qc[2], w->sc->body[i].cx, w->sc->body[i].cy, rc);
    q[0] = qc[0] - rc[0];
    q[1] = qc[1] - rc[1];
    q[2] = qc[2];
    v[0] = uc[0] + uc[2] * rc[1];
    v[1] = uc[1] - uc[2] * rc[0];
    v[2] = uc[2];
}

/* world_side.c */
NCS_INTERNAL void ncs_world_point_of(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3],
                                     ncs_real p[2]);
NCS_INTERNAL void ncs_world_vertex_of(const ncs_world *w, int sb, int v, const ncs_real (*q)[3],
                                      ncs_real p[2]);
NCS_INTERNAL ncs_real ncs_world_line_of(const ncs_world *w, int sb, int j, ncs_real rp, const ncs_real (*q)[3],
                                        ncs_real n[2]);
NCS_INTERNAL ncs_real ncs_world_true_line(const ncs_world *w, int sb, int j, const ncs_real (*q)[3],
                                          ncs_real n[2]);
NCS_INTERNAL int ncs_world_in_cone(const ncs_real na[2], const ncs_real nb[2], const ncs_real d[2]);
#if NCS_WORLD_POLYGONS
NCS_INTERNAL void ncs_world_corner_at(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3],
                                      ncs_real W[2]);
NCS_INTERNAL void ncs_world_sat_side(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], sgeo *g);
#endif
NCS_INTERNAL void ncs_world_eval(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], int exact,
                                 ncs_contact *c);
NCS_INTERNAL ncs_real ncs_world_gap_of(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3]);
NCS_INTERNAL ncs_real ncs_world_pair_gap(const ncs_world *w, const ncs_pair *P, const ncs_real (*q)[3]);

/* world_register.c (without it, NCS_WORLD_REGISTER 0: no guess, nothing kept) */
#if NCS_WORLD_REGISTER
NCS_INTERNAL void ncs_world_reg_clear(ncs_world *w);
NCS_INTERNAL void ncs_world_reg_restart(ncs_world *w);
NCS_INTERNAL void ncs_world_reg_record(ncs_world *w, const ncs_layout *lay, int nc, int k,
                                       const ncs_real *z);
NCS_INTERNAL void ncs_world_reg_commit(ncs_world *w);
NCS_INTERNAL int ncs_world_reg_guess(const ncs_world *w, const ncs_layout *lay, int nc, int k,
                                     ncs_real *g);
#else /* no-ops (the names ncs/prefix.h gave them go) */
#undef ncs_world_reg_clear
#undef ncs_world_reg_restart
#undef ncs_world_reg_record
#undef ncs_world_reg_commit
#undef ncs_world_reg_guess
#define ncs_world_reg_clear(w) ((void)(w))
#define ncs_world_reg_restart(w) ((void)(w))
#define ncs_world_reg_record(w, lay, nc, k, z) ((void)(w))
#define ncs_world_reg_commit(w) ((void)(w))
#define ncs_world_reg_guess(w, lay, nc, k, g) 0
#endif

/* world_collect.c */
NCS_INTERNAL ncs_real ncs_world_piece_dist(const ncs_world *w, int sb, int k, const ncs_real c[2],
                                           const ncs_real (*q)[3]);
NCS_INTERNAL ncs_real ncs_world_speed(const ncs_world *w, int i, const ncs_real *u, const ncs_real *vt);
NCS_INTERNAL int ncs_world_joined(const ncs_world *w, int a, int b);
NCS_INTERNAL int ncs_world_collect(ncs_world *w, const ncs_real (*q)[3], const ncs_real (*sp)[3]);

/* world_island.c */
NCS_INTERNAL void ncs_world_islands(ncs_world *w);
NCS_INTERNAL int ncs_world_has_work(const ncs_world *w, int r);
NCS_INTERNAL int ncs_world_island_next(const ncs_world *w, int r, int *it);

/* world_lcp.c */
NCS_INTERNAL int ncs_world_layout_of(ncs_world *w, int root, int k, int *np_, int *nc_, ncs_layout *lay,
                                     int *m);
NCS_INTERNAL int ncs_world_contacts(ncs_world *w, int np, const ncs_real (*qe)[3], const ncs_real (*qs)[3]);
NCS_INTERNAL void ncs_world_contact_space(ncs_world *w, int nc, int k, const ncs_real (*vt)[3],
                                          const ncs_real (*un)[3], ncs_real ih);
NCS_INTERNAL void ncs_world_apply(const ncs_world *w, int nc, int k, int off, ncs_real (*u)[3]);
NCS_INTERNAL void ncs_world_ghosts(ncs_world *w, const ncs_layout *lay, int nc);
NCS_INTERNAL void ncs_world_call_hook(ncs_world *w, int root, const ncs_layout *lay, int m, int st);
NCS_INTERNAL int ncs_world_drop_ghosts(ncs_world *w, ncs_layout *lay, int nc);

/* world_joint.c (without it, NCS_WORLD_JOINTS 0: no joint rows, below) */
#if NCS_WORLD_JOINTS
NCS_INTERNAL int ncs_world_joint_rows(const ncs_joint_desc *J, const ncs_real (*q)[3], ncs_contact *r);
NCS_INTERNAL int ncs_world_island_joints(ncs_world *w, int root, const ncs_real (*q)[3], int motors, int *nm);
NCS_INTERNAL ncs_real ncs_world_row_err(const ncs_world *w, const ncs_contact *r);
NCS_INTERNAL ncs_real ncs_world_joint_err(const ncs_world *w, int ne);
NCS_INTERNAL void ncs_world_joint_curvature(ncs_world *w, int root, int ne, const ncs_real (*q)[3],
                                            const ncs_real (*vt)[3]);
NCS_INTERNAL int ncs_world_joint_space(ncs_world *w, int ne, int nc, int k, const ncs_real (*vt)[3],
                                       const ncs_real (*un)[3], ncs_real ih, ncs_real beta,
                                       const ncs_real *extra);
NCS_INTERNAL void ncs_world_joint_impulses(ncs_world *w, int ne, int nu, const ncs_real *p, ncs_real (*u)[3]);
NCS_INTERNAL const ncs_real (*ncs_world_motor_vt(ncs_world *w, int root, int nact, int ne,
                                                 const ncs_real (*vt)[3]))[3];
NCS_INTERNAL int ncs_world_motors_settle(ncs_world *w, int ne, int nm, int *nact, const ncs_real (*u)[3],
                                         const ncs_real (*vx)[3]);
NCS_INTERNAL int ncs_world_motors_clamp_free(ncs_world *w, int ne, int nm, int *nact, const ncs_real (*vx)[3]);
#else
static inline int ncs_world_joint_rows(const ncs_joint_desc *J, const ncs_real (*q)[3], ncs_contact *r) {
    (void)J, (void)q, (void)r;
    return 0;
}
static inline int ncs_world_island_joints(ncs_world *w, int root, const ncs_real (*q)[3], int motors,
                                          int *nm) {
    (void)w, (void)root, (void)q, (void)motors;
    if (nm)
        *nm = 0;
    return 0;
}
static inline ncs_real ncs_world_row_err(const ncs_world *w, const ncs_contact *r) {
    (void)w, (void)r;
    return 0;
}
static inline ncs_real ncs_world_joint_err(const ncs_world *w, int ne) {
    (void)w, (void)ne;
    return 0;
}
static inline void ncs_world_joint_curvature(ncs_world *w, int root, int ne, const ncs_real (*q)[3],
                                             const ncs_real (*vt)[3]) {
    (void)w, (void)root, (void)ne, (void)q, (void)vt;
}
static inline int ncs_world_joint_space(ncs_world *w, int ne, int nc, int k, const ncs_real (*vt)[3],
                                        const ncs_real (*un)[3], ncs_real ih, ncs_real beta,
                                        const ncs_real *extra) {
    (void)w, (void)ne, (void)nc, (void)k, (void)vt, (void)un, (void)ih, (void)beta, (void)extra;
    return -1; /* never called: island_joints gives no rows */
}
static inline void ncs_world_joint_impulses(ncs_world *w, int ne, int nu, const ncs_real *p,
                                            ncs_real (*u)[3]) {
    (void)w, (void)ne, (void)nu, (void)p, (void)u;
}
#endif

/* world_restitution.c (without it, NCS_WORLD_RESTITUTION 0: never called) */
#if NCS_WORLD_RESTITUTION
NCS_INTERNAL int ncs_world_bounce(ncs_world *w, int nc, int k, int ne, int off, const ncs_real (*vt)[3],
                                  ncs_real (*u)[3]);
#else
static inline int ncs_world_bounce(ncs_world *w, int nc, int k, int ne, int off, const ncs_real (*vt)[3],
                                   ncs_real (*u)[3]) {
    (void)w, (void)nc, (void)k, (void)ne, (void)off, (void)vt, (void)u;
    return 0;
}
#endif

/* world_report.c (without it, NCS_WORLD_REPORTS 0: never called) */
#if NCS_WORLD_REPORTS
NCS_INTERNAL int ncs_world_report(ncs_world *w, int nc, int k, int off, const ncs_real *dp,
                                  const ncs_real (*uc)[3]);
NCS_INTERNAL void ncs_world_rest_forces(ncs_world *w, int nrest, int ne);
#else
static inline int ncs_world_report(ncs_world *w, int nc, int k, int off, const ncs_real *dp,
                                   const ncs_real (*uc)[3]) {
    (void)w, (void)nc, (void)k, (void)off, (void)dp, (void)uc;
    return 0;
}
static inline void ncs_world_rest_forces(ncs_world *w, int nrest, int ne) {
    (void)w, (void)nrest, (void)ne;
}
#endif

#endif
