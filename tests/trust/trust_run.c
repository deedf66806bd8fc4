/* trust_run.c - runs a .ncs scene in one process: ncsc's stages (parse
 * with the --formulation override, geometry, plan) and the runtime's
 * simulator, without writing or compiling C.
 *
 *   trust_run SCENE.ncs [--formulation F] [SIMULATOR OPTIONS...]
 *
 * The scene descriptor (ncs_scene_desc) and the simulator's description
 * (ncs_sim_desc: expectations, obstacle outlines; trust_sim.c) are built in memory from
 * the plan exactly as compiler/emit/emit_scene.c writes them as C (the same
 * tables and constants; a -0 becomes +0 as in the emitted literals), then
 * ncs_sim_main runs with the remaining options (--csv, --dump-lcp, --steps,
 * --no-check, ...), so the CSV and the LCP dumps are those of the
 * generated simulator (the tests trust.inproc.* compare the two byte for
 * byte). This is what lets the trust suite run hundreds of scenes under
 * five formulations in about a minute: `ncsc run` spends a second per
 * scene in the C compiler. The program's name in messages is the scene's.
 *
 * Exit status: that of ncs_sim_main (0 ok, 1 a failed step or
 * expectation, 2 usage or I/O), or 1 when the scene does not compile.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* the compiler's scene.h and ncs/world.h both name a struct ncs_side (an
 * explicit side, a side of a piece): the compiler's is renamed here, which
 * changes no layout (struct tags are not symbols) */
#define ncs_side ncs_scene_side
#include "emit_scene.h"
#include "geom.h"
#include "parse.h"
#include "plan.h"
#include "solid.h"
#undef ncs_side
#include "ncs/world.h"
#include "trust_sim.h"

/* Everything the descriptors point to, freed at the end. */
typedef struct owned {
    void *p[64];
    int n;
} owned;

static void *keep(owned *o, void *p) {
    if (!p || o->n == (int)(sizeof o->p / sizeof o->p[0])) {
        fprintf(stderr, "trust_run: out of memory\n");
        exit(2);
    }
    return o->p[o->n++] = p;
}

/* -0 as +0, like the emitted literals. */
static double z0(double v) {
    return v == 0 ? 0 : v;
}

static const int *ints(owned *o, const int *v, int n) {
    int *c = keep(o, calloc((size_t)(n > 0 ? n : 1), sizeof *c));
    if (n > 0)
        memcpy(c, v, (size_t)n * sizeof *c);
    return c;
}

/* The rows of table t (emit_scene.c, pieces_tables and pieces_init). */
static void pieces_of(owned *o, const ncs_ptab *t, ncs_pieces *out) {
    ncs_piece *pc = keep(o, calloc((size_t)(t->npieces > 0 ? t->npieces : 1), sizeof *pc));
    ncs_side *sd = keep(o, calloc((size_t)(t->nsides > 0 ? t->nsides : 1), sizeof *sd));
    ncs_vertex *vx = keep(o, calloc((size_t)(t->nverts > 0 ? t->nverts : 1), sizeof *vx));
    for (int k = 0; k < t->npieces; k++) {
        pc[k].side0 = t->first[k];
        pc[k].nside = t->first[k + 1] - t->first[k];
        pc[k].vert0 = t->vfirst[k];
        pc[k].nvert = t->vfirst[k + 1] - t->vfirst[k];
        pc[k].cx = z0(t->cx[k]);
        pc[k].cy = z0(t->cy[k]);
        pc[k].rad = z0(t->rad[k]);
    }
    for (int j = 0; j < t->nsides; j++) {
        sd[j].nx = z0(t->nx[j]);
        sd[j].ny = z0(t->ny[j]);
        sd[j].off = z0(t->off[j]);
        sd[j].grow = z0(t->grow[j]);
        sd[j].mu = z0(t->mu[j]);
        sd[j].internal = t->internal[j];
    }
    for (int j = 0; j < t->nverts; j++) {
        vx[j].x = z0(t->vx[j]);
        vx[j].y = z0(t->vy[j]);
    }
    out->npieces = t->npieces;
    out->piece = t->npieces > 0 ? pc : NULL;
    out->side = t->npieces > 0 ? sd : NULL;
    out->vert = t->nverts > 0 ? vx : NULL;
}

