/* lcp_main.c - the firmware solver on stored LCPs (paper Fig. 3 and random
 * scene steps), printed so that runs can be compared with numcmp.
 *
 * Written against the firmware solver's names (prefix fwlcp). Built three
 * ways (tests/embedded/CMakeLists.txt): on QEMU with the generated
 * fwlcp_lcp.c, on the host with the same generated file, and on the host
 * against the GSL runtime (libncs) through host_shim.h. Each case is solved
 * cold (a fresh workspace), as `ncs-lcp` does. Output per case:
 *   <name> m=<m> <status> pivots=<n>
 *   z = <z_1> ... <z_m>            (%.17g for double, %.9g for float)
 * Exit status 0 when every case was solved and verified, 1 otherwise.
 */
#include <stdio.h>
#ifdef LCP_HOST_RUNTIME
#include "host_shim.h"
#else
#include "fwlcp_lcp.h"
#endif
#include "fw_harness.h"

/** One stored LCP. */
typedef struct fwlcp_lcp_case {
    const char *name;           /* file name without .dat */
    fwlcp_layout layout;        /* its formulation layout */
    const fwlcp_real *B;        /* m x m, row-major */
    const fwlcp_real *b;        /* m */
} fwlcp_lcp_case;

#include "lcp_cases.h"

/* Workspace storage, aligned for the workspace's pointers and reals. */
static union {
    fwlcp_real r[FWLCP_LCP_WORKSPACE_REALS(FWLCP_CASES_MMAX)];
    void *p;
    double d;
} wsmem;
static fwlcp_real z[FWLCP_CASES_MMAX];

int main(void) {
    int i, j, failed = 0;
    for (i = 0; i < FWLCP_NCASES; i++) {
        const fwlcp_lcp_case *c = &fwlcp_cases[i];
        int m = fwlcp_layout_size(&c->layout);
        fwlcp_lcp_workspace *ws = fwlcp_lcp_workspace_init(&wsmem, sizeof wsmem, FWLCP_CASES_MMAX);
        fwlcp_lcp_info info;
        int st;
        if (!ws || m < 1) {
            printf("%s: bad case or workspace\n", c->name);
            return 1;
        }
        ncs_fw_mark_begin();
        st = (int)fwlcp_lcp_solve(ws, &c->layout, m, c->B, m, c->b, z, NULL, NULL, &info);
        ncs_fw_mark_end();
        printf("%s m=%d %s pivots=%d\nz =", c->name, m, fwlcp_lcp_status_name(st),
               info.pivots);
        for (j = 0; j < m; j++)
            printf(sizeof(fwlcp_real) == sizeof(float) ? " %.9g" : " %.17g", (double)z[j]);
        printf("\n");
        failed |= st != FWLCP_LCP_SOLVED;
    }
    return failed;
}
