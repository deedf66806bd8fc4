/* test_mlcp.c - mixed LCPs (ncs/mlcp.h): joint rows with free multipliers
 * together with a formulation's complementarity rows, eliminated by the
 * Schur complement of E and solved by the runtime's LCP solver, verified on
 * the ORIGINAL mixed problem.
 *
 * Random cases of the shape the engine makes (world.c, joint_space): 1-3
 * rigid bodies (mass, inertia), joint rows J (3 entries per body, one or two
 * bodies, a direction through a lever point) and contacts W (normal and,
 * with friction, the +t / -t columns; the sides of a nonconvex group share
 * one body pair and point), so E = J M^-1 J^T, G = J M^-1 W, A = W^T M^-1 W,
 * c = J v + e / h and a0 = W^T v + [f / h; 0]. Every formulation (stewart
 * with convex contacts only), nfric 0 and 2. For each case:
 *
 *  - ncs_mlcp_reduce (leading dimensions padded with NaN in half the cases:
 *    the padding is neither read nor written) -> ncs_lcp_assemble ->
 *    ncs_lcp_solve -> ncs_mlcp_multipliers;
 *  - the reduced A, a0 against an independent reduction (Gaussian
 *    elimination with partial pivoting on E), and the reference reduction's
 *    LCP solved by ncs_lcp_solve: the "plain LCP" rate;
 *  - (lambda, z) checked on the original problem: |E lambda + G u + c| <=
 *    tol times the row's terms, and the formulation's LCP assembled from the
 *    ORIGINAL A and a0 + G^T lambda holds (lcp_holds.h), and the same
 *    through the full mixed matrix (rows scaled by their own terms).
 *
 * A failure is any solved reduced LCP whose (lambda, z) does not verify, a
 * frictionless stewart case with E and the reduced A positive definite (a
 * unique solution) that is not solved, or fewer verified mixed solutions
 * than the plain LCP solves. Then rank-deficient E (a duplicated row, a row
 * that is a combination of two others, a contradictory duplicate), bad input
 * (NaN / Inf, sizes, leading dimensions, NULL) and joints alone (nu = 0).
 *
 * With NCS_HAVE_SICONOS the full mixed LCP (unknowns [lambda; z], equality
 * rows [E, G on z's impulse block], complementarity rows [D, B] with D =
 * T G^T, T = d b / d a0 of the layout) also goes to Siconos' enumerative
 * MLCP solver (SICONOS_MLCP_ENUM, m <= ENUM_MMAX): its answers must verify
 * on the same checks, ncs must solve whatever it solves, and on the
 * frictionless stewart cases with a unique solution lambda and z must agree
 * within 1e-8.
 *
 * Usage: test_mlcp [N [SEED]]   (N cases per formulation and friction;
 * default 60, seed 7). Prints the counts and one summary line; exit status 1
 * on any failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/mlcp.h"
#include "ncs/vocab.h"
#include "../check.h"
#include "lcp_holds.h"
#include "scene_gen.h"
#ifdef NCS_HAVE_SICONOS
#include "MLCP_Solvers.h"
#include "MixedLinearComplementarityProblem.h"
#include "NonSmoothDrivers.h"
#include "NumericsMatrix.h"
#include "SolverOptions.h"
#include "mlcp_cst.h"
#endif

enum {
    NB = 3, NDOF = 3 * NB,            /* bodies, their velocities */
    NEMAX = 8, NCMAX = 8, NUMAX = 3 * NCMAX,
    MMAX = 64, NMAX = NEMAX + MMAX,   /* formulation LCP, full mixed LCP */
    PAD = 3,                          /* extra leading dimension */
    ENUM_MMAX = 12                    /* Siconos' enumeration: 2^m bases */
};

#define TOL 1e-8            /* relative tolerance of the checks */
#define TOL_DROP 1e-13      /* ncs_mlcp_reduce's tol: the engine's NCS_TOL_SINGULAR */

static double wsmem[NCS_LCP_WORKSPACE_DOUBLES(MMAX)];

typedef struct mcase {
    ncs_layout L;
    int sizes[4];
    int nb, ndof, ne, nc, nu, m, ub;
    double minv[NDOF];
    double J[NEMAX][NDOF];          /* joint rows */
    double W[NUMAX][NDOF];          /* contact columns (stored as rows) */
    double v[NDOF];
    double E[NEMAX * NEMAX], G[NEMAX * NUMAX], c[NEMAX];
    double A[NUMAX * NUMAX], a0[NUMAX], mu[NCMAX];
} mcase;

/* What ncs made of a case. */
typedef struct answer {
    int rank;                   /* ncs_mlcp_reduce's return */
    int status;                 /* ncs_lcp_solve's, -1 when not reached */
    int drop[NEMAX];            /* 1: row dropped (its diagonal in L is 0) */
    double lam[NEMAX], z[MMAX];
    double Ar[NUMAX * NUMAX], a0r[NUMAX];   /* the reduced A, a0 */
} answer;

static int irand(sg_rng *r, int n) {   /* 0 .. n-1 */
    int k = (int)sg_uniform(r, 0, n);
    return k < n ? k : n - 1;
}

/* Row of a constraint on body a (minus body b, -1: the world) along (dx,
 * dy) through lever points ra (on a) and rb (on b). */
static void body_row(double *row, int a, int b, double dx, double dy, const double *ra,
                     const double *rb) {
    memset(row, 0, sizeof(double) * NDOF);
    row[3 * a] = dx;
    row[3 * a + 1] = dy;
    row[3 * a + 2] = ra[0] * dy - ra[1] * dx;
    if (b >= 0) {
        row[3 * b] -= dx;
        row[3 * b + 1] -= dy;
        row[3 * b + 2] -= rb[0] * dy - rb[1] * dx;
    }
}

static double dotm(const mcase *p, const double *x, const double *y) {
    double s = 0;
    int q;
    for (q = 0; q < p->ndof; q++)
        s += x[q] * p->minv[q] * y[q];
    return s;
}

