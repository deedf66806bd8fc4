/* test_inputs.c - the input calls of issue 27 against closed forms: a
 * constant force on a frictionless floor, a set velocity, snapshots
 * restored twice and into another state object, and bad inputs (NaN,
 * infinity, an out-of-range body, a pose inside the floor or another
 * body) that return their documented status and change nothing. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "push.h"
#include "../check.h"
#include "same_world.h"

static push_state s, s2, s3;

/* A force F on the frictionless floor: v_n = n h F / m and x_n = h^2 F / m
 * n (n + 1) / 2 (semi-implicit Euler), to rounding. */
static void force_closed_form(void) {
    const double F = 3, m = 2, h = PUSH_TIME_STEP;
    double xy[2], v[2], wantv, wantx;
    int n, st;
    CHECK(push_init(&s) == 0, "init");
    CHECK(push_set_force(&s, PUSH_BODY_BOX, F, 0, 0) == NCS_INPUT_OK, "set_force");
    for (n = 1; n <= 100; n++) {
        st = push_step(&s);
        CHECK(st == PUSH_STEP_OK, "step %d: %d", n, st);
    }
    push_position(&s, PUSH_BODY_BOX, xy);
    push_velocity(&s, PUSH_BODY_BOX, v);
    wantv = 100 * h * F / m;
    wantx = h * h * F / m * 100 * 101 / 2;
    printf("force: v %.17g (closed form %.17g), x %.17g (%.17g), y %.17g\n", v[0], wantv,
           xy[0], wantx, xy[1]);
    CHECK(fabs(v[0] - wantv) <= 1e-12 * wantv, "v %.17g", v[0]);
    CHECK(fabs(xy[0] - wantx) <= 1e-12 * wantx, "x %.17g", xy[0]);
    CHECK(fabs(xy[1] - 0.15) <= 1e-9, "y %.17g", xy[1]);
    CHECK(fabs(push_angle(&s, PUSH_BODY_BOX)) <= 1e-12, "angle");
    /* a zero force: the velocity holds */
    CHECK(push_set_force(&s, PUSH_BODY_BOX, 0, 0, 0) == NCS_INPUT_OK, "clear");
    CHECK(push_step(&s) == PUSH_STEP_OK, "%s", "step");
    push_velocity(&s, PUSH_BODY_BOX, v);
    CHECK(fabs(v[0] - wantv) <= 1e-12 * wantv, "v after clearing %.17g", v[0]);
    /* reset clears the force */
    CHECK(push_reset(&s) == 0, "reset");
    CHECK(push_step(&s) == PUSH_STEP_OK, "%s", "step");
    push_velocity(&s, PUSH_BODY_BOX, v);
    CHECK(v[0] == 0, "v after reset %.17g", v[0]);
}

/* A set velocity on the frictionless floor is kept; the ball rolls on at
 * its own. */
static void velocity(void) {
    double v[2], xy[2];
    int n;
    CHECK(push_init(&s) == 0, "init");
    CHECK(push_set_velocity(&s, PUSH_BODY_BOX, 0.5, 0, 0) == NCS_INPUT_OK, "set_velocity");
    for (n = 0; n < 50; n++)
        CHECK(push_step(&s) == PUSH_STEP_OK, "step %d", n);
    push_velocity(&s, PUSH_BODY_BOX, v);
    push_position(&s, PUSH_BODY_BOX, xy);
    CHECK(fabs(v[0] - 0.5) <= 1e-12 && fabs(v[1]) <= 1e-9, "v %.17g %.17g", v[0], v[1]);
    CHECK(fabs(xy[0] - 0.25) <= 1e-12, "x %.17g", xy[0]);
}

/* Save after 20 steps, run 50 more; restore twice into the same state and
 * once into another object: every run ends in the same bits. */
