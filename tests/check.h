/* check.h - the one test macro of the C tests (tests/README.md).
 *
 *   CHECK(cond, fmt, ...)   when cond is false: prints "FILE:LINE: FAIL: "
 *                           and the message to stderr and counts a failure
 *   CHECK_FAILURES          failures counted so far in this file
 *   CHECK_DONE()            prints "N checks, M failed" to stdout and is the
 *                           exit status: the count of failures (capped at
 *                           125, so that a shell sees 1..125, never 0 for a
 *                           failed test, never a signal's status)
 *
 * CHECK evaluates cond once and returns nothing (use it as a statement).
 * The format takes printf arguments; a message without arguments is
 * CHECK(cond, "%s", "text"). Header-only, C99, one counter per translation
 * unit (tests are one file each).
 */
#ifndef NCS_TESTS_CHECK_H
#define NCS_TESTS_CHECK_H

#include <stdio.h>

static long check_count_, check_failed_;

#define CHECK(cond, ...)                                                \
    do {                                                                \
        check_count_++;                                                 \
        if (!(cond)) {                                                  \
            check_failed_++;                                            \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);       \
            fprintf(stderr, __VA_ARGS__);                               \
            fputc('\n', stderr);                                        \
        }                                                               \
    } while (0)

#define CHECK_FAILURES (check_failed_)

#define CHECK_DONE()                                                         \
    (printf("%ld checks, %ld failed\n", check_count_, check_failed_),        \
     (int)(check_failed_ > 125 ? 125 : check_failed_))

#endif
