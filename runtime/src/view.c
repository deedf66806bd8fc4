/* view.c - the scene and the contacts as the browser pages draw them
 * (view.h). No heap, no I/O: the live page's WebAssembly stepper links it
 * too. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "view.h"

#if NCS_REAL_IS_FLOAT
#error "the pages are drawn from double precision runs"
#endif

double ncs_view_depth(const ncs_world *w) {
    double d = 0, e;
    int b;
    for (b = 0; b < w->sc->nbodies; b++)
        if ((e = (double)ncs_world_penetration(w, b)) > d)
            d = e;
    return d;
}

/* Rotation of (x, y) by th. */
static void turn(double th, double x, double y, double r[2]) {
    double c = cos(th), s = sin(th);
    r[0] = c * x - s * y;
    r[1] = s * x + c * y;
}

/* The contact point of a row (nb, tau) on body b: the row's lever arm r
 * from the centroid has cross(r, nb) = tau, so r = alpha nb - tau t with
 * t = (-nb_y, nb_x); the point is on the body's boundary where it is
 * pushed, the extreme of its outline against nb (a disc: alpha = -r). */
static void contact_point(const ncs_world *w, int b, const double nb[2], double tau,
                          double p[2]) {
    const ncs_scene_desc *sc = w->sc;
    const ncs_body_desc *B = &sc->body[b];
    double th = (double)w->mem.q[b][2], c[2], alpha = 0, v[2];
    int i;
    turn(th, (double)B->cx, (double)B->cy, c);
    c[0] += (double)w->mem.q[b][0];
    c[1] += (double)w->mem.q[b][1];
    if (B->kind == NCS_DISC)
        alpha = -(double)B->r;
    for (i = 0; B->kind == NCS_POLYGON && i < B->nvert; i++) {
        double a;
        turn(th, (double)sc->bvert[B->vert0 + i].x, (double)sc->bvert[B->vert0 + i].y, v);
        a = v[0] * nb[0] + v[1] * nb[1];
        if (i == 0 || a < alpha)
            alpha = a;
    }
    p[0] = c[0] + alpha * nb[0] + tau * nb[1];
    p[1] = c[1] + alpha * nb[1] - tau * nb[0];
}

int ncs_view_contacts(const ncs_world *w, const ncs_layout *L, const ncs_real *z,
                      ncs_view_contact *out, int cap) {
    int nc = L->nconvex, off = ncs_lcp_impulse_offset(L), g, c, n = 0;
    if (off < 0 || !z)
        return 0;
    for (g = 0; g < L->ngroups; g++)
        nc += L->group_size[g];
    for (c = 0; c < nc && n < cap; c++) {
        const ncs_contact *C = &w->mem.con[c];
        int side = C->a >= 0 ? 0 : 1, b = side ? C->b : C->a;
        double nb[2], p[2];
        ncs_view_contact *o = &out[n];
        if (b < 0)
            continue;
        nb[0] = (double)C->jn[side][0];
        nb[1] = (double)C->jn[side][1];
        contact_point(w, b, nb, (double)C->jn[side][2], p);
        o->x = p[0];
        o->y = p[1];
        o->nx = nb[0];
        o->ny = nb[1];
        o->pn = (double)z[off + c];
        o->pt = L->nfric > 0 ? (double)(z[off + nc + 2 * c] - z[off + nc + 2 * c + 1]) : 0.0;
        o->body = b;
        n++;
    }
    return n;
}

int ncs_view_collect(ncs_view_contact *buf, int *root, int n, int cap, const ncs_world *w,
                     int body, const ncs_layout *L, const ncs_real *z, int st) {
    int i, k = 0, add;
    for (i = 0; i < n; i++) /* this island's earlier solve is replaced */
        if (root[i] != body) {
            buf[k] = buf[i];
            root[k++] = root[i];
        }
    if (st != 0)
        return k;
    add = ncs_view_contacts(w, L, z, buf + k, cap - k);
    for (i = k; i < k + add; i++)
        root[i] = body;
    return k + add;
}

/* ---- JSON ------------------------------------------------------------------ */

/* Appends printf text at `at` (snprintf semantics over the whole buffer). */
static size_t put(char *out, size_t cap, size_t at, const char *fmt, ...) {
    va_list ap;
    int n;
    char dummy[1];
    va_start(ap, fmt);
    if (at < cap)
        n = vsnprintf(out + at, cap - at, fmt, ap);
    else
        n = vsnprintf(dummy, 0, fmt, ap);
    va_end(ap);
    return at + (n > 0 ? (size_t)n : 0);
}

/* A number that reads back as the same double; null when not finite. */
static size_t num(char *out, size_t cap, size_t at, double v) {
    char s[32];
    int p;
    if (!(v - v == 0))
        return put(out, cap, at, "null");
    for (p = 15; p < 17; p++) {
        snprintf(s, sizeof s, "%.*g", p, v);
        if (strtod(s, NULL) == v)
            break;
    }
    if (p == 17)
        snprintf(s, sizeof s, "%.17g", v);
    return put(out, cap, at, "%s", s);
}

size_t ncs_view_json_string(char *out, size_t cap, size_t at, const char *s) {
    at = put(out, cap, at, "\"");
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            at = put(out, cap, at, "\\%c", ch);
        else if (ch < 0x20 || ch == '<' || ch == '>' || ch == '&')
            at = put(out, cap, at, "\\u%04x", ch);
        else
            at = put(out, cap, at, "%c", ch);
    }
    return put(out, cap, at, "\"");
}

