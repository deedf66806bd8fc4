/* dat.c - Siconos .dat reading (dense and sparse-block storage), dense
 * writing, and layout specs (host). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "ncs/vocab.h"

static void set_err(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    if (!err || len == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

int ncs_layout_parse(const char *spec, ncs_layout *L, int **sizes,
                     char *err, size_t errlen) {
    const char *p = spec;
    int *gs = NULL, ng = 0, cap = 0, have_form = 0;
    memset(L, 0, sizeof *L);
    *sizes = NULL;
    while (p && *p) {
        char key[32], *end;
        size_t n = 0;
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || *p == '\n' || *p == '\r')
            break;
        while (*p && *p != '=' && *p != ' ' && n + 1 < sizeof key)
            key[n++] = *p++;
        key[n] = 0;
        if (*p != '=') {
            set_err(err, errlen, "layout: expected key=value at '%s'", key);
            goto bad;
        }
        p++;
        if (!strcmp(key, "form")) {
            int f, found = -1;
            for (f = 0; f < NCS_NFORMS; f++) {
                size_t l = strlen(ncs_forms[f].name);
                if (!strncmp(p, ncs_forms[f].name, l) &&
                    (p[l] == 0 || p[l] == ' ' || p[l] == '\t' || p[l] == '\n' || p[l] == '\r')) {
                    found = f;
                    p += l;
                }
            }
            if (found < 0) {
                set_err(err, errlen, "layout: unknown form");
                goto bad;
            }
            L->form = found;
            have_form = 1;
        } else if (!strcmp(key, "groups")) {
            if (*p == '-') {
                p++;
                continue;
            }
            for (;;) {
                long v = strtol(p, &end, 10);
                if (end == p || v < 1 || v > 1000000) {
                    set_err(err, errlen, "layout: bad group size");
                    goto bad;
                }
                if (ng == cap) {
                    int *t = realloc(gs, (size_t)(cap = cap ? 2 * cap : 8) * sizeof *gs);
                    if (!t) {
                        set_err(err, errlen, "layout: out of memory");
                        goto bad;
                    }
                    gs = t;
                }
                gs[ng++] = (int)v;
                p = end;
                if (*p != ',')
                    break;
                p++;
            }
        } else if (!strcmp(key, "convex") || !strcmp(key, "fric")) {
            long v = strtol(p, &end, 10);
            if (end == p || v < 0 || v > 1000000) {
                set_err(err, errlen, "layout: bad %s", key);
                goto bad;
            }
            *(key[0] == 'c' ? &L->nconvex : &L->nfric) = (int)v;
            p = end;
        } else if (!strcmp(key, "gamma") || !strcmp(key, "eps_h")) {
            double v = strtod(p, &end);
            if (end == p) {
                set_err(err, errlen, "layout: bad %s", key);
                goto bad;
            }
            *(key[0] == 'g' ? &L->gamma : &L->eps_h) = v;
            p = end;
        } else {
            set_err(err, errlen, "layout: unknown key '%s'", key);
            goto bad;
        }
        if (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
            set_err(err, errlen, "layout: junk after %s", key);
            goto bad;
        }
    }
    L->ngroups = ng;
    L->group_size = gs;
    if (!have_form) {
        set_err(err, errlen, "layout: form= is missing");
        goto bad;
    }
    if (ncs_layout_size(L) < 0) {
        set_err(err, errlen, "layout: invalid (group sizes, fric, gamma or eps_h)");
        goto bad;
    }
    *sizes = gs;
    return 0;
bad:
    free(gs);
    memset(L, 0, sizeof *L);
    return -1;
}

int ncs_layout_format(const ncs_layout *L, char *buf, size_t len) {
    size_t at = 0;
    int i, n;
    if (!L || !buf || !ncs_form_info_of(L->form))
        return -1;
#define PUT(...) do { \
        n = snprintf(buf + at, len - at, __VA_ARGS__); \
        if (n < 0 || (size_t)n >= len - at) \
            return -1; \
        at += (size_t)n; \
    } while (0)
    PUT("form=%s groups=", ncs_form_name(L->form));
    if (L->ngroups == 0)
        PUT("-");
    for (i = 0; i < L->ngroups; i++)
        PUT("%s%d", i ? "," : "", L->group_size[i]);
    PUT(" convex=%d fric=%d", L->nconvex, L->nfric);
    if (L->form == NCS_FORM_MAX)
        PUT(" gamma=%.17g", L->gamma);
    if (L->form == NCS_FORM_SUMMATION)
        PUT(" eps_h=%.17g", L->eps_h);
#undef PUT
    return (int)at;
}

/* Reads a whole file into a NUL-terminated malloc'ed buffer, at most
 * NCS_DAT_MAX_BYTES: a regular file larger than that is refused by its
 * size, a stream (a pipe, /dev/zero) after the limit; a NUL byte (a .dat
 * file is text) stops the reading with its line and column. */
