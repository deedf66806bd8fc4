/* test_sim_units.c - the simulator's number format (ncs_sim_shortest): the
 * shortest text that reads back as the same double. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "../check.h"
#include "sim_out.h"

/* One value: the text must read back exactly and, when `want` is given,
 * be that text. */
static void one(double v, const char *want) {
    char s[32];
    int n = ncs_sim_shortest(s, sizeof s, v);
    CHECK(n == (int)strlen(s));
    if (v == v)
        CHECK(strtod(s, NULL) == v && (v != 0 || signbit(strtod(s, NULL)) == signbit(v)));
    if (want)
        CHECK(strcmp(s, want) == 0, "%.17g: got '%s', want '%s'", v, s, want);
}

int main(void) {
    int i;
    double x = 1;
    one(0.2, "0.2");
    one(0.1 + 0.2, "0.30000000000000004");
    one(0.005, "0.005");
    one(3 * 0.005, "0.015");
    one(1.0 / 3, "0.3333333333333333");
    one(2.0 / 3, "0.6666666666666666");
    one(100, "100");
    one(1e21, "1e+21");
    one(1e5, "1e+05");
    one(64, "64");
    one(1234500, "1234500");
    one(-100, "-100");
    one(1e-5, "1e-05");
    one(0.0001, "0.0001");
    one(-2.5, "-2.5");
    one(0, "0");
    one(-0.0, "-0");
    one(5.9999999999998899, "5.99999999999989");
    one(DBL_MAX, "1.7976931348623157e+308");
    one(DBL_MIN, "2.2250738585072014e-308");
    one(4.9406564584124654e-324, "5e-324");
    one(HUGE_VAL, "inf");
    one(-HUGE_VAL, "-inf");
    one(nan(""), "nan");
    /* the same text as trying 1, 2, ... 17 digits in turn (no shorter
     * text reads back) over many magnitudes */
    for (i = 0; i < 3000; i++) {
        double v;
        int k;
        x = x * 1.37 + 0.1 / (i + 1);
        if (x > 1e200)
            x = 1e-200 * (i + 1);
        for (k = 0; k < 2; k++) {
            char s[32], t[32];
            int p;
            v = k ? -x / 7 : x;
            ncs_sim_shortest(s, sizeof s, v);
            for (p = 1; p < 17; p++) {
                snprintf(t, sizeof t, "%.*g", p, v);
                if (strtod(t, NULL) == v)
                    break;
            }
            snprintf(t, sizeof t, "%.*g", p, v);
            if (strchr(t, 'e') && atoi(strchr(t, 'e') + 1) >= p && atoi(strchr(t, 'e') + 1) < 17) {
                char w[32]; /* the whole number, when shorter */
                if (snprintf(w, sizeof w, "%.*g", atoi(strchr(t, 'e') + 1) + 1, v) <= (int)strlen(t))
                    memcpy(t, w, sizeof w);
            }
            CHECK(strcmp(s, t) == 0, "%.17g: got '%s', the shortest is '%s'", v, s, t);
            one(v, NULL);
        }
    }
    return CHECK_DONE();
}
