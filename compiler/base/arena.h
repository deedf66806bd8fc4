/* arena.h - shared base: a bump allocator: many small allocations, one free.
 *
 * The front end puts every token text, raw syntax node and checked scene
 * array into one arena, so no error path has anything to release but the
 * arena itself.
 */
#ifndef NCS_ARENA_H
#define NCS_ARENA_H

#include <stddef.h>

typedef struct ncs_arena ncs_arena;

/// Creates an empty arena. Returns NULL when out of memory.
ncs_arena *ncs_arena_new(void);

/// Returns `size` zeroed bytes aligned for any object, valid until the arena
/// is freed. Returns NULL when out of memory or when size overflows.
void *ncs_arena_alloc(ncs_arena *a, size_t size);

/// Returns `n` zeroed elements of `size` bytes. NULL on overflow or when out
/// of memory.
void *ncs_arena_array(ncs_arena *a, size_t n, size_t size);

/// Copies `len` bytes of `s` and appends a NUL. NULL when out of memory.
char *ncs_arena_strndup(ncs_arena *a, const char *s, size_t len);

/// Releases the arena and everything allocated from it. Accepts NULL.
void ncs_arena_free(ncs_arena *a);

#endif
