/* run.h - commands: `ncsc run FILE.ncs [simulator options]`: compile a scene, build
 * its simulator with the system C compiler against the ncs runtime, and
 * run it.
 */
#ifndef NCS_RUN_H
#define NCS_RUN_H

/// Runs the `run` subcommand; argv[0] is "run". Generates the simulator
/// into $NCS_RUN_DIR or ./.ncs-run/<prefix>/, builds it with $CC (default
/// cc) against the installed runtime (found next to the ncsc executable)
/// or the build tree's, then replaces the process by the simulator with
/// the arguments after FILE. Returns only on failure: 1 for errors in the
/// scene, 2 for usage errors, a missing runtime, a failed C compiler or
/// a simulator that cannot be started (each with a message on stderr);
/// 0 after --help.
int ncs_run_main(int argc, char **argv);

#endif
