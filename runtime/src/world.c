/* world.c - the step engine: contacts, islands, one LCP per island, and the
 * checks that make a step trustworthy (docs/engine.md).
 *
 * Time stepping (paper 000, eqs. 3-7). Per body the state is (x, y, theta)
 * and (vx, vy, omega) at the centroid; with the external accelerations,
 *
 *     vt = v + h a_ext,   v+ = vt + M^-1 W p,   q+ = q + h v+,
 *
 * and the impulses p come from one LCP per island of bodies that touch.
 *
 * Contacts. Every constraint is a *side*: a point (a polygon vertex, a disc
 * or particle centre with its radius, an obstacle vertex) that must stay in
 * front of a line (a side of a convex piece, the tangent of a disc around a
 * piece vertex, or the centre line of two discs). Its gap f is linearised at
 * the start of the step: a = J v+ + f / h >= 0 keeps the point in front at
 * the end of the step. A *pair* is a set of sides of which at least one must
 * hold (the outside of a convex piece: the paper's nonconvex group); a pair
 * with one side is a convex contact. The sides of a pair:
 *   - point against piece: the piece's sides, and for a disc the arcs around
 *     the piece's vertices (exact: the tangent at the closest point,
 *     included when the centre lies in the vertex's normal cone);
 *   - piece against piece (separating axes): every side of either piece with
 *     the other piece's support vertex. Added when a vertex of one is near a
 *     vertex of the other, where the vertex pairs alone let two equal boxes
 *     slide through each other along their common side lines.
 * A side behind by more than the reach (the most a point can move in the
 * step) is left out: it could only be met by tunnelling through the piece.
 *
 * Energy. With W = J^T and a_j = 0 wherever p_j > 0,
 *     E+ - Et = -sum_j p_j f_j / h - |M^-1 W p|_M^2 / 2,
 * so an impulse on a side with f_j < 0 (the point behind its line) can add
 * energy: it pushes the point out around a corner it never touched. Such a
 * side is a *ghost*: it still satisfies its group (free flight may carry the
 * point in front of it) but carries no impulse. Each formulation's p_y row
 * of side j is >= 0 on every solution, so adding 1 to a ghost's b entry of
 * that row forces its p_j = 0. A pair that starts inside its piece (largest
 * gap g0 < 0) has every gap raised by -g0: the LCP only stops it from going
 * deeper, and the position projection moves it out without touching v.
 *
 * Trust. A step is accepted only when (1) every island's LCP verified,
 * (2) no point moved farther than the reach its pairs were collected with
 * (else the pairs are collected again with the larger speeds and the step
 * solved again), and (3) after the position projection no pair is deeper
 * than admit_tol. Otherwise the state is left unchanged and the status says
 * why.
 */
#include "world_internal.h"

/* Solves island `root` once with its contacts and joints linearised at qe
 * (qs: start of the step; un: the fixpoint's predicted velocities or NULL)
 * and adds the velocity change to du; with motors, once per active set
 * (motors_settle). With rec (the step's first solve) the restitution's
 * bounces are added and the contacts reported. Returns NCS_STEP_OK or a
 * failure status. */
