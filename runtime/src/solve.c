/* solve.c - workspace, strategy and verification of ncs_lcp_solve.
 *
 * Plain C99 over caller-owned memory: no heap, no stdio, no GSL.
 * Strategy (docs/solver.md): trivial exit, warm start from the previous
 * solution's support, plain Lemke (block by block when B decomposes), and
 * for nonconvex groups the side selection path: extract the contact-space
 * data (A, a0, mu) from B and b, split the contacts into independent
 * components, and per component choose one side per group that may carry
 * impulse, solve the convex Stewart LCP of the chosen sides, lift u to the
 * formulation's z and verify the component's rows, switching sides until
 * they verify (bounded enumeration last). Whatever the path, the returned z
 * is verified against the full LCP.
 */
#include <math.h>
#include <string.h>
#include "ncs/assemble.h"
#include "lcp_internal.h"

/* Caller memory is carved into these arrays once, at init. */
struct ncs_lcp_workspace {
    int mmax;               /* capacity: largest m */
    ncs_lemke_work lw;      /* Lemke tableau and index arrays */
    double *A;              /* contact-space Delassus matrix, nu x nu */
    double *Br;             /* reduced / block LCP matrix (or LU), mmax^2 */
    double *a0, *mu;        /* contact-space free term (nu) and friction (nc) */
    double *br, *zr;        /* reduced LCP vector and solution */
    double *zc, *wc;        /* candidate full z and its w */
    double *u, *a;          /* contact impulses and A u + a0 */
    double *best, *trial;   /* best unverified z so far; Newton trial point */
    int *umap;              /* reduced unknown -> full one (also block indices) */
    int *sel;               /* chosen side per group */
    int *gfirst;            /* first side of each group */
    int *perm;              /* pivoting of the dense solve */
    int *comp;              /* component of each contact (or index of B) */
    int *owner;             /* contact that owns each row/variable of z */
    int *clist;             /* contacts of the reduced problem */
    int *cgroup;            /* their group, -1 for convex contacts */
    int *glist;             /* groups of the component being solved */
    unsigned char *inS;     /* summation: side counted in its group row */
    unsigned char *inC;     /* side may carry impulse (the chosen set) */
    unsigned char *zb;      /* basis of the last Lemke run (z basic) */
    /* warm-start state of the previous verified call */
    int prev_m;             /* m of the previous verified solve, 0 if none */
    int prev_form;          /* its formulation, -1 without layout */
    int prev_ngroups;       /* its number of groups */
    int prev_has_sel;       /* prev_sel is valid */
    int *prev_sel;          /* side selection that verified */
    unsigned char *prev_J;  /* z_r > 0 in the previous solution */
};

#define ALIGN_UP(n) (((n) + 15u) & ~(size_t)15u)
enum { NDOUBLE_VEC = 10, NINT_VEC = 10, NBYTE_VEC = 4, ENUM_CAP = 4096 };

/* Carves the arrays (when ws is non-NULL); returns the bytes needed. */
static size_t carve(int mmax, ncs_lcp_workspace *ws, unsigned char *base) {
    size_t M = (size_t)mmax, at = ALIGN_UP(sizeof(ncs_lcp_workspace));
    size_t nd = ncs_lemke_doubles(mmax) + 2 * M * M + NDOUBLE_VEC * M;
    size_t ni = ncs_lemke_ints(mmax) + NINT_VEC * M;
    if (ws) {
        double *d = (double *)(base + at);
        int *iv = (int *)(base + at + nd * sizeof(double));
        unsigned char *cv = (unsigned char *)(iv + ni);
        double **dv[NDOUBLE_VEC] = {&ws->a0, &ws->mu, &ws->br, &ws->zr,
                                    &ws->zc, &ws->wc, &ws->u, &ws->a,
                                    &ws->best, &ws->trial};
        int **ivs[NINT_VEC] = {&ws->umap, &ws->sel, &ws->gfirst, &ws->perm, &ws->comp,
                               &ws->owner, &ws->clist, &ws->cgroup, &ws->glist,
                               &ws->prev_sel};
        unsigned char **cvs[NBYTE_VEC] = {&ws->inS, &ws->inC, &ws->zb, &ws->prev_J};
        int i;
        ncs_lemke_bind(&ws->lw, mmax, d, iv);
        d += ncs_lemke_doubles(mmax);
        iv += ncs_lemke_ints(mmax);
        ws->A = d;
        ws->Br = d + M * M;
        d += 2 * M * M;
        for (i = 0; i < NDOUBLE_VEC; i++, d += M)
            *dv[i] = d;
        for (i = 0; i < NINT_VEC; i++, iv += M)
            *ivs[i] = iv;
        for (i = 0; i < NBYTE_VEC; i++, cv += M)
            *cvs[i] = cv;
    }
    return at + nd * sizeof(double) + ni * sizeof(int) + NBYTE_VEC * M;
}