/* E, G, A from J, W and M^-1. */
static void products(mcase *p) {
    int i, j;
    for (i = 0; i < p->ne; i++) {
        for (j = 0; j < p->ne; j++)
            p->E[i * p->ne + j] = dotm(p, p->J[i], p->J[j]);
        for (j = 0; j < p->nu; j++)
            p->G[i * p->nu + j] = dotm(p, p->J[i], p->W[j]);
    }
    for (i = 0; i < p->nu; i++)
        for (j = 0; j < p->nu; j++)
            p->A[i * p->nu + j] = dotm(p, p->W[i], p->W[j]);
}

static int other_body(sg_rng *r, int nb, int a) {
    int b;
    if (nb < 2 || sg_uniform(r, 0, 1) < 0.4)
        return -1;
    b = irand(r, nb - 1);
    return b >= a ? b + 1 : b;
}

/* A random case of formulation form; friction when fric. */
static void generate(sg_rng *r, mcase *p, int form, int fric) {
    const double pi = 3.14159265358979323846;
    int k = fric ? 2 : 0, i, j, q, nc = 0, y = 0, maxe;
    double h = sg_uniform(r, 0.005, 0.05), gap[NCMAX];
    memset(p, 0, sizeof *p);
    p->nb = 1 + irand(r, NB);
    p->ndof = 3 * p->nb;
    for (i = 0; i < p->nb; i++) {
        double mass = sg_uniform(r, 0.3, 3), inertia = mass * sg_uniform(r, 0.01, 0.3);
        p->minv[3 * i] = p->minv[3 * i + 1] = 1 / mass;
        p->minv[3 * i + 2] = 1 / inertia;
    }
    for (q = 0; q < p->ndof; q++)
        p->v[q] = sg_uniform(r, -2, 2);
    maxe = p->ndof - 1 < 5 ? p->ndof - 1 : 5;
    p->ne = 1 + irand(r, maxe);
    for (i = 0; i < p->ne; i++) {
        int a = irand(r, p->nb), b = other_body(r, p->nb, a);
        double th = sg_uniform(r, 0, 2 * pi), ra[2], rb[2];
        ra[0] = sg_uniform(r, -0.5, 0.5);
        ra[1] = sg_uniform(r, -0.5, 0.5);
        rb[0] = sg_uniform(r, -0.5, 0.5);
        rb[1] = sg_uniform(r, -0.5, 0.5);
        body_row(p->J[i], a, b, cos(th), sin(th), ra, rb);
        p->c[i] = sg_uniform(r, -0.01, 0.01) / h;
        for (q = 0; q < p->ndof; q++)
            p->c[i] += p->J[i][q] * p->v[q];
    }
    p->L.form = form;
    p->L.nfric = k;
    p->L.gamma = sg_uniform(r, 20, 200);
    p->L.eps_h = sg_uniform(r, 0.001, 0.05);
    if (form != NCS_FORM_STEWART) {
        p->L.ngroups = 1 + irand(r, 2);
        for (i = 0; i < p->L.ngroups; i++)
            y += p->sizes[i] = 1 + irand(r, 3);
        p->L.group_size = p->sizes;
        p->L.nconvex = irand(r, 3);
    } else {
        p->L.nconvex = 1 + irand(r, 4);
    }
    p->nc = y + p->L.nconvex;
    p->nu = p->nc * (1 + k);
    /* the contacts: a group's sides share a body pair and a point */
    for (i = 0; i <= p->L.ngroups; i++) {
        int n = i < p->L.ngroups ? p->sizes[i] : p->L.nconvex, s;
        int a = irand(r, p->nb), b = other_body(r, p->nb, a);
        double ra[2], rb[2];
        for (s = 0; s < n; s++, nc++) {
            double th = sg_uniform(r, 0, 2 * pi), nx = cos(th), ny = sin(th);
            if (s == 0 || i == p->L.ngroups) {
                if (i == p->L.ngroups) {        /* convex: each its own */
                    a = irand(r, p->nb);
                    b = other_body(r, p->nb, a);
                }
                ra[0] = sg_uniform(r, -0.5, 0.5);
                ra[1] = sg_uniform(r, -0.5, 0.5);
                rb[0] = sg_uniform(r, -0.5, 0.5);
                rb[1] = sg_uniform(r, -0.5, 0.5);
            }
            body_row(p->W[nc], a, b, nx, ny, ra, rb);
            for (j = 0; j < k; j++) {
                double sg = j == 0 ? 1 : -1;
                body_row(p->W[p->nc + nc * k + j], a, b, -sg * ny, sg * nx, ra, rb);
            }
            gap[nc] = sg_uniform(r, -0.01, 0.05);
            p->mu[nc] = fric ? sg_uniform(r, 0.1, 1.2) : 0;
        }
    }
    products(p);
    for (i = 0; i < p->nu; i++) {
        p->a0[i] = i < p->nc ? gap[i] / h : 0;
        for (q = 0; q < p->ndof; q++)
            p->a0[i] += p->W[i][q] * p->v[q];
    }
    p->m = ncs_layout_size(&p->L);
    p->ub = ncs_lcp_impulse_offset(&p->L);
}

/* ---- independent reduction ------------------------------------------------ */

/* X = E^-1 R (R: ne x nr, row-major) by Gaussian elimination with partial
 * pivoting. Returns 0, or -1 when E is singular. */
static int gauss(int ne, const double *E, int nr, const double *R, double *X) {
    double a[NEMAX][NEMAX + NUMAX + 1];
    int i, j, k, w = ne + nr;
    for (i = 0; i < ne; i++) {
        for (j = 0; j < ne; j++)
            a[i][j] = E[i * ne + j];
        for (j = 0; j < nr; j++)
            a[i][ne + j] = R[i * nr + j];
    }
    for (k = 0; k < ne; k++) {
        int piv = k;
        for (i = k + 1; i < ne; i++)
            if (fabs(a[i][k]) > fabs(a[piv][k]))
                piv = i;
        if (a[piv][k] == 0)
            return -1;
        for (j = 0; j < w; j++) {
            double t = a[k][j];
            a[k][j] = a[piv][j];
            a[piv][j] = t;
        }
        for (i = 0; i < ne; i++) {
            double f;
            if (i == k)
                continue;
            f = a[i][k] / a[k][k];
            for (j = k; j < w; j++)
                a[i][j] -= f * a[k][j];
        }
    }
    for (i = 0; i < ne; i++)
        for (j = 0; j < nr; j++)
            X[i * nr + j] = a[i][ne + j] / a[i][i];
    return 0;
}