static int solve_island(ncs_world *w, int root, const ncs_real (*qe)[3], const ncs_real (*qs)[3],
                        const ncs_real (*vt)[3], const ncs_real (*un)[3], ncs_real (*du)[3],
                        int rec, ncs_step_info *inf) {
    ncs_real (*u)[3] = row(w, UF);
    const ncs_real (*vx)[3] = vt;
    const ncs_scene_desc *sc = w->sc;
    ncs_real *p = NULL;
    ncs_layout lay;
    ncs_lcp_info li;
    ncs_lcp_options opt = ncs_lcp_default_options();
    int np, nc = 0, ne, m, st, i, k, ghosts_in, retry, off = 0, nu = 0, bounced = 0, it;
    int nm = 0, nact, pass;
    st = ncs_world_layout_of(w, root, sc->nfric, &np, &nc, &lay, &m);
    inf->groups = st == NCS_STEP_OK ? np : 0;
    ne = ncs_world_island_joints(w, root, qe, 1, &nm);
    if (ne < 0)
        st = NCS_STEP_CAPACITY;
    if (st != NCS_STEP_OK || (np == 0 && ne == 0))
        return st;
    nact = ne;
    for (pass = 0;; pass++) {
        if (pass > 0) /* again from the pairs: a pass may have dropped ghosts */
            ncs_world_layout_of(w, root, sc->nfric, &np, &nc, &lay, &m);
        nc = np > 0 ? ncs_world_contacts(w, np, qe, qs) : 0;
        ghosts_in = 0;
        for (i = 0; i < nc; i++)
            ghosts_in |= w->mem.con[i].ghost;
#if NCS_WORLD_JOINTS
        if (nm > 0)
            vx = ncs_world_motor_vt(w, root, nact, ne, vt);
#endif
        for (retry = 0;; retry++) {
            nu = nc * (1 + sc->nfric);
            if (nc > 0)
                ncs_world_contact_space(w, nc, sc->nfric, vx, un, 1 / w->h);
            /* joint drift: erp of it at the start (with the curvature of the
             * free step), all of it at a predicted end */
            if (nact > 0 && qe == qs)
                ncs_world_joint_curvature(w, root, nact, qe, vx);
            if (nact > 0 && ncs_world_joint_space(w, nact, nc, sc->nfric, vx, un, 1 / w->h,
                                                  qe == qs ? sc->erp : 1, qe == qs ? w->mem.jl : NULL) != 0) {
                inf->lcp_status = NCS_LCP_NUMERICAL;
                return NCS_STEP_LCP_FAILED;
            }
            if (nc == 0)
                break;
            ncs_world_ghosts(w, &lay, nc);
            opt.guess = ncs_world_reg_guess(w, &lay, nc, sc->nfric, w->mem.z) > 0 ? w->mem.z : NULL;
            st = (int)ncs_lcp_solve_cs(w->ws, &lay, w->mem.A, nc * (1 + sc->nfric), w->mem.a0,
                                       w->mem.mu, w->mem.pyb, w->mem.z, NULL, &opt, &li);
            inf->pivots += li.pivots;
            inf->m = m;
            if (w->hook)
                ncs_world_call_hook(w, root, &lay, m, st);
            if (st == NCS_LCP_SOLVED || retry > 0 || !ghosts_in)
                break;
            nc = ncs_world_drop_ghosts(w, &lay, nc);
            m = ncs_layout_size(&lay);
        }
        inf->iters = 1;
        if (nc > 0 && st != NCS_LCP_SOLVED) {
#if NCS_WORLD_JOINTS
            if (nm > 0 && pass < 2 * nm + 2 && ncs_world_motors_clamp_free(w, ne, nm, &nact, vx))
                continue;
#endif
            inf->lcp_status = st;
            return NCS_STEP_LCP_FAILED;
        }
        /* u, ub, du and bv only for the island's bodies: du and bv were cleared by
         * solve_all and a body is in one island, so 0 + (change) is what += gave */
        for (it = 0; (i = ncs_world_island_next(w, root, &it)) >= 0;)
            for (k = 0; k < 3; k++)
                u[i][k] = vx[i][k];
        p = NULL;
        if (nc > 0) {
            off = ncs_lcp_impulse_offset(&lay);
            p = w->mem.z + off;
            ncs_world_apply(w, nc, sc->nfric, off, u);
            ncs_world_reg_record(w, &lay, nc, sc->nfric, w->mem.z);
        }
        ncs_world_joint_impulses(w, nact, nu, p, u);
        if (nm == 0)
            break;
#if NCS_WORLD_JOINTS
        st = ncs_world_motors_settle(w, ne, nm, &nact, (const ncs_real (*)[3])u, vx);
        if (st == 0)
            break;
        if (st < 0 || pass >= 2 * nm + 2) { /* never a step unverified */
            inf->lcp_status = NCS_LCP_UNVERIFIED;
            return NCS_STEP_LCP_FAILED;
        }
#endif
    }
    if (NCS_WORLD_RESTITUTION && rec && nc > 0 && !un) {
        ncs_real (*bv)[3] = row(w, BV), (*ub)[3] = row(w, UB);
        for (it = 0; (i = ncs_world_island_next(w, root, &it)) >= 0;)
            for (k = 0; k < 3; k++)
                ub[i][k] = u[i][k];
        bounced = ncs_world_bounce(w, nc, sc->nfric, nact, off, vx, ub);
        for (it = 0; bounced && (i = ncs_world_island_next(w, root, &it)) >= 0;)
            for (k = 0; k < 3; k++)
                bv[i][k] = (ncs_real)0 + (ub[i][k] - u[i][k]);
    }
    if (NCS_WORLD_REPORTS && rec && nc > 0 && w->log) {
        int nrest = ncs_world_report(w, nc, sc->nfric, off, bounced ? w->mem.dp : NULL,
                                     (const ncs_real (*)[3])row(w, UC));
        ncs_world_rest_forces(w, nrest, nact);
    }
    for (it = 0; (i = ncs_world_island_next(w, root, &it)) >= 0;)
        for (k = 0; k < 3; k++)
            du[i][k] = (ncs_real)0 + (u[i][k] - vt[i][k]);
    return NCS_STEP_OK;
}

static void clear_info(ncs_step_info *in) {
    memset(in, 0, sizeof *in);
    in->body = -1;
}

/* One solve of every island at qe (see solve_island), velocity changes into
 * du (cleared first). With rec the islands' info goes to body_last. Adds
 * pivots, m, groups and a failure's status and body to all. Returns
 * NCS_STEP_OK or the first failure. */
static int solve_all(ncs_world *w, const ncs_real (*qe)[3], const ncs_real (*qs)[3],
                     const ncs_real (*vt)[3], const ncs_real (*un)[3], ncs_real (*du)[3], int rec,
                     ncs_step_info *all) {
    ncs_step_info one;
    int i, r, st = NCS_STEP_OK;
    memset(du, 0, sizeof(ncs_real) * 3 * (size_t)w->sc->nbodies);
    ncs_world_reg_restart(w);
    if (rec)
        memset(row(w, BV), 0, sizeof(ncs_real) * 3 * (size_t)w->sc->nbodies);
    for (r = 0; r < w->sc->nbodies && st == NCS_STEP_OK; r++) {
        if (!ncs_world_has_work(w, r))
            continue;
        clear_info(&one);
        st = solve_island(w, r, qe, qs, vt, un, du, rec, &one);
        one.status = st;
        if (st != NCS_STEP_OK)
            one.body = r;
        if (rec) {
            for (i = w->mem.ibegin[r]; i < w->mem.ibegin[r + 1]; i++) {
                const ncs_pair *P = &w->mem.pair[w->mem.order[i]];
                if (P->a >= 0)
                    w->mem.body_last[P->a] = one;
                if (P->b >= 0)
                    w->mem.body_last[P->b] = one;
            }
            for (i = w->sc->njoints > 0 ? w->mem.jbegin[r] : 0;
                 w->sc->njoints > 0 && i < w->mem.jbegin[r + 1]; i++) {
                const ncs_joint_desc *J = &w->sc->joint[w->mem.jorder[i]];
                w->mem.body_last[J->a] = one;
                if (J->b >= 0)
                    w->mem.body_last[J->b] = one;
            }
            all->groups += one.groups;
        }
        all->pivots += one.pivots;
        if (one.m > all->m)
            all->m = one.m;
        if (st != NCS_STEP_OK) {
            all->status = st;
            all->lcp_status = one.lcp_status;
            all->body = r;
        }
    }
    return st;
}