ncs_lcp_options ncs_lcp_default_options(void) {
    ncs_lcp_options o;
    o.max_pivots = 0;       /* 0: 50 m + 100 per Lemke run of dimension m */
    o.tol = 1e-9;
    o.warm_start = 1;
    o.structured = 1;
    o.decompose = 1;
    return o;
}

size_t ncs_lcp_workspace_bytes(int mmax) {
    if (mmax < 1 || mmax > 20000)
        return 0;
    return carve(mmax, NULL, NULL);
}

ncs_lcp_workspace *ncs_lcp_workspace_init(void *mem, size_t bytes, int mmax) {
    ncs_lcp_workspace *ws = mem;
    size_t need = ncs_lcp_workspace_bytes(mmax);
    if (!mem || need == 0 || bytes < need || ((size_t)mem % sizeof(double)) != 0)
        return NULL;
    memset(ws, 0, sizeof *ws);
    ws->mmax = mmax;
    carve(mmax, ws, mem);
    ws->prev_form = -1;
    return ws;
}

const char *ncs_lcp_status_name(int status) {
    switch (status) {
    case NCS_LCP_SOLVED: return "solved";
    case NCS_LCP_RAY: return "ray";
    case NCS_LCP_PIVOT_CAP: return "pivot-cap";
    case NCS_LCP_NUMERICAL: return "numerical";
    case NCS_LCP_UNVERIFIED: return "unverified";
    case NCS_LCP_BAD_INPUT: return "bad-input";
    case NCS_LCP_WORKSPACE: return "workspace";
    default: return "unknown";
    }
}

/* Everything one call needs, passed around by the strategy steps. */
typedef struct call {
    ncs_lcp_workspace *ws;      /* scratch and warm-start state */
    const ncs_layout *L;        /* NULL: no structure known */
    ncs_layout_offsets o;       /* offsets of L */
    int m, ldb;                 /* dimension and leading dimension of B */
    int cap;                    /* pivot cap per run (0: 50 m + 100) */
    int k, nc, nu, ub;          /* friction dirs, contacts, |u|, u offset in z */
    int decompose;              /* split independent blocks */
    const double *B, *b;        /* the caller's LCP, never written */
    double tol;                 /* verification tolerance */
    int pivots, attempts, blocks; /* reported in ncs_lcp_info */
    double flops0;              /* ws->lw.flops at the start of the call */
    int unverified;             /* some attempt finished but did not verify */
    double best_res;            /* residual of ws->best (HUGE_VAL: none) */
    double last_res;            /* residual of the last accept() */
    int lemke_status;           /* status of the last failed Lemke run */
    double residual;            /* residual of the accepted z */
} call;

static int cap_for(const call *c, int m) {
    return c->cap > 0 ? c->cap : 50 * m + 100;
}

/* Accepts ws->zc when it verifies on the full LCP. */
static int accept(call *c) {
    double r = ncs_lcp_residual(c->m, c->B, c->ldb, c->b, c->ws->zc, c->ws->wc);
    c->last_res = r;
    if (r <= c->tol) {
        c->residual = r;
        return 1;
    }
    c->unverified = 1;
    return 0;
}

/* Re-solves B_JJ z_J = -b_J for the index set J (flags) into ws->zc:
 * the Newton step of the min-map on that active set. 0 on success. */
static int solve_on_set(call *c, const unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int i, j, n = 0, m = c->m;
    for (i = 0; i < m; i++)
        if (J[i])
            ws->umap[n++] = i;
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++)
            ws->Br[(size_t)i * n + j] = c->B[(size_t)ws->umap[i] * c->ldb + ws->umap[j]];
        ws->br[i] = -c->b[ws->umap[i]];
    }
    if (ncs_dense_solve(n, ws->Br, n, ws->br, ws->perm) != 0)
        return -1;
    memset(ws->zc, 0, (size_t)m * sizeof *ws->zc);
    for (i = 0; i < n; i++) {
        if (!(ws->br[i] >= -c->tol * 1e3 * (1 + fabs(ws->br[i]))))
            return -1;
        ws->zc[ws->umap[i]] = ws->br[i] > 0 ? ws->br[i] : 0;
    }
    return 0;
}

