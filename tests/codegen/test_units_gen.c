/* test_units_gen.c - part 4 of test_units.c: scenes/units.ncs compiled at
 * build time (unitgen.h) has STATE_BYTES == sizeof(state) (also checked at
 * compile time), the memory of its sizes, its body indices and names, and
 * an init that starts the bodies where the scene puts them.
 */
#include <string.h>
#include "../check.h"
#include "unitgen.h"

/* The same scene compiled at build time (unitgen.h): its state's size and
 * its indices. */
typedef char state_bytes_is_sizeof_state[UNITGEN_STATE_BYTES == sizeof(unitgen_state) ? 1 : -1];

int test_units_generated(void) {
    static unitgen_state st;
    double xy[2];
    CHECK(UNITGEN_STATE_BYTES == sizeof(unitgen_state), "STATE_BYTES %zu, sizeof %zu",
          (size_t)UNITGEN_STATE_BYTES, sizeof(unitgen_state));
    CHECK(sizeof st.mem / sizeof st.mem[0] ==
              NCS_WORLD_MEM_UNITS(UNITGEN_NBODIES, UNITGEN_MAX_PAIRS, UNITGEN_MAX_SIDES,
                                  UNITGEN_MAX_CONTACTS, UNITGEN_MAX_GROUPS, UNITGEN_MAX_M,
                                  UNITGEN_NFRIC) +
                  NCS_WORLD_JOINT_UNITS(UNITGEN_NBODIES, UNITGEN_NJOINTS, UNITGEN_MAX_JOINT_ROWS,
                                        UNITGEN_MAX_CONTACTS, UNITGEN_NFRIC),
          "%s", "the state's memory is not NCS_WORLD_MEM_UNITS + NCS_WORLD_JOINT_UNITS of its sizes");
    CHECK(UNITGEN_BODY_BALL == 0 && UNITGEN_BODY_WHEEL == 1 && UNITGEN_NBODIES == 2,
          "body indices %d %d of %d", UNITGEN_BODY_BALL, UNITGEN_BODY_WHEEL, UNITGEN_NBODIES);
    CHECK(!strcmp(unitgen_body_name(UNITGEN_BODY_BALL), "ball") &&
              !strcmp(unitgen_body_name(UNITGEN_BODY_WHEEL), "wheel"),
          "%s", "body names");
    CHECK(unitgen_init(&st) == 0, "%s", "init");
    unitgen_position(&st, UNITGEN_BODY_WHEEL, xy);
    CHECK(xy[0] == 2 && xy[1] == 0.5, "wheel at (%g, %g)", xy[0], xy[1]);
    CHECK(UNITGEN_TIME_STEP == 0.01 && unitgen_scene.h == 0.01, "%s", "time step");
    return (int)CHECK_FAILURES;
}
