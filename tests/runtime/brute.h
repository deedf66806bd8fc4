/* brute.h - an independent reference for the runtime tests: every
 * complementary basis of an LCP, each solved exactly and verified.
 *
 * For w = B z + b, 0 <= z perp w >= 0 (B row-major, m x m), every index set
 * J of {0..m-1} (2^m of them) is a complementary basis: z_J solves
 * B_JJ z_J = -b_J (Gaussian elimination with partial pivoting in long
 * double; a pivot below 1e-13 of the largest entry is singular and the set
 * is skipped), z is 0 outside J, and z is a solution when it passes the
 * runtime's own acceptance test, the scaled residual of docs/solver.md
 * ("Verification"), recomputed here from its definition (not the
 * runtime's code). Among the solutions, the one of smallest impulse energy
 * u^T A u, u = z[ub .. ub + nu), A the contact-space matrix of the layout
 * (NULL: every solution has energy 0 and the first one is kept).
 *
 * Every verified solution of an LCP whose solution set is a finite set of
 * points is found this way (a solution's support J has B_JJ nonsingular
 * there). A "solution" a billion times larger than the data's own scale
 * max|b| / max|B| is counted apart (huge) and not ranked. 2^m dense solves: meant for m <= 20.
 */
#ifndef NCS_TEST_BRUTE_H
#define NCS_TEST_BRUTE_H

typedef struct brute_result {
    long bases;        /* index sets tried (2^m) */
    long singular;     /* of which B_JJ was singular */
    long solutions;    /* verified solutions found, bounded ones (below) */
    long huge;         /* verified but unbounded: max|z| > 1e9 max|b| / max|B| (a
                          point far along a ray, which the relative residual cannot
                          tell from one: impulses of 1e17 on a jammed wedge) */
    double emin;       /* smallest energy among them (inf when none) */
    double res;        /* the scaled residual of that one */
    double escale;     /* sum |u_i A_ij u_j| of that one: the size of its energy's terms */
} brute_result;

/* The scaled residual of z (docs/solver.md): max over rows of
 * max(-z_r / zs, -w_r / ws_r, min(z_r / zs, w_r / ws_r)), zs = max|z|,
 * ws_r = |b_r| + zs max_c |B_rc|; a zero denominator counts as 0,
 * anything non-finite as +inf. */
double brute_residual(int m, const double *B, const double *b, const double *z);

/* u^T A u over u = z + ub (nu entries; A nu x nu row-major). */
double brute_energy(int nu, const double *A, const double *u);

/* Enumerates every complementary basis (m <= 24). A (nu x nu) and ub give
 * the energy (A may be NULL). zbest (m, may be NULL) receives the
 * smallest-energy verified solution. Returns the counts. */
brute_result brute_lcp(int m, const double *B, const double *b, double tol, const double *A,
                       int nu, int ub, double *zbest);

#endif
