/* motor_main.c - a motor and a kinematic body on the board (issue 27),
 * the scene kmotor.ncs. Checks in the program itself, every step:
 *   - the torque-limited motor spins the wheel up as omega_n = min(W, n h
 *     T / I) (W 3, T 2.5, I 0.25; gravity has no moment about the centre
 *     pin);
 *   - from the step the kinematic plow meets the crate on, the
 *     frictionless crate moves at the plow's speed, 1 m/s.
 * After step KM_SWITCH kmotor_set_motor turns the motor round (speed -1,
 * the same bound): the wheel slows at h T / I per step and holds -1.
 * Prints one row per step (step, omega, crate vx, plow x).
 *
 * Exit status: 0 all checks pass; 1 a step failed; 2 an input call was
 * refused; 3 omega left its closed form; 4 the crate did not move with the
 * plow. Built with -DKM_T_CHECK=2.4 (a closed form with the wrong bound)
 * the program must fail with status 3. */
#include <stdio.h>

#include "fw_harness.h"
#include "kmotor.h"

#ifndef KM_T_CHECK
#define KM_T_CHECK 2.5  /* N m: the scene's max_torque, as the closed form uses it */
#endif
#define KM_W 3.0        /* rad/s: the scene's motor_speed */
#define KM_SWITCH 100   /* the step after which the motor turns round */
#define KM_BACK (-1.0)  /* rad/s: its speed then */

static kmotor_state st;

int main(void) {
    const double h = KMOTOR_TIME_STEP, I = 2.0 * 0.5 * 0.5 / 2.0;
    const double tol = NCS_REAL_IS_FLOAT ? 1e-4 : 1e-9, dw = h * KM_T_CHECK / I;
    double want = 0, om, worst = 0;
    ncs_real cv[2], pv[2], px[2];
    int n, touch = 0;

    if (kmotor_init(&st) != 0)
        return 1;
    printf("step,omega,crate_vx,plow_x\n");
    for (n = 1; n <= KMOTOR_STEPS; n++) {
        if (n == KM_SWITCH + 1 &&
            kmotor_set_motor(&st, KMOTOR_JOINT_SPIN, (ncs_real)KM_BACK, (ncs_real)2.5) !=
                NCS_INPUT_OK)
            return 2;
        if (kmotor_step(&st) != 0) {
            printf("step %d failed\n", n);
            return 1;
        }
        want = n <= KM_SWITCH ? (want + dw < KM_W ? want + dw : KM_W)
                              : (want - dw > KM_BACK ? want - dw : KM_BACK);
        om = (double)kmotor_omega(&st, KMOTOR_BODY_WHEEL);
        if (om - want > tol * 4 || want - om > tol * 4) {
            printf("motor: step %d omega %.9g, closed form %.9g\n", n, om, want);
            return 3;
        }
        worst = om - want > worst ? om - want : want - om > worst ? want - om : worst;
        kmotor_velocity(&st, KMOTOR_BODY_CRATE, cv);
        kmotor_velocity(&st, KMOTOR_BODY_PLOW, pv);
        kmotor_position(&st, KMOTOR_BODY_PLOW, px);
        if (!touch && cv[0] > 0)
            touch = n;
        if (touch && (cv[0] - pv[0] > tol || pv[0] - cv[0] > tol)) {
            printf("pusher: step %d crate vx %.9g, plow %.9g\n", n, (double)cv[0],
                   (double)pv[0]);
            return 4;
        }
        printf("%d,%.17g,%.17g,%.17g\n", n, om, (double)cv[0], (double)px[0]);
    }
    if (!touch)
        return 4;
    printf("motor: %d steps solved, omega within %.2e of min(W, n h T / I) and back to %g; "
           "crate at the plow's speed from step %d\n",
           KMOTOR_STEPS, worst, KM_BACK, touch);
    return 0;
}