/* Gap g of pair P at q, or less when P is a corner pair whose two pieces
 * overlap at q (sat_side): the check sees an overlap with no vertex inside
 * the other piece even where the projection's rows (the corner's fixed
 * normal, the vertex pairs) cannot, so such a step is inadmissible rather
 * than 'solved' with the bodies inside each other. */
static ncs_real corner_overlap(const ncs_world *w, const ncs_pair *P, const ncs_real (*q)[3],
                               ncs_real g) {
#if NCS_WORLD_POLYGONS
    const ncs_sref *s = &w->mem.sref[P->side0];
    sgeo sg;
    if (s->kind != NCS_SIDE_CORNER)
        return g;
    sg.f = g;
    ncs_world_sat_side(w, s, q, &sg);
    return sg.f;
#else
    (void)w, (void)P, (void)q;  /* no corner pairs without polygon bodies */
    return g;
#endif
}

/* For the admissibility check, a pair of a polygon body's vertex and a
 * piece (of an obstacle or of another body): how much deeper the body's
 * pieces overlap that piece at q than at qs, by separating axes. The vertex pairs alone miss two edges
 * that cross while no vertex of either is inside the other: a box sliding
 * down a tooth's 45-degree face past its sharp bottom corner pivoted there
 * and ended 5.3 mm into the tooth with every step 'solved'
 * (`trust.slide-past-tooth-corner`). Such a step is inadmissible unless
 * the projection closes it (world_side.c, vertex_sat). qs NULL: the
 * overlap at q itself, for the projection. */
static ncs_real piece_overlap(const ncs_world *w, const ncs_pair *P, const ncs_real (*q)[3],
                              const ncs_real (*qs)[3]) {
#if NCS_WORLD_POLYGONS
    const ncs_sref *s = &w->mem.sref[P->side0];
    const ncs_body_desc *B;
    ncs_real worst = 0, d;
    int k;
    if (s->point != NCS_POINT_BODY_VERTEX || s->pa < 0 || s->kind != NCS_SIDE_LINE)
        return 0;
    B = &w->sc->body[s->pa];
    for (k = B->piece0; k < B->piece0 + B->npiece; k++) {
        d = ncs_world_sat_depth(w, s->pa, k, s->sb, s->piece, q) -
            (qs ? ncs_world_sat_depth(w, s->pa, k, s->sb, s->piece, qs) : 0);
        worst = d > worst ? d : worst;
    }
    return worst;
#else
    (void)w, (void)P, (void)q, (void)qs; /* no polygon bodies */
    return 0;
#endif
}

/* Do pairs i - 1 and i put the same body's points against the same
 * piece (a box's vertices against one piece: piece_overlap once)? */
static int same_pieces(const ncs_world *w, int i) {
    const ncs_sref *s, *t;
    if (i == 0)
        return 0;
    s = &w->mem.sref[w->mem.pair[i].side0];
    t = &w->mem.sref[w->mem.pair[i - 1].side0];
    return s->pa == t->pa && s->sb == t->sb && s->piece == t->piece && s->point == t->point &&
           s->kind == t->kind;
}

/* How much deeper pair i is at q than at qs (qs NULL: its depth at q;
 * <= 0 when it is not inside): its gap, a corner pair's separating axes
 * (corner_overlap) and, when `sat`, its pieces' (piece_overlap). */
static ncs_real pair_depth(const ncs_world *w, int i, const ncs_real (*q)[3],
                           const ncs_real (*qs)[3], int sat) {
    const ncs_pair *P = &w->mem.pair[i];
    ncs_real g = corner_overlap(w, P, q, ncs_world_pair_gap(w, P, q)),
             g0 = qs ? ncs_world_pair_gap(w, P, qs) : 0, o;
    g = (g0 < 0 ? g0 : 0) - g;
    if (sat && (o = piece_overlap(w, P, q, qs)) > g)
        g = o;
    return g;
}

/* Deepest pair at q, beyond what each was at qs (0 when none is; qs NULL:
 * the depth itself, for the projection). A run of pairs of one body
 * against one piece measures the pieces' overlap once. */
static ncs_real deepest(const ncs_world *w, const ncs_real (*q)[3], const ncs_real (*qs)[3]) {
    ncs_real worst = 0, g;
    int i;
    for (i = 0; i < w->npairs; i++)
        if ((g = pair_depth(w, i, q, qs, !same_pieces(w, i))) > worst)
            worst = g;
    return worst;
}

/* Position projection (post-stabilisation) of island `root` at the end
 * configuration q: when a pair is deeper than project_tol (a corner pair
 * measured by separating axes, corner_overlap) or a joint has drifted
 * farther, a mixed LCP of the same structure at the position level (gaps
 * f, joint errors C, no friction, h = 1) gives the smallest mass-weighted
 * displacement that closes the linearised gaps and joins the joints again;
 * q moves, the velocities do not (no energy is added). A failed projection
 * leaves q as it is.
 *
 * Scale (max form). Its LCP is written in units of s = the largest |f| or
 * joint error of its rows (a = J dq / s + f / s, the displacement s times
 * the answer's), with the gamma for those units: the paper's bound
 * gamma > |min a| + 1 with |a| <= (max |f| + 10 depth) / s, twice that
 * plus 1. With the step's gamma (2 (D / h + Vmax) + 1, thousands, for a in
 * m/s) and h = 1 a gap of 1.8e-7 m was below the verification's precision
 * (1e-9 of gamma): the LCP took a zero move as its answer and two boxes
 * ended 1.8e-7 inside each other with every step 'solved'
 * (trust.project-scale). The other forms have no constant beside the gaps
 * (summation's epsilon is one) and stay in metres: scaled, their rounding
 * changed and with it where a resting pile's LCP fails (pyramid-friction).
 *
 * Corner pairs are evaluated exactly here (ncs_world_contacts without qs:
 * the separating axis of the two pieces where they overlap by more than
 * project_tol along it): two boxes turning corner on corner at 19 rad/s
 * ended with their corners crossed, 8.6e-9 deep by separating axes, 1e-10
 * by each vertex, while the fixed normal said 2.4 cm apart; no row closed
 * it and the step was 'solved' (trust.project-corner-cross). */
