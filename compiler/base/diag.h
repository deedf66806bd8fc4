/* diag.h - shared base: diagnostics in the GNU form, shared by every compiler stage.
 *
 *   file:line:col: error: message
 *    12 |   mass = -1;
 *       |          ^
 *
 * Every stage reports through one ncs_diag; the driver exits 1 when
 * ncs_diag_errors() is nonzero after a stage. Messages are printed at once,
 * except between ncs_diag_hold and ncs_diag_flush (the front end), where
 * they are kept and then printed in source order. The source text is
 * borrowed from the caller.
 */
#ifndef NCS_DIAG_H
#define NCS_DIAG_H

#include <stddef.h>
#include <stdio.h>
#include "scene.h"

#if defined(__GNUC__)
#define NCS_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define NCS_PRINTF(a, b)
#endif

struct ncs_diag_msg;

/** Diagnostic sink for one input file. */
typedef struct ncs_diag {
    const char *file;   /**< file name printed in every message */
    const char *src;    /**< whole source text (may be NULL: no source lines) */
    size_t srclen;      /**< bytes in src */
    FILE *out;          /**< where messages go (stderr by default; NULL: only
                             counted, never printed nor held) */
    int nerrors;        /**< errors reported so far */
    int nwarnings;      /**< warnings reported so far */
    int max_errors;     /**< stop printing after this many errors (0 = 100) */
    /* held messages (ncs_diag_hold); private to diag.c */
    int holding;                /**< 1 between hold and flush */
    int held_capped;            /**< the error cap was hit while holding */
    struct ncs_diag_msg *held;  /**< messages kept, in report order */
    size_t nheld, capheld;      /**< used and allocated entries of held */
} ncs_diag;

/// Initialises `d` for `file` with source `src` (borrowed). Never fails.
void ncs_diag_init(ncs_diag *d, const char *file, const char *src, size_t len);

/// Reports an error at `loc` (line 0: no position, just `file: error:`).
void ncs_error(ncs_diag *d, ncs_loc loc, const char *fmt, ...) NCS_PRINTF(3, 4);

/// Reports a warning at `loc`.
void ncs_warning(ncs_diag *d, ncs_loc loc, const char *fmt, ...) NCS_PRINTF(3, 4);

/// Reports a note at `loc` (attached to the previous error or warning).
void ncs_note(ncs_diag *d, ncs_loc loc, const char *fmt, ...) NCS_PRINTF(3, 4);

/// From now on keeps messages instead of printing them, until
/// ncs_diag_flush. Counting (ncs_diag_errors, ncs_diag_stopped) is not
/// delayed. Never fails: if memory for a message runs out, the messages
/// kept so far are flushed and the rest is printed at once.
/// "file: error: " and the message (fmt ends with its newline) to d->out
/// when there is one: an error outside the scene (a file, memory) that the
/// caller reports by its status; not counted.
void ncs_diag_io_error(ncs_diag *d, const char *fmt, ...) NCS_PRINTF(2, 3);
void ncs_diag_hold(ncs_diag *d);

/// Prints the kept messages sorted by position (line, then column; those
/// without a position last), stable, each note staying right after the
/// error or warning it belongs to, then "too many errors" if the cap was
/// hit; frees them and prints at once again. Does nothing when not holding.
void ncs_diag_flush(ncs_diag *d);

/// Number of errors reported so far.
int ncs_diag_errors(const ncs_diag *d);

/// 1 once more errors than the cap (max_errors, 0 = 100) were reported: the
/// "too many errors, stopping" line was printed and every later message is
/// dropped, so a stage should stop. Never fails.
int ncs_diag_stopped(const ncs_diag *d);

#endif
