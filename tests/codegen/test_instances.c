/* test_instances.c - the generated API (scene capacity.ncs, prefix inst):
 *  - two states of one scene are independent: stepping one leaves the other
 *    at its initial conditions, and two states stepped side by side (one
 *    step each, in turn) give bit-identical positions, velocities, angles,
 *    step results and step infos at every step, also when one of them is
 *    stepped on alone first and the other catches up;
 *  - a step that exceeds the scene's capacity (two floor boxes within reach
 *    at once, capacity = 1) returns INST_STEP_CAPACITY, names the body and
 *    leaves the position, velocity and step count unchanged, and keeps
 *    failing;
 *  - reset returns to the initial conditions.
 */
#include <string.h>
#include "inst.h"
#include "../check.h"

/* Everything the API tells about body 0 and the last step. */
typedef struct snap {
    ncs_real xy[2], v[2], th, om;
    long step;
    inst_info info;
} snap;

static void take(const inst_state *s, snap *o) {
    memset(o, 0, sizeof *o);
    inst_position(s, 0, o->xy);
    inst_velocity(s, 0, o->v);
    o->th = inst_angle(s, 0);
    o->om = inst_omega(s, 0);
    o->step = s->w.step;
    o->info = inst_last_info(s);
}

static int same(const snap *a, const snap *b) {
    return memcmp(a->xy, b->xy, sizeof a->xy) == 0 && memcmp(a->v, b->v, sizeof a->v) == 0 &&
           memcmp(&a->th, &b->th, sizeof a->th) == 0 && memcmp(&a->om, &b->om, sizeof a->om) == 0 &&
           a->step == b->step && a->info.status == b->info.status &&
           a->info.lcp_status == b->info.lcp_status && a->info.body == b->info.body &&
           a->info.pivots == b->info.pivots && a->info.m == b->info.m &&
           a->info.iters == b->info.iters && a->info.substeps == b->info.substeps;
}

enum { RUN = 200 };

int main(void) {
    static inst_state a, b;
    static snap trail[RUN + 1];
    snap sa, sb, before;
    ncs_real xy[2], v[2];
    int n, st = INST_STEP_OK, sta, stb, fail_at = -1;

    CHECK(inst_init(&a) == 0 && inst_init(&b) == 0, "%s", "init");
    for (n = 0; n < 5; n++)
        CHECK(inst_step(&a) == INST_STEP_OK, "free fall step %d", n + 1);
    inst_position(&b, 0, xy);
    CHECK(xy[0] == 0.5 && xy[1] == 1, "b moved by a's steps: (%g, %g)", xy[0], xy[1]);
    CHECK(a.w.step == 5 && b.w.step == 0, "step counters %ld %ld", a.w.step, b.w.step);
    CHECK(inst_step(&b) == INST_STEP_OK, "%s", "b's first step");
    inst_velocity(&b, 0, v);
    CHECK(v[0] == 0 && v[1] == INST_TIME_STEP * -9.81, "b's first step is free fall: (%g, %g)",
          v[0], v[1]);

    /* side by side, one step each in turn, until the capacity stops them */
    CHECK(inst_reset(&a) == 0 && inst_reset(&b) == 0, "%s", "reset both");
    take(&a, &trail[0]);
    for (n = 1; n <= RUN && fail_at < 0; n++) {
        take(&a, &before);
        sta = inst_step(&a);
        stb = inst_step(&b);
        take(&a, &sa);
        take(&b, &sb);
        CHECK(sta == stb, "step %d: results %d and %d", n, sta, stb);
        CHECK(same(&sa, &sb), "step %d: the two states differ: (%.17g, %.17g) vs (%.17g, %.17g)",
              n, sa.xy[0], sa.xy[1], sb.xy[0], sb.xy[1]);
        trail[n] = sa;
        if (sta != INST_STEP_OK) {
            fail_at = n;
            st = sta;
            /* the failed step leaves the state as it was */
            CHECK(!memcmp(sa.xy, before.xy, sizeof sa.xy) && !memcmp(sa.v, before.v, sizeof sa.v) &&
                      sa.step == before.step,
                  "step %d failed but the state moved", n);
        }
    }
    CHECK(fail_at > 1, "%s", "the capacity failure comes once the floor is within reach");
    CHECK(st == INST_STEP_CAPACITY, "step %d: status %d, want INST_STEP_CAPACITY", fail_at, st);
    CHECK(inst_last_info(&a).status == INST_STEP_CAPACITY && inst_last_info(&a).body == 0,
          "info: status %d body %d", inst_last_info(&a).status, inst_last_info(&a).body);
    take(&a, &before);
    CHECK(inst_step(&a) == INST_STEP_CAPACITY, "%s", "still failing");
    take(&a, &sa);
    CHECK(!memcmp(sa.xy, before.xy, sizeof sa.xy) && sa.step == before.step && sa.step == fail_at - 1,
          "after the failures: step %ld, want %d", sa.step, fail_at - 1);
    inst_position(&a, 0, xy);
    CHECK(xy[1] > 0 && inst_penetration(&a, 0) == 0, "stopped above the floor at y = %g", xy[1]);
    CHECK(strcmp(inst_body_name(0), "p") == 0 && INST_BODY_P == 0, "%s", "body name and index");

    /* one stepped on alone, the other catching up later: the same trail */
    CHECK(inst_reset(&a) == 0 && inst_reset(&b) == 0, "%s", "reset both again");
    for (n = 1; n < fail_at; n++)
        CHECK(inst_step(&a) == INST_STEP_OK, "a alone, step %d", n);
    take(&a, &sa);
    CHECK(same(&sa, &trail[fail_at - 1]), "%s", "a alone ends where the side-by-side run did");
    for (n = 1; n < fail_at; n++) {
        CHECK(inst_step(&b) == INST_STEP_OK, "b catching up, step %d", n);
        take(&b, &sb);
        CHECK(same(&sb, &trail[n]), "b catching up differs at step %d", n);
    }

    CHECK(inst_reset(&a) == 0 && a.w.step == 0, "%s", "reset");
    inst_position(&a, 0, xy);
    CHECK(xy[0] == 0.5 && xy[1] == 1 && inst_angle(&a, 0) == 0 && inst_omega(&a, 0) == 0,
          "reset restores the initial conditions: (%g, %g)", xy[0], xy[1]);
    return CHECK_DONE();
}