#if defined NCS_LCP_ONLY_FORM
#define PROJECT_SUMMATION (NCS_LCP_ONLY_FORM == NCS_FORM_SUMMATION)
#else
#define PROJECT_SUMMATION 1
#endif

static void project(ncs_world *w, int root, ncs_real (*q)[3], ncs_step_info *inf) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*dq)[3] = row(w, UF), depth = 0, *p = NULL, s = 0;
    ncs_layout lay;
    ncs_lcp_info li;
    int np, nc = 0, m, i, k, ne;
    if (!ncs_world_has_work(w, root) || ncs_world_layout_of(w, root, 0, &np, &nc, &lay, &m) != NCS_STEP_OK)
        return;
    ne = ncs_world_island_joints(w, root, (const ncs_real (*)[3])q, 0, NULL);
    if (ne < 0 || (np == 0 && ne == 0))
        return;
    for (i = 0; i < np; i++) {
        ncs_real g;
        k = w->mem.ipair[i];
        g = pair_depth(w, k, (const ncs_real (*)[3])q, NULL,
                                !(i > 0 && w->mem.ipair[i - 1] == k - 1 && same_pieces(w, k)));
        depth = g > depth ? g : depth;
    }
    if (depth <= sc->project_tol && ncs_world_joint_err(w, ne) <= sc->project_tol)
        return;
    nc = np > 0 ? ncs_world_contacts(w, np, (const ncs_real (*)[3])q, NULL) : 0;
    s = ncs_world_joint_err(w, ne);
    for (i = 0; i < nc; i++)
        s = NCS_FABS(w->mem.con[i].f) > s ? NCS_FABS(w->mem.con[i].f) : s;
    if (lay.form == NCS_FORM_MAX && s > 0)
        lay.gamma = 2 * (s + 10 * depth) / s + 1;
    else
        s = 1;
    /* summation: the projection's relaxation at most the depth it aims at
     * (the step's epsilon left two boxes 2.3e-8 deep, beyond admit_tol);
     * a firmware copy of another formulation leaves the code out */
    if (PROJECT_SUMMATION && lay.form == NCS_FORM_SUMMATION)
        lay.eps_h = (sc->epsilon < sc->project_tol ? sc->epsilon : sc->project_tol) / s;
    if (nc > 0)
        ncs_world_contact_space(w, nc, 0, NULL, NULL, 1 / s);
    if (ne > 0 && ncs_world_joint_space(w, ne, nc, 0, NULL, NULL, 1 / s, 1, NULL) != 0)
        return;
    memset(dq, 0, sizeof(ncs_real) * 3 * (size_t)sc->nbodies);
    if (nc > 0) {
        if (ncs_lcp_solve_cs(w->ws, &lay, w->mem.A, nc, w->mem.a0, w->mem.mu, NULL, w->mem.z,
                             NULL, NULL, &li) != NCS_LCP_SOLVED)
            return;
        inf->pivots += li.pivots;
        p = w->mem.z + ncs_lcp_impulse_offset(&lay);
        ncs_world_apply(w, nc, 0, ncs_lcp_impulse_offset(&lay), dq);
    }
    ncs_world_joint_impulses(w, ne, nc, p, dq);
    for (i = 0; i < sc->nbodies; i++)
        for (k = 0; k < 3; k++)
            q[i][k] += s * dq[i][k];
}

/* Largest joint error at q (centroid configurations), 0 without joints. */
static ncs_real joints_off(const ncs_world *w, const ncs_real (*q)[3]) {
    ncs_contact r[3];
    ncs_real worst = 0, e;
    int j, i, n;
    for (j = 0; NCS_WORLD_JOINTS && j < w->sc->njoints; j++) {
        n = ncs_world_joint_rows(&w->sc->joint[j], q, r);
        for (i = 0; i < n; i++)
            if ((e = ncs_world_row_err(w, &r[i])) > worst)
                worst = e;
    }
    return worst;
}

/* Largest velocity difference between two iterates (rotation at the
 * bounding radius). */
static ncs_real fix_dev(const ncs_world *w, const ncs_real (*u)[3], const ncs_real (*v)[3]) {
    ncs_real worst = 0, d;
    int i;
    for (i = 0; i < w->sc->nbodies; i++) {
        d = hyp(u[i][0] - v[i][0], u[i][1] - v[i][1]) +
            NCS_FABS(u[i][2] - v[i][2]) * w->sc->body[i].rad;
        if (d > worst)
            worst = d;
    }
    return worst;
}

/* The fixpoint iteration (seed 002) after the first solve: u holds the
 * first end-of-step velocities and gets the best iterate. While the
 * predicted end state q' = qc + h u penetrates deeper than fix_tol and fewer
 * than fix_iters solves were made, the pairs are collected again at q' and
 * every island solved again linearised there. The iterate with the least
 * predicted penetration is kept; one whose velocities differ from the
 * first one's by more than 4 (first penetration) / h is a runaway. A failed
 * collection or solve ends it with the best earlier iterate. Returns the
 * solves made (>= 1); the pairs are those of the start of the step again. */