/* The scene descriptor of plan pl (emit_scene.c, ncs_emit_scene_source). */
static void scene_of(owned *o, const ncs_plan *pl, ncs_scene_desc *sc) {
    const ncs_scene *s = pl->s;
    ncs_body_desc *bd = keep(o, calloc((size_t)s->nbodies, sizeof *bd));
    const char **names = keep(o, calloc((size_t)s->nbodies, sizeof *names));
    memset(sc, 0, sizeof *sc);
    for (int b = 0; b < s->nbodies; b++) {
        const ncs_pbody *pb = &pl->bodies[b];
        double v[10] = {pb->im, pb->iI, pb->r, pb->ax, pb->ay, pb->alpha, pb->cx, pb->cy,
                        pb->rad, pb->mu};
        for (int i = 0; i < 10; i++)
            v[i] = v[i] == 0 ? 0 : v[i];
        bd[b].kind = pb->kind; /* one enum (ncs/vocab.h) */
        bd[b].im = v[0];
        bd[b].iI = v[1];
        bd[b].r = v[2];
        bd[b].ax = v[3];
        bd[b].ay = v[4];
        bd[b].alpha = v[5];
        bd[b].cx = v[6];
        bd[b].cy = v[7];
        bd[b].rad = v[8];
        bd[b].mu = v[9];
        bd[b].e = z0(pb->e);
        bd[b].vert0 = pb->vert0;
        bd[b].nvert = pb->nvert;
        bd[b].piece0 = pb->piece0;
        bd[b].npiece = pb->npiece;
        for (int i = 0; i < 3; i++) {
            bd[b].q0[i] = pb->q0[i] == 0 ? 0 : pb->q0[i];
            bd[b].v0[i] = pb->v0[i] == 0 ? 0 : pb->v0[i];
        }
        names[b] = s->bodies[b].name;
    }
    sc->name = s->name;
    sc->nbodies = s->nbodies;
    sc->body = bd;
    sc->body_name = names;
    pieces_of(o, &pl->obst, &sc->obst);
    ncs_corner *cn = keep(o, calloc((size_t)pl->ncorners + 1, sizeof *cn));
    for (int i = 0; i < pl->ncorners; i++) {
        cn[i].v = pl->corner_v[i];
        cn[i].mu = z0(pl->corner_mu[i]);
    }
    sc->ncorners = pl->ncorners;
    sc->corner = pl->ncorners > 0 ? cn : NULL;
    if (pl->grid.nx > 0) {
        const ncs_pgrid *g = &pl->grid;
        int cells = g->nx * g->ny;
        sc->grid.x0 = z0(g->x0);
        sc->grid.y0 = z0(g->y0);
        sc->grid.cell = z0(g->cell);
        sc->grid.nx = g->nx;
        sc->grid.ny = g->ny;
        sc->grid.start = ints(o, g->start, cells + 1);
        sc->grid.item = ints(o, g->item, g->start[cells]);
        sc->grid.cstart = ints(o, g->cstart, cells + 1);
        sc->grid.citem = ints(o, g->citem, g->cstart[cells]);
        sc->grid.nfree = g->nfree;
        sc->grid.free_piece = ints(o, g->free_piece, g->nfree);
    }
    pieces_of(o, &pl->bpieces, &sc->bpieces);
    if (pl->nbverts > 0) {
        ncs_vertex *bv = keep(o, calloc((size_t)pl->nbverts, sizeof *bv));
        for (int i = 0; i < pl->nbverts; i++) {
            bv[i].x = z0(pl->bvx[i]);
            bv[i].y = z0(pl->bvy[i]);
        }
        sc->bvert = bv;
        sc->bvmap = ints(o, pl->bvmap, pl->bpieces.nverts);
    }
    if (pl->njoints > 0) {
        ncs_joint_desc *jd = keep(o, calloc((size_t)pl->njoints, sizeof *jd));
        for (int i = 0; i < pl->njoints; i++) {
            const ncs_pjoint *j = &pl->joints[i];
            jd[i].kind = j->kind;
            jd[i].a = j->a;
            jd[i].b = j->b;
            jd[i].ax = z0(j->ax);
            jd[i].ay = z0(j->ay);
            jd[i].bx = z0(j->bx);
            jd[i].by = z0(j->by);
            jd[i].len = z0(j->len);
            jd[i].angle = z0(j->angle);
        }
        sc->njoints = pl->njoints;
        sc->joint = jd;
    }
    sc->restitution = z0(s->restitution);
    sc->bounce_min = z0(s->restitution_threshold);
    sc->erp = z0(s->erp);
    sc->form = s->form;
    sc->nfric = pl->nfric;
    sc->h = s->h;
    sc->gamma = pl->gamma;
    sc->epsilon = pl->epsilon;
    sc->margin = pl->margin;
    sc->body_margin = pl->body_margin;
    sc->reach_cap = pl->reach_cap;
    sc->project_tol = pl->project_tol;
    sc->admit_tol = pl->admit_tol;
    sc->fix_iters = 1;
    sc->fix_tol = pl->fix_tol;
    sc->steps = s->steps;
    sc->max_pairs = pl->size.pairs;
    sc->max_srefs = pl->size.srefs;
    sc->max_contacts = pl->size.contacts;
    sc->max_groups = pl->size.groups;
    sc->max_m = pl->size.m;
    sc->max_jrows = pl->size.jrows;
}

