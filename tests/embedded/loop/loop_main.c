/* loop_main.c - a closed loop on the board (issue 27): a PD controller
 * pushes the box of pdbox.ncs (a box on a floor with friction 0.5) to the
 * target x = LOOP_TARGET through pdbox_set_force, one force per step from
 * the state the step starts from. Prints one row per step (step, x, vx,
 * fx), then checks in the program itself that every step solved and that
 * the box settled within LOOP_TOL of the target, slower than LOOP_VTOL.
 *
 * Then a rollout with snapshots: save, run LOOP_K steps of the controller,
 * restore, run the same LOOP_K steps again; the state read-outs (x, y,
 * theta, vx, vy, omega) after each step must be bit-identical.
 *
 * Exit status: 0 all checks pass; 1 a step failed; 2 an input call was
 * refused; 3 the box did not settle; 4 the replay after restore differs.
 * ncs_fw_mark_begin/end (fw_harness.h: stubs on the host) bracket the
 * first set_force, the save and the restore, for bench/embedded/measure.sh;
 * -DLOOP_MARK=1, 2 or 4 marks only one of them (docs/embedding.md).
 * Built with -DLOOP_TOL=0.01 (tighter than friction lets the box get) or
 * -DLOOP_NO_RESTORE, the program must fail with status 3 or 4. */
#include <stdio.h>
#include <string.h>

#include "fw_harness.h"
#include "pdbox.h"

#define LOOP_TARGET 1.0  /* m */
#define LOOP_KP 400.0    /* N/m */
#define LOOP_KD 60.0     /* N s/m: about critical for the 2 kg box */
#ifndef LOOP_TOL
#define LOOP_TOL 0.03    /* m: friction holds the box where |KP e| < mu m g */
#endif
#define LOOP_VTOL 1e-3   /* m/s */
#define LOOP_K 50        /* steps of the rollout */
#ifndef LOOP_MARK
#define LOOP_MARK 7      /* which calls are marked: 1 set_force, 2 save, 4 restore */
#endif

static pdbox_state st;
static pdbox_snapshot snap;
static ncs_real first[LOOP_K][6], second[LOOP_K][6];

/* the PD force toward the target from the box's position and velocity */
static ncs_real pd_force(const pdbox_state *s, ncs_real xy[2], ncs_real v[2]) {
    pdbox_position(s, PDBOX_BODY_BOX, xy);
    pdbox_velocity(s, PDBOX_BODY_BOX, v);
    return (ncs_real)(LOOP_KP * (LOOP_TARGET - (double)xy[0]) - LOOP_KD * (double)v[0]);
}

/* one controlled step; 0, or the exit status of the failure */
static int controlled_step(pdbox_state *s, int mark, ncs_real xy[2], ncs_real v[2],
                           ncs_real *fx) {
    int r;
    *fx = pd_force(s, xy, v);
    if (mark)
        ncs_fw_mark_begin();
    r = pdbox_set_force(s, PDBOX_BODY_BOX, *fx, 0, 0);
    if (mark)
        ncs_fw_mark_end();
    if (r != NCS_INPUT_OK) {
        printf("set_force refused: %d\n", r);
        return 2;
    }
    if (pdbox_step(s) != 0) {
        printf("step %ld failed\n", (long)s->w.step);
        return 1;
    }
    return 0;
}

static void read_out(const pdbox_state *s, ncs_real out[6]) {
    ncs_real xy[2], v[2];
    pdbox_position(s, PDBOX_BODY_BOX, xy);
    pdbox_velocity(s, PDBOX_BODY_BOX, v);
    out[0] = xy[0];
    out[1] = xy[1];
    out[2] = pdbox_angle(s, PDBOX_BODY_BOX);
    out[3] = v[0];
    out[4] = v[1];
    out[5] = pdbox_omega(s, PDBOX_BODY_BOX);
}

static int rollout(ncs_real out[LOOP_K][6]) {
    int n, r;
    ncs_real xy[2], v[2], fx;
    for (n = 0; n < LOOP_K; n++) {
        if ((r = controlled_step(&st, 0, xy, v, &fx)) != 0)
            return r;
        read_out(&st, out[n]);
    }
    return 0;
}

int main(void) {
    int n, r;
    ncs_real xy[2], v[2], fx;
    double err;

    pdbox_init(&st);
    printf("step,x,vx,fx\n");
    for (n = 0; n < PDBOX_STEPS; n++) {
        if ((r = controlled_step(&st, n == 0 && (LOOP_MARK & 1), xy, v, &fx)) != 0)
            return r;
        pdbox_position(&st, PDBOX_BODY_BOX, xy);
        pdbox_velocity(&st, PDBOX_BODY_BOX, v);
        printf("%d,%.17g,%.17g,%.17g\n", n + 1, (double)xy[0], (double)v[0], (double)fx);
    }
    err = (double)xy[0] - LOOP_TARGET;
    printf("loop: %d steps solved, x %.6f (target %.6f, error %.2e, tolerance %g), vx %.2e\n",
           PDBOX_STEPS, (double)xy[0], LOOP_TARGET, err, LOOP_TOL, (double)v[0]);
    if (!(err < LOOP_TOL && err > -LOOP_TOL) || !(v[0] < LOOP_VTOL && v[0] > -LOOP_VTOL)) {
        printf("loop: the box did not settle at the target\n");
        return 3;
    }

    /* the rollout: push the settled box back out first, so it slides */
    if (pdbox_set_velocity(&st, PDBOX_BODY_BOX, (ncs_real)-1.5, 0, 0) != NCS_INPUT_OK)
        return 2;
    if (LOOP_MARK & 2)
        ncs_fw_mark_begin();
    pdbox_save(&st, &snap);
    if (LOOP_MARK & 2)
        ncs_fw_mark_end();
    if ((r = rollout(first)) != 0)
        return r;
    if (LOOP_MARK & 4)
        ncs_fw_mark_begin();
#ifndef LOOP_NO_RESTORE /* defined by the test that the check below can fail */
    pdbox_restore(&st, &snap);
#endif
    if (LOOP_MARK & 4)
        ncs_fw_mark_end();
    if ((r = rollout(second)) != 0)
        return r;
    if (memcmp(first, second, sizeof first) != 0) {
        printf("rollout: the replay after restore differs\n");
        return 4;
    }
    printf("rollout: %d steps after restore bit-identical (x %.6f -> %.6f)\n", LOOP_K,
           (double)first[0][0], (double)first[LOOP_K - 1][0]);
    /* (not on stdout: its size differs between the host and the board) */
    fprintf(stderr, "snapshot: %u bytes\n", (unsigned)PDBOX_SNAPSHOT_BYTES);
    return 0;
}
