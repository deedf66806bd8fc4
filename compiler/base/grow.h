/* grow.h - shared base: arrays that grow by doubling (grow.c). */
#ifndef NCS_GROW_H
#define NCS_GROW_H

#include <stddef.h>

/// Grows the array *p of *cap elements of `size` bytes to hold `need`
/// (doubling, from 16). Returns 0, or -1 when memory ran out (*p unchanged).
int ncs_grow(void **p, int *cap, int need, size_t size);

#endif