/* The reduced A and a0 computed independently: A - G^T E^-1 G, a0 - G^T
 * E^-1 c. Also the scale of the terms (for the comparison). Returns -1 when
 * E is singular. */
static int reference(const mcase *p, double *Ar, double *a0r, double *scale) {
    double R[NEMAX * (NUMAX + 1)], X[NEMAX * (NUMAX + 1)];
    int i, j, e, nr = p->nu + 1;
    for (e = 0; e < p->ne; e++) {
        for (j = 0; j < p->nu; j++)
            R[e * nr + j] = p->G[e * p->nu + j];
        R[e * nr + p->nu] = p->c[e];
    }
    if (gauss(p->ne, p->E, nr, R, X) != 0)
        return -1;
    *scale = 0;
    for (i = 0; i < p->nu; i++) {
        for (j = 0; j <= p->nu; j++) {
            double s = 0, t = 0, x;
            for (e = 0; e < p->ne; e++) {
                s += p->G[e * p->nu + i] * X[e * nr + j];
                t += fabs(p->G[e * p->nu + i] * X[e * nr + j]);
            }
            x = j < p->nu ? p->A[i * p->nu + j] : p->a0[i];
            if (j < p->nu)
                Ar[i * p->nu + j] = x - s;
            else
                a0r[i] = x - s;
            if (fabs(x) + t > *scale)
                *scale = fabs(x) + t;
        }
    }
    return 0;
}

/* 1 when the symmetric n x n S is clearly positive definite (Cholesky
 * pivots above 1e-6 of their diagonal). */
static int clearly_pd(int n, const double *S) {
    double L[NUMAX * NUMAX];
    int i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j <= i; j++) {
            double s = S[i * n + j];
            for (k = 0; k < j; k++)
                s -= L[i * n + k] * L[j * n + k];
            if (j < i) {
                L[i * n + j] = s / L[j * n + j];
            } else {
                if (!(s > 1e-6 * S[i * n + i]))
                    return 0;
                L[i * n + i] = sqrt(s);
            }
        }
    return 1;
}

/* ---- the checks on the original problem ---------------------------------- */

/* The full mixed LCP as Siconos stores it (row-major here), unknowns x =
 * [lambda (ne); z (m)]: rows < ne: E lambda + G u + c (u = z[ub .. ub+nu));
 * rows ne + r: D lambda + B z + b, B and b assembled from the original A and
 * a0, D = T G^T with T = d b / d a0 (entries 0 or +-1: rounded). */
static void build_full(const mcase *p, double *M, double *q) {
    double B[MMAX * MMAX], b[MMAX], b0[MMAX], e[NUMAX], T[MMAX * NUMAX];
    int n = p->ne + p->m, i, j, r, k;
    memset(M, 0, sizeof(double) * (size_t)n * (size_t)n);
    memset(e, 0, sizeof e);
    CHECK(ncs_lcp_assemble(&p->L, p->A, e, p->mu, B, p->m, b0) == 0);
    for (i = 0; i < p->nu; i++) {
        e[i] = 1;
        CHECK(ncs_lcp_assemble(&p->L, p->A, e, p->mu, B, p->m, b) == 0);
        e[i] = 0;
        for (r = 0; r < p->m; r++) {
            T[r * p->nu + i] = b[r] - b0[r];
            CHECK(fabs(T[r * p->nu + i] - floor(T[r * p->nu + i] + 0.5)) < 1e-9);
            T[r * p->nu + i] = floor(T[r * p->nu + i] + 0.5);
        }
    }
    CHECK(ncs_lcp_assemble(&p->L, p->A, p->a0, p->mu, B, p->m, b) == 0);
    for (i = 0; i < p->ne; i++) {
        for (j = 0; j < p->ne; j++)
            M[i * n + j] = p->E[i * p->ne + j];
        for (j = 0; j < p->nu; j++)
            M[i * n + p->ne + p->ub + j] = p->G[i * p->nu + j];
        q[i] = p->c[i];
    }
    for (r = 0; r < p->m; r++) {
        for (k = 0; k < p->ne; k++) {
            double s = 0;
            for (i = 0; i < p->nu; i++)
                s += T[r * p->nu + i] * p->G[k * p->nu + i];
            M[(p->ne + r) * n + k] = s;
        }
        for (j = 0; j < p->m; j++)
            M[(p->ne + r) * n + p->ne + j] = B[r * p->m + j];
        q[p->ne + r] = b[r];
    }
}

/* x = [lambda; z] on the full mixed LCP (M, q): the equality rows (but
 * those marked in skip; NULL: none) and z >= 0, w >= 0, z.w = 0, each within tol of the
 * row's scale |q_i| + sum_j |M_ij| xmax_j (xmax_j: max |lambda| on the
 * lambda columns, max |z| on the z columns; as lcp_holds.h). Returns
 * 1 when it holds. */
static int full_holds(int ne, int m, const double *M, const double *q, const double *x,
                      double tol, const int *skip) {
    int n = ne + m, i, j;
    double zmax = 0, lmax = 0;
    for (i = 0; i < n; i++) {
        double *mx = i < ne ? &lmax : &zmax;
        *mx = fabs(x[i]) > *mx ? fabs(x[i]) : *mx;
    }
    for (i = 0; i < n; i++) {
        double w = q[i], s = fabs(q[i]);
        for (j = 0; j < n; j++) {
            w += M[i * n + j] * x[j];
            s += fabs(M[i * n + j]) * (j < ne ? lmax : zmax);
        }
        if (!(w == w))
            return 0;
        if (i < ne) {
            if (!(skip && skip[i]) && !(fabs(w) <= tol * s))
                return 0;
            continue;
        }
        if (!(x[i] >= -tol * zmax) || !(w >= -tol * s))
            return 0;
        if (x[i] > tol * zmax && w > tol * s)
            return 0;
    }
    return 1;
}