static int fixpoint(ncs_world *w, const ncs_real (*qc)[3], const ncs_real (*sp)[3],
                    const ncs_real (*vt)[3], ncs_real (*u)[3], ncs_step_info *all) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*qn)[3] = row(w, QN), (*un)[3] = row(w, UN), (*ub)[3] = row(w, UB);
    ncs_real (*d)[3] = row(w, D2), viol, vbest = 0, vfirst = 0;
    size_t bytes = sizeof(ncs_real) * 3 * (size_t)sc->nbodies;
    int it, i, k, solves = 1;
    memcpy(un, u, bytes);
    memcpy(ub, u, bytes);
    for (it = 1;; it++) {
        for (i = 0; i < sc->nbodies; i++)
            for (k = 0; k < 3; k++)
                qn[i][k] = qc[i][k] + w->h * un[i][k];
        if (ncs_world_collect(w, (const ncs_real (*)[3])qn, sp) != 0)
            break;
        ncs_world_islands(w);
        viol = deepest(w, (const ncs_real (*)[3])qn, qc);
        if (it == 1) {
            vfirst = vbest = viol;
        } else if (viol < vbest &&
                   fix_dev(w, (const ncs_real (*)[3])un, (const ncs_real (*)[3])u) <=
                       4 * vfirst / w->h) {
            vbest = viol;
            memcpy(ub, un, bytes);
        }
        if (viol <= w->fix_tol || solves >= w->fix_iters)
            break;
        if (solve_all(w, (const ncs_real (*)[3])qn, qc, vt, (const ncs_real (*)[3])un, d, 0,
                      all) != NCS_STEP_OK)
            break;
        solves++;
        for (i = 0; i < sc->nbodies; i++)
            for (k = 0; k < 3; k++)
                un[i][k] = vt[i][k] + d[i][k];
    }
    all->status = NCS_STEP_OK;
    all->lcp_status = 0;
    all->body = -1;
    memcpy(u, ub, bytes);
    if (ncs_world_collect(w, qc, sp) != 0)
        w->npairs = 0;
    ncs_world_islands(w);
    return solves;
}

/* The speeds after a solve (u: velocities, or moves per unit of time):
 * when some body's points moved farther than the reach its pairs were
 * collected with (h sp + half the body margin, so that two bodies together
 * stay within their pair's reach) by more than slack, raises its sp[i][0]
 * to its new speed and returns 1. */
static int outran(const ncs_world *w, const ncs_real (*u)[3], ncs_real (*sp)[3], ncs_real slack) {
    const ncs_scene_desc *sc = w->sc;
    int i, more = 0;
    for (i = 0; i < sc->nbodies; i++) {
        ncs_real s = hyp(u[i][0], u[i][1]) + NCS_FABS(u[i][2]) * sc->body[i].rad;
        if (s * w->h > w->h * sp[i][0] + sc->body_margin / 2 + slack) {
            sp[i][0] = s;
            more = 1;
        }
    }
    return more;
}

/* Is some body's reach (h sp + margin, its speed bound sp) beyond the
 * reach the scene's sizes were computed for? */
static int beyond_cap(const ncs_world *w, const ncs_real (*spr)[3]) {
    int i;
    for (i = 0; i < w->sc->nbodies; i++)
        if (w->h * spr[i][0] + w->sc->margin > w->sc->reach_cap)
            return 1;
    return 0;
}

/* Internal statuses of substep(): a body would reach beyond reach_cap
 * (STEP_FINER), or an island's LCP was not solved or the end state is
 * inadmissible (the projection left an overlap, or the reach rounds ran
 * out): STEP_RETRY, with all->status saying which, a failure that
 * ncs_world_step tries again in substeps before it gives up. */
enum { STEP_FINER = -1, STEP_RETRY = -2 };

/* An inadmissible end state: STEP_RETRY with all->status saying so. */
static int inadmissible(ncs_step_info *all) {
    all->status = NCS_STEP_INADMISSIBLE;
    return STEP_RETRY;
}

/* One (sub)step of w->h: collection, islands, one LCP per island, the reach
 * check, the fixpoint, the position projection and the admissibility
 * check; on success the state moves to the end of the step. Returns
 * NCS_STEP_OK, a failure status (state unchanged), STEP_FINER when a
 * body would move farther than the sizes allow or STEP_RETRY when an LCP
 * was not solved or the end state is not admissible (state unchanged). */