/* Union-find over `parent` (path halving). */
static int find(int *parent, int i) {
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

static void unite(int *parent, int i, int j) {
    i = find(parent, i);
    j = find(parent, j);
    if (i != j)
        parent[i < j ? j : i] = i < j ? i : j;
}

/* Turns the union-find forest into labels 0..n-1 (by first index). */
static int label(int *parent, int n) {
    int i, count = 0;
    for (i = 0; i < n; i++)
        parent[i] = find(parent, i);        /* point straight at the root */
    for (i = 0; i < n; i++)                 /* a root is its set's smallest index */
        parent[i] = parent[i] == i ? -(++count) : parent[parent[i]];
    for (i = 0; i < n; i++)
        parent[i] = -parent[i] - 1;
    return count;
}

/* Keeps ws->zc as the best unverified candidate when its residual is the
 * smallest so far (the start of the Newton polish). */
static void keep_best(call *c, double res) {
    if (res < c->best_res && isfinite(res)) {
        c->best_res = res;
        memcpy(c->ws->best, c->ws->zc, (size_t)c->m * sizeof *c->ws->best);
    }
}

/* Half the squared Fischer-Burmeister residual of z; writes w = B z + b and
 * phi_i = sqrt(z_i^2 + w_i^2) - z_i - w_i (zero iff z_i, w_i >= 0 and
 * z_i w_i = 0). */
static double fb_merit(const call *c, const double *z, double *w, double *phi) {
    int i, j, m = c->m;
    double s = 0;
    for (i = 0; i < m; i++) {
        const double *Bi = c->B + (size_t)i * c->ldb;
        double wi = c->b[i];
        for (j = 0; j < m; j++)
            wi += Bi[j] * z[j];
        w[i] = wi;
        phi[i] = sqrt(z[i] * z[i] + wi * wi) - z[i] - wi;
        s += phi[i] * phi[i];
    }
    return 0.5 * s;
}

/* The last resort (seed 002): semismooth Newton on the Fischer-Burmeister
 * equation Phi(z) = 0 of the full LCP, from the best unverified candidate,
 * with Armijo backtracking on |Phi|^2 / 2. The result is verified like any
 * other. Returns 1 when it verified. */
static int try_newton(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, j, it;
    double *z = ws->zc, *w = ws->wc, *phi = ws->zr, *d = ws->br, *zt = ws->trial;
    double f;
    c->attempts++;
    for (i = 0; i < m; i++)
        z[i] = ws->best[i] > 0 ? ws->best[i] : 0;
    f = fb_merit(c, z, w, phi);
    for (it = 0; it < 50 && f > 0; it++) {
        double t = 1, ft = f;
        for (i = 0; i < m; i++) {           /* J = Da + Db B, rhs -Phi */
            const double *Bi = c->B + (size_t)i * c->ldb;
            double *Ji = ws->Br + (size_t)i * m;
            double r = sqrt(z[i] * z[i] + w[i] * w[i]);
            double da = r > 0 ? z[i] / r - 1 : 0.70710678118654752 - 1;
            double db = r > 0 ? w[i] / r - 1 : 0.70710678118654752 - 1;
            for (j = 0; j < m; j++)
                Ji[j] = db * Bi[j];
            Ji[i] += da;
            d[i] = -phi[i];
        }
        if (ncs_dense_solve(m, ws->Br, m, d, ws->perm) != 0)
            break;
        for (; t > 1e-10; t *= 0.5) {
            for (i = 0; i < m; i++)
                zt[i] = z[i] + t * d[i];
            ft = fb_merit(c, zt, w, phi);
            if (ft <= (1 - 2e-4 * t) * f)
                break;
        }
        if (!(ft <= (1 - 2e-4 * t) * f))
            break;                          /* no descent: give up */
        memcpy(z, zt, (size_t)m * sizeof *z);
        f = ft;
    }
    for (i = 0; i < m; i++)
        if (z[i] < 0)
            z[i] = 0;
    return accept(c);
}

/* ---- plain Lemke --------------------------------------------------------- */

/* Plain Lemke on the full LCP, block by block when B is block diagonal up to
 * a permutation, with an active-set re-solve when the tableau's answer misses
 * the tolerance. Returns 1 when zc verified on the full LCP. */
static int try_lemke(call *c, int *path) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, j, blk, nblk = 1, st;
    for (i = 0; i < m; i++)
        ws->comp[i] = i;
    if (c->decompose && m >= 16) {     /* small LCPs: the scan costs more than it saves */
        for (i = 0; i < m; i++)
            for (j = i + 1; j < m; j++)
                if (c->B[(size_t)i * c->ldb + j] != 0 || c->B[(size_t)j * c->ldb + i] != 0)
                    unite(ws->comp, i, j);
        nblk = label(ws->comp, m);
    } else {
        for (i = 0; i < m; i++)
            ws->comp[i] = 0;
    }
    c->blocks = nblk;
    if (nblk == 1) {
        c->attempts++;
        st = ncs_lemke_run(&ws->lw, m, c->B, c->ldb, c->b, cap_for(c, m), ws->zc,
                           ws->zb, &c->pivots);
        if (st != NCS_LCP_SOLVED) {
            c->lemke_status = st;
            return 0;
        }
    } else {
        for (blk = 0; blk < nblk; blk++) {
            int n = 0;
            for (i = 0; i < m; i++)
                if (ws->comp[i] == blk)
                    ws->umap[n++] = i;
            for (i = 0; i < n; i++) {
                for (j = 0; j < n; j++)
                    ws->Br[(size_t)i * n + j] = c->B[(size_t)ws->umap[i] * c->ldb + ws->umap[j]];
                ws->br[i] = c->b[ws->umap[i]];
            }
            c->attempts++;
            st = ncs_lemke_run(&ws->lw, n, ws->Br, n, ws->br, cap_for(c, n), ws->zr,
                               ws->inS, &c->pivots);
            if (st != NCS_LCP_SOLVED) {
                c->lemke_status = st;
                return 0;
            }
            for (i = 0; i < n; i++) {
                ws->zc[ws->umap[i]] = ws->zr[i];
                ws->zb[ws->umap[i]] = ws->inS[i];
            }
        }
    }
    *path = NCS_LCP_PATH_LEMKE;
    if (accept(c))
        return 1;
    keep_best(c, c->last_res);
    *path = NCS_LCP_PATH_POLISH;
    return solve_on_set(c, ws->zb) == 0 && accept(c);
}