/* The same as the engine sees it: 0 = E lambda + G u + c row by row (but
 * those marked in skip; NULL: none), and the formulation's LCP assembled with the ORIGINAL A and
 * a0 + G^T lambda holds (lcp_holds.h). Returns 1 when it holds. */
static int mixed_holds(const mcase *p, const double *lam, const double *z, double tol,
                       const int *skip) {
    double B[MMAX * MMAX], b[MMAX], a0l[NUMAX];
    const double *u = z + p->ub;
    int i, j;
    for (i = 0; i < p->ne; i++) {
        double w = p->c[i], s = fabs(p->c[i]);
        for (j = 0; j < p->ne; j++) {
            w += p->E[i * p->ne + j] * lam[j];
            s += fabs(p->E[i * p->ne + j] * lam[j]);
        }
        for (j = 0; j < p->nu; j++) {
            w += p->G[i * p->nu + j] * u[j];
            s += fabs(p->G[i * p->nu + j] * u[j]);
        }
        if (!(skip && skip[i]) && !(fabs(w) <= tol * s))
            return 0;
    }
    for (j = 0; j < p->nu; j++) {
        a0l[j] = p->a0[j];
        for (i = 0; i < p->ne; i++)
            a0l[j] += p->G[i * p->nu + j] * lam[i];
    }
    if (ncs_lcp_assemble(&p->L, p->A, a0l, p->mu, B, p->m, b) != 0)
        return 0;
    return lcp_holds(p->m, B, p->m, b, z, tol);
}

/* ---- ncs ------------------------------------------------------------------ */

/* Reduces (with leading dimensions ne + pad, nu + pad, the padding NaN and
 * checked untouched), assembles, solves and recovers lambda. */
static void ncs_mixed(const mcase *p, int pad, answer *ans) {
    double E[NEMAX * (NEMAX + PAD)], G[NEMAX * (NUMAX + PAD)], A[NUMAX * (NUMAX + PAD)];
    double c[NEMAX], a0[NUMAX], B[MMAX * MMAX], b[MMAX];
    int lde = p->ne + pad, ldg = p->nu + pad, lda = p->nu + pad, i, j, padok = 1;
    ncs_lcp_options opt = ncs_lcp_default_options();
    ncs_lcp_workspace *ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    const double nan = strtod("nan", NULL);
    for (i = 0; i < NEMAX * (NEMAX + PAD); i++)
        E[i] = nan;
    for (i = 0; i < NEMAX * (NUMAX + PAD); i++)
        G[i] = nan;
    for (i = 0; i < NUMAX * (NUMAX + PAD); i++)
        A[i] = nan;
    for (i = 0; i < p->ne; i++) {
        for (j = 0; j < p->ne; j++)
            E[i * lde + j] = p->E[i * p->ne + j];
        for (j = 0; j < p->nu; j++)
            G[i * ldg + j] = p->G[i * p->nu + j];
    }
    for (i = 0; i < p->nu; i++)
        for (j = 0; j < p->nu; j++)
            A[i * lda + j] = p->A[i * p->nu + j];
    memcpy(c, p->c, sizeof(double) * (size_t)p->ne);
    memcpy(a0, p->a0, sizeof(double) * (size_t)p->nu);
    ans->status = -1;
    memset(ans->drop, 0, sizeof ans->drop);
    memset(ans->lam, 0, sizeof ans->lam);
    memset(ans->z, 0, sizeof ans->z);
    ans->rank = ncs_mlcp_reduce(p->ne, E, lde, p->nu, G, ldg, c, A, lda, a0, TOL_DROP);
    for (i = 0; i < p->ne; i++)
        for (j = p->ne; j < lde; j++)
            padok &= E[i * lde + j] != E[i * lde + j];
    for (i = 0; i < p->ne; i++)
        for (j = p->nu; j < ldg; j++)
            padok &= G[i * ldg + j] != G[i * ldg + j];
    for (i = 0; i < p->nu; i++)
        for (j = p->nu; j < lda; j++)
            padok &= A[i * lda + j] != A[i * lda + j];
    CHECK(padok);
    if (ans->rank < 0)
        return;
    /* the dropped rows: L's diagonal 0 (mlcp.c); as many as ne - rank */
    for (i = 0, j = 0; i < p->ne; i++)
        j += ans->drop[i] = E[i * lde + i] == 0;
    CHECK(j == p->ne - ans->rank);
    for (i = 0; i < p->nu; i++) {
        for (j = 0; j < p->nu; j++)
            ans->Ar[i * p->nu + j] = A[i * lda + j];
        ans->a0r[i] = a0[i];
    }
    CHECK(ncs_lcp_assemble(&p->L, ans->Ar, ans->a0r, p->mu, B, p->m, b) == 0);
    opt.warm_start = 0;
    ans->status = ncs_lcp_solve(ws, &p->L, p->m, B, p->m, b, ans->z, NULL, &opt, NULL);
    if (ans->status == NCS_LCP_SOLVED) {
        ncs_mlcp_multipliers(p->ne, E, lde, p->nu, G, ldg, c, ans->z + p->ub, ans->lam);
        for (i = 0; i < p->ne; i++)
            CHECK(!ans->drop[i] || ans->lam[i] == 0);
    }
}

/* The plain LCP: the reference reduction's LCP solved by the runtime.
 * Returns 1 when solved and verified (on the reduced problem) with an
 * answer of bounded size: max|z| max|B_ij| <= 1e9 max|b| (the runtime's
 * own rule for an answer far along a ray, docs/solver.md). A reference LCP
 * whose only answer is z ~ 1e13 (a row whose coefficients vanish but for
 * rounding) is one without a solution that rounding happens to close;
 * ncs's own reduction, equal to it within 1e-9, need not. */
