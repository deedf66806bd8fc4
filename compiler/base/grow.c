/* grow.c - shared base: arrays that grow by doubling (grow.h). */
#include <stdlib.h>
#include "grow.h"

int ncs_grow(void **p, int *cap, int need, size_t size) {
    if (need <= *cap)
        return 0;
    int c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}