/* ---- side selection path ------------------------------------------------ */

static int contact_of_u(const call *c, int q) {
    return q < c->nc ? q : (q - c->nc) / c->k;
}

/* Maps every row of the full LCP to the contact that owns it (groups: the
 * first side) so that rows can be checked component by component. */
static void build_owner(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    const ncs_layout_offsets *o = &c->o;
    int i, j, l, q;
    for (i = 0; i < L->ngroups; i++) {
        int first = ws->gfirst[i], n = L->group_size[i];
        for (l = 0; l < n; l++) {
            j = first + l;
            ws->owner[o->py + j] = j;
            switch (L->form) {
            case NCS_FORM_MAX:
                ws->owner[o->c + j] = ws->owner[o->g + j] = ws->owner[o->h + j] = j;
                break;
            case NCS_FORM_SUMMATION:
                ws->owner[o->c + j] = j;
                break;
            case NCS_FORM_DIFF_ACCURATE:
                ws->owner[o->gv + j] = j;
                /* fall through */
            case NCS_FORM_DIFF:
                if (l >= 1)
                    ws->owner[o->c + (first - i) + (l - 1)] = j;
                break;
            default:
                break;
            }
        }
        if (L->form == NCS_FORM_MAX)
            ws->owner[o->d + i] = ws->owner[o->p + i] = first;
        if (L->form == NCS_FORM_DIFF_ACCURATE)
            ws->owner[o->pd + i] = first;
    }
    for (q = 0; q < c->nu; q++)
        ws->owner[c->ub + q] = contact_of_u(c, q);
    for (j = 0; j < c->nc && c->k > 0; j++)
        ws->owner[o->s + j] = j;
}

/* Builds the convex Stewart LCP of the chosen sides and the convex contacts
 * of component cc in ws->Br / ws->br (the chosen sides are those flagged in
 * inC); returns the number of contacts. Summation rows of a chosen side add
 * the a rows of every side flagged in inS. */
