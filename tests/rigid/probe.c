/* probe.c - runs one generated rigid-body simulator and measures what the
 * scene's expectations cannot say: kinetic energy step by step, deepest
 * penetration over the run, fixpoint iterations per step, and the speed
 * lost in the worst single step.
 *
 * Built once per scene with -DNCS_PROBE_HEADER="\"<prefix>.h\"" and
 * -DNCS_PROBE_PREFIX=<prefix>, -DNCS_PROBE_STEPS=<PREFIX>_STEPS and
 * -DNCS_PROBE_NBODIES=<PREFIX>_NBODIES. Usage:
 *   probe [--steps N] [--fixpoint ITERS TOL] [--energy] [--max-pen D]
 *         [--min-pen D] [--max-iters K] [--min-iters K] [--min-mean M]
 *         [--body I]
 * --energy fails (exit 1) when the kinetic energy ever grows by more than
 * 1e-9 (relative to the initial energy, absolute 1e-12); --max-pen D fails
 * when some body is ever deeper than D, --min-pen D when no body ever is
 * (a run that is expected to penetrate); --max-iters K fails when a step
 * needed more than K solves, --min-iters K when no step needed K; --min-mean
 * M fails unless the mean solves per step with contacts exceed M. The
 * measurements are printed on one line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include NCS_PROBE_HEADER

#define PASTE_(a, b) a##b
#define PASTE(a, b) PASTE_(a, b)
#define P(name) PASTE(NCS_PROBE_PREFIX, name)

typedef P(_state) probe_state;

static double deepest(const probe_state *s, int nb) {
    double worst = 0;
    int b;
    for (b = 0; b < nb; b++) {
        double d = P(_penetration)(s, b);
        if (d > worst)
            worst = d;
    }
    return worst;
}

int main(int argc, char **argv) {
    static probe_state st;
    long steps = -1, n;
    int i, iters = 1, energy = 0, body = 0, rc = 0, max_iters = 0, worst_iters = 0;
    int min_iters = 0;
    long contact_steps = 0;
    double tol = 0, max_pen = -1, min_pen = -1, min_mean = -1, pen = 0, e0, eprev, grow = 0;
    double sum_iters = 0;
    double worst_dv = 0, v[2];
    long pen_step = 0;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--steps") && i + 1 < argc)
            steps = atol(argv[++i]);
        else if (!strcmp(argv[i], "--fixpoint") && i + 2 < argc) {
            iters = atoi(argv[++i]);
            tol = atof(argv[++i]);
        } else if (!strcmp(argv[i], "--energy"))
            energy = 1;
        else if (!strcmp(argv[i], "--max-pen") && i + 1 < argc)
            max_pen = atof(argv[++i]);
        else if (!strcmp(argv[i], "--min-pen") && i + 1 < argc)
            min_pen = atof(argv[++i]);
        else if (!strcmp(argv[i], "--max-iters") && i + 1 < argc)
            max_iters = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-iters") && i + 1 < argc)
            min_iters = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-mean") && i + 1 < argc)
            min_mean = atof(argv[++i]);
        else if (!strcmp(argv[i], "--body") && i + 1 < argc)
            body = atoi(argv[++i]);
        else {
            fprintf(stderr, "probe: bad argument '%s'\n", argv[i]);
            return 2;
        }
    }
    if (steps < 0)
        steps = NCS_PROBE_STEPS;
    if (P(_init)(&st) != 0) {
        fprintf(stderr, "probe: init failed\n");
        return 1;
    }
    P(_set_fixpoint)(&st, iters, tol);
    e0 = eprev = P(_energy)(&st);
    P(_velocity)(&st, body, v);
    for (n = 1; n <= steps; n++) {
        double e, vn[2], dv;
        P(_info) in;
        int status = P(_step)(&st);
        if (status != 0) {
            in = P(_last_info)(&st);
            fprintf(stderr, "probe: step %ld failed with status %d (solver status %d, %d solves)\n",
                    n, status, in.lcp_status, in.iters);
            return 1;
        }
        in = P(_last_info)(&st);
        sum_iters += in.iters;
        if (in.iters > 0)
            contact_steps++;
        if (in.iters > worst_iters)
            worst_iters = in.iters;
        e = P(_energy)(&st);
        if (e - eprev > grow)
            grow = e - eprev;
        if (energy && e - eprev > 1e-9 * e0 + 1e-12) {
            fprintf(stderr, "probe: energy grew from %.17g to %.17g at step %ld\n", eprev, e, n);
            rc = 1;
        }
        eprev = e;
        if (deepest(&st, NCS_PROBE_NBODIES) > pen) {
            pen = deepest(&st, NCS_PROBE_NBODIES);
            pen_step = n;
        }
        P(_velocity)(&st, body, vn);
        dv = hypot(vn[0], vn[1]) - hypot(v[0], v[1]);
        if (-dv > worst_dv)
            worst_dv = -dv;
        v[0] = vn[0];
        v[1] = vn[1];
    }
    printf("steps %ld fixpoint %d tol %g: max penetration %.3e (step %ld), solves per step "
           "mean %.3f max %d (mean %.3f over the %ld steps with contacts), energy %.6g -> "
           "%.6g (largest growth %.3e), largest one-step speed loss %.6g\n",
           steps, iters, tol, pen, pen_step, sum_iters / (steps > 0 ? (double)steps : 1.0),
           worst_iters, sum_iters / (contact_steps > 0 ? (double)contact_steps : 1.0),
           contact_steps, e0, eprev, grow, worst_dv);
    if (min_pen >= 0 && pen < min_pen) {
        fprintf(stderr, "probe: penetration %.3e below %.3e\n", pen, min_pen);
        rc = 1;
    }
    if (min_iters > 0 && worst_iters < min_iters) {
        fprintf(stderr, "probe: no step needed %d solves (at most %d)\n", min_iters, worst_iters);
        rc = 1;
    }
    if (min_mean >= 0 && !(sum_iters > min_mean * (double)contact_steps)) {
        fprintf(stderr, "probe: mean solves per step with contacts %.3f, not above %.3f\n",
                sum_iters / (contact_steps > 0 ? (double)contact_steps : 1.0), min_mean);
        rc = 1;
    }
    if (max_pen >= 0 && pen > max_pen) {
        fprintf(stderr, "probe: penetration %.3e exceeds %.3e\n", pen, max_pen);
        rc = 1;
    }
    if (max_iters > 0 && worst_iters > max_iters) {
        fprintf(stderr, "probe: %d solves in one step exceed %d\n", worst_iters, max_iters);
        rc = 1;
    }
    return rc;
}