static char *slurp(const char *path, char *err, size_t errlen) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    const char *nul;
    size_t len = 0, cap = 0, n, i;
    unsigned long line = 1, col = 1;
    if (!f) {
        set_err(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0) {
        long size = ftell(f);
        if (size > 0 && (unsigned long)size > NCS_DAT_MAX_BYTES)
            goto large;
        rewind(f);
    }
    for (;;) {
        if (cap - len < 4096) {
            char *t = realloc(buf, cap = cap ? 2 * cap : 65536);
            if (!t) {
                set_err(err, errlen, "%s: out of memory", path);
                goto fail;
            }
            buf = t;
        }
        n = fread(buf + len, 1, cap - len - 1, f);
        if ((nul = memchr(buf + len, 0, n)) != NULL) {
            for (i = 0; buf + i < nul; i++, col++)
                if (buf[i] == '\n') {
                    line++;
                    col = 0;
                }
            set_err(err, errlen, "%s:%lu:%lu: a NUL byte (a .dat file is text)", path, line,
                    col);
            goto fail;
        }
        len += n;
        if (len > NCS_DAT_MAX_BYTES)
            goto large;
        if (n == 0)
            break;
    }
    if (ferror(f)) {
        set_err(err, errlen, "%s: read error: %s", path, strerror(errno ? errno : EIO));
        goto fail;
    }
    buf[len] = 0;
    fclose(f);
    return buf;
large:
    set_err(err, errlen, "%s: file is larger than %lu bytes (%lu MiB), the limit of a .dat file",
            path, (unsigned long)NCS_DAT_MAX_BYTES, (unsigned long)(NCS_DAT_MAX_BYTES >> 20));
fail:
    free(buf);
    fclose(f);
    return NULL;
}

/* A header number: a decimal integer (digits only, as Siconos writes
 * them), followed by white space or the end. Returns 0 with *v set, or -1. */
static int header_int(char **p, long *v) {
    char *q = *p, *end;
    while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
        q++;
    if (*q < '0' || *q > '9')
        return -1;
    errno = 0;
    *v = strtol(q, &end, 10);
    if (errno || (*end && *end != ' ' && *end != '\t' && *end != '\n' && *end != '\r'))
        return -1;
    *p = end;
    return 0;
}

static int next_num(char **p, double *v) {
    char *end;
    *v = strtod(*p, &end);
    if (end == *p)
        return -1;
    *p = end;
    return 0;
}

/* Line (from 1) of position p in text. */
static unsigned long line_at(const char *text, const char *p) {
    unsigned long line = 1;
    for (; text < p; text++)
        line += *text == '\n';
    return line;
}

static int blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Line of what comes next after p: the next token's, or at the end of the
 * text the line of the last one. */
static unsigned long line_next(const char *text, const char *p) {
    while (blank(*p))
        p++;
    while (!*p && p > text && blank(p[-1]))
        p--;
    return line_at(text, p);
}

/* The next header-style integer (header_int) within [lo, hi] into *v;
 * -1 with a message naming the file, the line and `what` otherwise. */
static int sbm_int(const char *path, const char *text, char **p, long lo, long hi,
                   const char *what, long *v, char *err, size_t errlen) {
    char *at = *p;
    while (blank(*at))
        at++;
    if (header_int(p, v) != 0) {
        set_err(err, errlen, "%s:%lu: sparse-block matrix: %s: %s", path, line_next(text, at),
                what, *at ? "a decimal integer expected" : "the file ends before it");
        return -1;
    }
    if (*v < lo || *v > hi) {
        set_err(err, errlen, "%s:%lu: sparse-block matrix: %s is %ld, not in %ld..%ld", path,
                line_at(text, at), what, *v, lo, hi);
        return -1;
    }
    return 0;
}

/* Siconos' sparse-block storage (NM_SPARSE_BLOCK, storage type 1), read
 * after the header 'm 1 m m' into B (m x m, row-major, zeroed here):
 *   nbblocks (0: B = 0, nothing follows), block rows R, block columns C,
 *   R cumulative row ends, C cumulative column ends (increasing, the last
 *   is m), R + 1, nbblocks, the R + 1 row pointers (0 .. nbblocks,
 *   nondecreasing), the nbblocks block columns (each < C, none twice in a
 *   block row), then per block row and block, in order: the block's number
 *   and its entries column by column.
 * Returns 0, or -1 with a message naming the file and line. */
