/* chain_lib.h - the "library part" of the firmware chain test.
 *
 * Two small computations written the way firmware code of ncs must be:
 * freestanding C99, no heap, no stdio, fixed sizes, caller-owned memory,
 * ncs_real = double or float (NCS_REAL_FLOAT=1). The harness prints their
 * results on the host and on the emulated Cortex-M and compares the two.
 */
#ifndef CHAIN_LIB_H
#define CHAIN_LIB_H

#if defined(NCS_REAL_FLOAT) && NCS_REAL_FLOAT
typedef float ncs_real;
#else
typedef double ncs_real;
#endif

/** Dimension of the dense test system. */
#define CHAIN_N 6

/** State of a point mass above the floor y = 0. */
typedef struct chain_ball {
    ncs_real y;       /**< height of the mass (m); the floor is y = 0 */
    ncs_real v;       /**< vertical velocity (m/s) */
    ncs_real impulse; /**< contact impulse per unit mass of the last step (m/s) */
} chain_ball;

/// Fills the CHAIN_N x CHAIN_N row-major matrix `a` and right-hand side `b`
/// with the deterministic test system of variant `k` (any k >= 0): diagonally
/// dominant, nonsymmetric, with entries of mixed sign. Never fails.
void chain_system(int k, ncs_real a[CHAIN_N * CHAIN_N], ncs_real b[CHAIN_N]);

/// Solves a x = b by Gaussian elimination with partial pivoting. `a` and `b`
/// are overwritten (a with the factors, b with scratch). Returns 0, or 1
/// when a pivot is exactly zero (x is then left unchanged).
int chain_solve(ncs_real a[CHAIN_N * CHAIN_N], ncs_real b[CHAIN_N],
                ncs_real x[CHAIN_N]);

/// Largest |(a x - b)_i| over the rows: the residual of a solution. Never
/// fails.
ncs_real chain_residual(const ncs_real a[CHAIN_N * CHAIN_N],
                        const ncs_real b[CHAIN_N], const ncs_real x[CHAIN_N]);

/// Advances the ball one step of length h under gravity g (< 0) with a
/// velocity-level complementarity contact at the floor:
///   v+ = v + h g + p,  0 <= p  perp  y/h + v+ >= 0,  y+ = y + h v+.
/// Never fails; h must be > 0.
void chain_ball_step(chain_ball *ball, ncs_real h, ncs_real g);

#endif
