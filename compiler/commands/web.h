/* web.h - commands: `ncsc view FILE.ncs -o PAGE.html`: the scene compiled to
 * WebAssembly in one self-contained page where it runs live (web.c,
 * docs/web.md).
 */
#ifndef NCS_WEB_H
#define NCS_WEB_H

/// Runs the `view` subcommand; argv[0] is "view". Returns the exit status:
/// 0 when the page was written (or after --help), 1 for errors in the
/// scene, 2 for usage errors, a missing or failing clang (the message
/// names the Debian packages: clang, lld, wasi-libc,
/// libclang-rt-dev-wasm32) or a page that cannot be written.
int ncs_view_main(int argc, char **argv);

#endif
