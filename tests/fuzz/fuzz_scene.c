/* fuzz_scene.c - fuzz target for the front end (parse, checks, geometry).
 *
 * Each input is the text of one .ncs file. It goes through ncs_parse and,
 * when that succeeds, through ncs_geom_build with the default options;
 * everything is then freed, so the sanitizers see every leak. Nothing is
 * emitted (emission writes files). Diagnostics go to /dev/null, opened
 * once: the golden tests in tests/frontend check what the messages say;
 * this target checks that bad input never crashes, hangs or leaks, and that
 * a stage that fails has reported an error (parse.h, geom.h), else it
 * aborts.
 *
 * Built as a libFuzzer target with -DNCS_FUZZ=ON (clang), and replayed over
 * tests/fuzz/corpus-scene by CTest in every build (fuzz_replay.c);
 * docs/fuzzing.md. Fuzz with the dictionary tests/fuzz/scene.dict.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "geom.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Where the messages go: /dev/null, kept open for the whole run (reopening
 * it for each of millions of inputs would cost more than the parse). NULL
 * when it cannot be opened; then stderr, as ncs_diag_init sets it. */
static FILE *sink(void) {
    static FILE *null;
    static int tried;
    if (!tried) {
        tried = 1;
        null = fopen("/dev/null", "w");
    }
    return null;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *src = (const char *)data;
    ncs_diag d;
    FILE *out = sink();

    ncs_diag_init(&d, "fuzz.ncs", src, size);
    if (out)
        d.out = out;
    int nomem = 0;
    ncs_scene *s = ncs_parse_ex("fuzz.ncs", src, size, &d, &nomem);
    if (!s && !nomem && ncs_diag_errors(&d) == 0) {
        fputs("fuzz_scene: the parse failed without an error\n", stderr);
        abort();
    }
    if (s) {
        ncs_geometry g;
        ncs_geom_options o = ncs_geom_default_options();
        memset(&g, 0, sizeof g);
        if (ncs_geom_build(s, &o, &d, &g) == 0)
            ncs_geom_free(&g);
        else if (ncs_diag_errors(&d) == 0) {
            fputs("fuzz_scene: the geometry failed without an error\n", stderr);
            abort();
        }
        ncs_scene_free(s);
    }
    return 0;
}
