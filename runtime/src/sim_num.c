/* sim_num.c - numbers as the simulator writes them (sim_out.h): the shortest
 * text that reads back as the same double, for the CSV, the messages and
 * the summary (sim.c) and the replay page (html.c). Apart from both, so that
 * neither calls the other for it. Host only: stdio. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_out.h"

int ncs_sim_shortest(char *out, size_t n, double v) {
    int lo = 1, hi = 17, len = 0;
    if (v != v)
        return snprintf(out, n, "nan");
    if (v == HUGE_VAL || v == -HUGE_VAL)
        return snprintf(out, n, v > 0 ? "inf" : "-inf");
    /* reading back is monotonic in the precision (a rounding to more
     * digits is never farther from v), so bisect on it; 15 digits, tried
     * first, settle most values of a simulation in one or two tries */
    if (snprintf(out, n, "%.15g", v) > 0 && strtod(out, NULL) == v)
        hi = 15;
    else
        lo = 16;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        snprintf(out, n, "%.*g", mid, v);
        if (strtod(out, NULL) == v)
            hi = mid;
        else
            lo = mid + 1;
    }
    len = snprintf(out, n, "%.*g", lo, v);
    /* 100 comes out of %.1g as 1e+02: when the whole number is shorter,
     * take it (more digits, so it reads back too) */
    if (strchr(out, 'e')) {
        char plain[32];
        int e = atoi(strchr(out, 'e') + 1);
        if (e >= lo && e < 17 && snprintf(plain, sizeof plain, "%.*g", e + 1, v) <= len &&
            (size_t)len < n) {
            memcpy(out, plain, strlen(plain) + 1);
            len = (int)strlen(plain);
        }
    }
    return len;
}