static int read_sbm(const char *path, const char *text, char **p, int m, double *B,
                    char *err, size_t errlen) {
    long nb, nr, nc, v, *ends = NULL, *ptr = NULL, *bcol = NULL, *seen = NULL;
    long i, k, at;
    int rc = -1;
    memset(B, 0, (size_t)m * (size_t)m * sizeof *B);
    if (sbm_int(path, text, p, 0, (long)m * m, "the number of blocks", &nb, err, errlen))
        return -1;
    if (nb == 0)
        return 0;
    if (sbm_int(path, text, p, 1, m, "the number of block rows", &nr, err, errlen) ||
        sbm_int(path, text, p, 1, m, "the number of block columns", &nc, err, errlen))
        return -1;
    if (nb > nr * nc) {
        set_err(err, errlen, "%s:%lu: sparse-block matrix: %ld blocks, more than %ld x %ld",
                path, line_at(text, *p), nb, nr, nc);
        return -1;
    }
    if ((size_t)nb > strlen(*p) / 2) {  /* each block's column takes 2 characters */
        set_err(err, errlen, "%s:%lu: sparse-block matrix: %ld blocks, more than the rest of "
                "the file can list", path, line_at(text, *p), nb);
        return -1;
    }
    ends = malloc((size_t)(nr + nc) * sizeof *ends);
    ptr = malloc((size_t)(nr + 1) * sizeof *ptr);
    bcol = malloc((size_t)nb * sizeof *bcol);
    seen = malloc((size_t)nc * sizeof *seen);
    if (!ends || !ptr || !bcol || !seen) {
        set_err(err, errlen, "%s: out of memory", path);
        goto done;
    }
    for (i = 0; i < nr + nc; i++) {     /* row ends, then column ends */
        long first = i < nr ? 0 : nr, prev = i > first ? ends[i - 1] : 0;
        long last = i < nr ? nr - 1 : nr + nc - 1;
        if (sbm_int(path, text, p, prev + 1, m,
                    i < nr ? "a block row's end (cumulative, increasing)"
                           : "a block column's end (cumulative, increasing)",
                    &ends[i], err, errlen))
            goto done;
        if (i == last && ends[i] != m) {
            set_err(err, errlen, "%s:%lu: sparse-block matrix: the last block %s ends at %ld, "
                    "not at m = %d", path, line_at(text, *p), i < nr ? "row" : "column",
                    ends[i], m);
            goto done;
        }
    }
    if (sbm_int(path, text, p, nr + 1, nr + 1, "the row pointers' count (block rows + 1)", &v,
                err, errlen) ||
        sbm_int(path, text, p, nb, nb, "the block columns' count (the number of blocks)", &v,
                err, errlen))
        goto done;
    for (i = 0, v = 0; i <= nr; i++) {
        if (sbm_int(path, text, p, v, i ? nb : 0,
                    "a row pointer (0 first, nondecreasing, the number of blocks last)",
                    &v, err, errlen))
            goto done;
        ptr[i] = v;
    }
    if (v != nb) {
        set_err(err, errlen, "%s:%lu: sparse-block matrix: the last row pointer is %ld, not "
                "the number of blocks %ld", path, line_at(text, *p), v, nb);
        goto done;
    }
    for (i = 0; i < nc; i++)
        seen[i] = -1;
    for (i = 0; i < nr; i++)
        for (k = ptr[i]; k < ptr[i + 1]; k++) {
            char *here = *p;
            if (sbm_int(path, text, p, 0, nc - 1, "a block's column", &bcol[k], err, errlen))
                goto done;
            if (seen[bcol[k]] == i) {
                set_err(err, errlen, "%s:%lu: sparse-block matrix: block column %ld twice in "
                        "block row %ld", path, line_next(text, here), bcol[k], i);
                goto done;
            }
            seen[bcol[k]] = i;
        }
    for (i = 0; i < nr; i++) {
        long r0 = i ? ends[i - 1] : 0, rows = ends[i] - r0;
        for (k = ptr[i]; k < ptr[i + 1]; k++) {
            long c = bcol[k], c0 = c ? ends[nr + c - 1] : 0, cols = ends[nr + c] - c0, n;
            if (sbm_int(path, text, p, k, k, "the block's number (blocks in order)", &v, err,
                        errlen))
                goto done;
            for (n = 0; n < rows * cols; n++) {
                double x;
                if (next_num(p, &x) != 0) {
                    set_err(err, errlen, "%s:%lu: sparse-block matrix: block %ld is short "
                            "(%ld of %ld entries)", path, line_next(text, *p), k, n,
                            rows * cols);
                    goto done;
                }
                at = (r0 + n % rows) * m + c0 + n / rows;   /* entries column by column */
                B[at] = x;
            }
        }
    }
    rc = 0;
done:
    free(ends);
    free(ptr);
    free(bcol);
    free(seen);
    return rc;
}

