/* use_ramp.c - a downstream program stepping the generated ramp scene. */
#include <math.h>
#include <stdio.h>
#include "ramp.h"

int main(void) {
    static ramp_state s;
    double xy[2];
    long n;
    if (ramp_init(&s) != 0)
        return 1;
    for (n = 0; n < RAMP_STEPS; n++)
        if (ramp_step(&s) != RAMP_STEP_OK)
            return 1;
    ramp_position(&s, 0, xy);
    printf("p at (%g, %g)\n", xy[0], xy[1]);
    return fabs(xy[0] - 3) < 1e-9 && fabs(xy[1]) < 1e-9 ? 0 : 1;
}
