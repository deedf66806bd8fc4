/* bench_step.c - times one generated simulator (compiled with
 * -DPFX=<prefix> -DUPFX=<PREFIX> -DHEADER="<prefix>.h"): runs the scene's
 * steps `reps` times and prints steps, LCP sizes (sum and largest m over
 * bodies and steps), pivots and the time per step. Used by measure.sh to
 * compare ncsc's choices (static structure, single-side groups) with the
 * alternatives (-D<PREFIX>_DYNAMIC_ONLY=1, -D<PREFIX>_SINGLE_SIDE=0).
 *
 * Usage: bench_codegen_<scene>_<variant> [reps]   (default 20)
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
    static F(_state) st;
    int reps = argc > 1 ? atoi(argv[1]) : 20, r, n, b;
    long steps = 0, msum = 0, pivots = 0, lcps = 0;
    int mmax = 0;
    double t0, t;
    if (reps < 1)
        reps = 1;
    if (F(_init)(&st) != 0) {
        fprintf(stderr, "workspace rejected\n");
        return 1;
    }
    t0 = now();
    for (r = 0; r < reps; r++) {
        F(_reset)(&st);
        for (n = 0; n < M(_STEPS); n++) {
            if (F(_step)(&st) != M(_STEP_OK)) {
                fprintf(stderr, "step %d failed\n", n + 1);
                return 1;
            }
            if (r == 0) {
                for (b = 0; b < M(_NBODIES); b++) {
                    F(_info) in = F(_body_info)(&st, b);
                    msum += in.m;
                    lcps += in.m > 0;
                    if (in.m > mmax)
                        mmax = in.m;
                }
                pivots += F(_last_info)(&st).pivots;
            }
            steps++;
        }
    }
    t = now() - t0;
    printf("steps %d  lcps %ld  sum_m %ld  mean_m %.1f  max_m %d  (MAX_M %d)  pivots %ld  "
           "us/step %.3f\n",
           M(_STEPS), lcps, msum, lcps ? (double)msum / (double)lcps : 0.0, mmax, M(_MAX_M),
           pivots, 1e6 * t / (double)steps);
    return 0;
}