static int build_reduced(call *c, int cc, int ngc) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int k = c->k, nu = c->nu, ncr = 0, nur, mr, i, j, l, q, r;
    double *Br = ws->Br, *br = ws->br;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + L->group_size[gi]; j++)
            if (ws->inC[j]) {
                ws->clist[ncr] = j;
                ws->cgroup[ncr++] = gi;
            }
    }
    for (j = c->o.y; j < c->nc; j++)
        if (ws->comp[j] == cc) {
            ws->clist[ncr] = j;
            ws->cgroup[ncr++] = -1;
        }
    nur = ncr * (1 + k);
    mr = nur + (k > 0 ? ncr : 0);
    for (i = 0; i < ncr; i++) {
        ws->umap[i] = ws->clist[i];
        for (l = 0; l < k; l++)
            ws->umap[ncr + i * k + l] = c->nc + ws->clist[i] * k + l;
    }
    memset(Br, 0, (size_t)mr * mr * sizeof *Br);
    for (r = 0; r < nur; r++) {
        double *Bi = Br + (size_t)r * mr;
        if (r < ncr && ws->cgroup[r] >= 0 && L->form == NCS_FORM_SUMMATION) {
            int gi = ws->cgroup[r], first = ws->gfirst[gi], n = L->group_size[gi], cnt = 0;
            br[r] = 0;
            for (j = first; j < first + n; j++) {
                if (!ws->inS[j])
                    continue;
                cnt++;
                for (q = 0; q < nur; q++)
                    Bi[q] += ws->A[(size_t)j * nu + ws->umap[q]];
                br[r] += ws->a0[j];
            }
            br[r] += (cnt - n + 1) * L->eps_h;
        } else {
            int fr = ws->umap[r];
            for (q = 0; q < nur; q++)
                Bi[q] = ws->A[(size_t)fr * nu + ws->umap[q]];
            br[r] = ws->a0[fr];
        }
        if (r >= ncr)                       /* p_f row: t + s */
            Bi[nur + (r - ncr) / k] = 1;
    }
    for (i = 0; i < ncr && k > 0; i++) {    /* s row: mu p_n - sum p_f */
        double *Bi = Br + (size_t)(nur + i) * mr;
        Bi[i] = ws->mu[ws->clist[i]];
        for (l = 0; l < k; l++)
            Bi[ncr + i * k + l] = -1;
        br[nur + i] = 0;
    }
    return ncr;
}

/* Lifts the reduced solution zr of component cc (ncr reduced contacts) to
 * the formulation's z in ws->zc, entries of that component only. */
static void lift(call *c, int cc, int ngc, int ncr) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    const ncs_layout_offsets *o = &c->o;
    int k = c->k, nu = c->nu, nur = ncr * (1 + k), i, j, l, q;
    double *z = ws->zc, *a = ws->a;
    for (q = 0; q < nu; q++)
        if (ws->comp[contact_of_u(c, q)] == cc)
            ws->u[q] = 0;
    for (q = 0; q < nur; q++)
        ws->u[ws->umap[q]] = ws->zr[q] > 0 ? ws->zr[q] : 0;
    for (i = 0; i < nu; i++) {
        double s = ws->a0[i];
        if (ws->comp[contact_of_u(c, i)] != cc)
            continue;
        for (q = 0; q < nur; q++)
            s += ws->A[(size_t)i * nu + ws->umap[q]] * ws->u[ws->umap[q]];
        a[i] = s;
        z[c->ub + i] = ws->u[i];
    }
    for (j = 0; j < c->nc && k > 0; j++) {  /* idle contacts: smallest s */
        double s = 0;
        if (ws->comp[j] != cc)
            continue;
        for (l = 0; l < k; l++)
            if (-a[c->nc + j * k + l] > s)
                s = -a[c->nc + j * k + l];
        z[o->s + j] = s;
    }
    for (i = 0; i < ncr && k > 0; i++)
        z[o->s + ws->clist[i]] = ws->zr[nur + i] > 0 ? ws->zr[nur + i] : 0;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i], first = ws->gfirst[gi], n = L->group_size[gi];
        int arg = ws->sel[gi];
        double cmin = HUGE_VAL, run;
        switch (L->form) {
        case NCS_FORM_MAX:
            for (j = first; j < first + n; j++) {
                double cj = 1 - a[j] > 0 ? 1 - a[j] : 0;
                z[o->c + j] = cj;
                z[o->h + j] = a[j] < 0 ? -a[j] : 0;
                z[o->g + j] = 0;
                if (cj < cmin)
                    cmin = cj;
            }
            if (z[o->c + arg] > cmin)      /* g on an argmax side of a */
                for (j = first; j < first + n; j++)
                    if (z[o->c + j] == cmin) {
                        arg = j;
                        break;
                    }
            z[o->g + arg] = 1;
            z[o->d + gi] = L->gamma - cmin > 0 ? L->gamma - cmin : 0;
            z[o->p + gi] = 0;
            break;
        case NCS_FORM_SUMMATION:
            for (j = first; j < first + n; j++)
                z[o->c + j] = a[j] + L->eps_h > 0 ? a[j] + L->eps_h : 0;
            break;
        case NCS_FORM_DIFF:
        case NCS_FORM_DIFF_ACCURATE:
            run = a[first];                 /* running max of a over the sides */
            for (l = 1; l < n; l++) {
                double cl = a[first + l] - run;
                cl = cl > 0 ? cl : 0;
                z[o->c + (first - gi) + (l - 1)] = cl;
                run += cl;
            }
            if (L->form == NCS_FORM_DIFF_ACCURATE) {
                for (j = first; j < first + n; j++)
                    z[o->gv + j] = a[j] < 0 ? -a[j] : 0;
                z[o->pd + gi] = 0;
            }
            break;
        default:
            break;
        }
    }
}

