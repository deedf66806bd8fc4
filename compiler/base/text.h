/* text.h - shared base: text for messages (text.c). */
#ifndef NCS_TEXT_H
#define NCS_TEXT_H

#include <stddef.h>

/// Writes at most `max` bytes of `s` into a quoted, printable form for
/// messages (`buf` needs 4 * max + 8 bytes). Returns buf.
const char *ncs_quote(char *buf, const char *s, size_t max);

/// Edit distance between a and b, or limit + 1 when it exceeds `limit`.
int ncs_edit_distance(const char *a, const char *b, int limit);

/// The closest of the NULL-terminated `names` to `s` within edit distance
/// 2, or NULL.
const char *ncs_suggest(const char *s, const char *const *names);

#endif
