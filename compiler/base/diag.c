/* diag.c - shared base: GNU-style diagnostics with the source line and a caret.
 *
 *   file:line:col: error: message
 *       3 |     mass = -1;
 *         |            ^
 *
 * The gutter is the line number right-aligned in 5 columns (wider when the
 * number needs it), then " | ". Tabs in the echoed line are expanded to
 * 8-column stops and the caret line is built with the same expansion, so the
 * caret stays aligned. Bytes that are not printable ASCII are echoed as '?'
 * (one column each, matching the byte-based column numbers). Lines longer
 * than DIAG_WIDTH columns are shown as a window around the caret.
 *
 * While held (ncs_diag_hold), messages are formatted into memory and printed
 * by ncs_diag_flush in source order: the scanner reports lexical errors as
 * it reads, the parser a statement later, the semantic checks after the
 * whole file, so the report order alone would jump around the file.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"

enum {
    DIAG_DEFAULT_MAX = 100, /* error cap when max_errors is 0 */
    DIAG_WIDTH = 160,       /* widest source excerpt printed */
    DIAG_BEFORE = 80,       /* columns kept left of the caret in a window */
    DIAG_TAB = 8            /* tab stop */
};

typedef enum diag_kind { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } diag_kind;

/** A held message. Notes sort with the error or warning before them. */
struct ncs_diag_msg {
    int kind;           /* diag_kind */
    ncs_loc loc;        /* where it points */
    ncs_loc key;        /* sort position: its own, or its error's for a note */
    size_t group;       /* report index of that error (ties: report order) */
    size_t seq;         /* report index of this message */
    char *text;         /* the formatted message (malloc'ed) */
};

void ncs_diag_init(ncs_diag *d, const char *file, const char *src, size_t len) {
    memset(d, 0, sizeof *d);
    d->file = file;
    d->src = src;
    d->srclen = src ? len : 0;
    d->out = stderr;
}

int ncs_diag_errors(const ncs_diag *d) { return d->nerrors; }

static int diag_max(const ncs_diag *d) {
    return d->max_errors > 0 ? d->max_errors : DIAG_DEFAULT_MAX;
}

int ncs_diag_stopped(const ncs_diag *d) { return d->nerrors > diag_max(d); }

/* Finds line `line` (1-based) of the source: its start and length. */
static int find_line(const ncs_diag *d, int line, const char **start, size_t *len) {
    if (!d->src || line < 1)
        return 0;
    const char *p = d->src, *end = d->src + d->srclen;
    for (int l = 1; l < line; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return 0;
        p = nl + 1;
    }
    if (p == end && line > 1)
        return 0;                   /* past the last line */
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    if (n > 0 && p[n - 1] == '\r')
        n--;
    *start = p;
    *len = n;
    return 1;
}

/* Display column (0-based) reached after the first `nbytes` bytes of s. */
static size_t display_col(const char *s, size_t nbytes) {
    size_t c = 0;
    for (size_t i = 0; i < nbytes; i++)
        c = s[i] == '\t' ? (c / DIAG_TAB + 1) * DIAG_TAB : c + 1;
    return c;
}

/* Echoes the display columns [from, to) of line s (n bytes). */
static void echo_columns(FILE *out, const char *s, size_t n, size_t from, size_t to) {
    size_t c = 0;
    for (size_t i = 0; i < n && c < to; i++) {
        unsigned char ch = (unsigned char)s[i];
        size_t next = ch == '\t' ? (c / DIAG_TAB + 1) * DIAG_TAB : c + 1;
        for (size_t k = c; k < next && k < to; k++) {
            if (k < from)
                continue;
            if (ch == '\t')
                fputc(' ', out);
            else
                fputc(ch >= 0x20 && ch < 0x7f ? ch : '?', out);
        }
        c = next;
    }
}

/* Prints the source line of `loc` and a caret under its column. */
static void show_source(const ncs_diag *d, ncs_loc loc) {
    const char *s;
    size_t n;
    if (loc.col < 1 || !find_line(d, loc.line, &s, &n))
        return;
    size_t b = (size_t)loc.col - 1;         /* caret byte offset */
    if (b > n)
        b = n;
    size_t width = display_col(s, n);
    size_t caret = display_col(s, b);
    size_t from = 0, to = width;
    int lead = 0, trail = 0;
    if (width > DIAG_WIDTH) {               /* window around the caret */
        from = caret > DIAG_BEFORE ? caret - DIAG_BEFORE : 0;
        to = from + DIAG_WIDTH;
        if (to > width)
            to = width;
        lead = from > 0;
        trail = to < width;
    }
    char num[32];
    int w = snprintf(num, sizeof num, "%d", loc.line);
    if (w < 5)
        w = 5;
    fprintf(d->out, "%*d | %s", w, loc.line, lead ? "..." : "");
    echo_columns(d->out, s, n, from, to);
    fprintf(d->out, "%s\n%*s | %s", trail ? "..." : "", w, "", lead ? "   " : "");
    for (size_t c = from; c < caret; c++)
        fputc(' ', d->out);
    fputs("^\n", d->out);
}