/* The simulator's description (emit_scene.c, sim_tables). */
static void sim_of(owned *o, const ncs_scene *s, trun_sim *sim) {
    int nr = 0, npts = 0, j = 0, r = 0;
    trun_expect *ex = keep(o, calloc((size_t)s->nexpects + 1, sizeof *ex));
    for (int i = 0; i < s->nexpects; i++) {
        const ncs_expect *x = &s->expects[i];
        char *text = keep(o, malloc(512));
        ncs_expect_text(s, x, text, 512);
        ex[i].line = x->loc.line;
        ex[i].col = x->loc.col;
        ex[i].kind = x->kind;
        ex[i].body = x->body;
        ex[i].coord = x->coord;
        ex[i].op = x->op;
        ex[i].step = x->step;
        if (x->kind == NCS_EXPECT_POSITION || x->kind == NCS_EXPECT_VELOCITY) {
            ex[i].value[0] = x->value.x;
            ex[i].value[1] = x->value.y;
        } else {
            ex[i].value[0] = x->scalar;
        }
        ex[i].tol = x->tol;
        ex[i].text = text;
    }
    for (int i = 0; i < s->nobstacles; i++)
        if (s->obstacles[i].kind == NCS_OBST_POLYGON) {
            nr += 1 + s->obstacles[i].nholes;
            npts += s->obstacles[i].outer.n;
            for (int k = 0; k < s->obstacles[i].nholes; k++)
                npts += s->obstacles[i].holes[k].n;
        }
    int *first = keep(o, calloc((size_t)nr + 1, sizeof *first));
    double *xy = keep(o, calloc(2 * (size_t)npts + 1, sizeof *xy));
    unsigned char *hole = keep(o, calloc((size_t)nr + 1, 1));
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON)
            continue;
        for (int k = 0; k <= ob->nholes; k++, r++) {
            const ncs_ring *ring = k == 0 ? &ob->outer : &ob->holes[k - 1];
            for (int v = 0; v < ring->n; v++, j++) {
                xy[2 * j] = ring->pt[v].x;
                xy[2 * j + 1] = ring->pt[v].y;
            }
            hole[r] = k > 0;
            first[r + 1] = j;
        }
    }
    memset(sim, 0, sizeof *sim);
    sim->file = s->file;
    sim->prefix = s->name;
    sim->nexpect = s->nexpects;
    sim->expect = ex;
    sim->nrings = nr;
    sim->ring_first = first;
    sim->ring_xy = xy;
    sim->ring_hole = hole;
}

int main(int argc, char **argv) {
    const char *form = NULL;
    int rest = 2;
    if (argc < 2) {
        fprintf(stderr, "usage: %s SCENE.ncs [--formulation F] [SIMULATOR OPTIONS...]\n",
                argv[0]);
        return 2;
    }
    if (argc > 3 && !strcmp(argv[2], "--formulation")) {
        form = argv[3];
        rest = 4;
    }
    size_t len;
    char *text = tread_file(argv[1], &len);
    if (!text) {
        fprintf(stderr, "trust_run: cannot read '%s'\n", argv[1]);
        return 2;
    }
    int fo = form ? ncs_formulation_from_name(form, NULL) : -1;
    if (form && fo < 0) {
        fprintf(stderr, "trust_run: unknown formulation '%s'\n", form);
        return 2;
    }
    ncs_diag d;
    ncs_diag_init(&d, argv[1], text, len);
    int nomem = 0;
    ncs_scene *s = ncs_parse_opt(argv[1], text, len, &d, &nomem, fo);
    if (!s)
        return nomem ? 2 : 1;
    ncs_geom_options go = ncs_geom_default_options();
    ncs_geometry g;
    memset(&g, 0, sizeof g);
    if (ncs_geom_build(s, &go, &d, &g) != 0 || ncs_diag_errors(&d) > 0)
        return 1;
    ncs_plan pl;
    memset(&pl, 0, sizeof pl);
    int rc = ncs_plan_make(&pl, s, &g, s->name, &d);
    if (rc != 0)
        return rc == 2 ? 2 : 1;
    owned o;
    o.n = 0;
    ncs_scene_desc sc;
    trun_sim sim;
    scene_of(&o, &pl, &sc);
    sim_of(&o, s, &sim);
    size_t units = NCS_WORLD_MEM_UNITS(sc.nbodies, sc.max_pairs, sc.max_srefs, sc.max_contacts,
                                       sc.max_groups, sc.max_m, sc.nfric) +
                   NCS_WORLD_JOINT_UNITS(sc.nbodies, sc.njoints, sc.max_jrows, sc.max_contacts,
                                         sc.nfric);
    ncs_mem_unit *mem = keep(&o, calloc(units, sizeof *mem));
    ncs_world w;
    if (ncs_world_init(&w, &sc, mem, units) != 0) {
        fprintf(stderr, "trust_run: the runtime rejected the state's memory\n");
        return 2;
    }
    /* the simulator sees its own name and the options after ours */
    argv[rest - 1] = (char *)s->name;
    rc = trun_sim_main(&sc, &sim, &w, argc - rest + 1, argv + rest - 1);
    for (int i = 0; i < o.n; i++)
        free(o.p[i]);
    ncs_plan_release(&pl);
    ncs_geom_free(&g);
    ncs_scene_free(s);
    free(text);
    return rc;
}
