/* chain_main.c - harness of the firmware chain test (host and Cortex-M).
 *
 * Prints, one value per line as "<what> <index...> <value>", the solutions
 * of four dense systems and a trajectory of a point mass landing on a floor.
 * Values use "%.17g" (double) or "%.9g" (float): enough digits to identify
 * the binary value, so the comparison sees every bit that differs.
 *
 * Exit status: 0 when the run checked out, 1 when a solve failed or its
 * residual was too large, 2 when the mass went through the floor or a
 * contact impulse was negative.
 */
#include <stdio.h>
#include <string.h>

#include "chain_lib.h"
#include "fw_harness.h"

#if defined(NCS_REAL_FLOAT) && NCS_REAL_FLOAT
#define REAL_FMT "%.9g"
#define RESIDUAL_TOL 1e-5  /* ~100 float ulps of the O(1) entries */
#define FLOOR_TOL 1e-6     /* rounding of y + h v+ near zero */
#else
#define REAL_FMT "%.17g"
#define RESIDUAL_TOL 1e-12
#define FLOOR_TOL 1e-15
#endif

#define BALL_STEPS 300
#define BALL_PRINT_EVERY 10

/* Solves the four test systems; returns 0 or 1 (failed or inexact). */
static int run_solves(void) {
    ncs_real a[CHAIN_N * CHAIN_N], b[CHAIN_N];
    ncs_real lu[CHAIN_N * CHAIN_N], rhs[CHAIN_N], x[CHAIN_N];
    int k, i;

    for (k = 0; k < 4; k++) {
        double res;
        chain_system(k, a, b);
        memcpy(lu, a, sizeof lu);
        memcpy(rhs, b, sizeof rhs);
        if (chain_solve(lu, rhs, x) != 0) {
            printf("error solve %d singular\n", k);
            return 1;
        }
        for (i = 0; i < CHAIN_N; i++)
            printf("solve %d %d " REAL_FMT "\n", k, i, (double)x[i]);
        res = (double)chain_residual(a, b, x);
        if (!(res <= RESIDUAL_TOL)) {
            printf("error solve %d residual %g\n", k, res);
            return 1;
        }
    }
    return 0;
}

/* Drops the mass; returns 0 or 2 (through the floor, negative impulse). */
static int run_ball(void) {
    chain_ball ball;
    int n;

    ball.y = (ncs_real)1;
    ball.v = (ncs_real)0.5;
    ball.impulse = (ncs_real)0;
    for (n = 1; n <= BALL_STEPS; n++) {
        ncs_fw_mark_begin(); /* measure.sh: instructions per step */
        chain_ball_step(&ball, (ncs_real)0.01, (ncs_real)-9.81);
        ncs_fw_mark_end();
        if ((double)ball.y < -FLOOR_TOL || ball.impulse < 0) {
            printf("error ball %d y " REAL_FMT " impulse " REAL_FMT "\n", n,
                   (double)ball.y, (double)ball.impulse);
            return 2;
        }
        if (n % BALL_PRINT_EVERY == 0)
            printf("ball %d " REAL_FMT " " REAL_FMT " " REAL_FMT "\n", n,
                   (double)ball.y, (double)ball.v, (double)ball.impulse);
    }
    return 0;
}

int main(void) {
    int status = run_solves();

    if (status == 0)
        status = run_ball();
    printf("end %d\n", status);
    return status;
}
