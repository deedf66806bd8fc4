/* brute_tool.c - compares the runtime with the brute-force enumerator
 * (brute.h) on .dat files: per file m, the runtime's status, residual and
 * impulse energy (cold solve), and for m <= 22 the number of verified
 * basic solutions and their smallest energy.
 * Usage: runtime_brute FILE.dat...   Exit status 1 when some file's
 * runtime answer is not solved while a solution exists, or its energy is
 * above the smallest by more than a relative 1e-9. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "brute.h"

int main(int argc, char **argv) {
    int f, bad = 0;
    for (f = 1; f < argc; f++) {
        ncs_lcp_dat d;
        char err[256];
        ncs_lcp_options opt = ncs_lcp_default_options();
        ncs_lcp_info info;
        double *z, *A = NULL, *a0, *mu, e = 0;
        void *mem;
        int nu = 0, ub = 0, st;
        if (ncs_lcp_read_dat(argv[f], &d, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        mem = malloc(ncs_lcp_workspace_bytes(d.m));
        z = calloc((size_t)d.m, sizeof *z);
        if (d.has_layout) {
            nu = ncs_lcp_contact_size(&d.layout);
            ub = ncs_lcp_impulse_offset(&d.layout);
            A = calloc((size_t)nu * nu + 1, sizeof *A);
            a0 = calloc((size_t)nu + 1, sizeof *a0);
            mu = calloc((size_t)nu + 1, sizeof *mu);
            ncs_lcp_extract(&d.layout, d.B, d.m, d.b, A, a0, mu);
            free(a0);
            free(mu);
        }
        opt.warm_start = 0;
        st = ncs_lcp_solve(ncs_lcp_workspace_init(mem, ncs_lcp_workspace_bytes(d.m), d.m),
                           d.has_layout ? &d.layout : NULL, d.m, d.B, d.m, d.b, z, NULL, &opt,
                           &info);
        if (st == NCS_LCP_SOLVED)
            e = brute_energy(nu, A, z + ub);
        printf("%s m=%d %s path=%d attempts=%d pivots=%d res=%.3g smallest=%d energy=%.17g",
               argv[f], d.m, ncs_lcp_status_name(st), info.strategy, info.attempts,
               info.pivots, info.residual, info.smallest, e);
        if (d.m <= 22) {
            brute_result r = brute_lcp(d.m, d.B, d.b, 1e-9, A, nu, ub, NULL);
            printf(" | brute: %ld solutions of %ld bases (%ld singular), min energy %.17g",
                   r.solutions, r.bases, r.singular, r.emin);
            if (r.solutions > 0 && (st != NCS_LCP_SOLVED || e > r.emin + 1e-9 * fabs(r.emin)))
                bad = 1, printf(" MISMATCH");
        }
        printf("\n");
        free(mem);
        free(z);
        free(A);
        ncs_lcp_dat_free(&d);
    }
    return bad;
}
