/* bad_libc.c - a "library part" object that breaks the firmware rules: it
 * allocates and prints. check-no-libc.sh must reject it. */
#include <stdio.h>
#include <stdlib.h>

#include "bad_libc.h"

int bad_libc_sum(int n) {
    int *v = malloc((size_t)n * sizeof *v);
    int i, s = 0;

    if (!v)
        return -1;
    for (i = 0; i < n; i++)
        v[i] = i;
    for (i = 0; i < n; i++)
        s += v[i];
    printf("sum %d\n", s);
    free(v);
    return s;
}
