/* parse.c - the front end's entry point and the tree-building helpers the
 * grammar actions call. The scanner and parser are generated from
 * grammars/scene.l and grammars/scene.y; checks live in sema.c.
 */
#include <limits.h>
#include <string.h>
#include "front.h"
#include "parse.h"
#include "scene.tab.h"
#include "scene.lex.h"

void *ncs_front_alloc(ncs_front *p, size_t size) {
    void *q = ncs_arena_alloc(p->arena, size);
    if (!q)
        p->nomem = 1;
    return q;
}

ncs_rblock *ncs_front_begin(ncs_front *p, int kind, ncs_loc loc, ncs_tok name,
                            ncs_tok kindname) {
    ncs_rblock *b = ncs_front_alloc(p, sizeof *b);
    if (!b)
        return NULL;
    b->kind = kind;
    b->loc = loc;
    b->name = name;
    b->kindname = kindname;
    b->tail = &b->items;
    *p->tail = b;
    p->tail = &b->next;
    p->cur = b;
    return b;
}

ncs_rblock *ncs_front_begin_damaged(ncs_front *p, int kind, ncs_loc loc) {
    ncs_tok none = {0};
    ncs_rblock *b = ncs_front_begin(p, kind, loc, none, none);
    if (b)
        b->damaged = 1;
    return b;
}

void ncs_front_end(ncs_front *p) { p->cur = NULL; }

/* Is a before b in the file? */
static int loc_before(ncs_loc a, ncs_loc b) {
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

ncs_loc ncs_front_open_brace(const ncs_front *p) {
    ncs_loc none = {0, 0};
    if (!p->cur)
        return none;
    if (p->cur->lbrace.line > 0)
        return p->cur->lbrace;
    if (p->depth > 0 && p->depth <= NCS_BRACE_MAX
        && loc_before(p->cur->loc, p->brace[p->depth - 1]))
        return p->brace[p->depth - 1];
    return none;
}

void ncs_front_end_unclosed(ncs_front *p) {
    ncs_loc open = ncs_front_open_brace(p);
    if (open.line > 0 && p->depth > 0 && p->depth <= NCS_BRACE_MAX
        && p->brace[p->depth - 1].line == open.line
        && p->brace[p->depth - 1].col == open.col)
        p->depth--;
    p->cur = NULL;
}

void ncs_front_item(ncs_front *p, ncs_ritem *it) {
    if (!p->cur)
        return;
    *p->cur->tail = it;
    p->cur->tail = &it->next;
}

void ncs_front_expect(ncs_front *p, ncs_loc loc, ncs_rexpect *x) {
    ncs_tok none = {0};
    ncs_rblock *b = ncs_front_begin(p, NCS_RB_EXPECT, loc, none, none);
    if (b)
        b->expect = x;
    p->cur = NULL;
}

const char *ncs_quote(char *buf, const char *s, size_t max) {
    static const char hex[] = "0123456789abcdef";
    size_t o = 0, n = strlen(s);
    buf[o++] = '\'';
    for (size_t i = 0; i < n && i < max; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            buf[o++] = (char)c;
        } else {
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        }
    }
    if (n > max) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o++] = '\'';
    buf[o] = '\0';
    return buf;
}

int ncs_edit_distance(const char *a, const char *b, int limit) {
    enum { MAXLEN = 64 };
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAXLEN || lb > MAXLEN)
        return limit + 1;
    if ((la > lb ? la - lb : lb - la) > (size_t)limit)
        return limit + 1;
    int row[MAXLEN + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb] > limit ? limit + 1 : row[lb];
}

const char *ncs_suggest(const char *s, const char *const *names) {
    const char *best = NULL;
    int bestd = 3;
    for (int i = 0; names[i]; i++) {
        int dist = ncs_edit_distance(s, names[i], 2);
        if (dist < bestd) {
            bestd = dist;
            best = names[i];
        }
    }
    return best;
}

ncs_scene *ncs_parse(const char *file, const char *src, size_t len, ncs_diag *d) {
    return ncs_parse_ex(file, src, len, d, NULL);
}

ncs_scene *ncs_parse_ex(const char *file, const char *src, size_t len, ncs_diag *d,
                        int *nomem) {
    return ncs_parse_opt(file, src, len, d, nomem, -1);
}

ncs_scene *ncs_parse_opt(const char *file, const char *src, size_t len, ncs_diag *d,
                         int *nomem, int form_override) {
    ncs_loc nowhere = {0, 0};
    int errors_before = ncs_diag_errors(d);
    ncs_scene *s = NULL;
    yyscan_t scanner = NULL;
    YY_BUFFER_STATE buf = NULL;
    ncs_front p;

    memset(&p, 0, sizeof p);
    p.d = d;
    p.file = file;
    p.src = src;
    p.srclen = len;
    p.form_override = form_override;
    p.line = p.col = 1;
    p.tok_end.line = p.tok_end.col = 1;
    p.at_stmt_start = 1;
    p.tail = &p.items;
    if (nomem)
        *nomem = 0;
    if (len > INT_MAX - 2) {
        ncs_error(d, nowhere, "file is too large (%zu bytes)", len);
        return NULL;
    }
    ncs_diag_hold(d);               /* printed in source order at the end */
    p.arena = ncs_arena_new();
    if (!p.arena || yylex_init_extra(&p, &scanner) != 0) {
        ncs_error(d, nowhere, "out of memory");
        p.nomem = 1;
        goto done;
    }
    buf = yy_scan_bytes(src, (int)len, scanner);
    int rc = yyparse(scanner, &p);
    if (p.nomem)
        ncs_error(d, nowhere, "out of memory");
    else if (rc != 2 && !ncs_diag_stopped(d))
        s = ncs_sema(&p);           /* not after the parser ran out of stack */
done:
    if (buf)
        yy_delete_buffer(buf, scanner);
    if (scanner)
        yylex_destroy(scanner);
    ncs_diag_flush(d);
    if (nomem)
        *nomem = p.nomem;
    if (!s || ncs_diag_errors(d) > errors_before) {
        ncs_arena_free(p.arena);
        return NULL;
    }
    return s;
}

void ncs_scene_free(ncs_scene *s) {
    if (s)
        ncs_arena_free(s->arena);
}