static int plain_lcp(const mcase *p, const double *Ar, const double *a0r) {
    double B[MMAX * MMAX], b[MMAX], z[MMAX], zmax = 0, bmax = 0, Bmax = 0;
    int i;
    ncs_lcp_options opt = ncs_lcp_default_options();
    ncs_lcp_workspace *ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    opt.warm_start = 0;
    if (ncs_lcp_assemble(&p->L, Ar, a0r, p->mu, B, p->m, b) != 0)
        return 0;
    if (ncs_lcp_solve(ws, &p->L, p->m, B, p->m, b, z, NULL, &opt, NULL) != NCS_LCP_SOLVED)
        return 0;
    for (i = 0; i < p->m; i++) {
        int j;
        zmax = fabs(z[i]) > zmax ? fabs(z[i]) : zmax;
        bmax = fabs(b[i]) > bmax ? fabs(b[i]) : bmax;
        for (j = 0; j < p->m; j++)
            Bmax = fabs(B[i * p->m + j]) > Bmax ? fabs(B[i * p->m + j]) : Bmax;
    }
    return zmax * Bmax <= 1e9 * bmax && lcp_holds(p->m, B, p->m, b, z, TOL);
}

/* max |x - y| over max |y| (0 when both vanish) */
static double reldiff(int n, const double *x, const double *y) {
    double d = 0, s = 0;
    int i;
    for (i = 0; i < n; i++) {
        d = fabs(x[i] - y[i]) > d ? fabs(x[i] - y[i]) : d;
        s = fabs(y[i]) > s ? fabs(y[i]) : s;
    }
    return d == 0 ? 0 : d / (s > 0 ? s : 1e-300);
}

/* ---- Siconos -------------------------------------------------------------- */

#ifdef NCS_HAVE_SICONOS
/* Siconos' SICONOS_MLCP_ENUM on the full mixed LCP (M, q of build_full).
 * Returns 1 when it reports success; x = [lambda; z]. */
static int siconos_enum(int ne, int m, const double *M, const double *q, double *x) {
    static double Mcm[NMAX * NMAX], qq[NMAX], w[NMAX];
    int n = ne + m, i, j, info, rows[3], comp[2];
    MixedLinearComplementarityProblem pb;
    SolverOptions *opt = solver_options_create(SICONOS_MLCP_ENUM);
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            Mcm[(size_t)j * n + i] = M[i * n + j];
        qq[i] = q[i];
        x[i] = w[i] = 0;
    }
    memset(&pb, 0, sizeof pb);
    pb.isStorageType1 = 1;
    pb.n = ne;
    pb.m = m;
    rows[0] = 0;
    rows[1] = ne;
    rows[2] = n;
    comp[0] = 0;
    comp[1] = 1;
    pb.blocksRows = rows;
    pb.blocksIsComp = comp;
    pb.M = NM_create_from_data(NM_DENSE, n, n, Mcm);
    pb.q = qq;
    opt->dparam[SICONOS_DPARAM_TOL] = 1e-10;
    mlcp_driver_init(&pb, opt);
    info = mlcp_driver(&pb, x, w, opt);
    mlcp_driver_reset(&pb, opt);
    solver_options_delete(opt);
    NM_free_not_dense(pb.M);
    return info == 0;
}
#endif

/* ---- the random cases ----------------------------------------------------- */

typedef struct counts {
    long cases, full_rank, reduced_ok, plain, plain_verified, lcp, verified, failed;
    long unique, unique_solved;
    long sic_cases, sic_ncs, sic_solved, sic_verified, sic_agree;
} counts;

static void add_counts(counts *t, const counts *k) {
    t->cases += k->cases;
    t->full_rank += k->full_rank;
    t->reduced_ok += k->reduced_ok;
    t->plain += k->plain;
    t->plain_verified += k->plain_verified;
    t->lcp += k->lcp;
    t->verified += k->verified;
    t->failed += k->failed;
    t->unique += k->unique;
    t->unique_solved += k->unique_solved;
    t->sic_cases += k->sic_cases;
    t->sic_ncs += k->sic_ncs;
    t->sic_solved += k->sic_solved;
    t->sic_verified += k->sic_verified;
    t->sic_agree += k->sic_agree;
}

