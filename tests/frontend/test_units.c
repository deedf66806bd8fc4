/* test_units.c - unit tests of the front end's pieces: the diagnostics
 * printer (gutter, tabs, long lines, the error cap), the arena, edit
 * distance and suggestions, the formulation names, and ncs_parse on
 * buffers that are not NUL-terminated. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena.h"
#include "front.h"
#include "parse.h"
#include "../check.h"


/* Everything written to f so far, as a NUL-terminated malloc'ed string. */
static char *slurp(FILE *f) {
    long n = ftell(f);
    char *s = malloc((size_t)n + 1);
    if (!s)
        abort();
    rewind(f);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = '\0';
    return s;
}

static void check_output(const char *src, ncs_loc loc, const char *want) {
    FILE *f = tmpfile();
    ncs_diag d;
    if (!f)
        abort();
    ncs_diag_init(&d, "t.ncs", src, strlen(src));
    d.out = f;
    ncs_error(&d, loc, "boom %d", 7);
    char *got = slurp(f);
    CHECK(strcmp(got, want) == 0, "diag output differs.\n--- want\n%s--- got\n%s---", want, got);
    free(got);
    fclose(f);
}

static void test_diag(void) {
    ncs_loc at = {2, 3};
    check_output("a\nxyz = 1;\n", at,
                 "t.ncs:2:3: error: boom 7\n"
                 "    2 | xyz = 1;\n"
                 "      |   ^\n");
    /* a tab before the column: expanded to the next multiple of 8 */
    ncs_loc tab = {1, 4};
    check_output("a\tbc d\n", tab,
                 "t.ncs:1:4: error: boom 7\n"
                 "    1 | a       bc d\n"
                 "      |          ^\n");
    /* no location, CRLF line ends, control bytes, line 100000 gutter */
    ncs_loc none = {0, 0};
    check_output("x", none, "t.ncs: error: boom 7\n");
    ncs_loc crlf = {1, 2};
    check_output("a\001c\r\n", crlf,
                 "t.ncs:1:2: error: boom 7\n"
                 "    1 | a?c\n"
                 "      |  ^\n");
    /* a column past the end of the line: caret just after the last byte */
    ncs_loc past = {1, 9};
    check_output("ab\n", past,
                 "t.ncs:1:9: error: boom 7\n"
                 "    1 | ab\n"
                 "      |   ^\n");
    /* a line past the end of the file: the message only */
    ncs_loc beyond = {5, 1};
    check_output("ab\n", beyond, "t.ncs:5:1: error: boom 7\n");

    /* the cap: 2 errors shown, then the stop line, then silence */
    FILE *f = tmpfile();
    ncs_diag d;
    if (!f)
        abort();
    ncs_diag_init(&d, "c.ncs", NULL, 0);
    d.out = f;
    d.max_errors = 2;
    for (int i = 0; i < 5; i++) {
        ncs_error(&d, none, "e%d", i);
        ncs_note(&d, none, "n%d", i);
    }
    char *got = slurp(f);
    CHECK(strcmp(got, "c.ncs: error: e0\nc.ncs: note: n0\nc.ncs: error: e1\n"
                      "c.ncs: note: n1\nc.ncs: error: too many errors, stopping\n") == 0);
    CHECK(ncs_diag_errors(&d) == 5);
    CHECK(ncs_diag_stopped(&d));
    free(got);
    fclose(f);
}

/* Held messages come out sorted by position, stable, notes with their
 * error, unpositioned ones last, the stop line after all of them. */
static void test_hold(void) {
    FILE *f = tmpfile();
    ncs_diag d;
    ncs_loc l1 = {1, 1}, l2a = {2, 1}, l2b = {2, 5}, l3 = {3, 2}, none = {0, 0};
    if (!f)
        abort();
    ncs_diag_init(&d, "h.ncs", NULL, 0);
    d.out = f;
    ncs_diag_hold(&d);
    ncs_error(&d, l3, "third");
    ncs_note(&d, l1, "note of third");
    ncs_error(&d, none, "nowhere");
    ncs_warning(&d, l2b, "second b");
    ncs_error(&d, l2a, "second a");
    ncs_error(&d, l2a, "second a again");
    ncs_note(&d, l3, "note of second a again");
    ncs_error(&d, l1, "first");
    CHECK(ncs_diag_errors(&d) == 5);    /* counted at once */
    CHECK(ftell(f) == 0);               /* but nothing printed yet */
    ncs_diag_flush(&d);
    char *got = slurp(f);
    CHECK(strcmp(got, "h.ncs:1:1: error: first\n"
                      "h.ncs:2:1: error: second a\n"
                      "h.ncs:2:1: error: second a again\n"
                      "h.ncs:3:2: note: note of second a again\n"
                      "h.ncs:2:5: warning: second b\n"
                      "h.ncs:3:2: error: third\n"
                      "h.ncs:1:1: note: note of third\n"
                      "h.ncs: error: nowhere\n") == 0);
    free(got);
    /* after the flush, messages are printed at once again */
    rewind(f);
    ncs_error(&d, l1, "direct");
    CHECK(ftell(f) > 0);
    fclose(f);

    /* the cap while holding: the stop line comes last */
    f = tmpfile();
    if (!f)
        abort();
    ncs_diag_init(&d, "c.ncs", NULL, 0);
    d.out = f;
    d.max_errors = 2;
    ncs_diag_hold(&d);
    for (int i = 5; i > 0; i--) {
        ncs_loc at = {i, 1};
        ncs_error(&d, at, "e%d", i);
    }
    CHECK(ncs_diag_stopped(&d));
    ncs_diag_flush(&d);
    got = slurp(f);
    CHECK(strcmp(got, "c.ncs:4:1: error: e4\nc.ncs:5:1: error: e5\n"
                      "c.ncs: error: too many errors, stopping\n") == 0);
    free(got);
    fclose(f);
}

