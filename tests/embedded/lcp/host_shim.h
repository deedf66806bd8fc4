/* host_shim.h - maps the firmware solver's names (prefix fwlcp) onto the
 * host runtime's (libncs, GSL), so that lcp_main.c also runs against the
 * runtime the generated solver is copied from. */
#ifndef HOST_SHIM_H
#define HOST_SHIM_H
#include "ncs/lcp.h"
#define fwlcp_real ncs_real
#define fwlcp_layout ncs_layout
#define fwlcp_layout_size ncs_layout_size
#define fwlcp_lcp_workspace ncs_lcp_workspace
#define fwlcp_lcp_workspace_init ncs_lcp_workspace_init
#define fwlcp_lcp_solve ncs_lcp_solve
#define fwlcp_lcp_info ncs_lcp_info
#define fwlcp_lcp_status_name ncs_lcp_status_name
#define FWLCP_LCP_SOLVED NCS_LCP_SOLVED
#define FWLCP_LCP_WORKSPACE_REALS NCS_LCP_WORKSPACE_REALS
#endif