static int substep(ncs_world *w, ncs_step_info *all) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*qc)[3] = row(w, QC), (*uc)[3] = row(w, UC), (*vt)[3] = row(w, VT);
    ncs_real (*u)[3] = row(w, DU), (*qn)[3] = row(w, QN), (*spr)[3] = row(w, SP);
    ncs_real worst, prev;
    int i, k, r, st, round, moved, iters0, log0 = w->nlog;
    for (i = 0; i < sc->nbodies; i++) {
        to_centroid(w, i, w->mem.q[i], w->mem.v[i], qc[i], uc[i]);
        vt[i][0] = uc[i][0] + w->h * row(w, FA)[i][0];
        vt[i][1] = uc[i][1] + w->h * row(w, FA)[i][1];
        vt[i][2] = uc[i][2] + w->h * row(w, FA)[i][2];
        spr[i][0] = ncs_world_speed(w, i, uc[i], vt[i]);
    }
    for (moved = 0, iters0 = all->iters;; moved++) {
        all->iters = iters0; /* a pass after a move too far replaces the last */
        for (round = 0;; round++) {
            if (ncs_world_collect(w, (const ncs_real (*)[3])qc, (const ncs_real (*)[3])spr) != 0) {
                if (beyond_cap(w, (const ncs_real (*)[3])spr))
                    return STEP_FINER;
                all->status = NCS_STEP_CAPACITY;
                all->body = 0;
                return all->status;
            }
            ncs_world_islands(w);
            w->nlog = log0; /* a round after a reach too short replaces the last */
            st = solve_all(w, (const ncs_real (*)[3])qc, (const ncs_real (*)[3])qc,
                           (const ncs_real (*)[3])vt, NULL, u, 1, all);
            if (st == NCS_STEP_CAPACITY && beyond_cap(w, (const ncs_real (*)[3])spr))
                return STEP_FINER;
            if (st == NCS_STEP_LCP_FAILED)
                return STEP_RETRY; /* all->status and lcp_status say so */
            if (st != NCS_STEP_OK)
                return st;
            for (i = 0; i < sc->nbodies; i++)
                for (k = 0; k < 3; k++)
                    u[i][k] += vt[i][k]; /* now the end-of-step velocity */
            if (!outran(w, (const ncs_real (*)[3])u, spr, 0))
                break;
            if (round + 1 >= REACH_ROUNDS)
                return inadmissible(all);
        }
        all->iters += w->npairs > 0 ? 1 : 0;
        if (w->fix_iters > 1 && w->npairs > 0) {
            int it = fixpoint(w, (const ncs_real (*)[3])qc, (const ncs_real (*)[3])spr,
                              (const ncs_real (*)[3])vt, u, all);
            all->iters += it - 1;
            for (i = 0; i < sc->nbodies; i++)
                if (w->mem.body_last[i].iters > 0)
                    w->mem.body_last[i].iters = it;
        }
        for (i = 0; i < sc->nbodies; i++)
            for (k = 0; k < 3; k++)
                qn[i][k] = qc[i][k] + w->h * u[i][k];
        for (r = 0, prev = NCS_HUGE; r < PROJECT_ROUNDS_MAX; r++) {
            /* absolute depths: a pair that started inside is moved out too */
            ncs_real d = deepest(w, (const ncs_real (*)[3])qn, NULL),
                     e = joints_off(w, (const ncs_real (*)[3])qn);
            d = e > d ? e : d;
            if (d <= sc->project_tol || (r >= PROJECT_ROUNDS && !(d < prev * PROJECT_SHRINK)))
                break;
            prev = d;
            for (i = 0; i < sc->nbodies; i++)
                project(w, i, qn, all);
        }
        /* The projection moves bodies too: one it moved farther than the
         * reach its pairs were collected with may have gone into what no pair
         * holds, which the check below would not see. A small box pushed by a
         * pile ended 3.3 mm inside a wall with every step 'solved' (trust
         * piles, `trust.pile-pushed-into-wall`). Such a step is collected and
         * solved again with that body's reach raised to its move. Within
         * admit_tol / 2 beyond the reach, a pair left out ends at most
         * admit_tol deep, which the end check admits anyway. */
        for (i = 0; i < sc->nbodies; i++)
            for (k = 0; k < 3; k++)
                row(w, UF)[i][k] = (qn[i][k] - qc[i][k]) / w->h;
        if (!outran(w, (const ncs_real (*)[3])row(w, UF), spr, sc->admit_tol / 2))
            break;
        if (moved + 1 >= REACH_ROUNDS)
            return inadmissible(all);
    }
    worst = deepest(w, (const ncs_real (*)[3])qn, (const ncs_real (*)[3])qc);
    if (worst > sc->admit_tol)
        return inadmissible(all);
    for (i = 0; i < sc->nbodies; i++)
        for (k = 0; k < 3; k++)
            u[i][k] += row(w, BV)[i][k];
    for (i = 0; i < sc->nbodies; i++)
        from_centroid(w, i, qn[i], u[i], w->mem.q[i], w->mem.v[i]);
    ncs_world_reg_commit(w);
    return NCS_STEP_OK;
}

/* One comparison catches NaN, infinities and magnitudes beyond the bound. */
int ncs_world_overflow(const ncs_world *w) {
    int i, k;
    for (i = 0; i < w->sc->nbodies; i++)
        for (k = 0; k < 3; k++)
            if (!(NCS_FABS(w->mem.q[i][k]) <= NCS_STATE_MAX) ||
                !(NCS_FABS(w->mem.v[i][k]) <= NCS_STATE_MAX))
                return i;
    return -1;
}

/* Substeps (docs/engine.md, "Sizes"): the sizes hold the pairs of bodies
 * moving at most reach_cap in a step. A faster step whose pairs do not fit
 * is taken as n equal substeps (gamma scaled by n, which keeps the max formulation's bound
 * 2 (D / h + V) + 1 for h / n), n doubling until every substep fits; a
 * failed substep restores the state of the start of the step. A step
 * whose LCP is not solved or whose end state is inadmissible is tried
 * again the same way, up to RETRY_SUBSTEPS substeps (a shorter step turns
 * bodies less, so the linearised sides stay nearer the truth, and it
 * changes the LCP): two boxes of a pour whose corners met crossed 7 cm
 * deep by separating axes in one step of 0.01 s, more than the projection
 * closes (trust piles, `trust.pour-corners-retry`); a resting pyramid of
 * 21 boxes met an LCP of 600 rows no path solved (diff-accurate, a ray),
 * whose 32 substeps were all solved (`bench/scale/pyramid6.ncs`). */
#define MAX_SUBSTEPS 1024
#define RETRY_SUBSTEPS 64

