/* bench_box2d_v3.h - the Box2D v3 peer of bench_box2d (issue 26): worlds of
 * Box2D v3 (its C API) built by the rules of bench_box2d.cpp, timed here.
 * Compiled only when CMake is given a v3 build (NCS_BOX2D_V3_DIR). */
#ifndef BENCH_BOX2D_V3_H
#define BENCH_BOX2D_V3_H

#include "ncs/world.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the linked Box2D v3 library. */
void v3_version(int *major, int *minor, int *revision);

/* Builds a v3 world from the scene descriptor (sleeping off), steps it
 * `steps` times at the scene's h with 4 substeps and returns the seconds of
 * the steps; *left_out is the obstacle pieces it could not make into
 * polygons, (x, y) where body 0 ends. */
double v3_run_scene(const ncs_scene_desc *sc, long steps, int *left_out, double *x,
                    double *y);

/* Box2D's large pyramid at base `base`: a ground box of half extents
 * (100, 1) at (0, -1), unit boxes of mass 1 and friction 0.6 in rows of
 * base, base - 1, ... 1, gravity (0, -10), h = 1/60, 4 substeps, sleeping
 * off. Returns the seconds of `steps` steps; (x, y) where the first box
 * ends. */
double v3_run_pyramid(int base, long steps, double *x, double *y);

#ifdef __cplusplus
}
#endif

#endif
