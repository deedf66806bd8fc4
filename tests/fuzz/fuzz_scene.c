/* fuzz_scene.c - libFuzzer harness for the front end (parse, checks,
 * geometry).
 *
 * Each input is the text of one .ncs file. It goes through ncs_parse and,
 * when that succeeds, through ncs_geom_build with the default options;
 * everything is then freed, so the sanitizers see every leak. Nothing is
 * emitted (emission writes files). Diagnostics go to /dev/null, opened once:
 * the point is that bad input never crashes, hangs or leaks, not what the
 * messages say (the golden tests in tests/frontend check those).
 *
 * Build (clang 14; B is a configured build tree whose ncsc target ran, so
 * that it holds the generated B/compiler/scene.tab.c and scene.lex.c), from
 * the source root:
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined \
 *       -fno-sanitize-recover=undefined -ffp-contract=off -std=gnu99 \
 *       -Icompiler -IB/compiler -Iruntime/include tests/fuzz/fuzz_scene.c \
 *       compiler/arena.c compiler/diag.c compiler/parse.c compiler/sema.c \
 *       compiler/geom.c compiler/geom_check.c compiler/geom_tri.c \
 *       compiler/geom_out.c compiler/predicates.c \
 *       B/compiler/scene.tab.c B/compiler/scene.lex.c -lm -o fuzz_scene
 * Run (one process; corpus-scene/ is a minimised seed set, crash-*.ncs the
 * inputs of fixed bugs):
 *   fuzz_scene -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
 *       -dict=tests/fuzz/scene.dict NEWCORPUS tests/fuzz/corpus-scene
 *
 * Also builds without libFuzzer (any C99 compiler) when linked with a
 * driver that calls LLVMFuzzerTestOneInput on each corpus file.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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
    ncs_scene *s = ncs_parse("fuzz.ncs", src, size, &d);
    if (s) {
        ncs_geometry g;
        ncs_geom_options o = ncs_geom_default_options();
        memset(&g, 0, sizeof g);
        if (ncs_geom_build(s, &o, &d, &g) == 0)
            ncs_geom_free(&g);
        ncs_scene_free(s);
    }
    return 0;
}