static void random_cases(long n, unsigned long seed, counts *tot) {
    static mcase p;
    static double M[NMAX * NMAX], q[NMAX], x[NMAX];
    counts cnt[5][2];
    sg_rng r;
    int form, fr;
    long t;
    memset(cnt, 0, sizeof cnt);
    sg_seed(&r, seed);
    for (form = 0; form < 5; form++)
        for (fr = 0; fr < 2; fr++)
            for (t = 0; t < n; t++) {
                counts *k = &cnt[form][fr];
                double Ar[NUMAX * NUMAX], a0r[NUMAX], scale = 0;
                int have_ref, unique, ok = 0, ref, i;
                answer ans;
                generate(&r, &p, form, fr);
                k->cases++;
                ncs_mixed(&p, (int)(t % 2) * PAD, &ans);
                CHECK(ans.rank >= 0 && ans.rank <= p.ne);
                have_ref = reference(&p, Ar, a0r, &scale) == 0;
                ref = have_ref && ans.rank == p.ne;
                if (ans.rank == p.ne)
                    k->full_rank++;
                if (ref) {
                    /* the reduction against the independent one */
                    double d = 0;
                    for (i = 0; i < p.nu * p.nu; i++)
                        d = fabs(ans.Ar[i] - Ar[i]) > d ? fabs(ans.Ar[i] - Ar[i]) : d;
                    for (i = 0; i < p.nu; i++)
                        d = fabs(ans.a0r[i] - a0r[i]) > d ? fabs(ans.a0r[i] - a0r[i]) : d;
                    if (d <= 1e-9 * scale) {
                        k->reduced_ok++;
                    } else {
                        CHECK_FAILURES++;
                        fprintf(stderr, "case %s/%d/%ld: reduced A, a0 off the reference by "
                                "%.3g (scale %.3g)\n", ncs_form_name(form), fr, t, d, scale);
                    }
                    k->plain += plain_lcp(&p, Ar, a0r);
                }
                if (ans.status == NCS_LCP_SOLVED) {
                    k->lcp++;
                    build_full(&p, M, q);
                    memcpy(x, ans.lam, sizeof(double) * (size_t)p.ne);
                    memcpy(x + p.ne, ans.z, sizeof(double) * (size_t)p.m);
                    /* a random dependent row (more rows on a body than it
                     * has velocities) contradicts the kept ones in general:
                     * the kept rows must hold */
                    ok = mixed_holds(&p, ans.lam, ans.z, TOL, ans.drop) &&
                         full_holds(p.ne, p.m, M, q, x, TOL, ans.drop);
                    if (ok) {
                        k->verified++;
                        k->plain_verified += ref;
                    } else {
                        k->failed++;
                        CHECK_FAILURES++;
                        fprintf(stderr, "case %s/%d/%ld (ne %d, m %d, rank %d): the reduced "
                                "LCP was solved, the mixed problem does not hold\n",
                                ncs_form_name(form), fr, t, p.ne, p.m, ans.rank);
                    }
                }
                /* frictionless stewart with E and the reduced A positive
                 * definite: a P-matrix LCP, one solution */
                unique = form == NCS_FORM_STEWART && !fr && ref && clearly_pd(p.nu, Ar);
                if (unique) {
                    k->unique++;
                    if (ok) {
                        k->unique_solved++;
                    } else if (ans.status != NCS_LCP_SOLVED) {
                        CHECK_FAILURES++;
                        fprintf(stderr, "case %s/%d/%ld: a unique solution, ncs says %s\n",
                                ncs_form_name(form), fr, t, ncs_lcp_status_name(ans.status));
                    }
                }
#ifdef NCS_HAVE_SICONOS
                if (p.m <= ENUM_MMAX && ans.rank == p.ne) {
                    double xs[NMAX];
                    k->sic_cases++;
                    k->sic_ncs += ok;
                    build_full(&p, M, q);
                    if (siconos_enum(p.ne, p.m, M, q, xs)) {
                        int sv = mixed_holds(&p, xs, xs + p.ne, TOL, NULL) &&
                                 full_holds(p.ne, p.m, M, q, xs, TOL, NULL);
                        k->sic_solved++;
                        k->sic_verified += sv;
                        if (!sv) {
                            CHECK_FAILURES++;
                            fprintf(stderr, "case %s/%d/%ld: Siconos' answer does not hold\n",
                                    ncs_form_name(form), fr, t);
                        }
                        if (sv && !ok) {
                            CHECK_FAILURES++;
                            fprintf(stderr, "case %s/%d/%ld: Siconos solved it, ncs did not "
                                    "(%s)\n", ncs_form_name(form), fr, t,
                                    ncs_lcp_status_name(ans.status));
                        }
                        if (sv && ok && unique) {
                            double dz = reldiff(p.m, ans.z, xs + p.ne);
                            double dl = reldiff(p.ne, ans.lam, xs);
                            if (dz <= 1e-8 && dl <= 1e-8) {
                                k->sic_agree++;
                            } else {
                                CHECK_FAILURES++;
                                fprintf(stderr, "case %s/%d/%ld: unique solution, ncs and "
                                        "Siconos differ (z %.3g, lambda %.3g)\n",
                                        ncs_form_name(form), fr, t, dz, dl);
                            }
                        } else if (sv && ok) {
                            k->sic_agree++;
                        }
                    }
                }
#endif
            }
    printf("%-14s %4s %5s %5s %5s %5s %5s %5s %6s", "form", "fric", "cases", "rankE",
           "plain", "ncs", "verif", "fail", "unique");
#ifdef NCS_HAVE_SICONOS
    printf(" %6s %6s %6s %6s", "sic-n", "s-ncs", "sic-ok", "agree");
#endif
    printf("\n");
    for (form = 0; form < 5; form++)
        for (fr = 0; fr < 2; fr++) {
            counts *k = &cnt[form][fr];
            printf("%-14s %4d %5ld %5ld %5ld %5ld %5ld %5ld %2ld/%-3ld", ncs_form_name(form), fr ? 2 : 0,
                   k->cases, k->full_rank, k->plain, k->lcp, k->verified, k->failed,
                   k->unique_solved, k->unique);
#ifdef NCS_HAVE_SICONOS
            printf(" %6ld %6ld %6ld %6ld", k->sic_cases, k->sic_ncs, k->sic_verified,
                   k->sic_agree);
#endif
            printf("\n");
            add_counts(tot, k);
            /* the reduction must not lose what the plain LCP solves */
            if (k->plain_verified < k->plain) {
                CHECK_FAILURES++;
                fprintf(stderr, "%s/%d: %ld mixed solutions verified, the plain LCP solves "
                        "%ld of the same\n", ncs_form_name(form), fr, k->plain_verified, k->plain);
            }
        }
}

/* ---- rank-deficient E ------------------------------------------------------ */

/* Appends to p a row made of rows i and j (coefficients a, b; b = 0: a copy
 * of row i) at position at (later rows move down), with c the same
 * combination plus delta. */
static void add_dependent(mcase *p, int i, int j, double a, double b, double delta, int at) {
    double row[NDOF], cc;
    int q, e;
    for (q = 0; q < NDOF; q++)
        row[q] = a * p->J[i][q] + b * p->J[j][q];
    cc = a * p->c[i] + b * p->c[j] + delta;
    for (e = p->ne; e > at; e--) {
        memcpy(p->J[e], p->J[e - 1], sizeof row);
        p->c[e] = p->c[e - 1];
    }
    memcpy(p->J[at], row, sizeof row);
    p->c[at] = cc;
    p->ne++;
    products(p);
}

