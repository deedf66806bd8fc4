/* diag.c - GNU-style diagnostics with the source line and a caret.
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
 */
#include <stdarg.h>
#include <string.h>
#include "diag.h"

enum {
    DIAG_DEFAULT_MAX = 100, /* error cap when max_errors is 0 */
    DIAG_WIDTH = 160,       /* widest source excerpt printed */
    DIAG_BEFORE = 80,       /* columns kept left of the caret in a window */
    DIAG_TAB = 8            /* tab stop */
};

typedef enum diag_kind { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } diag_kind;

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

static void report(ncs_diag *d, diag_kind kind, ncs_loc loc, const char *fmt,
                   va_list ap) {
    static const char *const label[] = {"error", "warning", "note"};
    if (kind == DIAG_ERROR) {
        d->nerrors++;
        if (d->nerrors == diag_max(d) + 1)
            fprintf(d->out, "%s: error: too many errors, stopping\n", d->file);
    } else if (kind == DIAG_WARNING && !ncs_diag_stopped(d)) {
        d->nwarnings++;
    }
    if (ncs_diag_stopped(d))
        return;                     /* past the cap: notes and warnings too */
    if (loc.line > 0 && loc.col > 0)
        fprintf(d->out, "%s:%d:%d: %s: ", d->file, loc.line, loc.col, label[kind]);
    else if (loc.line > 0)
        fprintf(d->out, "%s:%d: %s: ", d->file, loc.line, label[kind]);
    else
        fprintf(d->out, "%s: %s: ", d->file, label[kind]);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (loc.line > 0)
        show_source(d, loc);
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
