/* tgeom.h - helpers shared by the geometry tests: the check macro (tests/check.h),
 * a deterministic random generator, and scenes built directly in C. */
#ifndef TGEOM_H
#define TGEOM_H

#include <stdint.h>
#include <stdio.h>
#include "geom.h"
#include "../check.h"

enum { TG_MAX_RINGS = 512, TG_MAX_OBST = 24, TG_MAX_BODIES = 4 };

/** A scene under construction; every array lives here. */
typedef struct tg_scene {
    ncs_scene s;                            /* the scene handed to geometry */
    ncs_obstacle ob[TG_MAX_OBST];           /* obstacles */
    ncs_body bd[TG_MAX_BODIES];             /* bodies */
    ncs_ring rings[TG_MAX_OBST][TG_MAX_RINGS];  /* [0] outer, [1..] holes */
    ncs_side sides[TG_MAX_OBST][8];         /* explicit group sides */
    ncs_loc locs[1 << 16];                  /* vertex locations */
    int nlocs;                              /* locations used */
} tg_scene;

/** Deterministic xorshift generator. */
typedef struct tg_rng { uint64_t s; } tg_rng;

double tg_uniform(tg_rng *r);               /* [0, 1) */

void tg_init(tg_scene *t);
/* Adds a polygon obstacle; rings[k] has counts[k] points (borrowed, with
 * locations line 10*(obstacle+1)+k, column vertex+1). Returns its index. */
int tg_polygon(tg_scene *t, const char *name, int nrings, ncs_vec2 *const *pts,
               const int *counts);
int tg_group(tg_scene *t, const char *name, int nsides, const ncs_vec2 *points,
             const ncs_vec2 *normals);
int tg_body(tg_scene *t, const char *name, int kind, ncs_vec2 pos, double radius,
            ncs_vec2 *shape, int nshape);

/* Runs ncs_geom_build with diagnostics captured into buf (size cap). */
int tg_build(tg_scene *t, const ncs_geom_options *o, ncs_geometry *g, char *buf,
             size_t cap);

/* 1 when q is inside by the union-of-groups rule: some group has every
 * side strictly violated. */
int tg_inside(const ncs_cspace *c, ncs_vec2 q);

#endif
