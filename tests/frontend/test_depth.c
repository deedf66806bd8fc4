/* test_depth.c - parser stack exhaustion is an error at a location, not a
 * crash. This program links its own copy of the generated parser built with
 * YYMAXDEPTH = YYINITDEPTH = 8 (see CMakeLists.txt), so an ordinary
 * expectation overflows the stack; the real parser's lists are
 * left-recursive and never get near bison's default limit of 10000. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse.h"
#include "../check.h"

int main(void) {
    static const char text[] =
        "scene s { h = 1; steps = 1; }\n"
        "body p particle { mass = 1; }\n"
        "expect p.position at step 1 == (1, 2) within 1e-9;\n";
    FILE *f = tmpfile();
    if (!f)
        return 2;
    ncs_diag d;
    ncs_diag_init(&d, "deep.ncs", text, strlen(text));
    d.out = f;
    ncs_scene *s = ncs_parse("deep.ncs", text, strlen(text), &d);
    long n = ftell(f);
    char *msg = calloc((size_t)n + 1, 1);
    if (!msg)
        return 2;
    rewind(f);
    if (fread(msg, 1, (size_t)n, f) != (size_t)n)
        return 2;
    int ok = s == NULL && ncs_diag_errors(&d) == 1
          && strstr(msg, "deep.ncs:") == msg
          && strstr(msg, "error: input too deeply nested (parser stack exhausted)") != NULL;
    CHECK(ok, "unexpected result (scene %p):\n%s", (void *)s, msg);
    fputs(msg, stdout);
    ncs_scene_free(s);
    free(msg);
    fclose(f);
    return CHECK_DONE();
}