static void test_long_line(void) {
    size_t n = 1 << 20;
    char *src = malloc(n + 2);
    if (!src)
        abort();
    memset(src, 'x', n);
    src[n] = '\n';
    src[n + 1] = '\0';
    FILE *f = tmpfile();
    ncs_diag d;
    if (!f)
        abort();
    ncs_diag_init(&d, "l.ncs", src, n + 1);
    d.out = f;
    ncs_loc mid = {1, (int)(n / 2)};
    ncs_error(&d, mid, "here");
    char *got = slurp(f);
    CHECK(strlen(got) < 600);           /* a window, not the 1 MB line */
    CHECK(strstr(got, "| ...xxx") != NULL);
    CHECK(strstr(got, "xxx...\n") != NULL);
    free(got);
    fclose(f);
    free(src);
}

static void test_arena(void) {
    ncs_arena *a = ncs_arena_new();
    CHECK(a != NULL);
    for (int i = 1; i < 2000; i++) {
        unsigned char *p = ncs_arena_alloc(a, (size_t)(i % 37) + 1);
        CHECK(p != NULL && ((uintptr_t)p % sizeof(double)) == 0 && p[0] == 0);
        if (p)
            p[0] = 0xff;
    }
    char *big = ncs_arena_alloc(a, 1 << 20);    /* bigger than a block */
    CHECK(big != NULL && big[(1 << 20) - 1] == 0);
    char *small = ncs_arena_alloc(a, 8);        /* still served afterwards */
    CHECK(small != NULL);
    CHECK(ncs_arena_array(a, SIZE_MAX / 2, 4) == NULL);   /* overflow */
    char *s = ncs_arena_strndup(a, "hello world", 5);
    CHECK(s && strcmp(s, "hello") == 0);
    ncs_arena_free(a);
    ncs_arena_free(NULL);
}

static void test_suggest(void) {
    static const char *const names[] = {"gamma", "epsilon", "margin", NULL};
    CHECK(ncs_edit_distance("gama", "gamma", 2) == 1);
    CHECK(ncs_edit_distance("abc", "abc", 2) == 0);
    CHECK(ncs_edit_distance("kitten", "sitting", 2) == 3);   /* limit + 1 */
    CHECK(ncs_edit_distance("kitten", "sitting", 5) == 3);
    CHECK(strcmp(ncs_suggest("gamm", names), "gamma") == 0);
    CHECK(strcmp(ncs_suggest("epsilom", names), "epsilon") == 0);
    CHECK(ncs_suggest("friction", names) == NULL);
    const char *hint = NULL;
    CHECK(ncs_formulation_from_name("diff-accurate", &hint) == NCS_FORM_DIFF_ACCURATE);
    CHECK(ncs_formulation_from_name("sumation", &hint) == -1 && hint
          && strcmp(hint, "summation") == 0);
    CHECK(ncs_formulation_from_name("zzzzzzzz", &hint) == -1 && hint == NULL);
    CHECK(strcmp(ncs_formulation_name(NCS_FORM_STEWART), "stewart") == 0);
    CHECK(strcmp(ncs_formulation_name(99), "?") == 0);
}

static ncs_scene *parse_quiet(const char *src, size_t len, FILE *sink) {
    ncs_diag d;
    ncs_diag_init(&d, "u.ncs", src, len);
    d.out = sink;
    return ncs_parse("u.ncs", src, len, &d);
}

static void test_parse(void) {
    FILE *sink = tmpfile();
    if (!sink)
        abort();
    /* the buffer goes on past len: only len bytes may be read */
    static const char text[] =
        "scene s { h = 0.5; duration = 2; friction = 0.25; }\n"
        "body r polygon { mass = 3; vertices (0, 0) (0, 1) (2, 1) (2, 0); }\n"
        "body q polygon { mass = 3; vertices (0, 0) (2, 0) (2, 1) (0, 1); }\n"
        "body t polygon { mass = 1; vertices (0, 0) (3, 0) (0, 3); inertia = 4; }\n"
        "obstacle w polygon { outer (0, -2) (5, -2) (5, -1); friction = 0.5; }\n"
        "GARBAGE";
    size_t len = strlen(text) - strlen("GARBAGE");
    ncs_scene *s = parse_quiet(text, len, sink);
    CHECK(s != NULL);
    if (s) {
        CHECK(s->steps == 4);
        CHECK(s->nbodies == 3 && s->nobstacles == 1);
        /* rectangle 2 x 1, mass 3: m (w^2 + h^2) / 12, either winding */
        CHECK(fabs(s->bodies[0].inertia - 1.25) < 1e-12);
        CHECK(fabs(s->bodies[1].inertia - 1.25) < 1e-12);
        CHECK(!s->bodies[0].has_inertia && s->bodies[2].has_inertia);
        CHECK(s->bodies[2].inertia == 4);
        CHECK(s->bodies[0].friction == 0.25 && !s->bodies[0].has_friction);
        CHECK(s->obstacles[0].friction == 0.5 && s->obstacles[0].has_friction);
        CHECK(s->form == NCS_FORM_MAX && s->gamma_auto && s->epsilon_auto);
    }
    ncs_scene_free(s);
    ncs_scene_free(NULL);
    /* the garbage is an error when included */
    CHECK(parse_quiet(text, strlen(text), sink) == NULL);
    /* empty input */
    CHECK(parse_quiet("", 0, sink) == NULL);
    fclose(sink);
}

int main(void) {
    test_diag();
    test_hold();
    test_long_line();
    test_arena();
    test_suggest();
    test_parse();
    return CHECK_DONE();
}