size_t ncs_view_scene_json(const ncs_sim_desc *sim, char *out, size_t cap) {
    const ncs_scene_desc *sc = sim->scene;
    const ncs_pieces *t = &sc->obst;
    size_t at = 0;
    int i, j;
    if (cap > 0)
        out[0] = '\0';
    at = put(out, cap, at, "{\"name\":");
    at = ncs_view_json_string(out, cap, at, sc->name ? sc->name : "scene");
    at = put(out, cap, at, ",\"file\":");
    at = ncs_view_json_string(out, cap, at, sim->file ? sim->file : "");
    at = put(out, cap, at, ",\"formulation\":\"%s\",\"nfric\":%d,\"h\":", ncs_form_name(sc->form),
              sc->nfric);
    at = num(out, cap, at, (double)sc->h);
    at = put(out, cap, at, ",\"steps\":%ld,\"rings\":[", sc->steps);
    for (i = 0; i < sim->nrings; i++) {
        at = put(out, cap, at, "%s{\"hole\":%d,\"xy\":[", i ? "," : "",
                 sim->ring_hole ? sim->ring_hole[i] : 0);
        for (j = 2 * sim->ring_first[i]; j < 2 * sim->ring_first[i + 1]; j++) {
            at = put(out, cap, at, j > 2 * sim->ring_first[i] ? "," : "");
            at = num(out, cap, at, sim->ring_xy[j]);
        }
        at = put(out, cap, at, "]}");
    }
    /* a piece with vertices: its polygon and which sides are internal; an
     * explicit group: its lines n.p = off */
    at = put(out, cap, at, "],\"pieces\":[");
    for (i = 0; i < t->npieces; i++) {
        const ncs_piece *P = &t->piece[i];
        at = put(out, cap, at, "%s{", i ? "," : "");
        if (P->nvert > 0) {
            at = put(out, cap, at, "\"xy\":[");
            for (j = 0; j < P->nvert; j++) {
                at = put(out, cap, at, j ? "," : "");
                at = num(out, cap, at, (double)t->vert[P->vert0 + j].x);
                at = put(out, cap, at, ",");
                at = num(out, cap, at, (double)t->vert[P->vert0 + j].y);
            }
            at = put(out, cap, at, "],\"internal\":[");
            for (j = 0; j < P->nside; j++)
                at = put(out, cap, at, "%s%d", j ? "," : "", t->side[P->side0 + j].internal);
        } else {
            at = put(out, cap, at, "\"lines\":[");
            for (j = 0; j < P->nside; j++) {
                const ncs_side *S = &t->side[P->side0 + j];
                at = put(out, cap, at, j ? "," : "");
                at = num(out, cap, at, (double)S->nx);
                at = put(out, cap, at, ",");
                at = num(out, cap, at, (double)S->ny);
                at = put(out, cap, at, ",");
                at = num(out, cap, at, (double)S->off);
            }
        }
        at = put(out, cap, at, "]}");
    }
    /* bodies: the outline about the reference point (the state's x, y) */
    at = put(out, cap, at, "],\"bodies\":[");
    for (i = 0; i < sc->nbodies; i++) {
        const ncs_body_desc *B = &sc->body[i];
        at = put(out, cap, at, "%s{\"name\":", i ? "," : "");
        at = ncs_view_json_string(out, cap, at,
                                  sc->body_name && sc->body_name[i] ? sc->body_name[i] : "?");
        at = put(out, cap, at, ",\"kind\":\"%s\",\"r\":",
                 ncs_body_kinds[B->kind == NCS_DISC || B->kind == NCS_POLYGON ? B->kind
                                                                              : NCS_PARTICLE].name);
        at = num(out, cap, at, (double)B->r);
        at = put(out, cap, at, ",\"mass\":");
        at = num(out, cap, at, B->im > 0 ? 1 / (double)B->im : 0);
        at = put(out, cap, at, ",\"mu\":");
        at = num(out, cap, at, (double)B->mu);
        at = put(out, cap, at, ",\"outline\":[");
        for (j = 0; B->kind == NCS_POLYGON && j < B->nvert; j++) {
            at = put(out, cap, at, j ? "," : "");
            at = num(out, cap, at, (double)sc->bvert[B->vert0 + j].x + (double)B->cx);
            at = put(out, cap, at, ",");
            at = num(out, cap, at, (double)sc->bvert[B->vert0 + j].y + (double)B->cy);
        }
        at = put(out, cap, at, "]}");
    }
    /* joints: each end about its body's reference point (b -1: a world
     * point), as the state's x, y, theta place it */
    at = put(out, cap, at, "],\"joints\":[");
    for (i = 0; i < sc->njoints; i++) {
        const ncs_joint_desc *J = &sc->joint[i];
        const ncs_body_desc *A = &sc->body[J->a], *B = J->b >= 0 ? &sc->body[J->b] : NULL;
        at = put(out, cap, at, "%s{\"kind\":\"%s\",\"a\":%d,\"b\":%d,\"ends\":[", i ? "," : "",
                 ncs_joint_kind_name(J->kind), J->a,
                 J->b);
        at = num(out, cap, at, (double)A->cx + (double)J->ax);
        at = put(out, cap, at, ",");
        at = num(out, cap, at, (double)A->cy + (double)J->ay);
        at = put(out, cap, at, ",");
        at = num(out, cap, at, (B ? (double)B->cx : 0) + (double)J->bx);
        at = put(out, cap, at, ",");
        at = num(out, cap, at, (B ? (double)B->cy : 0) + (double)J->by);
        at = put(out, cap, at, "],\"len\":");
        at = num(out, cap, at, (double)J->len);
        at = put(out, cap, at, "}");
    }
    return put(out, cap, at, "]}");
}