int ncs_lcp_read_dat(const char *path, ncs_lcp_dat *out, char *err, size_t errlen) {
    char *text, *p, *lay;
    double v;
    long h[6];
    int i, j, m, sbm;
    memset(out, 0, sizeof *out);
    if (!(text = slurp(path, err, errlen)))
        return -1;
    p = text;
    for (i = 0; i < 6; i++) {
        if (i == 4 && h[1] == 1)
            break;                      /* sparse-block: 'm 1 m m' */
        if (header_int(&p, &h[i]) != 0) {
            set_err(err, errlen, "%s: bad header: 6 decimal integers 'm 0 m m m m' expected",
                    path);
            goto bad;
        }
    }
    sbm = h[1] == 1;
    if (sbm) {
        m = h[0] >= 1 && h[0] <= NCS_DAT_SBM_MAX_M ? (int)h[0] : 0;
        if (m < 1 || h[2] != m || h[3] != m) {
            set_err(err, errlen, "%s: header must be 'm 1 m m' (sparse-block, square), "
                    "1 <= m <= %d", path, NCS_DAT_SBM_MAX_M);
            goto bad;
        }
    } else {
        m = h[0] >= 1 && h[0] <= NCS_LCP_MAX_M ? (int)h[0] : 0;
        if (h[1] != 0) {
            set_err(err, errlen, "%s: storage type %ld: 0 (dense) or 1 (sparse-block) "
                    "expected", path, h[1]);
            goto bad;
        }
        if (m < 1 || h[2] != m || h[3] != m || h[4] != m || h[5] != m) {
            set_err(err, errlen, "%s: header must be 'm 0 m m m m' (dense, square), "
                    "1 <= m <= %d", path, NCS_LCP_MAX_M);
            goto bad;
        }
    }
    out->m = m;
    out->B = malloc((size_t)m * (size_t)m * sizeof *out->B);
    out->b = malloc((size_t)m * sizeof *out->b);
    if (!out->B || !out->b) {
        set_err(err, errlen, "%s: out of memory", path);
        goto bad;
    }
    if (sbm) {
        if (read_sbm(path, text, &p, m, out->B, err, errlen) != 0)
            goto bad;
    } else {
        for (j = 0; j < m; j++)          /* line j is column j */
            for (i = 0; i < m; i++) {
                if (next_num(&p, &v) != 0) {
                    set_err(err, errlen, "%s:%lu: B is short (column %d)", path,
                            line_next(text, p), j + 1);
                    goto bad;
                }
                out->B[(size_t)i * m + j] = v;
            }
    }
    for (i = 0; i < m; i++)
        if (next_num(&p, &out->b[i]) != 0) {
            set_err(err, errlen, "%s:%lu: q is short (%d of %d numbers)", path,
                    line_next(text, p), i, m);
            goto bad;
        }
    /* free text: look for the layout line */
    if ((lay = strstr(p, "ncs-layout:")) != NULL) {
        char *eol = strchr(lay, '\n');
        if (eol)
            *eol = 0;
        if (ncs_layout_parse(lay + strlen("ncs-layout:"), &out->layout, &out->sizes,
                             err, errlen) != 0) {
            char why[200];
            snprintf(why, sizeof why, "%s", err);
            set_err(err, errlen, "%s: %s", path, why);  /* the file named */
            goto bad;
        }
        out->has_layout = 1;
    }
    free(text);
    return 0;
bad:
    free(text);
    ncs_lcp_dat_free(out);
    return -1;
}

void ncs_lcp_dat_free(ncs_lcp_dat *d) {
    if (!d)
        return;
    free(d->B);
    free(d->b);
    free(d->sizes);
    memset(d, 0, sizeof *d);
}

int ncs_lcp_write_dat(const char *path, int m, const double *B, int ldb,
                      const double *b, const ncs_layout *L, const char *comment) {
    FILE *f;
    int i, j, bad = 0;
    char line[4096];
    if (!path || m < 1 || !B || !b || ldb < m)
        return -1;
    if (L && ncs_layout_format(L, line, sizeof line) < 0)
        return -1;
    if (!(f = fopen(path, "w")))
        return -1;
    fprintf(f, "%d\n0\n%d\n%d\n%d\t%d\n", m, m, m, m, m);
    for (j = 0; j < m; j++)
        for (i = 0; i < m; i++)
            fprintf(f, "%.17g%c", B[(size_t)i * ldb + j], i + 1 < m ? ' ' : '\n');
    for (i = 0; i < m; i++)
        fprintf(f, "%.17g%c", b[i], i + 1 < m ? ' ' : '\n');
    fprintf(f, "\n");
    if (L)
        fprintf(f, "ncs-layout: %s\n", line);
    if (comment)
        fprintf(f, "%s\n", comment);
    bad = ferror(f) != 0;
    if (fclose(f) != 0)
        bad = 1;
    return bad ? -1 : 0;
}