/* Scaled residual (as ncs_lcp_residual) over the rows of component cc. */
static double part_residual(call *c, int cc) {
    ncs_lcp_workspace *ws = c->ws;
    int i, j, m = c->m;
    double zs = 0, res = 0;
    for (i = 0; i < m; i++)
        if (ws->comp[ws->owner[i]] == cc && fabs(ws->zc[i]) > zs)
            zs = fabs(ws->zc[i]);
    for (i = 0; i < m; i++) {
        const double *Bi = c->B + (size_t)i * c->ldb;
        double wi = c->b[i], bmax = 0, ws_, zr, wr, ri;
        if (ws->comp[ws->owner[i]] != cc)
            continue;
        for (j = 0; j < m; j++) {
            wi += Bi[j] * ws->zc[j];
            if (fabs(Bi[j]) > bmax)
                bmax = fabs(Bi[j]);
        }
        if (!isfinite(wi))
            return HUGE_VAL;
        ws_ = fabs(c->b[i]) + bmax * zs;
        zr = zs > 0 ? ws->zc[i] / zs : 0;
        wr = ws_ > 0 ? wi / ws_ : 0;
        ri = -zr > -wr ? -zr : -wr;
        if ((zr < wr ? zr : wr) > ri)
            ri = zr < wr ? zr : wr;
        if (ri > res)
            res = ri;
    }
    return res;
}

/* One selection attempt on component cc: reduced Lemke, lift, verify the
 * component's rows. For summation the row sets inS are refined from the
 * answer a few times. Returns 1 when verified, 0 when not, -1 when the
 * reduced Lemke failed. */
static int try_selection(call *c, int cc, int ngc) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int round, i, j, st, ncr, mr;
    double res;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + L->group_size[gi]; j++)
            ws->inS[j] = ws->inC[j];
    }
    for (round = 0; round < 4; round++) {
        int changed = 0;
        ncr = build_reduced(c, cc, ngc);
        mr = ncr * (1 + c->k) + (c->k > 0 ? ncr : 0);
        c->attempts++;
        st = mr == 0 ? NCS_LCP_SOLVED      /* no contact carries impulse */
             : ncs_lemke_run(&ws->lw, mr, ws->Br, mr, ws->br, cap_for(c, mr),
                             ws->zr, NULL, &c->pivots);
        if (st != NCS_LCP_SOLVED) {
            c->lemke_status = st;
            return -1;
        }
        lift(c, cc, ngc, ncr);
        res = part_residual(c, cc);
        if (res <= c->tol)
            return 1;
        c->unverified = 1;
        keep_best(c, res);
        if (L->form != NCS_FORM_SUMMATION)
            return 0;
        for (i = 0; i < ngc; i++) {
            int gi = ws->glist[i];
            for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + L->group_size[gi]; j++) {
                unsigned char want = ws->a[j] + L->eps_h > 0 || ws->inC[j];
                changed |= want != ws->inS[j];
                ws->inS[j] = want;
            }
        }
        if (!changed)
            return 0;
    }
    return 0;
}

/* Moves each group's choice to its side of largest a (the answer of the
 * last attempt). Returns 1 when some choice changed. */
static int reselect(call *c, int ngc) {
    ncs_lcp_workspace *ws = c->ws;
    int i, j, changed = 0;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i], best = ws->sel[gi];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + c->L->group_size[gi]; j++)
            if (ws->a[j] > ws->a[best])
                best = j;
        changed |= best != ws->sel[gi];
        ws->sel[gi] = best;
    }
    return changed;
}

/* Choices per group in the enumeration: every single side, then every pair
 * of sides (a point touches at most two sides of a polygon at once), then
 * no side at all (the group carries no impulse; it must hold by itself). */
static long choices(int n) {
    return (long)n + (long)n * (n - 1) / 2 + 1;
}

/* Sets group gi's impulse-carrying set to choice t (see choices()). */
static void set_choice(call *c, int gi, long t) {
    ncs_lcp_workspace *ws = c->ws;
    int first = ws->gfirst[gi], n = c->L->group_size[gi], j, l;
    for (j = first; j < first + n; j++)
        ws->inC[j] = 0;
    if (t < n) {
        ws->sel[gi] = first + (int)t;
        ws->inC[first + t] = 1;
        return;
    }
    t -= n;
    for (j = 0; j < n; j++)
        for (l = j + 1; l < n; l++)
            if (t-- == 0) {
                ws->sel[gi] = first + j;
                ws->inC[first + j] = ws->inC[first + l] = 1;
                return;
            }
    ws->sel[gi] = first;                    /* the empty choice: nothing flagged */
}

