/* plan_bytes.h - the bytes of a state (plan_bytes.c). */
#ifndef NCS_PLAN_BYTES_H
#define NCS_PLAN_BYTES_H

/// Bytes of the host build's state (sizeof(ncs_world) and the units of
/// NCS_WORLD_MEM_UNITS + NCS_WORLD_JOINT_UNITS, double) for these sizes (the
/// <P>_MAX_* of a scene). Sizes up to 10^7 each: no size_t overflows on a
/// 64-bit host; the result is a double so that callers compare it safely.
double ncs_state_bytes(int nbodies, int pairs, int srefs, int contacts, int groups, int m,
                       int nfric, int njoints, int jrows);

#endif
