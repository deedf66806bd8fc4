/* sim_demo.c - hand-written scene descriptors run through ncs_sim_main, so
 * the simulator is tested without ncsc.
 *
 *   sim_demo SCENE [simulator options]
 *
 * SCENE (also the program name in messages and the prefix of fail files):
 *   fall      a particle dropping onto an explicit group
 *             { side (0, 0) normal (0, 1); }; every expectation holds
 *   fails     the same scene with expectations that fail, listed here out
 *             of source order (failures must come out by line and column)
 *   table     a disc rolling on a square piece [-2, 2] x [-1, 0] and a
 *             square box resting on it (friction 0.5); expectations hold
 *   cap       the table with room for one side per step: the first step
 *             fails with "capacity exceeded"
 *   overflow  a particle of mass 1e-300 at a speed of 1e150 over the
 *             square (gamma 1e300): its first LCP cannot be solved
 *   strict    fall where nothing is admissible: step 1 fails so
 *   hook      (not a simulator) the table stepped with the LCP hook: without
 *             a hook buffer the hook gets NULL for B and b, with one it
 *             gets the island's B and b, which the engine's z solves;
 *             exit status 0 when that holds
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ncs/sim.h"
#include "../check.h"

/* ---- fall: one particle over the half-plane y <= 0 ------------------------ */

static const ncs_piece half_piece[] = {{0, 1, 0, 0, 0, 0, -1}};
static const ncs_side half_side[] = {{0, 1, 0, 0, 0, 0}};

static const ncs_body_desc fall_body[] = {
    {NCS_PARTICLE, 1, 0, 0, 0, -10, 0, 0, 0, 0, 0, 0, 0, 0, 0, {0, 1, 0}, {0, 0, 0}, 0, 0},
};
static const char *const fall_names[] = {"p"};

/* The constants a scene of about unit size needs (docs/engine.md). */
#define SMALL_SCENE(nm, nb, bodies, names, h_, steps_, reach, admit)                       \
    .name = nm, .nbodies = nb, .body = bodies, .body_name = names, .form = NCS_FORM_MAX,   \
    .h = h_, .gamma = 1000, .epsilon = 1e-9, .margin = 0.05, .body_margin = 0.005,         \
    .reach_cap = reach, .project_tol = 1e-10, .admit_tol = admit, .fix_iters = 1,          \
    .fix_tol = 1e-3, .steps = steps_

#define HALF_PLANE {1, half_piece, half_side, NULL}

#define FALL_SCENE(nm, admit)                                                              \
    {SMALL_SCENE(nm, 1, fall_body, fall_names, 0.01, 60, 0.5, admit), .obst = HALF_PLANE,  \
     .max_pairs = 4, .max_srefs = 8, .max_contacts = 8, .max_groups = 4, .max_m = 48}

static const ncs_scene_desc fall_scene = FALL_SCENE("fall", 1e-6);
/* Nothing is admissible (a negative depth): step 1 fails. */
static const ncs_scene_desc strict_scene = FALL_SCENE("strict", -1);

/* Expectations as ncsc writes them: where, kind, body, coordinate, op,
 * step, value, tolerance, text. */
static const ncs_expect_desc fall_expect[] = {
    {5, 1, NCS_EXPECT_ALL_SOLVED, -1, 0, NCS_EXPECT_EQ, NCS_EXPECT_EVERY, {0, 0}, 0,
     "every step solved"},
    {6, 1, NCS_EXPECT_NO_PENETRATION, -1, 0, NCS_EXPECT_EQ, NCS_EXPECT_EVERY, {0, 0}, 1e-9,
     "no penetration within 1e-09"},
    {7, 1, NCS_EXPECT_BOUND, 0, NCS_COORD_Y, NCS_EXPECT_GE, NCS_EXPECT_EVERY, {0, 0}, 1e-9,
     "p.y >= 0 at every step (slack 1e-09)"},
    {8, 1, NCS_EXPECT_POSITION, 0, 0, NCS_EXPECT_EQ, NCS_EXPECT_END, {0, 0}, 1e-9,
     "p.position at end == (0, 0) within 1e-09"},
    {9, 1, NCS_EXPECT_VALUE, 0, NCS_COORD_VY, NCS_EXPECT_EQ, NCS_EXPECT_END, {0, 0}, 1e-9,
     "p.vy at end == 0 within 1e-09"},
};

static const ncs_sim_desc fall_sim = {&fall_scene, "scenes/fall.ncs", "fall", 5, fall_expect,
                                      0, NULL, NULL, NULL};

