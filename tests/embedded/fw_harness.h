/* fw_harness.h - what startup.c offers to firmware test programs (the
 * harness part, not the library part).
 */
#ifndef NCS_FW_HARNESS_H
#define NCS_FW_HARNESS_H

/// Marks the start of a measured region: bench/embedded/measure.sh counts
/// the guest instructions executed between each call of this function and
/// the next call of ncs_fw_mark_end (everything in between, including the
/// callees and libgcc's soft-float helpers, plus a few instructions of call
/// overhead). Does nothing else and never fails; costs one call.
void ncs_fw_mark_begin(void);

/// Marks the end of a measured region (see ncs_fw_mark_begin). Never fails.
void ncs_fw_mark_end(void);

#endif
