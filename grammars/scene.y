/* scene.y - the .ncs grammar (see docs/language.md).
 *
 * The grammar only builds a raw tree (front.h) in the parse's arena; every
 * range, name and applicability check is in sema.c. Nothing here owns
 * memory, so no %destructor is needed: on every path the arena is freed
 * as a whole by ncs_parse.
 *
 * Error recovery: a bad statement inside a block is skipped up to its ';'
 * (or to the block's '}'), a bad top-level item up to the next ';' or '}'
 * or top-level keyword. A block whose '}' is missing ends where the next
 * top-level item (scene, obstacle, body, expect) or the end of the file
 * begins: one error, one note, and what follows is parsed as usual. Each
 * recovery ends with yyerrok: a ';', a '}' or a top-level keyword is a real
 * boundary, so an error right after it is independent and gets reported.
 * Parse-time LAC (parse.lac full) keeps the recoveries that end without a
 * closing token from reducing on a lookahead that cannot follow them.
 * The lists are left-recursive, so the parser stack stays shallow whatever
 * the input; YYMAXDEPTH exhaustion is still reported as an error.
 */
%require "3.8"
%define api.pure full
%locations
%define parse.error custom
%define parse.lac full
%expect 0

%param {void *scanner}
%parse-param {ncs_front *p}

%code requires {
#include "front.h"

/* Point list under construction. */
typedef struct ncs_rpoints {
    ncs_rpoint *head;   /* first point */
    ncs_rpoint *tail;   /* last point */
    int n;              /* number of points */
} ncs_rpoints;
}

%code provides {
int yylex(YYSTYPE *lval, YYLTYPE *lloc, void *scanner);
}

%code {
#include <math.h>
#include <string.h>

static ncs_loc ncs_yloc(YYLTYPE l) {
    ncs_loc loc = {l.first_line, l.first_column};
    return loc;
}
#define LOC(l) ncs_yloc(l)

static void yyerror(YYLTYPE *l, void *scanner, ncs_front *p, const char *msg);

/* A vector value from two number tokens; `at` is the '(' location. */
static ncs_rvalue ncs_vec_value(ncs_loc at, ncs_tok x, ncs_tok y) {
    ncs_rvalue v;
    memset(&v, 0, sizeof v);
    v.kind = NCS_RV_VEC;
    v.vec.x = x.num;
    v.vec.y = y.num;
    v.loc = at;
    return v;
}
}

%union {
    ncs_tok tok;            /* IDENT, NUMBER */
    ncs_rvalue val;         /* setting values, vectors */
    ncs_rpoints pts;        /* vertex lists */
    ncs_ritem *item;        /* statements */
    ncs_rexpect *ex;        /* expectations */
    ncs_rwhen when;         /* at step N / at end */
    int op;                 /* ncs_cmp */
}

%token END_OF_FILE 0 "end of file"
%token <tok> IDENT "name"
%token <tok> NUMBER "number"
%token SCENE "scene" OBSTACLE "obstacle" BODY "body" JOINT "joint" EXPECT "expect"
%token OUTER "outer" HOLE "hole" VERTICES "vertices" SIDE "side" NORMAL "normal"
%token AUTO "auto" AT "at" STEP "step" END "end" WITHIN "within"
%token NO "no" PENETRATION "penetration" EVERY "every" SOLVED "solved"
%token EQEQ "==" LE "<=" GE ">="
  /* scene/obstacle/body/expect inside a block where it cannot start a new
     item (see scene.l); no rule uses it */
%token RESERVED "reserved word"

%type <val> value vec evalue
%type <pts> points
%type <item> stmt
%type <ex> expectation
%type <when> when
%type <op> cmp
%type <tok> within

%%

/* A file is a sequence of top-level items; sema.c checks that the scene
 * block comes first and appears once. */
file
    : %empty
    | file item
    ;

item
    : block_head stmts '}'          { ncs_front_end(p); }
      /* a block whose last statement lost its ';' ends at its '}' */
    | block_head stmts error '}'    { yyerrok; ncs_front_end(p); }
      /* a block whose '}' is missing ends where the next top-level item
         or the end of the file begins (the lookahead, left in place) */
    | block_head stmts error        { yyerrok; ncs_front_end_unclosed(p); }
    | EXPECT expectation ';'        { ncs_front_expect(p, LOC(@1), $2); }
      /* resynchronise at the end of a statement or of a block */
    | error ';'                     { yyerrok; ncs_front_end(p); }
    | error '}'                     { yyerrok; ncs_front_end(p); }
      /* or at the next top-level keyword (the lookahead, left in place) */
    | error                         { yyerrok; ncs_front_end(p); }
    ;