/* Finds a verified selection for component cc. */
static int solve_component(call *c, int cc) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int i, it, ngc = 0, r = -1;
    long combos = 1, e;
    for (i = 0; i < L->ngroups; i++)
        if (ws->comp[ws->gfirst[i]] == cc)
            ws->glist[ngc++] = i;
    /* follow the answers: switch violated groups to their largest a */
    for (it = 0; it < 2 * ngc + 4; it++) {
        for (i = 0; i < ngc; i++)
            set_choice(c, ws->glist[i], ws->sel[ws->glist[i]] - ws->gfirst[ws->glist[i]]);
        r = try_selection(c, cc, ngc);
        if (r == 1)
            return 1;
        if (r < 0 || !reselect(c, ngc))
            break;
    }
    /* bounded enumeration of the component's choices (mixed radix: single
     * sides of every group come before pairs) */
    for (i = 0; i < ngc && combos <= ENUM_CAP; i++)
        combos *= choices(L->group_size[ws->glist[i]]);
    if (combos > ENUM_CAP)
        combos = ENUM_CAP;
    for (e = 0; e < combos; e++) {
        long rest = e;
        for (i = 0; i < ngc; i++) {
            long k = choices(L->group_size[ws->glist[i]]);
            set_choice(c, ws->glist[i], rest % k);
            rest /= k;
        }
        if (try_selection(c, cc, ngc) == 1)
            return 1;
    }
    return 0;
}

static int try_structured(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int i, j, first = 0, g = L->ngroups, ncomp, cc;
    if (ncs_lcp_extract(L, c->B, c->ldb, c->b, ws->A, ws->a0, ws->mu) != 0)
        return 0;
    for (i = 0; i < g; first += L->group_size[i], i++)
        ws->gfirst[i] = first;
    /* independent components of contacts: coupled through A or a group */
    for (j = 0; j < c->nc; j++)
        ws->comp[j] = c->decompose ? j : 0;
    for (i = 0; i < c->nu && c->decompose; i++)
        for (j = 0; j < c->nu; j++)
            if (ws->A[(size_t)i * c->nu + j] != 0)
                unite(ws->comp, contact_of_u(c, i), contact_of_u(c, j));
    for (i = 0; i < g && c->decompose; i++)
        for (j = 1; j < L->group_size[i]; j++)
            unite(ws->comp, ws->gfirst[i], ws->gfirst[i] + j);
    ncomp = label(ws->comp, c->nc);
    c->blocks = ncomp;
    build_owner(c);
    /* start: previous verified selection, else largest free-flight a */
    if (ws->prev_has_sel && ws->prev_m == c->m && ws->prev_form == L->form &&
        ws->prev_ngroups == g) {
        for (i = 0; i < g; i++)
            ws->sel[i] = ws->prev_sel[i];
    } else {
        for (i = 0; i < g; i++) {
            ws->sel[i] = ws->gfirst[i];
            for (j = ws->gfirst[i]; j < ws->gfirst[i] + L->group_size[i]; j++)
                if (ws->a0[j] > ws->a0[ws->sel[i]])
                    ws->sel[i] = j;
        }
    }
    memset(ws->zc, 0, (size_t)c->m * sizeof *ws->zc);
    for (cc = 0; cc < ncomp; cc++)
        if (!solve_component(c, cc))
            return 0;
    return accept(c);
}

/* Remembers what verified, for the next call's warm start. */
static void remember(call *c, int structured_ok) {
    ncs_lcp_workspace *ws = c->ws;
    int i;
    ws->prev_m = c->m;
    ws->prev_form = c->L ? c->L->form : -1;
    ws->prev_ngroups = c->L ? c->L->ngroups : 0;
    for (i = 0; i < c->m; i++)
        ws->prev_J[i] = ws->zc[i] > 0;
    ws->prev_has_sel = structured_ok;
    if (structured_ok)
        for (i = 0; i < c->L->ngroups; i++)
            ws->prev_sel[i] = ws->sel[i];
}

static int finite_input(int m, const double *B, int ldb, const double *b) {
    int i, j;
    for (i = 0; i < m; i++) {
        if (!isfinite(b[i]))
            return 0;
        for (j = 0; j < m; j++)
            if (!isfinite(B[(size_t)i * ldb + j]))
                return 0;
    }
    return 1;
}

