/* front.h - front end: internals shared by the scanner (scene.l), the parser
 * (scene.y), the syntax-tree builder (ast.c), the parser's caller (parse.c)
 * and the semantic checks (sema.c).
 *
 * The grammar builds a raw syntax tree of blocks and statements in the
 * front end's arena; sema.c checks it and lowers it into an ncs_scene.
 * Nothing here is public API.
 */
#ifndef NCS_FRONT_H
#define NCS_FRONT_H

#include "arena.h"
#include "diag.h"
#include "scene.h"
#include "text.h"     /* ncs_quote, ncs_suggest: the messages */

/** A token's value: identifier or number text, and a number's value. */
typedef struct ncs_tok {
    const char *text;   /**< token text (arena copy), NULL for punctuation */
    double num;         /**< NUMBER: value; NaN when the literal was bad */
    ncs_loc loc;        /**< where the token starts */
} ncs_tok;

typedef enum ncs_rvalue_kind {
    NCS_RV_NUMBER = 0,  /**< a number literal */
    NCS_RV_VEC = 1,     /**< (x, y) */
    NCS_RV_NAME = 2,    /**< an identifier (e.g. a formulation) */
    NCS_RV_AUTO = 3     /**< the keyword `auto` */
} ncs_rvalue_kind;

/** The right-hand side of a setting, as written. */
typedef struct ncs_rvalue {
    int kind;           /**< ncs_rvalue_kind */
    double num;         /**< NUMBER: value (NaN: bad literal, reported) */
    ncs_vec2 vec;       /**< VEC: the vector (NaN parts: reported) */
    const char *text;   /**< NUMBER: literal text; NAME: the name */
    ncs_loc loc;        /**< first token of the value */
} ncs_rvalue;

/** A point in a vertex list. */
typedef struct ncs_rpoint {
    ncs_vec2 v;                 /**< coordinates (NaN parts: reported) */
    ncs_loc loc;                /**< location of '(' */
    struct ncs_rpoint *next;    /**< next point in the list */
} ncs_rpoint;

typedef enum ncs_ritem_kind {
    NCS_RI_SETTING = 0,     /**< name = value */
    NCS_RI_OUTER = 1,       /**< outer P P P ... */
    NCS_RI_HOLE = 2,        /**< hole P P P ... */
    NCS_RI_VERTICES = 3,    /**< vertices P P P ... */
    NCS_RI_SIDE = 4,        /**< side P normal P */
    NCS_RI_AT = 5           /**< at P (a joint's anchor, in side_point) */
} ncs_ritem_kind;

/** One statement inside a block. */
typedef struct ncs_ritem {
    int kind;               /**< ncs_ritem_kind */
    const char *name;       /**< SETTING: setting name */
    ncs_loc loc;            /**< first token of the statement */
    ncs_rvalue val;         /**< SETTING: the value */
    ncs_rpoint *pts;        /**< rings: the points, in order */
    int npts;               /**< rings: number of points */
    ncs_rvalue side_point;  /**< SIDE: the point (a VEC); AT: the anchor */
    ncs_rvalue side_normal; /**< SIDE: the normal (a VEC) */
    struct ncs_ritem *next; /**< next statement of the block */
} ncs_ritem;

typedef enum ncs_rblock_kind {
    NCS_RB_SCENE = 0, NCS_RB_OBSTACLE = 1, NCS_RB_BODY = 2, NCS_RB_EXPECT = 3,
    NCS_RB_JOINT = 4
} ncs_rblock_kind;

typedef enum ncs_rexpect_form {
    NCS_RX_MEMBER = 0,      /**< NAME.member cmp value */
    NCS_RX_PENETRATION = 1, /**< no penetration */
    NCS_RX_SOLVED = 2       /**< every step solved */
} ncs_rexpect_form;

/** `at step N` / `at end`. */
typedef struct ncs_rwhen {
    int given;          /**< 1 when written */
    int end;            /**< 1 for `at end` */
    ncs_tok step;       /**< `at step N`: the number */
    ncs_loc loc;        /**< location of `at` */
} ncs_rwhen;

/** An expectation as written. */
typedef struct ncs_rexpect {
    int form;           /**< ncs_rexpect_form */
    ncs_tok target;     /**< MEMBER: the body name */
    ncs_tok member;     /**< MEMBER: position, velocity, x, y, ... */
    int op;             /**< MEMBER: ncs_cmp */
    ncs_loc oploc;      /**< MEMBER: location of the operator */
    ncs_rvalue value;   /**< MEMBER: the right-hand side */
    ncs_rwhen when1;    /**< `at` before the operator */
    ncs_rwhen when2;    /**< `at` after the value */
    int has_tol;        /**< 1 when `within` was written */
    ncs_tok tol;        /**< the tolerance */
} ncs_rexpect;

