/* ws_bound.c - the static workspace bound of the firmware solver holds:
 * <PREFIX>_LCP_WORKSPACE_REALS(mmax) elements always cover
 * <prefix>_lcp_workspace_bytes(mmax), and a workspace laid over exactly that
 * much static-style memory initialises (and memory off by 4 bytes does not:
 * 64-bit host), for mmax = 1..2000. Built with the
 * generated solver of each variant. Exit 0 when the bound holds. */
#include <stdio.h>
#include "fwlcp_lcp.h"

static union {
    fwlcp_real r[FWLCP_LCP_WORKSPACE_REALS(64)];
    void *p;
    double d;
} mem;

int main(void) {
    int mmax, bad = 0;
    for (mmax = 1; mmax <= 2000; mmax++) {
        size_t need = fwlcp_lcp_workspace_bytes(mmax);
        size_t have = FWLCP_LCP_WORKSPACE_REALS(mmax) * sizeof(fwlcp_real);
        if (need == 0 || need > have) {
            printf("mmax %d: needs %lu bytes, the bound gives %lu\n", mmax,
                   (unsigned long)need, (unsigned long)have);
            bad = 1;
        }
    }
    if (!fwlcp_lcp_workspace_init(&mem, sizeof mem, 64)) {
        printf("workspace of mmax 64 does not fit its bound\n");
        bad = 1;
    }
    if (fwlcp_lcp_workspace_init((char *)&mem + 4, sizeof mem - 8, 8)) {
        printf("a misaligned workspace was accepted\n");
        bad = 1;
    }
    if (!bad)
        printf("workspace bound holds for mmax 1..2000 (%s)\n",
               sizeof(fwlcp_real) == sizeof(float) ? "float" : "double");
    return bad;
}