static void dependent_rows(unsigned long seed, long *ndep) {
    static mcase p, p0;
    static double M[NMAX * NMAX], q[NMAX], x[NMAX];
    sg_rng r;
    int t, kind;
    sg_seed(&r, seed);
    for (kind = 0; kind < 3; kind++) {
        for (t = 0; t < 60; t++) {
            answer ans, ans0;
            int form = t % 5, fr = t / 5 % 2, i, j, at;
            double delta = 0;
            do
                generate(&r, &p0, form, fr);
            while (p0.ne < 2 || p0.ne >= NEMAX);
            p = p0;
            i = irand(&r, p.ne);
            j = irand(&r, p.ne - 1);
            j += j >= i;
            at = (i > j ? i : j) + 1 + irand(&r, p.ne - (i > j ? i : j));
            if (kind == 0) {                /* a consistent duplicate */
                add_dependent(&p, i, 0, 1, 0, 0, at);
            } else if (kind == 1) {         /* a consistent combination */
                add_dependent(&p, i, j, sg_uniform(&r, -2, 2), sg_uniform(&r, 0.5, 2), 0, at);
            } else {                        /* a contradictory duplicate */
                delta = sg_uniform(&r, 0.5, 2) * (fabs(p.c[i]) + 1);
                add_dependent(&p, i, 0, 1, 0, delta, at);
            }
            ncs_mixed(&p0, 0, &ans0);
            ncs_mixed(&p, t % 2 * PAD, &ans);
            if (ans0.rank != p0.ne)
                continue;   /* the original rows are not independent: not this test */
            (*ndep)++;
            if (ans.rank != p.ne - 1) {     /* one row more, the same rank */
                CHECK_FAILURES++;
                fprintf(stderr, "dependent row (kind %d, %s/%d/%d, row %d): rank %d of %d "
                        "rows\n", kind, ncs_form_name(form), fr, t, at, ans.rank, p.ne);
                continue;
            }
            CHECK(ans.status == ans0.status);
            if (ans.status != NCS_LCP_SOLVED)
                continue;
            CHECK(ans.lam[at] == 0);        /* the dropped row carries nothing */
            build_full(&p, M, q);
            memcpy(x, ans.lam, sizeof(double) * (size_t)p.ne);
            memcpy(x + p.ne, ans.z, sizeof(double) * (size_t)p.m);
            CHECK(ans.drop[at]);
            if (kind < 2) {
                /* every row holds, the dropped one too */
                CHECK(mixed_holds(&p, ans.lam, ans.z, TOL, NULL));
                CHECK(full_holds(p.ne, p.m, M, q, x, TOL, NULL));
            } else {
                /* the kept rows hold; the dropped one is off by delta */
                double w = p.c[at], s = fabs(p.c[at]);
                int e2;
                CHECK(mixed_holds(&p, ans.lam, ans.z, TOL, ans.drop));
                CHECK(full_holds(p.ne, p.m, M, q, x, TOL, ans.drop));
                for (e2 = 0; e2 < p.ne; e2++) {
                    w += p.E[at * p.ne + e2] * ans.lam[e2];
                    s += fabs(p.E[at * p.ne + e2] * ans.lam[e2]);
                }
                for (e2 = 0; e2 < p.nu; e2++) {
                    w += p.G[at * p.nu + e2] * ans.z[p.ub + e2];
                    s += fabs(p.G[at * p.nu + e2] * ans.z[p.ub + e2]);
                }
                CHECK(fabs(w - delta) <= TOL * (s + delta));
                if (delta > 100 * TOL * s)  /* visible at the check's scale */
                    CHECK(!mixed_holds(&p, ans.lam, ans.z, TOL, NULL));
            }
            /* the kept rows give what the problem without the extra row
             * gives (same reduced LCP up to rounding); compare where the
             * solution is unique: frictionless stewart */
            if (form == NCS_FORM_STEWART && !fr && ans0.status == NCS_LCP_SOLVED &&
                clearly_pd(p.nu, ans0.Ar)) {
                double lk[NEMAX];
                int e2, f2 = 0;
                for (e2 = 0; e2 < p.ne; e2++)
                    if (e2 != at)
                        lk[f2++] = ans.lam[e2];
                CHECK(reldiff(p.m, ans.z, ans0.z) <= 1e-8);
                CHECK(reldiff(p0.ne, lk, ans0.lam) <= 1e-8);
            }
        }
    }
}

/* ---- bad input and edge cases --------------------------------------------- */

static void bad_input(unsigned long seed) {
    static mcase p;
    double E[NEMAX * NEMAX], G[NEMAX * NUMAX], c[NEMAX], A[NUMAX * NUMAX], a0[NUMAX];
    double E1[NEMAX * NEMAX], G1[NEMAX * NUMAX], c1[NEMAX], A1[NUMAX * NUMAX], a01[NUMAX];
    double lam[NEMAX];
    const double nan = strtod("nan", NULL), inf = strtod("inf", NULL);
    sg_rng r;
    int t, ne, nu, i, j;
    sg_seed(&r, seed);
    do
        generate(&r, &p, NCS_FORM_STEWART, 1);
    while (p.ne < 2);
    ne = p.ne;
    nu = p.nu;
#define RESET() do { \
        memcpy(E, p.E, sizeof E); memcpy(G, p.G, sizeof G); memcpy(c, p.c, sizeof c); \
        memcpy(A, p.A, sizeof A); memcpy(a0, p.a0, sizeof a0); \
    } while (0)
#define SNAP() do { \
        memcpy(E1, E, sizeof E); memcpy(G1, G, sizeof G); memcpy(c1, c, sizeof c); \
        memcpy(A1, A, sizeof A); memcpy(a01, a0, sizeof a0); \
    } while (0)
