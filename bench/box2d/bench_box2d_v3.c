/* bench_box2d_v3.c - Box2D v3 worlds for bench_box2d (issue 26,
 * docs/performance.md, "Against Box2D v3").
 *
 * The rules are those of bench_box2d.cpp for 2.4.1: every obstacle piece of
 * the ncs decomposition a static polygon (the convex hull of its distinct
 * vertices; pieces v3 cannot make into a polygon are counted and left out),
 * every disc a circle, every polygon body its pieces with the ncs mass and
 * inertia about its centroid, the ncs friction (v3 mixes sqrt(mu_a mu_b)
 * by default: equal on both sides it is mu), restitution 0, gravity and
 * time step. v3 steps with 4 substeps (its recommended count), sleeping
 * off, continuous collision as by default, one worker (no task system).
 */
#define _POSIX_C_SOURCE 199309L
#include "bench_box2d_v3.h"

#include <box2d/box2d.h>

#include <math.h>
#include <stdlib.h>
#include <time.h>

static double v3_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void v3_version(int *major, int *minor, int *revision)
{
    b2Version v = b2GetVersion();
    *major = v.major;
    *minor = v.minor;
    *revision = v.revision;
}

/* The polygon of a piece's vertices; 0 when v3's hull of them is not a
 * polygon (fewer than 3 distinct points, or too many). */
static int piece_polygon(const ncs_pieces *pc, const ncs_piece *p, b2Polygon *out)
{
    b2Vec2 v[B2_MAX_POLYGON_VERTICES];
    if (p->nvert < 3 || p->nvert > B2_MAX_POLYGON_VERTICES)
        return 0;
    for (int i = 0; i < p->nvert; i++) {
        v[i].x = (float)pc->vert[p->vert0 + i].x;
        v[i].y = (float)pc->vert[p->vert0 + i].y;
    }
    b2Hull hull = b2ComputeHull(v, p->nvert);
    if (hull.count < 3)
        return 0;
    *out = b2MakePolygon(&hull, 0.0f);
    return 1;
}

static b2WorldId v3_world(float gx, float gy)
{
    b2WorldDef wd = b2DefaultWorldDef();
    wd.gravity.x = gx;
    wd.gravity.y = gy;
    wd.enableSleep = false;
    return b2CreateWorld(&wd);
}

static double v3_step_timed(b2WorldId w, float h, long steps)
{
    double t0 = v3_now();
    for (long n = 0; n < steps; n++)
        b2World_Step(w, h, 4);
    return v3_now() - t0;
}

double v3_run_scene(const ncs_scene_desc *sc, long steps, int *left_out, double *x,
                    double *y)
{
    b2WorldId w = v3_world((float)sc->body[0].ax, (float)sc->body[0].ay);
    b2BodyDef gd = b2DefaultBodyDef();
    b2BodyId ground = b2CreateBody(w, &gd);
    *left_out = 0;
    for (int i = 0; i < sc->obst.npieces; i++) {
        const ncs_piece *p = &sc->obst.piece[i];
        b2Polygon poly;
        if (!piece_polygon(&sc->obst, p, &poly)) {
            ++*left_out;
            continue;
        }
        b2ShapeDef sd = b2DefaultShapeDef();
        sd.material.friction = (float)sc->obst.side[p->side0].mu;
        sd.material.restitution = 0.0f;
        b2CreatePolygonShape(ground, &sd, &poly);
    }
    b2BodyId first = b2_nullBodyId;
    for (int b = 0; b < sc->nbodies; b++) {
        const ncs_body_desc *d = &sc->body[b];
        double c = cos((double)d->q0[2]), s = sin((double)d->q0[2]);
        b2BodyDef bd = b2DefaultBodyDef();
        bd.type = b2_dynamicBody;
        bd.position.x = (float)(d->q0[0] + c * d->cx - s * d->cy);
        bd.position.y = (float)(d->q0[1] + s * d->cx + c * d->cy);
        bd.rotation = b2MakeRot((float)d->q0[2]);
        bd.linearVelocity.x = (float)d->v0[0];
        bd.linearVelocity.y = (float)d->v0[1];
        bd.angularVelocity = (float)d->v0[2];
        b2BodyId body = b2CreateBody(w, &bd);
        if (b == 0)
            first = body;
        double mass = d->im > 0 ? 1.0 / (double)d->im : 1.0;
        b2ShapeDef sd = b2DefaultShapeDef();
        sd.material.friction = (float)d->mu;
        sd.material.restitution = 0.0f;
        if (d->kind == NCS_DISC || d->kind == NCS_PARTICLE) {
            b2Circle circle = {{0.0f, 0.0f}, d->kind == NCS_DISC ? (float)d->r : 0.001f};
            double rr = (double)circle.radius * (double)circle.radius;
            sd.density = (float)(mass / (3.14159265358979323846 * rr));
            b2CreateCircleShape(body, &sd, &circle);
        } else {
            sd.density = 1.0f;
            for (int k = d->piece0; k < d->piece0 + d->npiece; k++) {
                b2Polygon poly;
                if (piece_polygon(&sc->bpieces, &sc->bpieces.piece[k], &poly))
                    b2CreatePolygonShape(body, &sd, &poly);
            }
            b2MassData md = b2Body_GetMassData(body);
            md.mass = (float)mass;
            md.center.x = 0.0f;
            md.center.y = 0.0f;
            if (d->iI > 0)
                md.rotationalInertia = (float)(1.0 / (double)d->iI);
            b2Body_SetMassData(body, md);
        }
    }
    double t = v3_step_timed(w, (float)sc->h, steps);
    b2Pos p = b2Body_GetPosition(first);
    *x = (double)p.x;
    *y = (double)p.y;
    b2DestroyWorld(w);
    return t;
}

double v3_run_pyramid(int base, long steps, double *x, double *y)
{
    b2WorldId w = v3_world(0.0f, -10.0f);
    b2BodyDef gd = b2DefaultBodyDef();
    gd.position.x = 0.0f;
    gd.position.y = -1.0f;
    b2BodyId ground = b2CreateBody(w, &gd);
    b2ShapeDef sd = b2DefaultShapeDef();
    sd.material.friction = 0.6f;
    sd.material.restitution = 0.0f;
    sd.density = 1.0f;
    b2Polygon floor_box = b2MakeBox(100.0f, 1.0f);
    b2CreatePolygonShape(ground, &sd, &floor_box);
    b2Polygon box = b2MakeBox(0.5f, 0.5f);
    b2BodyId first = b2_nullBodyId;
    for (int row = 0; row < base; row++)
        for (int k = 0; k < base - row; k++) {
            b2BodyDef bd = b2DefaultBodyDef();
            bd.type = b2_dynamicBody;
            bd.position.x = (float)(0.5 * (double)(row + 1 - base) + (double)k);
            bd.position.y = (float)(0.5 + (double)row);
            b2BodyId body = b2CreateBody(w, &bd);
            if (row == 0 && k == 0)
                first = body;
            b2CreatePolygonShape(body, &sd, &box);
        }
    double t = v3_step_timed(w, 1.0f / 60.0f, steps);
    b2Pos p = b2Body_GetPosition(first);
    *x = (double)p.x;
    *y = (double)p.y;
    b2DestroyWorld(w);
    return t;
}
