/* test_nomem.c - running out of memory while parsing is not an input error.
 *
 * Linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc so that the
 * n-th allocation of the front end fails. For every n, a child process
 * parses a valid scene (big enough for several arena blocks, with warnings
 * for the held diagnostics) with ncs_parse_ex, and the test checks the
 * outcome: the parse succeeded (n is past the last allocation, or the
 * failed allocation was a held message, which is then printed at once), or
 * failed with *nomem set (ncsc then exits 2), or the scanner's own
 * allocation failure ended the process with flex's exit status 2. Never a
 * parse that fails as if the input were wrong (ncsc would exit 1), never a
 * crash.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "parse.h"
#include "../check.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

static long allocations, fail_at;

void *__wrap_malloc(size_t n) {
    return ++allocations == fail_at ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size) {
    return ++allocations == fail_at ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n) {
    return ++allocations == fail_at ? NULL : __real_realloc(p, n);
}

enum { CHILD_OK = 0, CHILD_NOMEM = 42, CHILD_INPUT = 43, CHILD_UNHARMED = 44 };

/* Parses `src` with allocation number n failing; exits with a CHILD_ code. */
static void child(const char *src, long n) {
    ncs_diag d;
    int nomem = 0;
    FILE *sink = fopen("/dev/null", "w");
    if (!sink || dup2(fileno(sink), 2) < 0)     /* flex's message, too */
        _exit(3);
    ncs_diag_init(&d, "m.ncs", src, strlen(src));
    d.out = sink;
    allocations = 0;
    fail_at = n;
    ncs_scene *s = ncs_parse_ex("m.ncs", src, strlen(src), &d, &nomem);
    if (s) {
        ncs_scene_free(s);
        _exit(allocations < n ? CHILD_OK : CHILD_UNHARMED);
    }
    _exit(nomem ? CHILD_NOMEM : CHILD_INPUT);
}

int main(void) {
    static const char head[] =
        "scene s { h = 0.01; steps = 10; gravity = (0, -9.81); }\n"
        "obstacle floor polygon { outer (0, 0) (4, 0) (4, 1) (0, 1);\n"
        "                         hole (1, 0.2) (2, 0.2) (2, 0.8); }\n"
        "obstacle corner group { side (0, 0) normal (1, 0); side (0, 0) normal (0, 1); }\n"
        "expect every step solved;\n";
    enum { NBODIES = 400 };
    char *src = malloc(sizeof head + NBODIES * 96);
    if (!src)
        return 2;
    strcpy(src, head);
    for (int i = 0; i < NBODIES; i++)       /* radius: a warning each */
        sprintf(src + strlen(src), "body b%d particle { mass = 1; position = (%d, 2); "
                "radius = 1; }\n", i, i);
    int nomem = 0, fatal = 0, unharmed = 0, done = 0;
    long n;
    for (n = 1; n < 100000 && !done; n++) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 2;
        }
        if (pid == 0)
            child(src, n);
        int status;
        if (waitpid(pid, &status, 0) != pid) {
            perror("waitpid");
            return 2;
        }
        int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (code == CHILD_OK) {
            done = 1;
        } else if (code == CHILD_NOMEM) {
            nomem++;
        } else if (code == 2) {
            fatal++;                /* flex: "out of dynamic memory", exit 2 */
        } else if (code == CHILD_UNHARMED) {
            unharmed++;             /* a held message: printed at once */
        } else {
            CHECK(0, "allocation %ld failing: %s (status %d)", n,
                  code == CHILD_INPUT ? "reported as an input error" : "crashed", status);
        }
    }
    CHECK(done, "the parse never succeeded");
    CHECK(nomem >= 3, "only %d allocation failures reported as out of memory", nomem);
    printf("%ld allocations: %d out of memory, %d scanner exits, %d messages "
           "printed at once\n", n - 2, nomem, fatal, unharmed);
    free(src);
    return CHECK_DONE();
}