/* The opening of a block; its statements are attached to it. */
block_head
    : SCENE IDENT '{'
        { ncs_tok none = {0};
          ncs_rblock *b = ncs_front_begin(p, NCS_RB_SCENE, LOC(@1), $2, none);
          if (!b) YYNOMEM;
          b->lbrace = LOC(@3); }
    | OBSTACLE IDENT IDENT '{'
        { ncs_rblock *b = ncs_front_begin(p, NCS_RB_OBSTACLE, LOC(@1), $2, $3);
          if (!b) YYNOMEM;
          b->lbrace = LOC(@4); }
    | BODY IDENT IDENT '{'
        { ncs_rblock *b = ncs_front_begin(p, NCS_RB_BODY, LOC(@1), $2, $3);
          if (!b) YYNOMEM;
          b->lbrace = LOC(@4); }
    | JOINT IDENT IDENT '{'
        { ncs_rblock *b = ncs_front_begin(p, NCS_RB_JOINT, LOC(@1), $2, $3);
          if (!b) YYNOMEM;
          b->lbrace = LOC(@4); }
      /* a broken head (missing name, kind or '{'): the statements that
         follow still belong to a (damaged, unnamed) block */
    | SCENE error                   { if (!ncs_front_begin_damaged(p, NCS_RB_SCENE, LOC(@1))) YYNOMEM; }
    | OBSTACLE error                { if (!ncs_front_begin_damaged(p, NCS_RB_OBSTACLE, LOC(@1))) YYNOMEM; }
    | BODY error                    { if (!ncs_front_begin_damaged(p, NCS_RB_BODY, LOC(@1))) YYNOMEM; }
    | JOINT error                   { if (!ncs_front_begin_damaged(p, NCS_RB_JOINT, LOC(@1))) YYNOMEM; }
    ;

stmts
    : %empty
    | stmts stmt                    { if ($2) ncs_front_item(p, $2); }
    ;

/* One statement in a block: a setting, a vertex list, a group side or a
 * joint's anchor. */
stmt
    : IDENT '=' value ';'
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->kind = NCS_RI_SETTING; $$->name = $1.text; $$->loc = $1.loc; $$->val = $3; }
    | OUTER points ';'
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->kind = NCS_RI_OUTER; $$->loc = LOC(@1); $$->pts = $2.head; $$->npts = $2.n; }
    | HOLE points ';'
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->kind = NCS_RI_HOLE; $$->loc = LOC(@1); $$->pts = $2.head; $$->npts = $2.n; }
    | VERTICES points ';'
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->kind = NCS_RI_VERTICES; $$->loc = LOC(@1); $$->pts = $2.head; $$->npts = $2.n; }
    | SIDE vec NORMAL vec ';'
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->kind = NCS_RI_SIDE; $$->loc = LOC(@1);
          $$->side_point = $2; $$->side_normal = $4; }
    | AT vec ';'
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->kind = NCS_RI_AT; $$->loc = LOC(@1); $$->side_point = $2; }
      /* skip a bad statement up to its ';' */
    | error ';'                     { yyerrok; $$ = NULL; }
    ;

/* The right-hand side of a setting. */
value
    : NUMBER
        { memset(&$$, 0, sizeof $$); $$.kind = NCS_RV_NUMBER; $$.num = $1.num;
          $$.text = $1.text; $$.loc = $1.loc; }
    | vec                           { $$ = $1; }
    | IDENT
        { memset(&$$, 0, sizeof $$); $$.kind = NCS_RV_NAME; $$.text = $1.text;
          $$.loc = $1.loc; }
    | AUTO
        { memset(&$$, 0, sizeof $$); $$.kind = NCS_RV_AUTO; $$.text = "auto";
          $$.loc = LOC(@1); }
    ;

/* (x, y) */
vec
    : '(' NUMBER ',' NUMBER ')'     { $$ = ncs_vec_value(LOC(@1), $2, $4); }
    ;

/* One or more points, kept in order. */
points
    : vec
        { ncs_rpoint *q = ncs_front_alloc(p, sizeof *q);
          if (!q) YYNOMEM;
          q->v = $1.vec; q->loc = $1.loc;
          $$.head = $$.tail = q; $$.n = 1; }
    | points vec
        { ncs_rpoint *q = ncs_front_alloc(p, sizeof *q);
          if (!q) YYNOMEM;
          q->v = $2.vec; q->loc = $2.loc;
          $$ = $1; $$.tail->next = q; $$.tail = q;
          if ($$.n < 0x7fffffff) $$.n++; }
    ;

