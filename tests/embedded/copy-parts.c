/* copy-parts.c - the copies' ncs_world_init against scenes that need parts
 * they left out (copy-parts.sh writes pa, pb and pc). One copy's header per
 * file: this file includes pa's, and reaches pb's and pc's copies through
 * their prefixed names, declared here by hand (the types are the runtime's
 * own, the same in every copy). */
#include <math.h>
#include <stdio.h>
#include "pa.h"

extern const ncs_scene_desc pb_scene, pc_scene;
int pb_world_init(ncs_world *w, const ncs_scene_desc *sc, ncs_mem_unit *mem, size_t units);
int pc_world_init(ncs_world *w, const ncs_scene_desc *sc, ncs_mem_unit *mem, size_t units);

/* room for any of the three scenes' states (stack's double state is about
 * 1.3 MB) */
#define UNITS ((size_t)1 << 20)
static ncs_mem_unit mem[UNITS];
static ncs_world w;
static int failures;

static void expect(int got, int want, const char *what) {
    if (got != want) {
        printf("copy-parts: %s returned %d, not %d\n", what, got, want);
        failures++;
    }
}

int main(void) {
    ncs_real xy[2];
    expect(pb_world_init(&w, &pb_scene, mem, UNITS), 0, "pb's copy on its own scene");
    expect(pc_world_init(&w, &pc_scene, mem, UNITS), 0, "pc's copy on its own scene");
    expect(pc_world_init(&w, &pb_scene, mem, UNITS), 0, "pc's copy (all parts) on pb's scene");
    expect(pb_world_init(&w, &pc_scene, mem, UNITS), -1, "pb's copy (no pairs) on pc's scene");
    expect(ncs_world_init(&w, &pb_scene, mem, UNITS), -1, "pa's copy (no polygons) on pb's scene");
    expect(ncs_world_init(&w, &pc_scene, mem, UNITS), -1, "pa's copy (no polygons) on pc's scene");
    expect(ncs_world_init(&w, &pa_scene, mem, UNITS), 0, "pa's copy on its own scene");
    expect(ncs_world_step(&w), NCS_STEP_OK, "pa's step");
    ncs_world_position(&w, 0, xy);
    if (fabs(xy[0] + 3) > 1e-9 || fabs(xy[1] - 1) > 1e-9) { /* fig3a-max.ncs's expectation */
        printf("copy-parts: pa's particle ends at (%.17g, %.17g), not (-3, 1)\n", xy[0], xy[1]);
        failures++;
    }
    return failures ? 1 : 0;
}
