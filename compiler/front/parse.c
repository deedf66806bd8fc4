/* parse.c - front end: its entry point. Runs the scanner and parser
 * generated from grammars/scene.l and grammars/scene.y (whose actions build
 * the raw tree through ast.c), then the checks of sema.c.
 */
#include <limits.h>
#include <string.h>
#include "front.h"
#include "parse.h"
#include "scene.tab.h"
#include "scene.lex.h"

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
