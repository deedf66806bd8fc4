/* chain_lib.c - freestanding numerics of the firmware chain test. */
#include "chain_lib.h"

static ncs_real chain_abs(ncs_real x) { return x < 0 ? -x : x; }

void chain_system(int k, ncs_real a[CHAIN_N * CHAIN_N], ncs_real b[CHAIN_N]) {
    int i, j;

    for (i = 0; i < CHAIN_N; i++) {
        ncs_real rowsum = 0;
        for (j = 0; j < CHAIN_N; j++) {
            /* A small integer pattern, scaled: mixed signs, no symmetry. */
            int p = ((i + 1) * (j + 2) + 3 * k) % 7 - 3;
            ncs_real e = (ncs_real)p / (ncs_real)(j + k + 2);
            a[i * CHAIN_N + j] = e;
            rowsum += chain_abs(e);
        }
        /* Dominant diagonal, except in row 0, so pivoting has work to do. */
        if (i > 0)
            a[i * CHAIN_N + i] += rowsum + (ncs_real)1;
        b[i] = (ncs_real)(i - 2) / (ncs_real)3 + (ncs_real)k;
    }
    a[0] = (ncs_real)0; /* forces a row swap at the first column */
}

int chain_solve(ncs_real a[CHAIN_N * CHAIN_N], ncs_real b[CHAIN_N],
                ncs_real x[CHAIN_N]) {
    int i, j, c;

    for (c = 0; c < CHAIN_N; c++) {
        int piv = c;
        for (i = c + 1; i < CHAIN_N; i++)
            if (chain_abs(a[i * CHAIN_N + c]) > chain_abs(a[piv * CHAIN_N + c]))
                piv = i;
        if (a[piv * CHAIN_N + c] == 0)
            return 1;
        if (piv != c) {
            ncs_real t;
            for (j = 0; j < CHAIN_N; j++) {
                t = a[c * CHAIN_N + j];
                a[c * CHAIN_N + j] = a[piv * CHAIN_N + j];
                a[piv * CHAIN_N + j] = t;
            }
            t = b[c];
            b[c] = b[piv];
            b[piv] = t;
        }
        for (i = c + 1; i < CHAIN_N; i++) {
            ncs_real f = a[i * CHAIN_N + c] / a[c * CHAIN_N + c];
            for (j = c; j < CHAIN_N; j++)
                a[i * CHAIN_N + j] -= f * a[c * CHAIN_N + j];
            b[i] -= f * b[c];
        }
    }
    for (i = CHAIN_N - 1; i >= 0; i--) {
        ncs_real s = b[i];
        for (j = i + 1; j < CHAIN_N; j++)
            s -= a[i * CHAIN_N + j] * x[j];
        x[i] = s / a[i * CHAIN_N + i];
    }
    return 0;
}

ncs_real chain_residual(const ncs_real a[CHAIN_N * CHAIN_N],
                        const ncs_real b[CHAIN_N], const ncs_real x[CHAIN_N]) {
    ncs_real worst = 0;
    int i, j;

    for (i = 0; i < CHAIN_N; i++) {
        ncs_real r = -b[i];
        for (j = 0; j < CHAIN_N; j++)
            r += a[i * CHAIN_N + j] * x[j];
        if (chain_abs(r) > worst)
            worst = chain_abs(r);
    }
    return worst;
}

void chain_ball_step(chain_ball *ball, ncs_real h, ncs_real g) {
    ncs_real vfree = ball->v + h * g;
    ncs_real gap = ball->y / h + vfree; /* w when p = 0 */

    /* The 1-D LCP w = p + gap has the solution p = max(0, -gap). */
    ball->impulse = gap < 0 ? -gap : (ncs_real)0;
    ball->v = vfree + ball->impulse;
    ball->y += h * ball->v;
}
