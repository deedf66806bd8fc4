/* numcmp.c - compares two text outputs token by token, numbers with a
 * tolerance (the host-versus-firmware check of the embedded tests).
 *
 *   numcmp [-r RTOL] [-a ATOL] EXPECTED ACTUAL
 *
 * Both files are split into lines and the lines into whitespace-separated
 * tokens. Lines must correspond one to one. A token that parses completely
 * as a number (strtod) in both files matches when
 *     |e - a| <= ATOL  or  |e - a| <= RTOL * max(|e|, |a|);
 * NaN matches only NaN, an infinity only the same infinity. Every other
 * token must be identical. Defaults: RTOL = 1e-9, ATOL = 0.
 *
 * Exit status: 0 the files match, 1 they differ (the first difference and
 * the largest relative difference are printed), 2 bad usage or I/O error.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NUMCMP_LINE_MAX 4096

/* Comparison settings and running statistics. */
typedef struct numcmp_state {
    double rtol;     /* relative tolerance */
    double atol;     /* absolute tolerance */
    long line;       /* current line number, from 1 */
    long numbers;    /* numeric tokens compared */
    double worst;    /* largest relative difference seen */
} numcmp_state;

/* Parses `tok` as a whole number into *v; returns 1 when it is one. */
static int numcmp_number(const char *tok, double *v) {
    char *end;

    errno = 0;
    *v = strtod(tok, &end);
    return end != tok && *end == '\0' && errno != ERANGE;
}

/* Compares one token pair; returns 1 when they match. */
static int numcmp_token(numcmp_state *st, const char *e, const char *a) {
    double ev, av, diff, scale;

    if (!numcmp_number(e, &ev) || !numcmp_number(a, &av))
        return strcmp(e, a) == 0;
    st->numbers++;
    if (isnan(ev) || isnan(av))
        return isnan(ev) && isnan(av);
    if (isinf(ev) || isinf(av))
        return ev == av;
    diff = fabs(ev - av);
    scale = fmax(fabs(ev), fabs(av));
    if (scale > 0 && diff / scale > st->worst)
        st->worst = diff / scale;
    return diff <= st->atol || diff <= st->rtol * scale;
}

/* Returns the next whitespace-separated token at or after *p and moves *p
 * past it, or NULL at the end of the line. The token is cut in place. */
static char *numcmp_next(char **p) {
    static const char sep[] = " \t\r\n";
    char *tok = *p + strspn(*p, sep);
    size_t n = strcspn(tok, sep);

    if (n == 0)
        return NULL;
    *p = tok + n;
    if (**p != '\0')
        *(*p)++ = '\0';
    return tok;
}

/* Compares one line pair (modified in place); returns 1 when they match. */
static int numcmp_line(numcmp_state *st, char *e, char *a) {
    char *et = numcmp_next(&e);
    char *at = numcmp_next(&a);

    while (et && at) {
        if (!numcmp_token(st, et, at)) {
            printf("numcmp: line %ld: expected '%s', got '%s'\n", st->line, et,
                   at);
            return 0;
        }
        et = numcmp_next(&e);
        at = numcmp_next(&a);
    }
    if (et || at) {
        printf("numcmp: line %ld: different number of fields\n", st->line);
        return 0;
    }
    return 1;
}

/* Parses a non-negative tolerance; returns 1 on success. */
static int numcmp_tol(const char *s, double *v) {
    return numcmp_number(s, v) && *v >= 0 && !isnan(*v);
}

int main(int argc, char **argv) {
    numcmp_state st = {1e-9, 0.0, 0, 0, 0.0};
    char eline[NUMCMP_LINE_MAX], aline[NUMCMP_LINE_MAX];
    FILE *ef = NULL, *af = NULL;
    int argi = 1, status = 2;

    while (argi + 1 < argc && argv[argi][0] == '-') {
        double *dst = strcmp(argv[argi], "-r") == 0   ? &st.rtol
                      : strcmp(argv[argi], "-a") == 0 ? &st.atol
                                                      : NULL;
        if (!dst || !numcmp_tol(argv[argi + 1], dst))
            break;
        argi += 2;
    }
    if (argc - argi != 2) {
        fprintf(stderr, "usage: numcmp [-r RTOL] [-a ATOL] EXPECTED ACTUAL\n");
        goto out;
    }
    ef = fopen(argv[argi], "r");
    af = fopen(argv[argi + 1], "r");
    if (!ef || !af) {
        fprintf(stderr, "numcmp: cannot open %s\n", argv[ef ? argi + 1 : argi]);
        goto out;
    }
    status = 0;
    for (;;) {
        char *eok = fgets(eline, sizeof eline, ef);
        char *aok = fgets(aline, sizeof aline, af);
        st.line++;
        if (!eok || !aok) {
            if (eok || aok) {
                printf("numcmp: line %ld: %s ends first\n", st.line,
                       eok ? "actual" : "expected");
                status = 1;
            }
            break;
        }
        if (!numcmp_line(&st, eline, aline)) {
            status = 1;
            break;
        }
    }
    if (status == 0 && st.numbers == 0) {
        printf("numcmp: no numbers to compare\n");
        status = 1;
    }
    printf("numcmp: %s: %ld numbers, largest relative difference %.3g "
           "(rtol %.3g, atol %.3g)\n",
           status == 0 ? "match" : "DIFFER", st.numbers, st.worst, st.rtol,
           st.atol);
out:
    if (ef)
        fclose(ef);
    if (af)
        fclose(af);
    return status;
}
