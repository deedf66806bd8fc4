/* bad_libc.h - see bad_libc.c. */
#ifndef BAD_LIBC_H
#define BAD_LIBC_H

/// Sums 0..n-1 through a heap array and prints it. Returns -1 when the
/// allocation fails.
int bad_libc_sum(int n);

#endif
