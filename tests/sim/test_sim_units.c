/* test_sim_units.c - the simulator's number format (ncs_sim_shortest): the
 * shortest text that reads back as the same double. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "sim_out.h"

/* One value: the text must read back exactly and, when `want` is given,
 * be that text. */
static int one(double v, const char *want) {
    char s[32];
    int fails = 0, n = ncs_sim_shortest(s, sizeof s, v);
    CHECK(n == (int)strlen(s));
    if (v == v)
        CHECK(strtod(s, NULL) == v && (v != 0 || signbit(strtod(s, NULL)) == signbit(v)));
    if (want && strcmp(s, want) != 0) {
        fprintf(stderr, "%.17g: got '%s', want '%s'\n", v, s, want);
        fails++;
    }
    return fails;
}

int main(void) {
    int fails = 0, i;
    double x = 1;
    fails += one(0.2, "0.2");
    fails += one(0.1 + 0.2, "0.30000000000000004");
    fails += one(0.005, "0.005");
    fails += one(3 * 0.005, "0.015");
    fails += one(1.0 / 3, "0.3333333333333333");
    fails += one(2.0 / 3, "0.6666666666666666");
    fails += one(100, "100");
    fails += one(1e21, "1e+21");
    fails += one(1e5, "1e+05");
    fails += one(64, "64");
    fails += one(1234500, "1234500");
    fails += one(-100, "-100");
    fails += one(1e-5, "1e-05");
    fails += one(0.0001, "0.0001");
    fails += one(-2.5, "-2.5");
    fails += one(0, "0");
    fails += one(-0.0, "-0");
    fails += one(5.9999999999998899, "5.99999999999989");
    fails += one(DBL_MAX, "1.7976931348623157e+308");
    fails += one(DBL_MIN, "2.2250738585072014e-308");
    fails += one(4.9406564584124654e-324, "5e-324");
    fails += one(HUGE_VAL, "inf");
    fails += one(-HUGE_VAL, "-inf");
    fails += one(nan(""), "nan");
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
            if (strcmp(s, t) != 0) {
                fprintf(stderr, "%.17g: got '%s', the shortest is '%s'\n", v, s, t);
                fails++;
            }
            fails += one(v, NULL);
        }
    }
    if (fails)
        fprintf(stderr, "%d check(s) failed\n", fails);
    else
        printf("shortest numbers OK\n");
    return fails != 0;
}