/* Out of source order on purpose; lines 12 and 20 hold two each. */
static const ncs_expect_desc fails_expect[] = {
    {30, 1, NCS_EXPECT_VALUE, 0, NCS_COORD_Y, NCS_EXPECT_EQ, NCS_EXPECT_END, {1, 0}, 1e-3,
     "p.y at end == 1 within 0.001"},
    {12, 25, NCS_EXPECT_BOUND, 0, NCS_COORD_VY, NCS_EXPECT_LE, NCS_EXPECT_EVERY, {-100, 0}, 0,
     "p.vy <= -100 at every step (slack 0)"},
    {12, 1, NCS_EXPECT_VALUE, 0, NCS_COORD_X, NCS_EXPECT_EQ, 10, {5, 0}, 0.1,
     "p.x at step 10 == 5 within 0.1"},
    {20, 1, NCS_EXPECT_POSITION, 0, 0, NCS_EXPECT_EQ, 1000, {0, 0}, 1,
     "p.position at step 1000 == (0, 0) within 1"},
    {3, 1, NCS_EXPECT_ALL_SOLVED, -1, 0, NCS_EXPECT_EQ, NCS_EXPECT_EVERY, {0, 0}, 0,
     "every step solved"},
    {4, 1, NCS_EXPECT_NO_PENETRATION, -1, 0, NCS_EXPECT_EQ, NCS_EXPECT_EVERY, {0, 0}, 1e-9,
     "no penetration within 1e-09"},
    {25, 1, NCS_EXPECT_VELOCITY, 0, 0, NCS_EXPECT_EQ, 5, {0, 0}, 1e-3,
     "p.velocity at step 5 == (0, 0) within 0.001"},
    {20, 30, NCS_EXPECT_BOUND, 0, NCS_COORD_Y, NCS_EXPECT_GE, NCS_EXPECT_END, {-1, 0}, 0,
     "p.y >= -1 at end (slack 0)"},
};

static const ncs_sim_desc strict_sim = {&strict_scene, "scenes/strict.ncs", "strict", 1,
                                        fall_expect, 0, NULL, NULL, NULL};

static const ncs_sim_desc fails_sim = {&fall_scene, "scenes/fails.ncs", "fails", 8,
                                       fails_expect, 0, NULL, NULL, NULL};

/* ---- table: a disc and a box on the square [-2, 2] x [-1, 0] --------------- */

/* The square: sides bottom, right, top, left, from vertex i to i + 1. */
static const ncs_piece sq_piece[] = {{0, 4, 0, 4, 0, -0.5, 2.0615528128088303}};
static const ncs_side sq_side[] = {
    {0, -1, 1, 0, 0.5, 0}, {1, 0, 2, 0, 0.5, 0}, {0, 1, 0, 0, 0.5, 0}, {-1, 0, 2, 0, 0.5, 0}};
static const ncs_vertex sq_vert[] = {{-2, -1}, {2, -1}, {2, 0}, {-2, 0}};
static const ncs_corner sq_corner[] = {{0, 0.5}, {1, 0.5}, {2, 0.5}, {3, 0.5}};

/* The box: outline (0, 0) (0.5, 0) (0.5, 0.5) (0, 0.5) about its reference
 * point, stored about its centroid (0.25, 0.25). */
static const ncs_piece box_piece[] = {{0, 4, 0, 4, 0, 0, 0.35355339059327379}};
static const ncs_side box_side[] = {
    {0, -1, 0.25, 0, 0, 0}, {1, 0, 0.25, 0, 0, 0}, {0, 1, 0.25, 0, 0, 0}, {-1, 0, 0.25, 0, 0, 0}};
static const ncs_vertex box_vert[] = {{-0.25, -0.25}, {0.25, -0.25}, {0.25, 0.25}, {-0.25, 0.25}};
static const int box_map[] = {0, 1, 2, 3};

static const ncs_body_desc table_body[] = {
    /* d: disc of radius 0.25, mass 1, rolling right */
    {NCS_DISC, 1, 32, 0.25, 0, -10, 0, 0, 0, 0.25, 0.5, 0, 0, 0, 0, {-1, 0.25, 0}, {1, 0, 0}, 0, 0},
    /* b: square box 0.5 x 0.5, mass 1 (inertia 1/24), at rest */
    {NCS_POLYGON, 1, 24, 0, 0, -10, 0, 0.25, 0.25, 0.35355339059327379, 0.5, 0, 4, 0, 1,
     {1, 0, 0}, {0, 0, 0}, 0, 0},
};
static const char *const table_names[] = {"d", "b"};