int ncs_world_step(ncs_world *w) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*q0)[3] = row(w, Q0), (*v0)[3] = row(w, V0);
    size_t bytes = sizeof(ncs_real) * 3 * (size_t)sc->nbodies;
    ncs_step_info all;
    int n = 1, j, st = NCS_STEP_OK, i;
    memcpy(q0, w->mem.q, bytes);
    memcpy(v0, w->mem.v, bytes);
    for (;;) {
        clear_info(&all);
        w->nlog = 0;
        for (i = 0; i < sc->nbodies; i++)
            clear_info(&w->mem.body_last[i]);
        w->h = sc->h / (ncs_real)n;
        w->gamma = sc->gamma * (ncs_real)n;
        for (j = 0; j < n; j++) {
            st = substep(w, &all);
            if (st != NCS_STEP_OK)
                break;
        }
        if (st == NCS_STEP_OK || !((st == STEP_FINER && n < MAX_SUBSTEPS) ||
                                   (st == STEP_RETRY && n < RETRY_SUBSTEPS)))
            break;
        memcpy(w->mem.q, q0, bytes); /* again, finer */
        memcpy(w->mem.v, v0, bytes);
        n *= 2;
    }
    if (st == STEP_FINER)
        st = all.status = NCS_STEP_INADMISSIBLE;
    else if (st == STEP_RETRY)
        st = all.status; /* the last try's failure */
    if (st == NCS_STEP_OK && (i = ncs_world_overflow(w)) >= 0) {
        st = all.status = NCS_STEP_OVERFLOW;
        all.body = i;
    }
    all.substeps = n;
    w->last = all;
    if (st != NCS_STEP_OK) {
        memcpy(w->mem.q, q0, bytes);
        memcpy(w->mem.v, v0, bytes);
        return st;
    }
    w->step++;
    w->solves += all.iters;
    return NCS_STEP_OK;
}

int ncs_world_reset(ncs_world *w) {
    const ncs_scene_desc *sc = w->sc;
    int i, k;
    for (i = 0; i < sc->nbodies; i++) {
        for (k = 0; k < 3; k++) {
            w->mem.q[i][k] = sc->body[i].q0[k];
            w->mem.v[i][k] = sc->body[i].v0[k];
        }
        row(w, FA)[i][0] = sc->body[i].ax;
        row(w, FA)[i][1] = sc->body[i].ay;
        row(w, FA)[i][2] = sc->body[i].alpha;
        clear_info(&w->mem.body_last[i]);
        w->mem.sweep[i] = i;
    }
    for (i = 0; i < sc->njoints; i++) {
        w->mem.motor[i][0] = sc->joint[i].speed;
        w->mem.motor[i][1] = sc->joint[i].max_torque < 0 ? NCS_HUGE : sc->joint[i].max_torque;
    }
    w->ws = ncs_lcp_workspace_init_cs(w->mem.ws, w->mem.ws_bytes, w->sc->max_m,
                                      w->sc->max_contacts);
    w->step = 0;
    w->solves = 0;
    w->npairs = 0;
    w->nsrefs = 0;
    ncs_world_reg_clear(w);
    clear_info(&w->last);
    return w->ws ? 0 : -1;
}

/* Takes `bytes` from the memory cursor *at (in units); NULL when the
 * memory runs out. */
static void *grab(ncs_mem_unit **at, size_t *left, size_t bytes) {
    size_t u = NCS_WU(bytes);
    void *p = *at;
    if (u > *left)
        return NULL;
    *at += u;
    *left -= u;
    return p;
}

/* Does the scene need a part this copy of the core left out (ncs/config.h):
 * a polygon body without NCS_WORLD_POLYGONS, two bodies that can make a
 * pair (not both particles) without NCS_WORLD_BODY_PAIRS? */
static int lacks_part(const ncs_scene_desc *sc) {
    int i, round = 0;
    for (i = 0; i < sc->nbodies; i++) {
        if (!NCS_WORLD_POLYGONS && sc->body[i].kind == NCS_POLYGON)
            return 1;
        round += sc->body[i].kind != NCS_PARTICLE;
    }
    return !NCS_WORLD_BODY_PAIRS && sc->nbodies > 1 && round > 0;
}

int ncs_world_init(ncs_world *w, const ncs_scene_desc *sc, ncs_mem_unit *mem, size_t units) {
    ncs_world_mem *m = &w->mem;
    size_t nb = (size_t)sc->nbodies, nc = (size_t)sc->max_contacts, mm = (size_t)sc->max_m;
    size_t nu = nc * (1 + (size_t)sc->nfric), ne = (size_t)sc->max_jrows;
    memset(w, 0, sizeof *w);
    w->sc = sc;
    w->fix_iters = sc->fix_iters;
    w->fix_tol = sc->fix_tol;
    w->h = sc->h;
    w->gamma = sc->gamma;
    if (!mem || sc->nbodies < 1 || sc->max_pairs < 1 || sc->max_srefs < 1 ||
        sc->max_contacts < 1 || sc->max_groups < 1 || sc->max_m < 1 || sc->njoints < 0 ||
        (sc->njoints > 0 && sc->max_jrows < 1) || lacks_part(sc))
        return -1;
    m->q = (ncs_real (*)[3])grab(&mem, &units, sizeof(ncs_real) * 3 * nb);
    m->v = (ncs_real (*)[3])grab(&mem, &units, sizeof(ncs_real) * 3 * nb);
    m->body_last = (ncs_step_info *)grab(&mem, &units, sizeof(ncs_step_info) * nb);
    m->scratch = (ncs_real (*)[3])grab(&mem, &units,
                                         sizeof(ncs_real) * 3 * NCS_WORLD_SCRATCH_ROWS * nb);
    m->parent = (int *)grab(&mem, &units, sizeof(int) * nb);
    m->sweep = (int *)grab(&mem, &units, sizeof(int) * nb);
    m->ibegin = (int *)grab(&mem, &units, sizeof(int) * (nb + 1));
    m->lo = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nb);
    m->pair = (ncs_pair *)grab(&mem, &units, sizeof(ncs_pair) * (size_t)sc->max_pairs);
    m->order = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->max_pairs);
    m->ipair = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->max_pairs);
    m->sref = (ncs_sref *)grab(&mem, &units, sizeof(ncs_sref) * (size_t)sc->max_srefs);
