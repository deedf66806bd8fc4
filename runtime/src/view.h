/* view.h - what the two browser pages share (docs/web.md): the replay page
 * the simulator writes (--html, html.c) and the live page `ncsc view`
 * builds, whose WebAssembly stepper links this file's view.c next to the
 * runtime core (runtime/web/wasm_glue.c). Runtime-internal.
 *
 * view.c needs no heap and no I/O: only snprintf (host libc, or wasi-libc
 * in the wasm build). ncs_real is double.
 */
#ifndef NCS_VIEW_H
#define NCS_VIEW_H

#include <stddef.h>
#include "ncs/sim.h"

/** One contact of a solved LCP, for drawing: where it pushes which body. */
typedef struct ncs_view_contact {
    double x, y;                /**< the contact point on the body (world) */
    double nx, ny;              /**< unit normal, the direction it pushes the body */
    double pn;                  /**< normal impulse (>= 0; 0: a side that holds nothing) */
    double pt;                  /**< tangential (friction) impulse along (-ny, nx) */
    int body;                   /**< the body pushed */
} ncs_view_contact;

/// The contacts of the LCP just solved for one island, read in an LCP hook
/// (ncs_world_set_hook): w's contacts of that island with the impulses in z
/// (layout L). Writes at most cap into out. Returns how many it wrote.
/// Never fails.
int ncs_view_contacts(const ncs_world *w, const ncs_layout *L, const ncs_real *z,
                      ncs_view_contact *out, int cap);

/// The contacts of every island's last solve in a step, kept in an LCP
/// hook: drops island `body`'s earlier contacts from buf[0 .. n) (root[i]:
/// the island of buf[i]) and, when the solve succeeded (st == 0), appends
/// its contacts (ncs_view_contacts), at most cap in all. Returns the new
/// count. Never fails.
int ncs_view_collect(ncs_view_contact *buf, int *root, int n, int cap, const ncs_world *w,
                     int body, const ncs_layout *L, const ncs_real *z, int st);

/// Deepest penetration over all bodies (ncs_world_penetration). Never fails.
double ncs_view_depth(const ncs_world *w);

/// The scene as the pages draw it, as one JSON object (docs/web.md):
/// name, file, formulation, h, steps, the obstacle outlines, the obstacle
/// pieces (the nonconvex groups: vertices and which sides are internal, or
/// an explicit group's lines), the bodies (kind, radius, outline in the
/// body frame) and the joints (kind, bodies a and b, b -1 for the world,
/// the two ends about the bodies' reference points, a rod's length).
/// Written into out (cap bytes, always NUL-terminated when cap
/// > 0) as snprintf does: returns the length the whole text needs, so a
/// second call with a buffer that large writes all of it. Never fails.
size_t ncs_view_scene_json(const ncs_sim_desc *sim, char *out, size_t cap);

/// Appends the JSON string literal of s (quotes, escapes; '<' as \u003c so
/// that the text can stand inside an HTML script element) to out, as
/// ncs_view_scene_json does. `at` is the length written so far; returns
/// the new length. Never fails.
size_t ncs_view_json_string(char *out, size_t cap, size_t at, const char *s);

#endif
