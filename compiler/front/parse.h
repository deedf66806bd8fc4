/* parse.h - front end: read a .ncs file into a checked ncs_scene. */
#ifndef NCS_PARSE_H
#define NCS_PARSE_H

#include "scene.h"
#include "diag.h"

/// Parses and checks the scene text `src` (len bytes, need not be
/// NUL-terminated) named `file`. Reports every error it can find through
/// `d` (which the caller initialised with the same text). Returns the scene,
/// or NULL when any error was reported; nothing leaks on either path.
ncs_scene *ncs_parse(const char *file, const char *src, size_t len, ncs_diag *d);

/// Like ncs_parse; when `nomem` is not NULL, sets *nomem to 1 when the
/// parse failed because memory ran out (a resource failure, exit status 2,
/// not an error in the input), else to 0.
ncs_scene *ncs_parse_ex(const char *file, const char *src, size_t len, ncs_diag *d,
                        int *nomem);

/// Like ncs_parse_ex with the formulation `form_override` (an
/// ncs_formulation; -1: none) instead of the scene's: the command line's
/// --formulation. The checks see the final formulation (the defaults, and
/// the warnings about settings that do not apply to it), so this is the
/// only place an override may be applied.
ncs_scene *ncs_parse_opt(const char *file, const char *src, size_t len, ncs_diag *d,
                         int *nomem, int form_override);

/// Releases a scene returned by ncs_parse. Accepts NULL.
void ncs_scene_free(ncs_scene *s);

/// Writes the scene as an indented, stable text dump (`ncsc --dump-ast`).
void ncs_scene_dump(const ncs_scene *s, FILE *out);

/// Looks up a formulation by its .ncs name (stewart, max, summation, diff,
/// diff-accurate). Returns the ncs_formulation, or -1 when the name is
/// unknown; then *suggestion (when not NULL) is the closest valid name within
/// edit distance 2, or NULL.
int ncs_formulation_from_name(const char *name, const char **suggestion);

/// The .ncs name of formulation `f`; "?" when `f` is out of range.
const char *ncs_formulation_name(int f);

/// Longest prefix (scene name or --prefix) of the generated code.
#define NCS_PREFIX_MAX 64

/// Checks that `prefix` can prefix the generated code's symbols and file
/// names: a C identifier of at most NCS_PREFIX_MAX characters, not a C
/// keyword, not starting with `ncs` in any case (the runtime's namespace:
/// ncs/*.h, ncs_*, NCS_*), no leading underscore and no "__" and no
/// trailing '_' (the generated names would be reserved identifiers).
/// Returns NULL when it can, else why not (a static string to follow
/// "prefix 'P' ...", e.g. "is reserved for the ncs runtime ...").
const char *ncs_prefix_problem(const char *prefix);

#endif
