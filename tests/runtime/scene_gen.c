/* scene_gen.c - random point-mass steps near corners (see scene_gen.h). */
#include <math.h>
#include <string.h>
#include "scene_gen.h"

void sg_seed(sg_rng *r, uint64_t seed) {
    r->s = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    if (r->s == 0)
        r->s = 1;
}

static uint64_t next(sg_rng *r) {
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545F4914F6CDD1Dull;
}

double sg_uniform(sg_rng *r, double lo, double hi) {
    return lo + (hi - lo) * ((double)(next(r) >> 11) / 9007199254740992.0);
}

/* One contact: outward normal n, signed distance f, body index. */
typedef struct side {
    double nx, ny, f;
    int body;
} side;

int sg_generate(sg_rng *r, sg_problem *p, int form, int bodies,
                int groups_per_body, int convex_per_body, int fric, int grav) {
    side sides[SG_MAX_NC];
    double mass[16], vx[16], vy[16];
    int ng = 0, nc = 0, b, i, j, q, k = fric ? 2 : 0;
    const double pi = 3.14159265358979323846;
    double h = sg_uniform(r, 0.005, 0.1);

    if (bodies < 1 || bodies > 16 || bodies * groups_per_body > SG_MAX_GROUPS)
        return -1;
    memset(&p->layout, 0, sizeof p->layout);
    for (b = 0; b < bodies; b++) {
        double px, py, speed = sg_uniform(r, 0, 3), dir = sg_uniform(r, 0, 2 * pi);
        mass[b] = sg_uniform(r, 0.2, 5);
        vx[b] = speed * cos(dir);
        vy[b] = speed * sin(dir);
        for (i = 0; i < groups_per_body; i++) {
            /* obstacle: a convex polygon (2 = a two-sided corner); the point
             * sits near one of its vertices */
            int n = 2 + (int)sg_uniform(r, 0, 5), v;
            double cx = sg_uniform(r, -1, 1), cy = sg_uniform(r, -1, 1);
            double rad = sg_uniform(r, 0.3, 2), rot = sg_uniform(r, 0, 2 * pi);
            double ang[8], vxs[8], vys[8];
            if (nc + n > SG_MAX_NC)
                return -1;
            for (v = 0; v < n; v++) {
                ang[v] = rot + 2 * pi * v / (n == 2 ? 4 : n) + sg_uniform(r, -0.3, 0.3);
                vxs[v] = cx + rad * cos(ang[v]);
                vys[v] = cy + rad * sin(ang[v]);
            }
            if (n == 2) {            /* corner: apex at vertex 0, two faces */
                vxs[1] = cx;
                vys[1] = cy;
            }
            v = (int)sg_uniform(r, 0, n);
            px = (n == 2 ? cx : vxs[v]) + sg_uniform(r, -0.05, 0.05);
            py = (n == 2 ? cy : vys[v]) + sg_uniform(r, -0.05, 0.05);
            for (j = 0; j < n; j++) {
                double ex, ey, len, nx, ny;
                side *s = &sides[nc++];
                if (n == 2) {        /* faces through the apex (cx, cy) */
                    double a = rot + (j ? pi / 2 + sg_uniform(r, -0.6, 0.6) : 0);
                    nx = cos(a);
                    ny = sin(a);
                    s->f = nx * (px - cx) + ny * (py - cy);
                } else {             /* edge j from vertex j to j+1, CCW */
                    ex = vxs[(j + 1) % n] - vxs[j];
                    ey = vys[(j + 1) % n] - vys[j];
                    len = sqrt(ex * ex + ey * ey);
                    nx = ey / len;
                    ny = -ex / len;
                    s->f = nx * (px - vxs[j]) + ny * (py - vys[j]);
                }
                if (form == NCS_FORM_STEWART && n > 2) {
                    /* convex baseline: the point is inside the polygon
                     * near a vertex, so the sides face inwards */
                    nx = -nx;
                    ny = -ny;
                    s->f = -s->f;
                }
                s->nx = nx;
                s->ny = ny;
                s->body = b;
            }
            {   /* keep the point outside the obstacle: some side has f >= 0 */
                double fmax = -HUGE_VAL, lift;
                for (j = nc - n; j < nc; j++)
                    if (sides[j].f > fmax)
                        fmax = sides[j].f;
                lift = fmax < 0 ? -fmax + sg_uniform(r, 0, 0.01) : 0;
                if (form != NCS_FORM_STEWART && (groups_per_body > 1 || convex_per_body > 0))
                    for (j = nc - n; j < nc; j++)
                        sides[j].f += lift;
            }
            p->sizes[ng++] = n;
        }
    }
    for (b = 0; b < bodies; b++)
        for (i = 0; i < convex_per_body; i++) {
            double a = sg_uniform(r, 0, 2 * pi);
            side *s = &sides[nc++];
            if (nc > SG_MAX_NC)
                return -1;
            s->nx = cos(a);
            s->ny = sin(a);
            s->f = sg_uniform(r, 0, 0.1);
            s->body = b;
        }
    if (form == NCS_FORM_STEWART)       /* convex baseline: start feasible */
        for (j = 0; j < nc; j++)
            sides[j].f = fabs(sides[j].f);
    p->nc = nc;
    p->nu = nc * (1 + k);
    p->layout.form = form;
    p->layout.nfric = k;
    p->layout.gamma = 100;
    p->layout.eps_h = sg_uniform(r, 0.001, 0.05);
    if (form == NCS_FORM_STEWART) {
        p->layout.ngroups = 0;
        p->layout.nconvex = nc;
    } else {
        p->layout.ngroups = ng;
        p->layout.group_size = p->sizes;
        p->layout.nconvex = bodies * convex_per_body;
    }
    /* W columns: normals of all contacts, then (+t, -t) per contact */
    {
        double wx[SG_MAX_NC * 3], wy[SG_MAX_NC * 3];
        int wb[SG_MAX_NC * 3];
        double gy = grav ? -9.81 : 0;
        for (j = 0; j < nc; j++) {
            wx[j] = sides[j].nx;
            wy[j] = sides[j].ny;
            wb[j] = sides[j].body;
            p->mu[j] = fric ? sg_uniform(r, 0, 1) : 0;
            for (q = 0; q < k; q++) {
                double sg = q == 0 ? 1 : -1;
                wx[nc + j * k + q] = -sg * sides[j].ny;
                wy[nc + j * k + q] = sg * sides[j].nx;
                wb[nc + j * k + q] = sides[j].body;
            }
        }
        p->nbodies = bodies;
        for (b = 0; b < bodies; b++)
            p->minv[2 * b] = p->minv[2 * b + 1] = 1 / mass[b];
        for (i = 0; i < p->nu; i++) {
            int bi = wb[i];
            p->gbody[i] = bi;
            p->gx[i] = wx[i];
            p->gy[i] = wy[i];
            double fx = vx[bi], fy = vy[bi] + h * gy;
            for (j = 0; j < p->nu; j++)
                p->A[(size_t)i * p->nu + j] = wb[j] == bi
                    ? (wx[i] * wx[j] + wy[i] * wy[j]) / mass[bi] : 0;
            p->a0[i] = wx[i] * fx + wy[i] * fy + (i < nc ? sides[i].f / h : 0);
        }
    }
    return 0;
}
