/* check.h - the one test macro header of the C tests (tests/README.md).
 * Every C test that checks something includes it; programs that only
 * generate input or run on a target without stdio do not.
 *
 *   CHECK(cond)             when cond is false: prints "FILE:LINE: FAIL: cond"
 *   CHECK(cond, fmt, ...)   the same followed by ": " and the printf message
 *                           to stderr; either way counts one check and, when
 *                           cond is false, one failure (the first 100
 *                           failures of a file are printed, the rest counted)
 *   CHECK_FAILURES          failures counted so far in this file (an lvalue:
 *                           a test that finds a failure its own way, and has
 *                           printed why, counts it with CHECK_FAILURES++)
 *   CHECK_DONE()            prints "N checks, M failed" to stdout and is the
 *                           exit status: the count of failures (capped at
 *                           125, so that a shell sees 1..125, never 0 for a
 *                           failed test, never a signal's status)
 *
 * CHECK evaluates cond once and returns nothing (use it as a statement).
 * A message takes up to 15 printf arguments after its format. Header-only,
 * C99, one counter per translation unit (tests are one file each; a test
 * made of several files keeps its checks in one of them).
 */
#ifndef NCS_TESTS_CHECK_H
#define NCS_TESTS_CHECK_H

#include <stdio.h>

static long check_count_, check_failed_;

/* Counts one check; when ok is 0, counts a failure and prints where and what
 * failed. Returns whether the message (if any) should follow. */
static inline int check_at_(int ok, const char *file, int line, const char *what) {
    check_count_++;
    if (ok)
        return 0;
    if (++check_failed_ > 100) { /* a property test failing everywhere */
        if (check_failed_ == 101)
            fputs("(further failures are counted, not printed)\n", stderr);
        return 0;
    }
    fprintf(stderr, "%s:%d: FAIL: %s", file, line, what);
    return 1;
}

/* CHECK(cond) and CHECK(cond, fmt, ...): the 18th argument of CHECK_PICK_ is
 * CHECK_1_ when CHECK was given one argument and CHECK_N_ otherwise. */
#define CHECK(...)                                                            \
    CHECK_PICK_(__VA_ARGS__, CHECK_N_, CHECK_N_, CHECK_N_, CHECK_N_, CHECK_N_, \
                CHECK_N_, CHECK_N_, CHECK_N_, CHECK_N_, CHECK_N_, CHECK_N_,   \
                CHECK_N_, CHECK_N_, CHECK_N_, CHECK_N_, CHECK_N_, CHECK_1_,   \
                CHECK_NONE_)(__VA_ARGS__)
#define CHECK_PICK_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13,   \
                    a14, a15, a16, a17, a18, ...)                             \
    a18
#define CHECK_1_(cond)                                                        \
    do {                                                                      \
        if (check_at_(!!(cond), __FILE__, __LINE__, #cond))                   \
            fputc('\n', stderr);                                              \
    } while (0)
#define CHECK_N_(cond, ...)                                                   \
    do {                                                                      \
        if (check_at_(!!(cond), __FILE__, __LINE__, #cond)) {                 \
            fputs(": ", stderr);                                              \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
        }                                                                     \
    } while (0)

#define CHECK_FAILURES (check_failed_)

#define CHECK_DONE()                                                         \
    (printf("%ld checks, %ld failed\n", check_count_, check_failed_),        \
     (int)(check_failed_ > 125 ? 125 : check_failed_))

#endif