/** A top-level item: a block or an expectation. */
typedef struct ncs_rblock {
    int kind;               /**< ncs_rblock_kind */
    ncs_loc loc;            /**< location of the leading keyword */
    ncs_tok name;           /**< block name (text NULL for EXPECT and
                                 for a head broken by a syntax error) */
    ncs_tok kindname;       /**< obstacle/body kind as written (text NULL
                                 when missing) */
    ncs_ritem *items;       /**< statements in order */
    ncs_ritem **tail;       /**< where the next statement goes */
    ncs_loc lbrace;         /**< its '{' (line 0 when the head was broken
                                 before one was seen) */
    int damaged;            /**< 1 when a syntax error hit this block */
    ncs_rexpect *expect;    /**< EXPECT: the expectation */
    struct ncs_rblock *next;/**< next top-level item */
} ncs_rblock;

enum { NCS_BRACE_MAX = 64, NCS_PAREN_MAX = 64 };

/** State of one parse: scanner bookkeeping and the tree being built. */
typedef struct ncs_front {
    ncs_diag *d;            /**< diagnostics */
    ncs_arena *arena;       /**< owns the tree (and later the scene) */
    const char *file;       /**< file name for the scene */
    int nomem;              /**< 1 after an allocation failed */
    int syntax_errors;      /**< lexical and syntax errors reported */
    ncs_rblock *items;      /**< top-level items in order */
    ncs_rblock **tail;      /**< where the next item goes */
    ncs_rblock *cur;        /**< block whose statements are being parsed */
    /* scanner state */
    const char *src;        /**< the source text (borrowed) */
    size_t srclen;          /**< bytes in src */
    int form_override;      /**< ncs_formulation from the command line, -1: none */
    size_t off;             /**< offset of the next byte in src */
    int line, col;          /**< position of the next byte */
    ncs_loc tok_end;        /**< end of the most recent token */
    ncs_loc prev_end;       /**< end of the token before it */
    ncs_loc comment;        /**< where the open block comment starts */
    size_t nul_after;       /**< offset just past the last NUL byte (0: none yet) */
    const char *la_text;    /**< text of the most recent token */
    int stmt_first;         /**< first token kind of the current statement */
    int at_stmt_start;      /**< 1 when the next token starts a statement */
    int depth;              /**< open braces seen by the scanner */
    ncs_loc brace[NCS_BRACE_MAX]; /**< where the innermost open braces are */
    int closed_any;         /**< 1 when the most recent '}' closed a '{' */
    ncs_loc closed;         /**< that '{' (line 0: nested too deep to know) */
    int pdepth;             /**< open parentheses in the current statement */
    ncs_loc paren[NCS_PAREN_MAX]; /**< where the innermost open ones are */
} ncs_front;

/* Tree building, called from the grammar actions (ast.c). */

/// Zeroed arena memory; NULL (and p->nomem set) when out of memory.
void *ncs_front_alloc(ncs_front *p, size_t size);

/// Appends a new top-level block and makes it current. NULL when out of
/// memory.
ncs_rblock *ncs_front_begin(ncs_front *p, int kind, ncs_loc loc, ncs_tok name,
                            ncs_tok kindname);

/// Like ncs_front_begin for a block whose head had a syntax error: no name,
/// no kind, marked damaged. NULL when out of memory.
ncs_rblock *ncs_front_begin_damaged(ncs_front *p, int kind, ncs_loc loc);

/// Ends the current block (if any). Never fails.
void ncs_front_end(ncs_front *p);

/// Ends the current block (if any) whose '}' is missing: the next top-level
/// item or the end of the file closes it. Drops its '{' from the scanner's
/// brace stack so later notes point at the right brace. Never fails.
void ncs_front_end_unclosed(ncs_front *p);

/// Where the current block's '{' is: the block's own, or for a broken head
/// the scanner's innermost open brace when it comes after the head's
/// keyword. Line 0 when there is no current block or no such brace.
ncs_loc ncs_front_open_brace(const ncs_front *p);

/// Appends a statement to the current block; ignored outside a block.
void ncs_front_item(ncs_front *p, ncs_ritem *it);

/// Appends an expectation as a top-level item; dropped when out of memory
/// (p->nomem is then set).
void ncs_front_expect(ncs_front *p, ncs_loc loc, ncs_rexpect *x);

/// Checks the raw tree of `p` and builds the scene in p->arena. Returns the
/// scene, or NULL when errors were reported (or memory ran out).
ncs_scene *ncs_sema(ncs_front *p);

#endif
