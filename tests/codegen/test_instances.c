/* test_instances.c - the generated API (scene capacity.ncs, prefix inst):
 * two states step independently; a step that exceeds the capacity returns
 * INST_STEP_CAPACITY, names the body and leaves q, v and the step count
 * unchanged; reset returns to the initial conditions. */
#include <stdio.h>
#include <string.h>
#include "inst.h"

static int failures;

#define CHECK(cond, what)                                                  \
    do {                                                                   \
        if (!(cond)) {                                                     \
            failures++;                                                    \
            fprintf(stderr, "%s:%d: check failed: %s (%s)\n", __FILE__,     \
                    __LINE__, #cond, what);                                \
        }                                                                  \
    } while (0)

int main(void) {
    static inst_state a, b, saved;
    double xy[2], v[2];
    int n, st = INST_STEP_OK;
    CHECK(inst_init(&a) == 0 && inst_init(&b) == 0, "init");
    for (n = 0; n < 5; n++)
        CHECK(inst_step(&a) == INST_STEP_OK, "free fall steps");
    inst_position(&b, 0, xy);
    CHECK(xy[0] == 0.5 && xy[1] == 1, "b untouched by a's steps");
    CHECK(inst_step(&b) == INST_STEP_OK, "b step");
    inst_velocity(&b, 0, v);
    CHECK(v[0] == 0 && v[1] == INST_H * -9.81, "b's first step is free fall");
    CHECK(a.step == 5 && b.step == 1, "step counters");

    /* Fall until the two floor boxes are near at once. */
    for (n = 0; n < 200 && st == INST_STEP_OK; n++) {
        memcpy(&saved, &a, sizeof a);
        st = inst_step(&a);
    }
    CHECK(st == INST_STEP_CAPACITY, "capacity exceeded is reported");
    CHECK(inst_last_info(&a).status == INST_STEP_CAPACITY && inst_last_info(&a).body == 0,
          "info names the status and the body");
    CHECK(memcmp(a.q, saved.q, sizeof a.q) == 0 && memcmp(a.v, saved.v, sizeof a.v) == 0 &&
              a.step == saved.step,
          "failed step leaves the state unchanged");
    CHECK(inst_step(&a) == INST_STEP_CAPACITY && a.step == saved.step, "still failing");
    inst_position(&a, 0, xy);
    CHECK(xy[1] > 0 && inst_penetration(&a, 0) == 0, "stopped above the floor");
    CHECK(strcmp(inst_body_name(0), "p") == 0, "body name");

    CHECK(inst_reset(&a) == 0 && a.step == 0, "reset");
    inst_position(&a, 0, xy);
    CHECK(xy[0] == 0.5 && xy[1] == 1 && inst_angle(&a, 0) == 0 && inst_omega(&a, 0) == 0,
          "reset restores the initial conditions");
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("all checks passed\n");
    return failures ? 1 : 0;
}
