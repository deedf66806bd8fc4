/* bench_box2d.cpp - ncs against Box2D 2.4.1, and against Box2D v3 when
 * given one, on identical scenes, side by side in one run (issues 18 and
 * 26, docs/performance.md).
 *
 * Each scene is compiled by ncsc at build time (CMakeLists.txt); the Box2D
 * world is built from the same ncs_scene_desc: every obstacle piece of the
 * ncs decomposition becomes a static b2PolygonShape (pieces with fewer than
 * 3 distinct vertices, the corner caps, are left out), every disc a
 * b2CircleShape and every polygon body its pieces, with the ncs mass,
 * friction (Box2D mixes sqrt(mu_a mu_b): equal on both sides it is mu),
 * restitution 0, gravity and time step. Box2D 2.4.1 runs with 8 velocity
 * and 3 position iterations, sleeping off, continuous collision as by
 * default. Box2D v3 (bench_box2d_v3.c, built with NCS_BENCH_BOX2D_V3) is
 * built by the same rules and steps with 4 substeps, sleeping off.
 *
 * Box2D's large pyramid (bench/box2d/pyramid20.ncs, 210 boxes) is refused
 * by ncsc (its state would not fit): the Box2D worlds are then built by the
 * rule the .ncs file states, and the ncs column prints what `ncsc --check`
 * said at build time. The pyramid of base 4 (pyramid4.ncs) goes through
 * ncsc and is built from its descriptor like the other scenes.
 *
 * For each scene, `reps` rounds (default 7): one ncs run (reset, then the
 * scene's steps), one Box2D 2.4.1 run (a new world, then as many steps) and
 * one Box2D v3 run, alternated so that load on the machine moves all alike;
 * the best round of each is reported, and ncs/Box2D is the ratio of two
 * bests. A step ncs fails ends its runs there: all are then timed over the
 * steps before it, and the line says so.
 *
 * Usage: bench_box2d [reps]
 */
#include <box2d/box2d.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "plinko_b2.h"
#include "valley_b2.h"
#include "valley100_b2.h"
#include "pyramid4_b2.h"
#include "pyramid20_check.h" /* NCS_PYRAMID20_NCSC: what ncsc --check said */

#ifdef NCS_BENCH_BOX2D_V3
#include "bench_box2d_v3.h"
#endif