static void snapshots(void) {
    static push_snapshot snap;
    double x1[2], x2[2], x3[2];
    int n, k;
    CHECK(PUSH_SNAPSHOT_BYTES == sizeof(push_snapshot), "snapshot size");
    CHECK(push_init(&s) == 0 && push_init(&s3) == 0, "init");
    push_set_force(&s, PUSH_BODY_BOX, 1, 0, 0.5);
    push_set_velocity(&s, PUSH_BODY_BALL, 2, 0, 0);
    for (n = 0; n < 20; n++)
        CHECK(push_step(&s) == PUSH_STEP_OK, "step %d", n);
    push_save(&s, &snap);
    for (k = 0; k < 3; k++) {
        push_state *t = k < 2 ? &s : &s3;
        push_restore(t, &snap);
        for (n = 0; n < 150; n++) /* the ball reaches the box */
            CHECK(push_step(t) == PUSH_STEP_OK, "run %d step %d", k, n);
        push_position(t, PUSH_BODY_BOX, k == 0 ? x1 : k == 1 ? x2 : x3);
        if (k == 0) {
            CHECK(push_init(&s2) == 0, "init");
            push_restore(&s2, &snap);
        }
    }
    printf("snapshot: box at %.17g after the runs\n", x1[0]);
    CHECK(memcmp(x1, x2, sizeof x1) == 0 && memcmp(x1, x3, sizeof x1) == 0, "bits differ");
    CHECK(same_world(&s.w, &s3.w), "restored states differ");
    CHECK(s.w.step == 170 && s3.w.step == 170, "steps %ld %ld", s.w.step, s3.w.step);
}

/* Bad inputs: the status says why and the state is unchanged. */
static void bad_inputs(void) {
    double nan, inf = HUGE_VAL;
    CHECK(push_init(&s) == 0 && push_init(&s2) == 0, "init");
    nan = sqrt(-1.0);
    CHECK(push_set_force(&s, PUSH_BODY_BOX, nan, 0, 0) == NCS_INPUT_NOT_FINITE, "nan force");
    CHECK(push_set_force(&s, PUSH_BODY_BOX, 0, inf, 0) == NCS_INPUT_NOT_FINITE, "inf force");
    CHECK(push_set_velocity(&s, PUSH_BODY_BOX, 0, 0, nan) == NCS_INPUT_NOT_FINITE, "nan v");
    CHECK(push_set_pose(&s, PUSH_BODY_BOX, 0, nan, 0) == NCS_INPUT_NOT_FINITE, "nan pose");
    CHECK(push_set_force(&s, PUSH_NBODIES, 1, 0, 0) == NCS_INPUT_BAD_BODY, "body n");
    CHECK(push_set_force(&s, -1, 1, 0, 0) == NCS_INPUT_BAD_BODY, "body -1");
    CHECK(push_set_velocity(&s, 7, 1, 0, 0) == NCS_INPUT_BAD_BODY, "body 7");
    CHECK(push_set_pose(&s, 2, 1, 0.15, 0) == NCS_INPUT_BAD_BODY, "body 2");
    CHECK(push_set_pose(&s, PUSH_BODY_BOX, 0, 0.1, 0) == NCS_INPUT_OVERLAP, "in the floor");
    CHECK(push_set_pose(&s, PUSH_BODY_BALL, 0.3, 0.2, 0) == NCS_INPUT_OVERLAP, "in the box");
    CHECK(same_world(&s.w, &s2.w), "%s", "a failed call changed the state");
    CHECK(push_step(&s) == PUSH_STEP_OK && push_step(&s2) == PUSH_STEP_OK, "step");
    CHECK(same_world(&s.w, &s2.w), "a failed call changed the next step");
    /* a pose just clear of both is taken */
    CHECK(push_set_pose(&s, PUSH_BODY_BALL, 0.46, 0.2, 0) == NCS_INPUT_OK, "beside the box");
    CHECK(push_set_pose(&s, PUSH_BODY_BOX, 1, 0.5, 0.3) == NCS_INPUT_OK, "in the air");
    CHECK(!same_world(&s.w, &s2.w), "a pose was not set");
}

int main(void) {
    force_closed_form();
    velocity();
    snapshots();
    bad_inputs();
    return CHECK_DONE();
}
