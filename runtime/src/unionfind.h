/* unionfind.h - union-find over an int array `parent` (path halving; a set's
 * root is its smallest index), shared by the step engine's islands
 * (world_island.c) and the LCP solver's contact components (solve_select.c).
 * Static inline: each file that includes it has its own copy, one in one.c. */
#ifndef NCS_UNIONFIND_H
#define NCS_UNIONFIND_H

/* The root of i's set. */
static inline int ncs_uf_find(int *parent, int i) {
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* Joins the sets of i and j (the smaller root becomes the root); returns 1
 * when they were two sets. */
static inline int ncs_uf_unite(int *parent, int i, int j) {
    if (parent[i] == parent[j])         /* same parent: same set (cheap test first) */
        return 0;
    i = ncs_uf_find(parent, i);
    j = ncs_uf_find(parent, j);
    if (i == j)
        return 0;
    parent[i < j ? j : i] = i < j ? i : j;
    return 1;
}

/* Turns the union-find forest into labels 0..n-1 (by first index); returns
 * the number of sets. */
static inline int ncs_uf_label(int *parent, int n) {
    int i, count = 0;
    for (i = 0; i < n; i++)
        parent[i] = ncs_uf_find(parent, i); /* point straight at the root */
    for (i = 0; i < n; i++)                 /* a root is its set's smallest index */
        parent[i] = parent[i] == i ? -(++count) : parent[parent[i]];
    for (i = 0; i < n; i++)
        parent[i] = -parent[i] - 1;
    return count;
}

#endif