namespace {

struct NcsScene {
    const char *name;
    const ncs_scene_desc *desc;
    size_t bytes;
    int (*init)(void *);
    int (*reset)(void *);
    int (*step)(void *);
    ncs_step_info (*info)(const void *);
};

#define NCS_SCENE(p)                                                                     \
    NcsScene {                                                                           \
        #p, &p##_scene, sizeof(p##_state),                                               \
            [](void *s) { return p##_init(static_cast<p##_state *>(s)); },               \
            [](void *s) { return p##_reset(static_cast<p##_state *>(s)); },              \
            [](void *s) { return p##_step(static_cast<p##_state *>(s)); },               \
            [](const void *s) { return p##_last_info(static_cast<const p##_state *>(s)); } \
    }

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

/* The distinct vertices of a piece (a corner cap repeats its vertex). */
std::vector<b2Vec2> piece_points(const ncs_pieces &pc, const ncs_piece &p, double ox, double oy) {
    std::vector<b2Vec2> v;
    for (int i = 0; i < p.nvert; i++) {
        b2Vec2 q((float)(pc.vert[p.vert0 + i].x - ox), (float)(pc.vert[p.vert0 + i].y - oy));
        bool dup = false;
        for (const b2Vec2 &u : v)
            if (b2DistanceSquared(u, q) < 1e-10f)
                dup = true;
        if (!dup)
            v.push_back(q);
    }
    return v;
}

b2World *box2d_world(const ncs_scene_desc *sc, int *left_out) {
    b2World *w = new b2World(b2Vec2((float)sc->body[0].ax, (float)sc->body[0].ay));
    w->SetAllowSleeping(false);
    b2BodyDef gd;
    b2Body *ground = w->CreateBody(&gd);
    *left_out = 0;
    for (int i = 0; i < sc->obst.npieces; i++) {
        const ncs_piece &p = sc->obst.piece[i];
        std::vector<b2Vec2> v = piece_points(sc->obst, p, 0, 0);
        if (v.size() < 3 || v.size() > b2_maxPolygonVertices) {
            ++*left_out;
            continue;
        }
        b2PolygonShape s;
        s.Set(v.data(), (int)v.size());
        b2FixtureDef fd;
        fd.shape = &s;
        fd.friction = (float)sc->obst.side[p.side0].mu;
        ground->CreateFixture(&fd);
    }
    for (int b = 0; b < sc->nbodies; b++) {
        const ncs_body_desc &d = sc->body[b];
        double c = std::cos(d.q0[2]), s = std::sin(d.q0[2]);
        b2BodyDef bd;
        bd.type = b2_dynamicBody;
        bd.position.Set((float)(d.q0[0] + c * d.cx - s * d.cy),
                        (float)(d.q0[1] + s * d.cx + c * d.cy));
        bd.angle = (float)d.q0[2];
        bd.linearVelocity.Set((float)d.v0[0], (float)d.v0[1]);
        bd.angularVelocity = (float)d.v0[2];
        b2Body *body = w->CreateBody(&bd);
        double mass = d.im > 0 ? 1.0 / d.im : 1.0;
        if (d.kind == NCS_DISC || d.kind == NCS_PARTICLE) {
            b2CircleShape cs;
            cs.m_radius = d.kind == NCS_DISC ? (float)d.r : 0.001f;
            b2FixtureDef fd;
            fd.shape = &cs;
            fd.density = (float)(mass / (M_PI * cs.m_radius * cs.m_radius));
            fd.friction = (float)d.mu;
            body->CreateFixture(&fd);
        } else {
            for (int k = d.piece0; k < d.piece0 + d.npiece; k++) {
                std::vector<b2Vec2> v = piece_points(sc->bpieces, sc->bpieces.piece[k], 0, 0);
                if (v.size() < 3 || v.size() > b2_maxPolygonVertices)
                    continue;
                b2PolygonShape ps;
                ps.Set(v.data(), (int)v.size());
                b2FixtureDef fd;
                fd.shape = &ps;
                fd.density = 1.0f;
                fd.friction = (float)d.mu;
                body->CreateFixture(&fd);
            }
            b2MassData md;
            body->GetMassData(&md);
            md.mass = (float)mass;
            md.center.SetZero();
            md.I = d.iI > 0 ? (float)(1.0 / d.iI) : md.I;
            body->SetMassData(&md);
        }
    }
    return w;
}

/* Box2D 2.4.1's large pyramid at base `base` (the rule of pyramid20.ncs):
 * seconds of `steps` steps; *pos where the first box ends. */
double b2_pyramid(int base, long steps, b2Vec2 *pos) {
    b2World w(b2Vec2(0.0f, -10.0f));
    w.SetAllowSleeping(false);
    b2BodyDef gd;
    gd.position.Set(0.0f, -1.0f);
    b2Body *ground = w.CreateBody(&gd);
    b2PolygonShape floor_box;
    floor_box.SetAsBox(100.0f, 1.0f);
    b2FixtureDef fd;
    fd.shape = &floor_box;
    fd.friction = 0.6f;
    ground->CreateFixture(&fd);
    b2PolygonShape box;
    box.SetAsBox(0.5f, 0.5f);
    fd.shape = &box;
    fd.density = 1.0f;
    b2Body *first = nullptr;
    for (int row = 0; row < base; row++)
        for (int k = 0; k < base - row; k++) {
            b2BodyDef bd;
            bd.type = b2_dynamicBody;
            bd.position.Set((float)(0.5 * (row + 1 - base) + k), (float)(0.5 + row));
            b2Body *b = w.CreateBody(&bd);
            b->CreateFixture(&fd);
            if (!first)
                first = b;
        }
    double t0 = now();
    for (long n = 0; n < steps; n++)
        w.Step(1.0f / 60.0f, 8, 3);
    double t = now() - t0;
    *pos = first->GetPosition();
    return t;
}

/* One line of the table; un < 0: ncs has no time. */
void line(const char *name, int bodies, int pieces, long steps, double un, double ub, double u3,
          const char *state) {
    std::printf("%-12s %6d %6d %6ld ", name, bodies, pieces, steps);
    if (un >= 0)
        std::printf("%12.3f", un);
    else
        std::printf("%12s", "-");
    std::printf(" %12.3f", ub);
    if (u3 >= 0)
        std::printf(" %12.3f", u3);
    else
        std::printf(" %12s", "-");
    if (un >= 0)
        std::printf(" %9.2f", un / ub);
    else
        std::printf(" %9s", "-");
    if (un >= 0 && u3 > 0)
        std::printf(" %9.2f", un / u3);
    else
        std::printf(" %9s", "-");
    std::printf(" %14s\n", state);
}

void bench(const NcsScene &ns, int reps) {
    const ncs_scene_desc *sc = ns.desc;
    void *st = std::malloc(ns.bytes);
    if (!st || ns.init(st) != 0) {
        std::printf("%-12s ncs: state rejected\n", ns.name);
        std::free(st);
        return;
    }
    long steps = sc->steps, failed = 0;
    ncs_step_info fail{};
    /* a first run finds the steps ncs can take */
    for (long n = 0; n < steps; n++)
        if (ns.step(st) != NCS_STEP_OK) {
            failed = n + 1;
            fail = ns.info(st);
            steps = n;
            break;
        }
    float h = (float)sc->h;
    double tn = 1e300, tb = 1e300, t3 = 1e300;
    int left_out = 0, left_out3 = 0;
    ncs_real nxy[2] = {0, 0};
    b2Vec2 bxy(0, 0);
    double x3 = 0, y3 = 0;
    for (int r = 0; r < reps; r++) {
        ns.reset(st);
        double t0 = now();
        for (long n = 0; n < steps; n++)
            ns.step(st);
        tn = std::min(tn, now() - t0);
        ncs_world_position(static_cast<const ncs_world *>(st), 0, nxy);
        b2World *w = box2d_world(sc, &left_out);
        t0 = now();
        for (long n = 0; n < steps; n++)
            w->Step(h, 8, 3);
        tb = std::min(tb, now() - t0);
        for (b2Body *b = w->GetBodyList(); b; b = b->GetNext())
            if (b->GetType() == b2_dynamicBody)
                bxy = b->GetPosition(); /* the list is newest first: ends at body 0 */
        delete w;
#ifdef NCS_BENCH_BOX2D_V3
        t3 = std::min(t3, v3_run_scene(sc, steps, &left_out3, &x3, &y3));
#endif
    }
    double per = 1e6 / (double)std::max(steps, 1L);
    char state[32];
    std::snprintf(state, sizeof state, "%lu", (unsigned long)ns.bytes);
    line(ns.name, sc->nbodies, sc->obst.npieces - left_out, steps, per * tn, per * tb,
         t3 < 1e300 ? per * t3 : -1, state);
    std::printf("             body 0 at the end: ncs (%.3f, %.3f), 2.4.1 (%.3f, %.3f)",
                (double)nxy[0], (double)nxy[1], (double)bxy.x, (double)bxy.y);
    if (t3 < 1e300)
        std::printf(", v3 (%.3f, %.3f)", x3, y3);
    if (left_out3 != left_out)
        std::printf("; v3 left out %d pieces, 2.4.1 %d", left_out3, left_out);
    if (failed)
        std::printf("\n             ncs step %ld failed: status %d, lcp_status %d, "
                    "island of body %d, m %d",
                    failed, fail.status, fail.lcp_status, fail.body, fail.m);
    std::printf("\n");
    std::free(st);
}

/* The large pyramid ncsc refuses: the Box2D sides alone. */
void bench_pyramid_box2d(const char *name, int base, long steps, int reps) {
    double tb = 1e300, t3 = 1e300, x3 = 0, y3 = 0;
    b2Vec2 bxy(0, 0);
    for (int r = 0; r < reps; r++) {
        tb = std::min(tb, b2_pyramid(base, steps, &bxy));
#ifdef NCS_BENCH_BOX2D_V3
        t3 = std::min(t3, v3_run_pyramid(base, steps, &x3, &y3));
#endif
    }
    double per = 1e6 / (double)steps;
    line(name, base * (base + 1) / 2, 1, steps, -1, per * tb, t3 < 1e300 ? per * t3 : -1,
         "refused");
    std::printf("             box 0 at the end: 2.4.1 (%.3f, %.3f)", (double)bxy.x,
                (double)bxy.y);
    if (t3 < 1e300)
        std::printf(", v3 (%.3f, %.3f)", x3, y3);
    std::printf("\n             ncs: refused by ncsc: %s\n", NCS_PYRAMID20_NCSC);
}

} // namespace

int main(int argc, char **argv) {
    int reps = argc > 1 ? std::atoi(argv[1]) : 7;
    if (reps < 1)
        reps = 1;
    std::printf("ncs against Box2D %d.%d.%d (8 velocity / 3 position iterations, sleeping off)",
                b2_version.major, b2_version.minor, b2_version.revision);
#ifdef NCS_BENCH_BOX2D_V3
    int ma = 0, mi = 0, re = 0;
    v3_version(&ma, &mi, &re);
    std::printf(" and Box2D %d.%d.%d (4 substeps, sleeping off, 1 worker)", ma, mi, re);
#else
    std::printf(" (no Box2D v3: configure with -DNCS_BOX2D_V3_DIR)");
#endif
    std::printf("; best of %d alternated rounds, us per step\n", reps);
    std::printf("%-12s %6s %6s %6s %12s %12s %12s %9s %9s %14s\n", "scene", "bodies", "pieces",
                "steps", "ncs", "b2d 2.4.1", "b2d v3", "ncs/2.4.1", "ncs/v3", "ncs state B");
    bench(NCS_SCENE(plinko_b2), reps);
    bench(NCS_SCENE(valley_b2), reps);
    bench(NCS_SCENE(valley100_b2), reps);
    bench(NCS_SCENE(pyramid4_b2), reps);
    bench_pyramid_box2d("pyramid20", 20, 500, reps);
    return 0;
}