#if NCS_WORLD_REGISTER
    if (nb > 1) {
        m->reg[0] = (ncs_reg *)grab(&mem, &units, sizeof(ncs_reg) * (size_t)sc->max_srefs);
        m->reg[1] = (ncs_reg *)grab(&mem, &units, sizeof(ncs_reg) * (size_t)sc->max_srefs);
    }
#endif
    m->con = (ncs_contact *)grab(&mem, &units, sizeof(ncs_contact) * nc);
    m->gsize = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->max_groups);
    m->A = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nu * nu);
    m->a0 = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nu);
    m->mu = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nc);
    m->pyb = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nc);
    m->z = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * mm);
    /* NCS_WORLD_JOINT_UNITS */
    m->dp = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nc);
    m->jorder = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->njoints);
    m->jbegin = sc->njoints > 0 ? (int *)grab(&mem, &units, sizeof(int) * (nb + 1)) : NULL;
    m->jrow = (ncs_contact *)grab(&mem, &units, sizeof(ncs_contact) * ne);
    m->E = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne * ne);
    m->G = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne * nu);
    m->jc = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne);
    m->jl = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne);
    m->motor = (ncs_real (*)[2])grab(&mem, &units, sizeof(ncs_real) * 2 * (size_t)sc->njoints);
    /* the workspace: the rest (what NCS_WORLD_MEM_UNITS gave it; beyond its
     * arrays, room for the lazy tableau's etas) */
    m->ws_bytes = units * sizeof(ncs_mem_unit);
    m->ws = grab(&mem, &units, m->ws_bytes);
    if (!m->ws)
        return -1;
    return ncs_world_reset(w);
}

void ncs_world_set_fixpoint(ncs_world *w, int iters, ncs_real tol) {
    w->fix_iters = iters < 1 ? 1 : iters > 1000 ? 1000 : iters;
    w->fix_tol = tol > 0 ? tol : 0;
}

void ncs_world_set_contact_log(ncs_world *w, ncs_contact_report *buf, int cap) {
    w->log = buf;
    w->log_cap = buf && cap > 0 ? cap : 0;
    w->nlog = 0;
}

int ncs_world_contact_count(const ncs_world *w) {
    return w->nlog;
}

ncs_real ncs_world_joint_error(const ncs_world *w) {
    ncs_real qc[3], uc[3];
    const ncs_real (*q)[3] = (const ncs_real (*)[3])w->mem.q;
    ncs_contact r[3];
    ncs_real worst = 0, e;
    int j, i, n, x;
    for (j = 0; NCS_WORLD_JOINTS && j < w->sc->njoints; j++) {
        const ncs_joint_desc *J = &w->sc->joint[j];
        ncs_real qq[2][3];
        ncs_joint_desc K = *J;
        /* the two bodies at their centroids, as bodies 0 and 1 of qq */
        for (x = 0; x < 2; x++) {
            int bx = x ? J->b : J->a;
            if (bx < 0)
                continue;
            to_centroid(w, bx, q[bx], w->mem.v[bx], qc, uc);
            memcpy(qq[x], qc, sizeof qc);
        }
        K.a = 0;
        K.b = J->b >= 0 ? 1 : -1;
        n = ncs_world_joint_rows(&K, (const ncs_real (*)[3])qq, r);
        for (i = 0; i < n; i++) {
            e = NCS_FABS(r[i].f);
            if (r[i].jn[0][0] == 0 && r[i].jn[0][1] == 0)
                e *= w->sc->body[J->a].rad;
            if (e > worst)
                worst = e;
        }
    }
    return worst;
}

void ncs_world_set_hook(ncs_world *w, ncs_lcp_hook fn, void *ctx) {
    w->hook = fn;
    w->hook_ctx = ctx;
}

void ncs_world_set_hook_buffer(ncs_world *w, ncs_real *buf, size_t reals) {
    w->hook_buf = buf;
    w->hook_reals = buf ? reals : 0;
}

ncs_real ncs_world_energy(const ncs_world *w) {
    ncs_real qc[3], uc[3], e = 0;
    int i;
    for (i = 0; i < w->sc->nbodies; i++) {
        const ncs_body_desc *B = &w->sc->body[i];
        if (B->kinematic)
            continue; /* no mass */
        to_centroid(w, i, w->mem.q[i], w->mem.v[i], qc, uc);
        e += (uc[0] * uc[0] + uc[1] * uc[1]) / (2 * B->im);
        if (B->iI > 0)
            e += uc[2] * uc[2] / (2 * B->iI);
    }
    return e;
}

void ncs_world_position(const ncs_world *w, int body, ncs_real xy[2]) {
    xy[0] = w->mem.q[body][0];
    xy[1] = w->mem.q[body][1];
}

void ncs_world_velocity(const ncs_world *w, int body, ncs_real v[2]) {
    v[0] = w->mem.v[body][0];
    v[1] = w->mem.v[body][1];
}

ncs_real ncs_world_angle(const ncs_world *w, int body) {
    return w->mem.q[body][2];
}

ncs_real ncs_world_omega(const ncs_world *w, int body) {
    return w->mem.v[body][2];
}

ncs_step_info ncs_world_body_info(const ncs_world *w, int body) {
    return w->mem.body_last[body];
}
