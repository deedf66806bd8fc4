/* solver_gen.c - writes the firmware solver (<prefix>_lcp.h/.c) alone, as
 * `ncsc --target embedded` would, for the solver-only firmware tests.
 *
 *   embedded_solver_gen PREFIX double|float OUTDIR
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "emit_solver.h"

static int write_buf(const char *dir, const char *prefix, const char *suffix,
                     const ncs_buf *b) {
    char path[4096];
    FILE *f;
    int ok;
    if (snprintf(path, sizeof path, "%s/%s%s", dir, prefix, suffix) >= (int)sizeof path)
        return -1;
    f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return -1;
    }
    ok = fwrite(b->s, 1, b->len, f) == b->len;
    if (fclose(f) != 0 || !ok) {
        fprintf(stderr, "%s: write error\n", path);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv) {
    char upper[80];
    ncs_buf h, c;
    size_t i, n;
    int real_float, rc = 1;
    if (argc != 4 || (strcmp(argv[2], "double") != 0 && strcmp(argv[2], "float") != 0) ||
        (n = strlen(argv[1])) == 0 || n >= sizeof upper) {
        fprintf(stderr, "usage: embedded_solver_gen PREFIX double|float OUTDIR\n");
        return 2;
    }
    for (i = 0; i <= n; i++)
        upper[i] = (char)toupper((unsigned char)argv[1][i]);
    real_float = strcmp(argv[2], "float") == 0;
    memset(&h, 0, sizeof h);
    memset(&c, 0, sizeof c);
    if (ncs_emit_solver(argv[1], upper, real_float, &h, &c) != 0)
        fprintf(stderr, "embedded_solver_gen: solver sources missing from the build\n");
    else if (h.oom || c.oom)
        fprintf(stderr, "embedded_solver_gen: out of memory\n");
    else if (write_buf(argv[3], argv[1], "_lcp.h", &h) == 0 &&
             write_buf(argv[3], argv[1], "_lcp.c", &c) == 0)
        rc = 0;
    ncs_buf_free(&h);
    ncs_buf_free(&c);
    return rc;
}