#define UNCHANGED() (memcmp(E1, E, sizeof E) == 0 && memcmp(G1, G, sizeof G) == 0 && \
                     memcmp(c1, c, sizeof c) == 0 && memcmp(A1, A, sizeof A) == 0 && \
                     memcmp(a01, a0, sizeof a0) == 0)
    /* a non-finite entry of E (lower triangle), G or c: -1, nothing written */
    for (t = 0; t < 6; t++) {
        double bad = t % 2 ? inf : nan;
        RESET();
        i = irand(&r, ne);
        j = irand(&r, i + 1);
        if (t < 2)
            E[i * ne + j] = bad;
        else if (t < 4)
            G[i * nu + irand(&r, nu)] = t == 2 ? bad : -inf;
        else
            c[i] = bad;
        SNAP();
        CHECK(ncs_mlcp_reduce(ne, E, ne, nu, G, nu, c, A, nu, a0, TOL_DROP) == -1);
        CHECK(UNCHANGED());
    }
    /* the upper triangle of E is not read */
    RESET();
    E[0 * ne + 1] = nan;
    CHECK(ncs_mlcp_reduce(ne, E, ne, nu, G, nu, c, A, nu, a0, TOL_DROP) == ne);
    {
        double Er[NEMAX * NEMAX], Gr[NEMAX * NUMAX], cr[NEMAX], Ar[NUMAX * NUMAX],
            a0r[NUMAX];
        memcpy(Er, p.E, sizeof Er);
        memcpy(Gr, p.G, sizeof Gr);
        memcpy(cr, p.c, sizeof cr);
        memcpy(Ar, p.A, sizeof Ar);
        memcpy(a0r, p.a0, sizeof a0r);
        CHECK(ncs_mlcp_reduce(ne, Er, ne, nu, Gr, nu, cr, Ar, nu, a0r, TOL_DROP) == ne);
        CHECK(memcmp(Ar, A, sizeof(double) * (size_t)nu * (size_t)nu) == 0);
        CHECK(memcmp(a0r, a0, sizeof(double) * (size_t)nu) == 0);
    }
    /* sizes, leading dimensions, NULL: -1, nothing written */
    RESET();
    SNAP();
    CHECK(ncs_mlcp_reduce(-1, E, ne, nu, G, nu, c, A, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne, -1, G, nu, c, A, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne - 1, nu, G, nu, c, A, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne, nu, G, nu - 1, c, A, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne, nu, G, nu, c, A, nu - 1, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, NULL, ne, nu, G, nu, c, A, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne, nu, NULL, nu, c, A, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne, nu, G, nu, NULL, A, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne, nu, G, nu, c, NULL, nu, a0, TOL_DROP) == -1);
    CHECK(ncs_mlcp_reduce(ne, E, ne, nu, G, nu, c, A, nu, NULL, TOL_DROP) == -1);
    CHECK(UNCHANGED());
    /* joints alone (nu = 0): A, a0, G NULL; E lambda + c = 0 */
    RESET();
    CHECK(ncs_mlcp_reduce(ne, E, ne, 0, NULL, 0, c, NULL, 0, NULL, TOL_DROP) == ne);
    ncs_mlcp_multipliers(ne, E, ne, 0, NULL, 0, c, NULL, lam);
    for (i = 0; i < ne; i++) {
        double w = p.c[i], s = fabs(p.c[i]);
        for (j = 0; j < ne; j++) {
            w += p.E[i * ne + j] * lam[j];
            s += fabs(p.E[i * ne + j] * lam[j]);
        }
        CHECK(fabs(w) <= TOL * s);
    }
    /* ... and a duplicated joint alone: rank ne - 1, its multiplier 0 */
    {
        static mcase p2;
        p2 = p;
        p2.nu = p2.nc = 0;
        add_dependent(&p2, 0, 0, 1, 0, 0, ne);
        memcpy(E, p2.E, sizeof(double) * (size_t)p2.ne * (size_t)p2.ne);
        memcpy(c, p2.c, sizeof(double) * (size_t)p2.ne);
        CHECK(ncs_mlcp_reduce(p2.ne, E, p2.ne, 0, NULL, 0, c, NULL, 0, NULL, TOL_DROP) ==
              ne);
        ncs_mlcp_multipliers(p2.ne, E, p2.ne, 0, NULL, 0, c, NULL, lam);
        CHECK(lam[ne] == 0);
        for (i = 0; i < p2.ne; i++) {
            double w = p2.c[i], s = fabs(p2.c[i]);
            for (j = 0; j < p2.ne; j++) {
                w += p2.E[i * p2.ne + j] * lam[j];
                s += fabs(p2.E[i * p2.ne + j] * lam[j]);
            }
            CHECK(fabs(w) <= TOL * s);
        }
    }
    /* no joints (ne = 0): rank 0, A and a0 untouched; nothing at all */
    RESET();
    SNAP();
    CHECK(ncs_mlcp_reduce(0, NULL, 0, nu, NULL, 0, NULL, A, nu, a0, TOL_DROP) == 0);
    CHECK(ncs_mlcp_reduce(0, NULL, 0, 0, NULL, 0, NULL, NULL, 0, NULL, TOL_DROP) == 0);
    CHECK(UNCHANGED());
    ncs_mlcp_multipliers(0, NULL, 0, nu, NULL, 0, NULL, a0, NULL);
#undef RESET
#undef SNAP
#undef UNCHANGED
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 60, ndep = 0;
    unsigned long seed = argc > 2 ? strtoul(argv[2], NULL, 10) : 7;
    counts tot;
    memset(&tot, 0, sizeof tot);
    random_cases(n, seed, &tot);
    dependent_rows(seed + 1, &ndep);
    bad_input(seed + 2);
    printf("mlcp: %ld cases (%ld full-rank E), ncs %ld solved / %ld verified / %ld failed, "
           "plain LCP %ld, unique %ld/%ld; %ld dependent-row cases",
           tot.cases, tot.full_rank, tot.lcp, tot.verified, tot.failed, tot.plain,
           tot.unique_solved, tot.unique, ndep);
#ifdef NCS_HAVE_SICONOS
    printf("; siconos enum: %ld cases, ncs solved %ld, siconos solved %ld (verified %ld), "
           "agree %ld", tot.sic_cases, tot.sic_ncs, tot.sic_solved,
           tot.sic_verified, tot.sic_agree);
#else
    printf("; siconos: not built");
#endif
    printf("; %s\n", CHECK_FAILURES ? "FAIL" : "ok");
    return CHECK_DONE();
}