#define SQUARE                                                                             \
    .obst = {1, sq_piece, sq_side, sq_vert}, .ncorners = 4, .corner = sq_corner, .nfric = 2

#define TABLE_SCENE(nm, nsides)                                                            \
    {SMALL_SCENE(nm, 2, table_body, table_names, 0.01, 100, 0.5, 1e-6), SQUARE,           \
     .bpieces = {1, box_piece, box_side, box_vert}, .bvert = box_vert, .bvmap = box_map,  \
     .max_pairs = 32,                                                                      \
     .max_srefs = nsides, .max_contacts = 64, .max_groups = 32, .max_m = 512}

static const ncs_scene_desc table_scene = TABLE_SCENE("table", 128);
/* The same with room for one side: the first step exceeds it. */
static const ncs_scene_desc cap_scene = TABLE_SCENE("cap", 1);

static const ncs_expect_desc table_expect[] = {
    {10, 1, NCS_EXPECT_ALL_SOLVED, -1, 0, NCS_EXPECT_EQ, NCS_EXPECT_EVERY, {0, 0}, 0,
     "every step solved"},
    {11, 1, NCS_EXPECT_NO_PENETRATION, -1, 0, NCS_EXPECT_EQ, NCS_EXPECT_EVERY, {0, 0}, 1e-6,
     "no penetration within 1e-06"},
    {12, 1, NCS_EXPECT_BOUND, 0, NCS_COORD_Y, NCS_EXPECT_GE, NCS_EXPECT_EVERY, {0.25, 0}, 1e-6,
     "d.y >= 0.25 at every step (slack 1e-06)"},
    {13, 1, NCS_EXPECT_POSITION, 1, 0, NCS_EXPECT_EQ, NCS_EXPECT_END, {1, 0}, 1e-6,
     "b.position at end == (1, 0) within 1e-06"},
    {14, 1, NCS_EXPECT_VALUE, 1, NCS_COORD_THETA, NCS_EXPECT_EQ, NCS_EXPECT_END, {0, 0}, 1e-6,
     "b.theta at end == 0 within 1e-06"},
    {15, 1, NCS_EXPECT_BOUND, 0, NCS_COORD_VX, NCS_EXPECT_GE, NCS_EXPECT_END, {0, 0}, 0,
     "d.vx >= 0 at end (slack 0)"},
};

/* The square's outline for the picture. */
static const int sq_ring_first[] = {0, 4};
static const double sq_ring_xy[] = {-2, -1, 2, -1, 2, 0, -2, 0};
static const unsigned char sq_ring_hole[] = {0};

static const ncs_sim_desc table_sim = {&table_scene, "scenes/table.ncs", "table", 6,
                                       table_expect, 1, sq_ring_first, sq_ring_xy, sq_ring_hole};
static const ncs_sim_desc cap_sim = {&cap_scene, "scenes/cap.ncs", "cap", 1, table_expect, 1,
                                     sq_ring_first, sq_ring_xy, sq_ring_hole};

/* ---- overflow: a particle too fast for the arithmetic ----------------------- */

static const ncs_body_desc over_body[] = {
    {NCS_PARTICLE, 1e300, 0, 0, 0, -10, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, {0, 0, 0},
     {1e150, -1e150, 0}, 0, 0},
};

/* No reach is too far (no substeps): the overflow reaches the LCP. Every
 * number is within what ncsc accepts (tests/examples/scenes/overflow.ncs:
 * 1/mass = 1e300, gamma = 1e300, speeds of 1e150, no coordinate beyond
 * NCS_STATE_MAX), yet the LCP overflows. */
static const ncs_scene_desc over_scene = {
    .name = "overflow", .nbodies = 1, .body = over_body, .body_name = fall_names,
    .form = NCS_FORM_MAX, .h = 0.1, .gamma = 1e300, .epsilon = 1e-9, .margin = 0.05,
    .body_margin = 0.005, .reach_cap = HUGE_VAL, .project_tol = 1e-10, .admit_tol = 1e-6,
    .fix_iters = 1, .fix_tol = 1e-3, .steps = 3,
    SQUARE,
    .max_pairs = 32, .max_srefs = 128, .max_contacts = 64, .max_groups = 32, .max_m = 512,
};

