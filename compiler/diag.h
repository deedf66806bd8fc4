/* diag.h - diagnostics in the GNU form, shared by every compiler stage.
 *
 *   file:line:col: error: message
 *    12 |   mass = -1;
 *       |          ^
 *
 * Every stage reports through one ncs_diag; the driver exits 1 when
 * ncs_diag_errors() is nonzero after a stage. Nothing here allocates per
 * message; the source text is borrowed from the caller.
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

/** Diagnostic sink for one input file. */
typedef struct ncs_diag {
    const char *file;   /**< file name printed in every message */
    const char *src;    /**< whole source text (may be NULL: no source lines) */
    size_t srclen;      /**< bytes in src */
    FILE *out;          /**< where messages go (stderr by default) */
    int nerrors;        /**< errors reported so far */
    int nwarnings;      /**< warnings reported so far */
    int max_errors;     /**< stop printing after this many errors (0 = 100) */
} ncs_diag;

/// Initialises `d` for `file` with source `src` (borrowed). Never fails.
void ncs_diag_init(ncs_diag *d, const char *file, const char *src, size_t len);

/// Reports an error at `loc` (line 0: no position, just `file: error:`).
void ncs_error(ncs_diag *d, ncs_loc loc, const char *fmt, ...) NCS_PRINTF(3, 4);

/// Reports a warning at `loc`.
void ncs_warning(ncs_diag *d, ncs_loc loc, const char *fmt, ...) NCS_PRINTF(3, 4);

/// Reports a note at `loc` (attached to the previous error or warning).
void ncs_note(ncs_diag *d, ncs_loc loc, const char *fmt, ...) NCS_PRINTF(3, 4);

/// Number of errors reported so far.
int ncs_diag_errors(const ncs_diag *d);

/// 1 once more errors than the cap (max_errors, 0 = 100) were reported: the
/// "too many errors, stopping" line was printed and every later message is
/// dropped, so a stage should stop. Never fails.
int ncs_diag_stopped(const ncs_diag *d);

#endif