/* What an `expect` statement checks. */
expectation
    : IDENT '.' IDENT when cmp evalue when within
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->form = NCS_RX_MEMBER; $$->target = $1; $$->member = $3;
          $$->when1 = $4; $$->op = $5; $$->oploc = LOC(@5); $$->value = $6;
          $$->when2 = $7; $$->has_tol = $8.text != NULL; $$->tol = $8; }
    | NO PENETRATION within
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->form = NCS_RX_PENETRATION; $$->has_tol = $3.text != NULL; $$->tol = $3; }
    | EVERY STEP SOLVED
        { if (!($$ = ncs_front_alloc(p, sizeof *$$))) YYNOMEM;
          $$->form = NCS_RX_SOLVED; }
    ;

/* Optional `at step N` or `at end`. */
when
    : %empty                        { memset(&$$, 0, sizeof $$); }
    | AT STEP NUMBER
        { memset(&$$, 0, sizeof $$); $$.given = 1; $$.step = $3; $$.loc = LOC(@1); }
    | AT END
        { memset(&$$, 0, sizeof $$); $$.given = 1; $$.end = 1; $$.loc = LOC(@1); }
    ;

cmp
    : "=="                          { $$ = NCS_EXPECT_EQ; }
    | "<="                          { $$ = NCS_EXPECT_LE; }
    | ">="                          { $$ = NCS_EXPECT_GE; }
    ;

/* The compared value: a scalar or a vector. */
evalue
    : NUMBER
        { memset(&$$, 0, sizeof $$); $$.kind = NCS_RV_NUMBER; $$.num = $1.num;
          $$.text = $1.text; $$.loc = $1.loc; }
    | vec                           { $$ = $1; }
    ;

/* Optional `within TOL`; text NULL when absent. */
within
    : %empty                        { memset(&$$, 0, sizeof $$); }
    | WITHIN NUMBER                 { $$ = $2; }
    ;

%%

/* Plain words for a grammar symbol in "expected ..." lists. */
static const char *ncs_symbol_words(yysymbol_kind_t k, char *buf, size_t size) {
    switch (k) {
    case YYSYMBOL_YYEOF: return "end of file";
    case YYSYMBOL_IDENT: return "a name";
    case YYSYMBOL_NUMBER: return "a number";
    default: break;
    }
    const char *name = yysymbol_name(k);
    size_t n = strlen(name);
    if (n >= 2 && name[0] == '"' && name[n - 1] == '"')
        snprintf(buf, size, "'%.*s'", (int)(n - 2), name + 1);
    else if (name[0] == '\'')
        snprintf(buf, size, "%s", name);       /* character tokens: 'x' */
    else
        snprintf(buf, size, "'%s'", name);   /* keywords and operators */
    return buf;
}

static int ncs_is_block_keyword(yysymbol_kind_t k) {
    return k == YYSYMBOL_SCENE || k == YYSYMBOL_OBSTACLE || k == YYSYMBOL_BODY
        || k == YYSYMBOL_JOINT || k == YYSYMBOL_EXPECT;
}

/* What the current statement is, for "expected ';' after ...". */
static const char *ncs_stmt_words(int first) {
    switch (first) {
    case IDENT: return "setting";
    case OUTER: case HOLE: case VERTICES: return "vertex list";
    case SIDE: return "side";
    case AT: return "anchor";
    case EXPECT: return "expectation";
    default: return "statement";
    }
}

/* Syntax errors in plain words: "unexpected X, expected A, B or C", with
 * special forms for a missing ';' at the end of a line and a missing '}',
 * and notes naming the '{' or '(' a missing closer belongs to. */
