/* tgeom.c - see tgeom.h. */
#include <stdlib.h>
#include <string.h>
#include "tgeom.h"


double tg_uniform(tg_rng *r) {
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return (double)(r->s >> 11) / 9007199254740992.0;
}

static ncs_loc *locs_for(tg_scene *t, int line, int n) {
    if (t->nlocs + n > (int)(sizeof t->locs / sizeof t->locs[0]))
        return NULL;    /* no locations: messages use the ring's */
    ncs_loc *l = t->locs + t->nlocs;
    for (int i = 0; i < n; i++) {
        l[i].line = line;
        l[i].col = i + 1;
    }
    t->nlocs += n;
    return l;
}

void tg_init(tg_scene *t) {
    memset(t, 0, sizeof *t);
    t->s.file = "t.ncs";
    t->s.name = "t";
    t->s.loc.line = 1;
    t->s.loc.col = 7;
    t->s.h = 0.01;
    t->s.steps = 1;
    t->s.obstacles = t->ob;
    t->s.bodies = t->bd;
}

int tg_polygon(tg_scene *t, const char *name, int nrings, ncs_vec2 *const *pts,
               const int *counts) {
    int i = t->s.nobstacles++;
    ncs_obstacle *o = &t->ob[i];
    o->name = name;
    o->loc.line = 10 * (i + 1);
    o->loc.col = 10;
    o->kind = NCS_OBST_POLYGON;
    for (int k = 0; k < nrings; k++) {
        ncs_ring *r = &t->rings[i][k];
        r->n = counts[k];
        r->pt = pts[k];
        r->loc = locs_for(t, 10 * (i + 1) + k, counts[k]);
        r->at.line = 10 * (i + 1) + k;
        r->at.col = 100;
    }
    o->outer = t->rings[i][0];
    o->nholes = nrings - 1;
    o->holes = &t->rings[i][1];
    return i;
}

int tg_group(tg_scene *t, const char *name, int nsides, const ncs_vec2 *points,
             const ncs_vec2 *normals) {
    int i = t->s.nobstacles++;
    ncs_obstacle *o = &t->ob[i];
    o->name = name;
    o->loc.line = 10 * (i + 1);
    o->loc.col = 10;
    o->kind = NCS_OBST_GROUP;
    o->nsides = nsides;
    o->sides = t->sides[i];
    for (int k = 0; k < nsides; k++) {
        t->sides[i][k].point = points[k];
        t->sides[i][k].normal = normals[k];
        t->sides[i][k].loc.line = 10 * (i + 1) + k;
        t->sides[i][k].loc.col = 3;
    }
    return i;
}

int tg_body(tg_scene *t, const char *name, int kind, ncs_vec2 pos, double radius,
            ncs_vec2 *shape, int nshape) {
    int i = t->s.nbodies++;
    ncs_body *b = &t->bd[i];
    b->name = name;
    b->loc.line = 100 + i;
    b->loc.col = 6;
    b->kind = kind;
    b->mass = 1;
    b->pos = pos;
    b->radius = radius;
    if (shape) {
        b->shape.n = nshape;
        b->shape.pt = shape;
        b->shape.loc = locs_for(t, 100 + i, nshape);
        b->shape.at.line = 100 + i;
        b->shape.at.col = 50;
    }
    return i;
}

int tg_build(tg_scene *t, const ncs_geom_options *o, ncs_geometry *g, char *buf,
             size_t cap) {
    ncs_diag d;
    FILE *f = buf && cap ? tmpfile() : fopen("/dev/null", "w");
    ncs_diag_init(&d, "t.ncs", NULL, 0);
    d.out = f ? f : stderr;
    int rc = ncs_geom_build(&t->s, o, &d, g);
    if (buf && cap)
        buf[0] = 0;
    if (f && buf && cap) {
        rewind(f);
        buf[fread(buf, 1, cap - 1, f)] = 0;
    }
    if (f)
        fclose(f);
    return rc;
}

int tg_inside(const ncs_cspace *c, ncs_vec2 q) {
    for (int k = 0; k < c->ngroups; k++) {
        const ncs_group *g = &c->groups[k];
        int all = 1;
        for (int j = 0; j < g->nsides && all; j++) {
            const ncs_gside *s = &c->sides[g->first_side + j];
            all = (q.x - s->point.x) * s->normal.x + (q.y - s->point.y) * s->normal.y < 0;
        }
        if (all)
            return 1;
    }
    return 0;
}
