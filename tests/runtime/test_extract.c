/* test_extract.c - assemble from random contact data, extract, compare, for
 * every formulation with and without friction; plus the layout contract. */
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "scene_gen.h"
#include "../check.h"
#include "lcp_holds.h"


int main(void) {
    enum { NU = 60, M = 400 };
    static double A[NU * NU], a0[NU], mu[NU], A2[NU * NU], a02[NU], mu2[NU];
    static double B[M * M], b[M];
    int sizes[4] = {2, 3, 1, 4}, form, fric, trial, i;
    sg_rng r;
    sg_seed(&r, 7);
    for (form = 0; form <= NCS_FORM_DIFF_ACCURATE; form++)
        for (fric = 0; fric <= 2; fric += 2)
            for (trial = 0; trial < 20; trial++) {
                ncs_layout L;
                int nu, m, ldb;
                memset(&L, 0, sizeof L);
                L.form = form;
                L.ngroups = form == NCS_FORM_STEWART ? 0 : 1 + trial % 4;
                L.group_size = sizes;
                L.nconvex = trial % 3;
                L.nfric = fric;
                L.gamma = 100;
                L.eps_h = 0.01;
                if (L.ngroups + L.nconvex == 0)
                    L.nconvex = 1;
                nu = ncs_lcp_contact_size(&L);
                m = ncs_layout_size(&L);
                ldb = m + trial % 3;         /* leading dimension > m too */
                CHECK(nu > 0 && nu <= NU && m > 0 && m * ldb <= M * M);
                for (i = 0; i < nu * nu; i++)
                    A[i] = sg_uniform(&r, -2, 2);
                for (i = 0; i < nu; i++) {
                    a0[i] = sg_uniform(&r, -3, 3);
                    mu[i] = sg_uniform(&r, 0, 1);
                }
                CHECK(ncs_lcp_assemble(&L, A, a0, mu, B, ldb, b) == 0);
                CHECK(ncs_lcp_extract(&L, B, ldb, b, A2, a02, mu2) == 0);
                for (i = 0; i < nu * nu; i++)
                    CHECK(fabs(A[i] - A2[i]) <= 1e-12);
                for (i = 0; i < nu; i++)
                    CHECK(fabs(a0[i] - a02[i]) <= 1e-12);
                for (i = 0; i < L.ngroups + L.nconvex && fric; i++)
                    CHECK(mu[i] == mu2[i]);
                /* the u block is contiguous and lands where layout.h says */
                {
                    ncs_layout_offsets o;
                    ncs_layout_offsets_of(&L, &o);
                    CHECK(ncs_lcp_impulse_offset(&L) == (o.y ? o.py : o.px >= 0 ? o.px : o.pf));
                    if (fric)
                        CHECK(B[(size_t)o.s * ldb + ncs_lcp_impulse_offset(&L)] == mu[0]);
                }
            }
    /* invalid layouts and arguments are refused */
    {
        ncs_layout bad = {NCS_FORM_MAX, 1, sizes, 0, 0, 0, 0};  /* gamma 0 */
        CHECK(ncs_lcp_assemble(&bad, A, a0, mu, B, 10, b) == -1);
        CHECK(ncs_lcp_extract(&bad, B, 10, b, A2, a02, mu2) == -1);
        bad.gamma = 100;
        CHECK(ncs_lcp_assemble(&bad, A, a0, mu, B, 9, b) == -1);  /* ldb < m */
        CHECK(ncs_lcp_assemble(&bad, NULL, a0, mu, B, 10, b) == -1);
        CHECK(ncs_lcp_contact_size(NULL) == -1);
    }
    return CHECK_DONE();
}