static int yyreport_syntax_error(const yypcontext_t *ctx, void *scanner, ncs_front *p) {
    enum { MAXEXP = 8 };
    yysymbol_kind_t exp[MAXEXP];
    int nexp = yypcontext_expected_tokens(ctx, exp, MAXEXP);
    yysymbol_kind_t la = yypcontext_token(ctx);
    ncs_loc at = LOC(*yypcontext_location(ctx));
    ncs_loc brace = ncs_front_open_brace(p);
    int want_semi = 0, want_close = 0, want_rparen = 0;
    (void)scanner;
    p->syntax_errors++;
    for (int i = 0; i < nexp; i++) {
        want_semi |= strcmp(yysymbol_name(exp[i]), "';'") == 0;
        want_close |= strcmp(yysymbol_name(exp[i]), "'}'") == 0;
        want_rparen |= strcmp(yysymbol_name(exp[i]), "')'") == 0;
    }
    int open = brace.line > 0;
    int paren = want_rparen && p->pdepth > 0 && p->pdepth <= NCS_PAREN_MAX;

    /* A '}' that closes a stray '{' is part of the error that '{' was (any
     * '{' but a block's own is an error, reported or skipped by a recovery):
     * one at top level that closed some '{', or one in a block that closed
     * another '{' than the block's. Deep nesting stays one error. */
    if (strcmp(yysymbol_name(la), "'}'") == 0 && p->closed_any
        && (!p->cur || (p->closed.line > 0 && (p->closed.line != brace.line
                                               || p->closed.col != brace.col)))) {
        if (p->cur)
            p->cur->damaged = 1;
        return 0;
    }

    /* A missing '}' before the end of the file or the next top-level item:
     * the block ends there with its statements intact, so it is not marked
     * damaged. A broken head without a '{' was reported already. */
    if (want_close && p->cur && (la == YYSYMBOL_YYEOF || ncs_is_block_keyword(la))) {
        if (!open)
            return 0;
        if (la == YYSYMBOL_YYEOF)
            ncs_error(p->d, at, "expected '}' at end of file");
        else
            ncs_error(p->d, at, "expected '}' before '%s'", p->la_text);
        ncs_note(p->d, brace, "to match this '{'");
        return 0;
    }
    if (p->cur)
        p->cur->damaged = 1;
    /* A missing ';' at the end of a line: point just after the statement. */
    if (want_semi && la != YYSYMBOL_YYEOF && p->prev_end.line > 0
        && at.line > p->prev_end.line) {
        ncs_error(p->d, p->prev_end, "expected ';' after %s",
                  ncs_stmt_words(p->stmt_first));
        if (ncs_is_block_keyword(la) && open)   /* the block ends here too */
            ncs_note(p->d, brace, "the block opened here is not closed");
        return 0;
    }

    char what[128], q[80];
    if (la == YYSYMBOL_YYEOF)
        snprintf(what, sizeof what, "end of file");
    else if (la == YYSYMBOL_NUMBER)
        snprintf(what, sizeof what, "number %s", ncs_quote(q, p->la_text, 24));
    else if (la == YYSYMBOL_IDENT)
        snprintf(what, sizeof what, "name %s", ncs_quote(q, p->la_text, 24));
    else if (la == YYSYMBOL_RESERVED)
        snprintf(what, sizeof what, "'%s'", p->la_text);
    else if (la == YYSYMBOL_YYUNDEF)
        snprintf(what, sizeof what, "input");
    else
        snprintf(what, sizeof what, "%s", ncs_symbol_words(la, q, sizeof q));

    char list[512];
    size_t len = 0;
    list[0] = '\0';
    if (nexp > 0 && nexp < MAXEXP) {
        for (int i = 0; i < nexp; i++) {
            char buf[64];
            const char *w = ncs_symbol_words(exp[i], buf, sizeof buf);
            const char *sep = i == 0 ? ", expected " : i == nexp - 1 ? " or " : ", ";
            int k = snprintf(list + len, sizeof list - len, "%s%s", sep, w);
            if (k > 0 && (size_t)k < sizeof list - len)
                len += (size_t)k;
        }
    }
    int want_name = 0;
    for (int i = 0; i < nexp; i++)
        want_name |= exp[i] == YYSYMBOL_IDENT;
    /* a reserved word where a name belongs */
    int keyword = want_name && ((nexp == 1 && la >= YYSYMBOL_SCENE && la <= YYSYMBOL_SOLVED)
                                || la == YYSYMBOL_RESERVED);
    ncs_error(p->d, at, "unexpected %s%s%s", what, list,
              keyword ? " (it is a reserved word)" : "");
    if (paren)
        ncs_note(p->d, p->paren[p->pdepth - 1], "to match this '('");
    if ((la == YYSYMBOL_YYEOF || ncs_is_block_keyword(la)) && open)
        ncs_note(p->d, brace, "the block opened here is not closed");
    return 0;
}

/* Only called when the parser runs out of stack or memory. */
static void yyerror(YYLTYPE *l, void *scanner, ncs_front *p, const char *msg) {
    (void)scanner;
    p->syntax_errors++;
    if (p->nomem)
        return;                     /* ncs_parse reports running out of memory */
    if (strcmp(msg, "memory exhausted") == 0)
        ncs_error(p->d, LOC(*l), "input too deeply nested (parser stack exhausted)");
    else
        ncs_error(p->d, LOC(*l), "%s", msg);
}
