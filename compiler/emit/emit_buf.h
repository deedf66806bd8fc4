/* emit_buf.h - emission: the growable text buffer the code generator writes into.
 *
 * Every emitter stage appends to an ncs_buf; a failed allocation sets
 * `oom` once and turns every later append into a no-op, so callers check
 * the flag at the end instead of after every line.
 */
#ifndef NCS_EMIT_BUF_H
#define NCS_EMIT_BUF_H

#include <stddef.h>
#include "diag.h"   /* NCS_PRINTF */

/** A growable NUL-terminated text buffer. */
typedef struct ncs_buf {
    char *s;        /**< text (NULL until the first append) */
    size_t len;     /**< bytes used, excluding the NUL */
    size_t cap;     /**< bytes allocated */
    int oom;        /**< 1 after an allocation failed */
    int nonfinite;  /**< 1 after ncs_buf_num was given an infinity or NaN */
    const char *lo; /**< template substitution for '@' (the prefix) */
    const char *up; /**< template substitution for '$' (the macro prefix) */
    struct ncs_numcache *cache; /**< the texts of recent ncs_buf_num values
                                     (allocated on first use; NULL: none) */
} ncs_buf;

/// Appends formatted text. Sets b->oom on allocation failure.
void ncs_buf_printf(ncs_buf *b, const char *fmt, ...) NCS_PRINTF(2, 3);

/// Appends `text` with every '@' replaced by b->lo and every '$' by b->up.
/// Sets b->oom on allocation failure.
void ncs_buf_tpl(ncs_buf *b, const char *text);

/// Appends a double as a C literal: the shortest decimal text that reads
/// back as the same double (0.1, not 0.10000000000000001), always with a
/// '.' or exponent, negative values in parentheses. Sets b->oom on failure;
/// a non-finite v (no C literal) sets b->nonfinite and writes 0.0.
void ncs_buf_num(ncs_buf *b, double v);

/// Writes the shortest %g text of v that reads back as v into out (n bytes,
/// at least 32). Never fails.
void ncs_buf_shortest(char *out, size_t n, double v);

/// Releases the buffer. Accepts a zeroed buffer.
void ncs_buf_free(ncs_buf *b);

#endif
