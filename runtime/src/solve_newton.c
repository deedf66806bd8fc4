/* solve_newton.c - the LCP solver's last resort: the Newton polish of the
 * best unverified candidate (Fischer-Burmeister; docs/solver.md,
 * "Strategy"). Left out of a firmware copy (NCS_LCP_NO_NEWTON: one.c does
 * not include it). */
#include "solve_internal.h"

/* Half the squared Fischer-Burmeister residual of z; writes w = B z + b and
 * phi_i = NCS_SQRT(z_i^2 + w_i^2) - z_i - w_i (zero iff z_i, w_i >= 0 and
 * z_i w_i = 0). */
static ncs_real fb_merit(const call *c, const ncs_real *z, ncs_real *w, ncs_real *phi) {
    int i, j, m = c->m;
    ncs_real s = 0;
    for (i = 0; i < m; i++) {
        const ncs_real *Bi = ncs_solve_brow(c, i);
        ncs_real wi = c->b[i];
        for (j = 0; j < m; j++)
            wi += Bi[j] * z[j];
        w[i] = wi;
        phi[i] = NCS_SQRT(z[i] * z[i] + wi * wi) - z[i] - wi;
        s += phi[i] * phi[i];
    }
    return NCS_RC(0.5) * s;
}

/* The last resort (seed 002): semismooth Newton on the Fischer-Burmeister
 * equation Phi(z) = 0 of the full LCP, from the best unverified candidate,
 * with Armijo backtracking on |Phi|^2 / 2. The result is verified like any
 * other. Returns 1 when it verified. */
NCS_INTERNAL int ncs_solve_try_newton(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, j, it;
    ncs_real *z = ws->zc, *w = ws->wc, *phi = ws->zr, *d = ws->br, *zt = ws->trial;
    ncs_real f;
    c->attempts++;
    for (i = 0; i < m; i++)
        z[i] = ws->best[i] > 0 ? ws->best[i] : 0;
    f = fb_merit(c, z, w, phi);
    for (it = 0; it < 50 && f > 0; it++) {
        ncs_real t = 1, ft = f;
        for (i = 0; i < m; i++) {           /* J = Da + Db B, rhs -Phi */
            const ncs_real *Bi = ncs_solve_brow(c, i);
            ncs_real *Ji = ws->lw.T + (size_t)i * (size_t)m;    /* free: no Lemke run */
            ncs_real r = NCS_SQRT(z[i] * z[i] + w[i] * w[i]);
            ncs_real da = r > 0 ? z[i] / r - 1 : NCS_RC(0.70710678118654752) - 1;
            ncs_real db = r > 0 ? w[i] / r - 1 : NCS_RC(0.70710678118654752) - 1;
            for (j = 0; j < m; j++)
                Ji[j] = db * Bi[j];
            Ji[i] += da;
            d[i] = -phi[i];
        }
        if (ncs_dense_solve(m, ws->lw.T, m, d, ws->perm) != 0)
            break;
        for (; t > NCS_RC(1e-10); t *= NCS_RC(0.5)) {
            for (i = 0; i < m; i++)
                zt[i] = z[i] + t * d[i];
            ft = fb_merit(c, zt, w, phi);
            if (ft <= (1 - NCS_RC(2e-4) * t) * f)
                break;
        }
        if (!(ft <= (1 - NCS_RC(2e-4) * t) * f))
            break;                          /* no descent: give up */
        memcpy(z, zt, (size_t)m * sizeof *z);
        f = ft;
    }
    for (i = 0; i < m; i++)
        if (z[i] < 0)
            z[i] = 0;
    return ncs_solve_accept(c);
}