static const ncs_sim_desc over_sim = {&over_scene, "scenes/overflow.ncs", "overflow", 1,
                                      fall_expect, 1, sq_ring_first, sq_ring_xy, NULL};

/* ---- main ---------------------------------------------------------------------- */

static struct {
    ncs_world w;
    ncs_mem_unit mem[NCS_WORLD_MEM_UNITS(2, 32, 128, 64, 32, 512, 2) +
                     NCS_WORLD_JOINT_UNITS(2, 0, 0, 64, 2)];
} state;

/* hook: what the hook saw */
static struct {
    int calls, nulls, solved, holds;
} seen;

static void hook(void *ctx, long step, int body, const ncs_layout *L, int m, const double *B,
                 const double *b, const double *z, int st) {
    int i, j;
    double zmax = 0, worst = 0;
    (void)ctx, (void)step, (void)body, (void)L;
    seen.calls++;
    if (!B || !b) {
        seen.nulls += !B && !b;
        return;
    }
    if (st != 0)
        return;
    seen.solved++;
    for (i = 0; i < m; i++)
        zmax = fabs(z[i]) > zmax ? fabs(z[i]) : zmax;
    for (i = 0; i < m; i++) {   /* z >= 0, w = B z + b >= 0, z.w = 0 (relative) */
        double w = b[i], ws = fabs(b[i]);
        for (j = 0; j < m; j++) {
            w += B[(size_t)i * (size_t)m + (size_t)j] * z[j];
            ws += fabs(B[(size_t)i * (size_t)m + (size_t)j]) * zmax;
        }
        ws = ws > 0 ? ws : 1;
        worst = -w / ws > worst ? -w / ws : worst;
        worst = -z[i] / (zmax > 0 ? zmax : 1) > worst ? -z[i] / (zmax > 0 ? zmax : 1) : worst;
        if (z[i] > 0 && w > 0)
            worst = fmin(z[i] / zmax, w / ws) > worst ? fmin(z[i] / zmax, w / ws) : worst;
    }
    seen.holds += worst <= 1e-9;
}

/* The hook with and without a buffer for B and b (the state has no B). */
static int hook_check(void) {
    static double buf[NCS_WORLD_HOOK_REALS(512)];
    int k;
    if (ncs_world_init(&state.w, &table_scene, state.mem,
                       sizeof state.mem / sizeof state.mem[0]) != 0)
        return 2;
    ncs_world_set_hook(&state.w, hook, NULL);
    for (k = 0; k < 20; k++)
        ncs_world_step(&state.w);
    printf("hook without a buffer: %d calls, %d with B = b = NULL\n", seen.calls, seen.nulls);
    CHECK(seen.calls > 0 && seen.nulls == seen.calls);
    memset(&seen, 0, sizeof seen);
    ncs_world_set_hook_buffer(&state.w, buf, sizeof buf / sizeof buf[0]);
    for (k = 0; k < 20; k++)
        ncs_world_step(&state.w);
    printf("hook with a buffer: %d calls, %d solved, %d solved by z on the hook's B and b\n",
           seen.calls, seen.solved, seen.holds);
    CHECK(seen.calls > 0 && seen.nulls == 0 && seen.solved > 0 && seen.holds == seen.solved);
    ncs_world_set_hook(&state.w, NULL, NULL);
    ncs_world_set_hook_buffer(&state.w, NULL, 0);
    return CHECK_DONE();
}

int main(int argc, char **argv) {
    static const struct {
        const char *name;
        const ncs_sim_desc *sim;
    } scenes[] = {{"fall", &fall_sim},   {"fails", &fails_sim}, {"table", &table_sim},
                  {"cap", &cap_sim},     {"overflow", &over_sim}, {"strict", &strict_sim}};
    size_t i;
    if (argc > 1 && !strcmp(argv[1], "hook"))
        return hook_check();
    for (i = 0; argc > 1 && i < sizeof scenes / sizeof scenes[0]; i++)
        if (!strcmp(argv[1], scenes[i].name)) {
            const ncs_sim_desc *sim = scenes[i].sim;
            if (ncs_world_init(&state.w, sim->scene, state.mem,
                               sizeof state.mem / sizeof state.mem[0]) != 0) {
                fprintf(stderr, "%s: the runtime rejected the state's memory\n", argv[1]);
                return 2;
            }
            return ncs_sim_main(sim, &state.w, argc - 1, argv + 1);
        }
    fprintf(stderr, "usage: sim_demo fall|fails|table|cap|overflow|strict|hook [options]\n");
    return 2;
}
