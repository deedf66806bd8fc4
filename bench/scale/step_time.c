/* step_time.c - times one generated scene (compiled with -DPFX=<prefix>
 * -DUPFX=<PREFIX> -DHEADER="<prefix>.h" and linked to the ncs runtime):
 * one untimed run that finds the sizes met and the first failing step,
 * then `reps` timed runs of `steps` steps (or of the steps before the
 * failure) from the initial conditions, default settings (no hook, the
 * scene's fixpoint defaults). Prints one line of key=value pairs: steps
 * timed, the best and the mean time per step over the runs (us), the
 * state's bytes (<PREFIX>_STATE_BYTES; the state is on the heap: it can
 * exceed 2 GB), MAX_M, the largest island m met, solves, pivots and, when
 * a step fails, its number (1-based), status, the failing island's body,
 * lcp_status, m and pivots, and the wall time of that step (s_failed);
 * exit status 1 then.
 * Used by bench/scale/scale.py; reports numbers, asserts nothing.
 *
 * Usage: step_time STEPS [REPS]   (STEPS 0: the scene's; REPS default 5)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include HEADER

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define F(name) CAT(PFX, name)
#define M(name) CAT(UPFX, name)

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
    F(_state) *sp = malloc(sizeof *sp); /* may exceed 2 GB: not static */
    long steps = argc > 1 ? atol(argv[1]) : 0, n, failed = 0;
    int reps = argc > 2 ? atoi(argv[2]) : 5, r, mmet = 0, fst = 0;
    long pivots = 0, solves = 0;
    double best = 0.0, sum = 0.0, tfail = 0.0;
    F(_info) fin = {0};
    if (steps <= 0)
        steps = M(_STEPS);
    if (reps < 1)
        reps = 1;
    if (!sp || F(_init)(sp) != 0) {
        printf("error=%s state_bytes=%lu max_m=%d\n", sp ? "init" : "malloc",
               (unsigned long)M(_STATE_BYTES), M(_MAX_M));
        return 1;
    }
    /* an untimed first run: the sizes met, and the first failing step */
    for (n = 0; n < steps; n++) {
        double t0 = now();
        int s = F(_step)(sp);
        F(_info) in = F(_last_info)(sp);
        if (s != M(_STEP_OK)) {
            tfail = now() - t0;
            failed = n + 1;
            fst = s;
            fin = in;
            steps = n;
            break;
        }
        pivots += in.pivots;
        solves += in.iters;
        if (in.m > mmet)
            mmet = in.m;
    }
    for (r = 0; r < reps && steps > 0; r++) {
        double t0, t;
        if (F(_reset)(sp) != 0) {
            printf("error=reset\n");
            return 1;
        }
        t0 = now();
        for (n = 0; n < steps; n++)
            (void)F(_step)(sp);
        t = now() - t0;
        sum += t;
        if (r == 0 || t < best)
            best = t;
    }
    printf("steps=%ld reps=%d us_best=%.4f us_mean=%.4f state_bytes=%lu max_m=%d m_met=%d "
           "solves=%ld pivots=%ld",
           steps, reps, steps ? 1e6 * best / (double)steps : 0.0,
           steps ? 1e6 * sum / (double)reps / (double)steps : 0.0,
           (unsigned long)M(_STATE_BYTES), M(_MAX_M), mmet, solves, pivots);
    if (failed)
        printf(" failed_step=%ld status=%d body=%d lcp_status=%d m=%d pivots_failed=%d "
               "s_failed=%.3f",
               failed, fst, fin.body, fin.lcp_status, fin.m, fin.pivots, tfail);
    printf("\n");
    return failed ? 1 : 0;
}
