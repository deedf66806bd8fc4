/* ncs/prefix.h - renames every external symbol of the runtime core for a
 * copy built into one program next to others (a firmware copy per scene,
 * `ncsc --target embedded`): with NCS_PREFIX defined to `p`, ncs_world_step
 * becomes p_world_step, ncs_lcp_solve p_lcp_solve, and so on. Types and
 * macros keep their names (they make no symbols); include this before any
 * other ncs header, in every file of the copy (the generated <p>_ncs.h
 * does). Without NCS_PREFIX it does nothing.
 *
 * Every external symbol of the core is listed here; the runtime.prefix
 * test checks the list against the symbols the library defines. */
#ifndef NCS_PREFIX_H
#define NCS_PREFIX_H

#ifdef NCS_PREFIX
#define NCS_PREFIX_CAT_(a, b) a##b
#define NCS_PREFIX_CAT(a, b) NCS_PREFIX_CAT_(a, b)
#define NCS_PREFIXED(name) NCS_PREFIX_CAT(NCS_PREFIX, name)

/* ncs/layout.h */
#define ncs_layout_offsets_of NCS_PREFIXED(_layout_offsets_of)
#define ncs_layout_size NCS_PREFIXED(_layout_size)
/* ncs/vocab.h (the tables: in the host library ncs_layout, not in a copy) */
#define ncs_forms NCS_PREFIXED(_forms)
#define ncs_form_info_of NCS_PREFIXED(_form_info_of)
#define ncs_form_name NCS_PREFIXED(_form_name)
#define ncs_form_from_name NCS_PREFIXED(_form_from_name)
#define ncs_body_kinds NCS_PREFIXED(_body_kinds)
#define ncs_body_kind_info_of NCS_PREFIXED(_body_kind_info_of)
#define ncs_body_kind_from_name NCS_PREFIXED(_body_kind_from_name)
/* ncs/lcp.h */
#define ncs_lcp_default_options NCS_PREFIXED(_lcp_default_options)
#define ncs_lcp_workspace_bytes NCS_PREFIXED(_lcp_workspace_bytes)
#define ncs_lcp_workspace_init NCS_PREFIXED(_lcp_workspace_init)
#define ncs_lcp_solve NCS_PREFIXED(_lcp_solve)
#define ncs_lcp_cs_workspace_bytes NCS_PREFIXED(_lcp_cs_workspace_bytes)
#define ncs_lcp_workspace_init_cs NCS_PREFIXED(_lcp_workspace_init_cs)
#define ncs_lcp_solve_cs NCS_PREFIXED(_lcp_solve_cs)
#define ncs_lcp_status_name NCS_PREFIXED(_lcp_status_name)
/* ncs/assemble.h */
#define ncs_lcp_contact_size NCS_PREFIXED(_lcp_contact_size)
#define ncs_lcp_impulse_offset NCS_PREFIXED(_lcp_impulse_offset)
#define ncs_lcp_assemble NCS_PREFIXED(_lcp_assemble)
#define ncs_lcp_extract NCS_PREFIXED(_lcp_extract)
/* ncs/world.h */
#define ncs_mlcp_reduce NCS_PREFIXED(_mlcp_reduce)
#define ncs_mlcp_multipliers NCS_PREFIXED(_mlcp_multipliers)

#define ncs_world_init NCS_PREFIXED(_world_init)
#define ncs_world_reset NCS_PREFIXED(_world_reset)
#define ncs_world_step NCS_PREFIXED(_world_step)
#define ncs_world_overflow NCS_PREFIXED(_world_overflow)
#define ncs_world_set_fixpoint NCS_PREFIXED(_world_set_fixpoint)
#define ncs_world_set_hook NCS_PREFIXED(_world_set_hook)
#define ncs_world_set_hook_buffer NCS_PREFIXED(_world_set_hook_buffer)
#define ncs_world_penetration NCS_PREFIXED(_world_penetration)
#define ncs_world_energy NCS_PREFIXED(_world_energy)
#define ncs_world_position NCS_PREFIXED(_world_position)
#define ncs_world_velocity NCS_PREFIXED(_world_velocity)
#define ncs_world_angle NCS_PREFIXED(_world_angle)
#define ncs_world_omega NCS_PREFIXED(_world_omega)
#define ncs_world_body_info NCS_PREFIXED(_world_body_info)
#define ncs_world_set_contact_log NCS_PREFIXED(_world_set_contact_log)
#define ncs_world_contact_count NCS_PREFIXED(_world_contact_count)
#define ncs_world_joint_error NCS_PREFIXED(_world_joint_error)
#define ncs_world_set_force NCS_PREFIXED(_world_set_force)
#define ncs_world_set_velocity NCS_PREFIXED(_world_set_velocity)
#define ncs_world_set_motor NCS_PREFIXED(_world_set_motor)
#define ncs_world_set_pose NCS_PREFIXED(_world_set_pose)
#define ncs_world_save NCS_PREFIXED(_world_save)
#define ncs_world_restore NCS_PREFIXED(_world_restore)
/* shared between the core files (lcp_internal.h); static in one.c */
#define ncs_dense_solve NCS_PREFIXED(_dense_solve)
#define ncs_lcp_residual NCS_PREFIXED(_lcp_residual)
#define ncs_lcp_kernel_ger NCS_PREFIXED(_lcp_kernel_ger)
#define ncs_lemke_doubles NCS_PREFIXED(_lemke_doubles)
#define ncs_lemke_ints NCS_PREFIXED(_lemke_ints)
#define ncs_lemke_bind NCS_PREFIXED(_lemke_bind)
#define ncs_lemke_run NCS_PREFIXED(_lemke_run)
#define ncs_lemke_run_rows NCS_PREFIXED(_lemke_run_rows)
#endif

#endif
