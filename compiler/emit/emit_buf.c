/* emit_buf.c - emission: growable text buffer for the code generator. */
#include <stdarg.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emit_buf.h"

/* Makes room for `extra` more bytes plus the NUL. Returns 0, or -1 (oom). */
static int reserve(ncs_buf *b, size_t extra) {
    size_t need, cap;
    char *s;
    if (b->oom)
        return -1;
    need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    cap = b->cap ? b->cap : 4096;
    while (cap < need)
        cap *= 2;
    s = realloc(b->s, cap);
    if (!s) {
        b->oom = 1;
        return -1;
    }
    b->s = s;
    b->cap = cap;
    return 0;
}

static void append(ncs_buf *b, const char *text, size_t n) {
    if (reserve(b, n) != 0)
        return;
    memcpy(b->s + b->len, text, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void ncs_buf_printf(ncs_buf *b, const char *fmt, ...) {
    va_list ap;
    int n;
    if (!strchr(fmt, '%')) { /* plain text (", " between numbers): no vsnprintf */
        append(b, fmt, strlen(fmt));
        return;
    }
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->oom = 1;
        return;
    }
    if (reserve(b, (size_t)n) != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void ncs_buf_tpl(ncs_buf *b, const char *text) {
    const char *p = text;
    while (*p) {
        size_t run = strcspn(p, "@$");
        append(b, p, run);
        p += run;
        if (*p == '@')
            append(b, b->lo, strlen(b->lo));
        else if (*p == '$')
            append(b, b->up, strlen(b->up));
        if (*p)
            p++;
    }
}

/* Does v printed with %.*g at precision prec (into c, n bytes) read back
 * as v? */
static int reads_back(char *c, size_t n, int prec, double v) {
    snprintf(c, n, "%.*g", prec, v);
    return strtod(c, NULL) == v;
}

/* The shortest %.*g text of v that reads back as v (1 to 17 digits; of
 * equal lengths the fewest digits: "10", not "1e+01"). Whether a precision
 * reads back grows with it, so the least one is found by trying 16 and 15
 * first (most computed values need 16 or 17 digits: one or two tries
 * instead of four), then by bisection; the few above it may still print
 * shorter without an exponent. */
static void shortest(char *tmp, size_t n, double v) {
    char c[320]; /* room for any %.*g GCC imagines (-Wformat-truncation at -O0) */
    int lo = 1, hi = 15, prec;
    if (!reads_back(c, sizeof c, 16, v))
        lo = hi = 17;
    else if (!reads_back(c, sizeof c, 15, v))
        lo = hi = 16;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (reads_back(c, sizeof c, mid, v))
            hi = mid;
        else
            lo = mid + 1;
    }
    snprintf(tmp, n, "%.*g", lo, v);
    for (prec = lo + 1; prec <= 17 && prec <= lo + 5; prec++) {
        snprintf(c, sizeof c, "%.*g", prec, v);
        if (strlen(c) < strlen(tmp) && strlen(c) < n)
            strcpy(tmp, c);
    }
}

/** Entries of the cache of number texts (a power of two). */
#define NUMCACHE_SIZE 65536

/* One cached number: the value's bits and its literal as ncs_buf_num
 * writes it. */
typedef struct numtext {
    uint64_t bits;      /* the double's bits */
    char text[40];      /* its literal; "" for an empty entry */
} numtext;

/* Direct-mapped by a hash of the bits. Large tables repeat their numbers
 * (normals, vertices shared by pieces: the 1e5-vertex saw's tables hold 4.8
 * million numbers, 0.7 million distinct), and finding the shortest text
 * costs about ten snprintf and strtod calls (docs/performance.md,
 * "Vertices"). */
struct ncs_numcache {
    numtext e[NUMCACHE_SIZE]; /* the entries */
};

/* The literal of v (finite, not -0) into out (64 bytes). */
static void literal(char *out, double v) {
    char tmp[40];
    shortest(tmp, sizeof tmp, v);
    if (!strpbrk(tmp, ".eEn"))
        strcat(tmp, ".0");
    snprintf(out, 64, v < 0 ? "(%s)" : "%s", tmp);
}

void ncs_buf_num(ncs_buf *b, double v) {
    char out[64];
    uint64_t bits;
    numtext *e = NULL;
    if (!isfinite(v)) {
        b->nonfinite = 1;
        v = 0;
    }
    if (v == 0)
        v = 0; /* no negative zero in the output */
    if (!b->cache)
        b->cache = calloc(1, sizeof *b->cache); /* none: no cache, same text */
    memcpy(&bits, &v, sizeof bits);
    if (b->cache) {
        e = &b->cache->e[((bits * 0x9E3779B97F4A7C15u) >> 48) & (NUMCACHE_SIZE - 1)];
        if (e->text[0] && e->bits == bits) {
            append(b, e->text, strlen(e->text));
            return;
        }
    }
    literal(out, v);
    if (e && strlen(out) < sizeof e->text) {
        e->bits = bits;
        strcpy(e->text, out);
    }
    append(b, out, strlen(out));
}

void ncs_buf_shortest(char *out, size_t n, double v) {
    shortest(out, n, v);
}

void ncs_buf_free(ncs_buf *b) {
    free(b->s);
    free(b->cache);
    memset(b, 0, sizeof *b);
}
