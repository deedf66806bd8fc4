/* wasm_glue.c - the live page's WebAssembly stepper (docs/web.md): the
 * scene's generated C, once per formulation (the table ncsv_forms that
 * `ncsc view` writes), and the runtime core (one.c: the same engine and
 * solver the native simulator runs) behind a few exports that live.js
 * calls. One formulation is current; the others keep their own states.
 * Uses wasi-libc for snprintf and malloc only. */
#include <stdlib.h>
#include <string.h>
#include "view.h"
#include "wasm_glue.h"

#define EXPORT(name) __attribute__((export_name(#name)))

static int cur = -1;                    /* the current formulation */
static unsigned char ready[64];         /* 1: its state is set up */
static ncs_world *w;                    /* its engine */
static ncs_view_contact *con;           /* the contacts of the last step */
static int *con_root, ncon, con_cap;
static double *con_out, info[8];
static char *scene_json;

static void hook(void *ctx, long step, int body, const ncs_layout *L, int m, const ncs_real *B,
                 const ncs_real *b, const ncs_real *z, int status) {
    (void)ctx;
    (void)step;
    (void)m;
    (void)B;
    (void)b;
    ncon = ncs_view_collect(con, con_root, ncon, con_cap, w, body, L, z, status);
}

EXPORT(ncsv_nforms) int ncsv_nforms_(void) { return ncsv_nforms; }
EXPORT(ncsv_form_name) const char *ncsv_form_name(int i) {
    return i >= 0 && i < ncsv_nforms ? ncsv_forms[i].name : "";
}

/* Makes formulation i current, setting its state up the first time; with
 * carry the bodies keep the positions and velocities they had. Returns 0,
 * or -1 when i is bad, out of memory or the runtime rejects the state. */
EXPORT(ncsv_select) int ncsv_select(int i, int carry) {
    const ncsv_form *f;
    ncs_world *old = w;
    int need;
    if (i < 0 || i >= ncsv_nforms || i >= 64)
        return -1;
    f = &ncsv_forms[i];
    need = f->contacts > 0 ? f->contacts : 1;
    if (need > con_cap) {
        ncs_view_contact *c = (ncs_view_contact *)realloc(con, sizeof *c * (size_t)need);
        int *r = c ? (int *)realloc(con_root, sizeof *r * (size_t)need) : NULL;
        double *o = r ? (double *)realloc(con_out, sizeof *o * 7 * (size_t)need) : NULL;
        con = c ? c : con;
        con_root = r ? r : con_root;
        con_out = o ? o : con_out;
        if (!o)
            return -1;
        con_cap = need;
    }
    if (!ready[i]) {
        if (f->init() != 0)
            return -1;
        ncs_world_set_hook(f->w, hook, NULL);
        ready[i] = 1;
    }
    if (carry && old && old != f->w)
        for (need = 0; need < f->w->sc->nbodies; need++) {
            memcpy(f->w->mem.q[need], old->mem.q[need], sizeof f->w->mem.q[need]);
            memcpy(f->w->mem.v[need], old->mem.v[need], sizeof f->w->mem.v[need]);
        }
    cur = i;
    w = f->w;
    ncon = 0;
    return 0;
}

/* Back to the scene's start. Returns 0, or -1. */
EXPORT(ncsv_reset) int ncsv_reset(void) {
    ncon = 0;
    return w ? ncs_world_reset(w) : -1;
}

/* One step: NCS_STEP_OK or the status of a failed step (the state is then
 * unchanged). */
EXPORT(ncsv_step) int ncsv_step(void) {
    ncon = 0;
    return w ? ncs_world_step(w) : -1;
}

EXPORT(ncsv_nbodies) int ncsv_nbodies(void) { return w ? w->sc->nbodies : 0; }

/* The state's arrays: x, y, theta and vx, vy, omega per body (the page
 * reads them). */
EXPORT(ncsv_q) double *ncsv_q(void) { return w ? &w->mem.q[0][0] : NULL; }
EXPORT(ncsv_v) double *ncsv_v(void) { return w ? &w->mem.v[0][0] : NULL; }

/* The scene as view.c's JSON (of the first formulation: the drawing is
 * the same in all), NUL-terminated; NULL when out of memory. */
EXPORT(ncsv_scene) const char *ncsv_scene(void) {
    if (!scene_json && ncsv_nforms > 0) {
        size_t n = ncs_view_scene_json(ncsv_forms[0].sim, NULL, 0);
        if ((scene_json = (char *)malloc(n + 1)) != NULL)
            ncs_view_scene_json(ncsv_forms[0].sim, scene_json, n + 1);
    }
    return scene_json;
}

/* After a step: steps taken, status, LCP size m, pivots, kinetic energy,
 * deepest penetration, the solver's status of a failed LCP, the failing
 * island's lowest body. */
EXPORT(ncsv_info) double *ncsv_info(void) {
    if (!w)
        return info;
    info[0] = (double)w->step;
    info[1] = w->last.status;
    info[2] = w->last.m;
    info[3] = w->last.pivots;
    info[4] = (double)ncs_world_energy(w);
    info[5] = ncs_view_depth(w);
    info[6] = w->last.lcp_status;
    info[7] = w->last.body;
    return info;
}

/* The last step's contacts: x, y, nx, ny, pn, pt, body each. */
EXPORT(ncsv_ncontacts) int ncsv_ncontacts(void) { return ncon; }
EXPORT(ncsv_contacts) double *ncsv_contacts(void) {
    int i;
    for (i = 0; i < ncon; i++) {
        double *o = &con_out[7 * i];
        o[0] = con[i].x;
        o[1] = con[i].y;
        o[2] = con[i].nx;
        o[3] = con[i].ny;
        o[4] = con[i].pn;
        o[5] = con[i].pt;
        o[6] = con[i].body;
    }
    return con_out;
}

/* Moves body b towards (x, y) and gives it velocity (vx, vy) (a drag, a
 * throw): along the way in moves of at most a quarter of its size,
 * stopping before the first place inside solid matter or another body;
 * the contacts shown are dropped. Returns 1 when it got to (x, y), 0 when
 * it stopped short, -1 for a bad body. */
EXPORT(ncsv_drag) int ncsv_drag(int b, double x, double y, double vx, double vy) {
    const ncs_scene_desc *sc;
    double x0, y0, len, stepl, size;
    int i, n = 1;
    if (!w || b < 0 || b >= w->sc->nbodies)
        return -1;
    sc = w->sc;
    x0 = w->mem.q[b][0];
    y0 = w->mem.q[b][1];
    size = sc->body[b].rad > sc->body[b].r ? sc->body[b].rad : sc->body[b].r;
    stepl = size / 4 > sc->margin ? size / 4 : sc->margin;
    len = (x - x0) * (x - x0) + (y - y0) * (y - y0);
    ncon = 0; /* the last step's contacts are no longer where the body is */
    while (n < 1000 && (double)n * (double)n * stepl * stepl < len)
        n++;
    w->mem.v[b][0] = vx;
    w->mem.v[b][1] = vy;
    w->mem.v[b][2] = 0;
    for (i = 1; i <= n; i++) {
        w->mem.q[b][0] = x0 + (x - x0) * i / n;
        w->mem.q[b][1] = y0 + (y - y0) * i / n;
        if (ncs_world_penetration(w, b) > sc->admit_tol) {
            w->mem.q[b][0] = x0 + (x - x0) * (i - 1) / n;
            w->mem.q[b][1] = y0 + (y - y0) * (i - 1) / n;
            return 0;
        }
    }
    return 1;
}
