/* ast.c - front end: the builder of the raw syntax tree (front.h). The
 * grammar's actions (grammars/scene.y) call these functions; parse.c, which
 * runs the parser, does not, so the generated parser and its caller do not
 * call each other. The grammar rule that calls each function is above it.
 */
#include "front.h"

/* Every rule that allocates a tree node (statements, points, expectations). */
void *ncs_front_alloc(ncs_front *p, size_t size) {
    void *q = ncs_arena_alloc(p->arena, size);
    if (!q)
        p->nomem = 1;
    return q;
}

/* block_head: SCENE IDENT '{' | OBSTACLE IDENT IDENT '{' | BODY IDENT IDENT '{'
 *           | JOINT IDENT IDENT '{' */
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

/* block_head: SCENE error | OBSTACLE error | BODY error | JOINT error */
ncs_rblock *ncs_front_begin_damaged(ncs_front *p, int kind, ncs_loc loc) {
    ncs_tok none = {0};
    ncs_rblock *b = ncs_front_begin(p, kind, loc, none, none);
    if (b)
        b->damaged = 1;
    return b;
}

/* item: block_head stmts '}' | block_head stmts error '}' | error ';'
 *     | error '}' | error */
void ncs_front_end(ncs_front *p) { p->cur = NULL; }

/* Is a before b in the file? */
static int loc_before(ncs_loc a, ncs_loc b) {
    return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* (yyreport_syntax_error in scene.y, and ncs_front_end_unclosed) */
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

/* item: block_head stmts error */
void ncs_front_end_unclosed(ncs_front *p) {
    ncs_loc open = ncs_front_open_brace(p);
    if (open.line > 0 && p->depth > 0 && p->depth <= NCS_BRACE_MAX
        && p->brace[p->depth - 1].line == open.line
        && p->brace[p->depth - 1].col == open.col)
        p->depth--;
    p->cur = NULL;
}

/* stmts: stmts stmt ';' */
void ncs_front_item(ncs_front *p, ncs_ritem *it) {
    if (!p->cur)
        return;
    *p->cur->tail = it;
    p->cur->tail = &it->next;
}

/* item: EXPECT expectation ';' */
void ncs_front_expect(ncs_front *p, ncs_loc loc, ncs_rexpect *x) {
    ncs_tok none = {0};
    ncs_rblock *b = ncs_front_begin(p, NCS_RB_EXPECT, loc, none, none);
    if (b)
        b->expect = x;
    p->cur = NULL;
}

