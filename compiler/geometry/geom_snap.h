/* geom_snap.h - geometry: features at rounding scale: obstacles snapped together and
 * thin corners dropped before the union (see geom_snap.c). */
#ifndef NCS_GEOM_SNAP_H
#define NCS_GEOM_SNAP_H

#include "geom_int.h"

/// The snapping tolerance of a scene whose polygons are polys[0..npolys):
/// the diagonal of their box times 2^-42 (0 when there is no vertex or the
/// box is not finite: nothing is snapped). Never fails.
double ncs_gsnap_tol(const ncs_gpoly *polys, int npolys);

/// Marks in keep[0..n) the vertices of the closed ring pt[0..n) that stay
/// when thin corners are dropped: a vertex b between a and c goes when the
/// triangle abc is thinner than tol (twice its area over its longest side)
/// and the dropped vertices stay within tol of the new edge (accumulated
/// bound); with tol 0, when a, b, c are exactly collinear (and *spike is
/// set when b is not between a and c; spike may be NULL). Never a vertex
/// with pin[v] != 0 (pin may be NULL), never below 3 vertices; linear in n.
/// Returns the number kept, or -1 out of memory (keep undefined).
int ncs_gsnap_ring(const ncs_vec2 *pt, int n, const unsigned char *pin, double tol,
                   unsigned char *keep, int *spike);

/// Snaps the validated polygons polys[i] with use[i] != 0 together within
/// tol (vertex clusters, vertices inserted into nearby edges of other
/// polygons) and drops their thin corners that are not within tol of
/// another polygon. Writes each polygon that changed (and is still valid)
/// to out[i]; out[i] of the others is left as it was (zeroed by the caller).
/// Returns the number of polygons written, or -1 out of memory (out[] may
/// hold some polygons: free them).
int ncs_gsnap(const ncs_gpoly *polys, const int *use, int npolys, double tol,
              ncs_gpoly *out);

#endif
