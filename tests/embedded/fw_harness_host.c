/* fw_harness_host.c - the markers of fw_harness.h for host builds of
 * firmware test programs, where nothing counts instructions. */
#include "fw_harness.h"

void ncs_fw_mark_begin(void) {}

void ncs_fw_mark_end(void) {}