/* Prints a message's heading: "file:line:col: error: ". */
static void print_head(const ncs_diag *d, int kind, ncs_loc loc) {
    static const char *const label[] = {"error", "warning", "note"};
    if (loc.line > 0 && loc.col > 0)
        fprintf(d->out, "%s:%d:%d: %s: ", d->file, loc.line, loc.col, label[kind]);
    else if (loc.line > 0)
        fprintf(d->out, "%s:%d: %s: ", d->file, loc.line, label[kind]);
    else
        fprintf(d->out, "%s: %s: ", d->file, label[kind]);
}

/* Ends a message: the newline, then the source line and the caret. */
static void print_tail(const ncs_diag *d, ncs_loc loc) {
    fputc('\n', d->out);
    if (loc.line > 0)
        show_source(d, loc);
}

static int msg_compare(const void *pa, const void *pb) {
    const struct ncs_diag_msg *a = pa, *b = pb;
    if (a->key.line != b->key.line)
        return a->key.line < b->key.line ? -1 : 1;
    if (a->key.col != b->key.col)
        return a->key.col < b->key.col ? -1 : 1;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Keeps a message for ncs_diag_flush. Returns 0, or -1 when out of memory. */
static int hold_message(ncs_diag *d, diag_kind kind, ncs_loc loc, const char *fmt,
                        va_list ap) {
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0)
        return -1;
    if (d->nheld == d->capheld) {
        size_t cap = d->capheld ? 2 * d->capheld : 16;
        struct ncs_diag_msg *m = cap < ((size_t)-1) / sizeof *m
                                 ? realloc(d->held, cap * sizeof *m) : NULL;
        if (!m)
            return -1;
        d->held = m;
        d->capheld = cap;
    }
    struct ncs_diag_msg *m = &d->held[d->nheld];
    m->text = malloc((size_t)n + 1);
    if (!m->text)
        return -1;
    vsnprintf(m->text, (size_t)n + 1, fmt, ap);
    m->kind = kind;
    m->loc = loc;
    m->seq = d->nheld;
    if (kind == DIAG_NOTE && d->nheld > 0) {
        m->key = d->held[d->nheld - 1].key;     /* with its error */
        m->group = d->held[d->nheld - 1].group;
    } else {
        m->key = loc;
        if (loc.line <= 0) {                    /* no position: last */
            m->key.line = INT_MAX;
            m->key.col = INT_MAX;
        }
        m->group = m->seq;
    }
    d->nheld++;
    return 0;
}

void ncs_diag_io_error(ncs_diag *d, const char *fmt, ...) {
    va_list ap;
    if (!d->out)
        return;
    fprintf(d->out, "%s: error: ", d->file);
    va_start(ap, fmt);
    vfprintf(d->out, fmt, ap);
    va_end(ap);
}

void ncs_diag_hold(ncs_diag *d) {
    d->holding = 1;
}

void ncs_diag_flush(ncs_diag *d) {
    if (!d->holding)
        return;
    if (d->nheld > 1)
        qsort(d->held, d->nheld, sizeof d->held[0], msg_compare);
    for (size_t i = 0; i < d->nheld; i++) {
        print_head(d, d->held[i].kind, d->held[i].loc);
        fputs(d->held[i].text, d->out);
        print_tail(d, d->held[i].loc);
        free(d->held[i].text);
    }
    if (d->held_capped && d->out)   /* a sink that only counts held nothing */
        fprintf(d->out, "%s: error: too many errors, stopping\n", d->file);
    free(d->held);
    d->held = NULL;
    d->nheld = d->capheld = 0;
    d->holding = 0;
    d->held_capped = 0;
}

static void report(ncs_diag *d, diag_kind kind, ncs_loc loc, const char *fmt,
                   va_list ap) {
    if (kind == DIAG_ERROR) {
        d->nerrors++;
        if (d->nerrors == diag_max(d) + 1) {
            if (d->holding)
                d->held_capped = 1;
            else if (d->out)
                fprintf(d->out, "%s: error: too many errors, stopping\n", d->file);
        }
    } else if (kind == DIAG_WARNING && !ncs_diag_stopped(d)) {
        d->nwarnings++;
    }
    if (ncs_diag_stopped(d) || !d->out)
        return;                     /* past the cap (notes and warnings too),
                                       or a sink that only counts */
    if (d->holding) {
        va_list aq;
        va_copy(aq, ap);
        int held = hold_message(d, kind, loc, fmt, aq) == 0;
        va_end(aq);
        if (held)
            return;
        ncs_diag_flush(d);          /* out of memory: print from here on */
    }
    print_head(d, kind, loc);
    vfprintf(d->out, fmt, ap);
    print_tail(d, loc);
}

void ncs_error(ncs_diag *d, ncs_loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    report(d, DIAG_ERROR, loc, fmt, ap);
    va_end(ap);
}

void ncs_warning(ncs_diag *d, ncs_loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    report(d, DIAG_WARNING, loc, fmt, ap);
    va_end(ap);
}

void ncs_note(ncs_diag *d, ncs_loc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    report(d, DIAG_NOTE, loc, fmt, ap);
    va_end(ap);
}
