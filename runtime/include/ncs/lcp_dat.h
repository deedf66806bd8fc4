/* ncs/lcp_dat.h - host-only text I/O of LCPs (Siconos .dat format).
 *
 * Format: n, storage type 0, rows, columns, rows<TAB>columns, then n lines
 * each holding one COLUMN of B (column-major), one line with b, then free
 * text. Reading also takes Siconos' sparse-block storage (storage type 1:
 * n, 1, rows, columns, then the blocks; docs/solver.md, "The .dat
 * format"); writing is always dense. The layout travels in the free text as one line
 *   ncs-layout: form=max groups=2,3 convex=1 fric=2 gamma=100 eps_h=0.01
 * (form: stewart max summation diff diff-accurate; groups=- for none).
 * Readers ignore any other free text. Uses stdio and malloc: not for firmware.
 */
#ifndef NCS_LCP_DAT_H
#define NCS_LCP_DAT_H

#include <stddef.h>
#include "ncs/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An LCP read from a file. Owns its arrays (ncs_lcp_dat_free). */
typedef struct ncs_lcp_dat {
    int m;               /**< dimension */
    double *B;           /**< m x m, ROW-major (converted on reading) */
    double *b;           /**< m */
    int has_layout;      /**< 1 when an ncs-layout line was found */
    ncs_layout layout;   /**< valid when has_layout; group_size points into sizes */
    int *sizes;          /**< storage of layout.group_size (may be NULL) */
} ncs_lcp_dat;

/// Parses a layout spec ("form=max groups=2,3 convex=1 fric=2 gamma=100
/// eps_h=0.01"; unknown keys are errors, missing keys are 0). The group sizes
/// are malloc'ed into *sizes (caller frees; NULL when there are none).
/// Returns 0, or -1 with a message in err (size errlen) on a syntax error or
/// an invalid layout.
int ncs_layout_parse(const char *spec, ncs_layout *L, int **sizes,
                     char *err, size_t errlen);

/// Formats L as a spec line body (without the "ncs-layout: " prefix) into
/// buf. Returns the length written, or -1 when it does not fit or L is NULL.
int ncs_layout_format(const ncs_layout *L, char *buf, size_t len);

/// The largest .dat file ncs_lcp_read_dat reads: 256 MiB.
#define NCS_DAT_MAX_BYTES ((size_t)256 << 20)

/// The largest m of a sparse-block file: its dense B (m^2 doubles) stays
/// within NCS_DAT_MAX_BYTES, as a dense file's does (a few lines of
/// sparse-block text must not ask for gigabytes).
#define NCS_DAT_SBM_MAX_M 5792

/// Reads `path` into *out. Returns 0, or -1 with a message in err, naming
/// the file, on an I/O or format error (out is then zeroed and owns
/// nothing): the file cannot be read, is larger than NCS_DAT_MAX_BYTES
/// (a regular file is refused by its size, a stream after the limit), holds
/// a NUL byte (reported at its line:column), its header is neither six
/// decimal integers 'm 0 m m m m' (dense, 1 <= m <= NCS_LCP_MAX_M, ncs/lcp.h) nor 'm 1 m m'
/// (sparse-block, 1 <= m <= NCS_DAT_SBM_MAX_M), a number is missing (at its
/// line), the sparse-block structure is inconsistent (at its line: block
/// ends not increasing to m, row pointers, a block column out of range or
/// twice in a block row, blocks out of order), or its ncs-layout line does
/// not parse (ncs_layout_parse's message). Entries of B that no block
/// covers are 0.
int ncs_lcp_read_dat(const char *path, ncs_lcp_dat *out, char *err, size_t errlen);

/// Frees what ncs_lcp_read_dat allocated and zeroes *d. NULL is fine.
void ncs_lcp_dat_free(ncs_lcp_dat *d);

/// Writes B (row-major, leading dimension ldb) and b as a .dat file, with the
/// layout line when L is non-NULL and the comment lines (may be NULL) after.
/// Numbers use %.17g. Returns 0, or -1 on an I/O error or bad arguments.
int ncs_lcp_write_dat(const char *path, int m, const double *B, int ldb,
                      const double *b, const ncs_layout *L, const char *comment);

#ifdef __cplusplus
}
#endif
#endif
