/* retarget_test.c - unit test of ncs_emit_retarget (compiler/emit_solver.c),
 * the pass that turns the runtime's solver core and the host target's
 * generated code into firmware code. Exit 0 when every case gives the
 * expected text; prints the first mismatch otherwise. */
#include <stdio.h>
#include <string.h>
#include "emit_solver.h"

typedef struct rt_case {
    int flags;              /* NCS_RT_* */
    const char *in;         /* source text */
    const char *want;       /* expected output (prefix "ball", "BALL") */
} rt_case;

static const rt_case cases[] = {
    /* renaming: identifiers only, not inside strings or in longer names */
    {0, "ncs_lcp_solve(ws); NCS_LCP_SOLVED; my_ncs_x; ncs; \"ncs_x\"\n",
        "ball_lcp_solve(ws); BALL_LCP_SOLVED; my_ncs_x; ncs; \"ncs_x\"\n"},
    /* comments are renamed; an apostrophe in a comment opens no literal */
    {0, "/* the runtime's ncs_lcp_solve */ ncs_a; // it's ncs_b\nncs_c\n",
        "/* the runtime's ball_lcp_solve */ ball_a; // it's ball_b\nball_c\n"},
    /* character literals and escapes */
    {0, "c = '\\''; s = \"a\\\"ncs_q\"; ncs_r\n",
        "c = '\\''; s = \"a\\\"ncs_q\"; ball_r\n"},
    /* project includes: dropped, or the lcp include redirected */
    {NCS_RT_DROP_INCLUDES, "#include <math.h>\n#include \"ncs/lcp.h\"\n  # include \"x.h\"\nint a;\n",
        "#include <math.h>\nint a;\n"},
    {NCS_RT_LCP_INCLUDE, "#include \"ncs/lcp.h\"\n#include \"ball.h\"\n",
        "#include \"ball_lcp.h\"\n#include \"ball.h\"\n"},
    /* the element type */
    {NCS_RT_REAL, "double x = (double)n; doubled;\n",
        "ball_real x = (ball_real)n; doubled;\n"},
    /* float: literals, libm, HUGE_VAL; integers, hex, suffixed and comment
     * numbers untouched */
    {NCS_RT_REAL | NCS_RT_FLOAT,
        "double y = 2.0 * x + 1e-9 - .5 + 1.5e+3 + 3 + 0x1e + 10u + 2.0f; /* 0.5 */\n"
        "z = sqrt(fabs(y)) + atan2(a, b) - HUGE_VAL; sqrtx(1.0);\n",
        "ball_real y = 2.0f * x + 1e-9f - .5f + 1.5e+3f + 3 + 0x1e + 10u + 2.0f; /* 0.5 */\n"
        "z = sqrtf(fabsf(y)) + atan2f(a, b) - HUGE_VALF; sqrtx(1.0f);\n"},
};

int main(void) {
    size_t i;
    int bad = 0;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ncs_buf out;
        memset(&out, 0, sizeof out);
        ncs_emit_retarget(&out, cases[i].in, "ball", "BALL", cases[i].flags);
        if (out.oom || !out.s || strcmp(out.s, cases[i].want) != 0) {
            printf("case %lu:\n  input:    %s  expected: %s  got:      %s", (unsigned long)i,
                   cases[i].in, cases[i].want, out.s ? out.s : "(nothing)\n");
            bad = 1;
        }
        ncs_buf_free(&out);
    }
    if (!bad)
        printf("retarget: %lu cases ok\n", (unsigned long)(sizeof cases / sizeof cases[0]));
    return bad;
}