ncs_lcp_status ncs_lcp_solve(ncs_lcp_workspace *ws, const ncs_layout *layout,
                             int m, const double *B, int ldb, const double *b,
                             double *z, double *w, const ncs_lcp_options *opt,
                             ncs_lcp_info *info) {
    ncs_lcp_options def = ncs_lcp_default_options();
    call c;
    int status = NCS_LCP_BAD_INPUT, path = NCS_LCP_PATH_NONE, i, ok = 0;
    int nonconvex, structured_ok = 0;

    memset(&c, 0, sizeof c);
    if (!opt)
        opt = &def;
    if (!ws || !B || !b || !z || m < 1 || ldb < m)
        goto out;
    if (m > ws->mmax) {
        status = NCS_LCP_WORKSPACE;
        goto out;
    }
    if (layout && (ncs_layout_offsets_of(layout, &c.o) != 0 || c.o.m != m))
        goto out;
    if (!finite_input(m, B, ldb, b)) {
        status = NCS_LCP_NUMERICAL;
        goto out;
    }
    c.ws = ws;
    c.L = layout;
    c.m = m;
    c.ldb = ldb;
    c.B = B;
    c.b = b;
    c.cap = opt->max_pivots;
    c.tol = opt->tol > 0 ? opt->tol : def.tol;
    c.decompose = opt->decompose;
    c.lemke_status = NCS_LCP_SOLVED;
    c.blocks = 1;
    c.best_res = HUGE_VAL;
    c.flops0 = ws->lw.flops;
    if (layout) {
        c.k = layout->nfric;
        c.nc = c.o.nc;
        c.nu = c.nc * (1 + c.k);
        c.ub = m - (c.k > 0 ? c.nc : 0) - c.nu;    /* as ncs_lcp_impulse_offset */
    }

    /* 1. trivial: b >= 0 gives z = 0 */
    for (i = 0; i < m && b[i] >= 0; i++)
        ;
    if (i == m) {
        memset(ws->zc, 0, (size_t)m * sizeof *ws->zc);
        ok = accept(&c);
        path = NCS_LCP_PATH_TRIVIAL;
    }
    /* 2. warm start: the previous solution's support */
    if (!ok && opt->warm_start && ws->prev_m == m &&
        ws->prev_form == (layout ? layout->form : -1)) {
        c.attempts++;
        ok = solve_on_set(&c, ws->prev_J) == 0 && accept(&c);
        path = NCS_LCP_PATH_WARM;
    }
    nonconvex = layout && opt->structured && layout->ngroups > 0;
    /* 3. max: the selection path first (plain Lemke stops on a ray there) */
    if (!ok && nonconvex && layout->form == NCS_FORM_MAX) {
        ok = structured_ok = try_structured(&c);
        path = NCS_LCP_PATH_SELECT;
    }
    /* 4. plain Lemke on the full LCP */
    if (!ok)
        ok = try_lemke(&c, &path);
    /* 5. the other nonconvex forms: selection when Lemke failed */
    if (!ok && nonconvex && layout->form != NCS_FORM_MAX) {
        ok = structured_ok = try_structured(&c);
        path = NCS_LCP_PATH_SELECT;
    }
    /* 6. last resort: Newton polish of the best unverified candidate */
    if (!ok && c.best_res < HUGE_VAL) {
        ok = try_newton(&c);
        path = NCS_LCP_PATH_POLISH;
    }

    if (ok) {
        status = NCS_LCP_SOLVED;
        memcpy(z, ws->zc, (size_t)m * sizeof *z);
        if (w)
            memcpy(w, ws->wc, (size_t)m * sizeof *w);
        remember(&c, structured_ok);
    } else {
        status = c.unverified ? NCS_LCP_UNVERIFIED
               : c.lemke_status != NCS_LCP_SOLVED ? c.lemke_status
               : NCS_LCP_UNVERIFIED;
        path = NCS_LCP_PATH_NONE;
    }
out:
    if (status != NCS_LCP_SOLVED && z && m > 0) {
        memset(z, 0, (size_t)m * sizeof *z);
        if (w)
            memset(w, 0, (size_t)m * sizeof *w);
    }
    if (info) {
        info->status = status;
        info->pivots = c.pivots;
        info->attempts = c.attempts;
        info->strategy = path;
        info->residual = status == NCS_LCP_SOLVED ? c.residual : HUGE_VAL;
        info->blocks = c.blocks;
        info->flops = c.ws ? c.ws->lw.flops - c.flops0 : 0;
    }
    return (ncs_lcp_status)status;
}
