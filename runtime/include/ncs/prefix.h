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
/* shared between the step engine's files (world_internal.h); static in one.c */
#define ncs_world_point_of NCS_PREFIXED(_world_point_of)
#define ncs_world_vertex_of NCS_PREFIXED(_world_vertex_of)
#define ncs_world_line_of NCS_PREFIXED(_world_line_of)
#define ncs_world_true_line NCS_PREFIXED(_world_true_line)
#define ncs_world_in_cone NCS_PREFIXED(_world_in_cone)
#define ncs_world_corner_at NCS_PREFIXED(_world_corner_at)
#define ncs_world_sat_side NCS_PREFIXED(_world_sat_side)
#define ncs_world_eval NCS_PREFIXED(_world_eval)
#define ncs_world_gap_of NCS_PREFIXED(_world_gap_of)
#define ncs_world_pair_gap NCS_PREFIXED(_world_pair_gap)
#define ncs_world_piece_dist NCS_PREFIXED(_world_piece_dist)
#define ncs_world_speed NCS_PREFIXED(_world_speed)
#define ncs_world_joined NCS_PREFIXED(_world_joined)
#define ncs_world_collect NCS_PREFIXED(_world_collect)
#define ncs_world_islands NCS_PREFIXED(_world_islands)
#define ncs_world_has_work NCS_PREFIXED(_world_has_work)
#define ncs_world_island_next NCS_PREFIXED(_world_island_next)
#define ncs_world_layout_of NCS_PREFIXED(_world_layout_of)
#define ncs_world_contacts NCS_PREFIXED(_world_contacts)
#define ncs_world_contact_space NCS_PREFIXED(_world_contact_space)
#define ncs_world_apply NCS_PREFIXED(_world_apply)
#define ncs_world_ghosts NCS_PREFIXED(_world_ghosts)
#define ncs_world_call_hook NCS_PREFIXED(_world_call_hook)
#define ncs_world_drop_ghosts NCS_PREFIXED(_world_drop_ghosts)
#define ncs_world_joint_rows NCS_PREFIXED(_world_joint_rows)
#define ncs_world_island_joints NCS_PREFIXED(_world_island_joints)
#define ncs_world_row_err NCS_PREFIXED(_world_row_err)
#define ncs_world_joint_err NCS_PREFIXED(_world_joint_err)
#define ncs_world_joint_curvature NCS_PREFIXED(_world_joint_curvature)
#define ncs_world_joint_space NCS_PREFIXED(_world_joint_space)
#define ncs_world_joint_impulses NCS_PREFIXED(_world_joint_impulses)
#define ncs_world_motor_vt NCS_PREFIXED(_world_motor_vt)
#define ncs_world_motors_settle NCS_PREFIXED(_world_motors_settle)
#define ncs_world_motors_clamp_free NCS_PREFIXED(_world_motors_clamp_free)
#define ncs_world_bounce NCS_PREFIXED(_world_bounce)
#define ncs_world_report NCS_PREFIXED(_world_report)
#define ncs_world_rest_forces NCS_PREFIXED(_world_rest_forces)
#endif

#endif
