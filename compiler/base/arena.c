/* arena.c - shared base: bump allocator over a chain of blocks. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"

/* Alignment good enough for every object the compiler allocates. */
typedef union ncs_align {
    long double ld;
    long long ll;
    void *p;
    double d;
} ncs_align;

enum { ARENA_ALIGN = sizeof(ncs_align), ARENA_BLOCK = 16 * 1024 };

typedef struct arena_block {
    struct arena_block *next;   /* previously filled block */
    size_t size;                /* usable bytes in data */
    size_t used;                /* bytes handed out */
    ncs_align data[1];          /* the storage (over-allocated) */
} arena_block;

struct ncs_arena {
    arena_block *head;          /* block currently being filled */
};

ncs_arena *ncs_arena_new(void) {
    return calloc(1, sizeof(ncs_arena));
}

static arena_block *block_new(size_t size) {
    if (size > SIZE_MAX - sizeof(arena_block))
        return NULL;
    arena_block *b = malloc(sizeof(arena_block) + size);
    if (!b)
        return NULL;
    b->next = NULL;
    b->size = size;
    b->used = 0;
    return b;
}

void *ncs_arena_alloc(ncs_arena *a, size_t size) {
    if (size == 0)
        size = 1;
    if (size > SIZE_MAX - ARENA_ALIGN)
        return NULL;
    size = (size + ARENA_ALIGN - 1) / ARENA_ALIGN * ARENA_ALIGN;
    arena_block *b = a->head;
    if (!b || b->size - b->used < size) {
        arena_block *nb = block_new(size > ARENA_BLOCK ? size : ARENA_BLOCK);
        if (!nb)
            return NULL;
        if (b && size > ARENA_BLOCK) {
            /* A big request gets its own block behind the current one, so
             * the current block's free space is not wasted. */
            nb->next = b->next;
            b->next = nb;
        } else {
            nb->next = b;
            a->head = nb;
        }
        b = nb;
    }
    void *p = (char *)b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

void *ncs_arena_array(ncs_arena *a, size_t n, size_t size) {
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    return ncs_arena_alloc(a, n * size);
}

char *ncs_arena_strndup(ncs_arena *a, const char *s, size_t len) {
    if (len == SIZE_MAX)
        return NULL;
    char *p = ncs_arena_alloc(a, len + 1);
    if (p) {
        memcpy(p, s, len);
        p[len] = '\0';
    }
    return p;
}

void ncs_arena_free(ncs_arena *a) {
    if (!a)
        return;
    arena_block *b = a->head;
    while (b) {
        arena_block *next = b->next;
        free(b);
        b = next;
    }
    free(a);
}
