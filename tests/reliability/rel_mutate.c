/* rel_mutate.c - the mutation corpus of the reliability suite (issue 28):
 * scenes made from the examples by small hostile edits, deterministically
 * from a seed.
 *
 *   rel_mutate SEED COUNT EMIT DIR FILE...
 *
 * writes mutants 0 .. COUNT-1 of SEED as DIR/NNNNN.ncs and one line per
 * mutant into DIR/manifest, `NNNNN MODE SOURCE EDITS`: MODE is `emit` for
 * about one mutant in EMIT (the seeded subset that corpus.sh also compiles
 * with -o) and `check` otherwise, SOURCE the file it was made from (FILE
 * number NNNNN mod the number of FILEs), EDITS the edits applied in
 * order, comma-separated. Mutant i depends on SEED, i and its source only,
 * so one mutant is made again alone from the manifest line. Each mutant
 * gets one edit, or two or three (one in four). The edits:
 *
 *   delete      a token removed
 *   dup         a token written twice
 *   swap        two tokens exchanged
 *   number      a number replaced by 0, -1, -0, 1e308, -1e308, 1e-308,
 *               1e400, nan, inf, -inf, 0x10, 2147483648, ...
 *   count       the value of steps, capacity or fixpoint (or any number)
 *               replaced by a huge or negative count
 *   scale       a number replaced by a random one of magnitude 1e-320..1e320
 *   truncate    the file cut at a random byte
 *   nul         one to four NUL bytes inserted
 *   bytes       one to sixteen random bytes inserted
 *   brace       a brace, parenthesis or semicolon inserted or removed
 *   name        a declared name replaced by another (duplicate names), or a
 *               declaration's first line written twice
 *   line        a line deleted or written twice
 *   ident       an identifier replaced by another identifier of the file
 *
 * Exit status 0, or 2 on bad arguments or when a file cannot be read or
 * written.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a deterministic generator (xorshift64*) ------------------------------ */

static uint64_t rs;

static uint64_t rnd(void) {
    rs ^= rs >> 12;
    rs ^= rs << 25;
    rs ^= rs >> 27;
    return rs * 0x2545f4914f6cdd1du;
}

/* An integer in 0..n-1 (n >= 1). */
static size_t pick(size_t n) {
    return (size_t)(rnd() % (uint64_t)n);
}

/* ---- the text being edited -------------------------------------------------- */

/** A growable byte buffer (the mutant; may hold NUL bytes). */
typedef struct {
    char *p;    /* the bytes */
    size_t n;   /* how many */
    size_t cap; /* allocated */
} buf;

/** A token of the mutant's text. */
typedef struct {
    size_t at;  /* first byte */
    size_t len; /* bytes */
    int kind;   /* TOK_NUMBER, TOK_IDENT or TOK_PUNCT */
} token;

enum { TOK_NUMBER, TOK_IDENT, TOK_PUNCT };
enum { MAX_TOKENS = 1 << 16 };

static token toks[MAX_TOKENS];
static size_t ntoks;

static void die(const char *what, const char *name) {
    fprintf(stderr, "rel_mutate: %s '%s'\n", what, name);
    exit(2);
}

/* Replaces bytes [at, at+len) of b by the n bytes of s. */
static void splice(buf *b, size_t at, size_t len, const char *s, size_t n) {
    if (b->n - len + n + 1 > b->cap) {
        size_t cap = (b->n - len + n + 1) * 2;
        char *p = realloc(b->p, cap);
        if (!p)
            die("out of memory", "splice");
        b->p = p;
        b->cap = cap;
    }
    memmove(b->p + at + n, b->p + at + len, b->n - at - len);
    memcpy(b->p + at, s, n);
    b->n = b->n - len + n;
}

static int is_alpha(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(int c) {
    return c >= '0' && c <= '9';
}

/* Splits b into tokens (comments and white space between them). */
static void tokenize(const buf *b) {
    size_t i = 0;
    ntoks = 0;
    while (i < b->n && ntoks < MAX_TOKENS) {
        int c = (unsigned char)b->p[i];
        token *t = &toks[ntoks];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            i++;
            continue;
        }
        if (c == '#') {
            while (i < b->n && b->p[i] != '\n')
                i++;
            continue;
        }
        t->at = i;
        if (is_digit(c) || (c == '.' && i + 1 < b->n && is_digit(b->p[i + 1]))) {
            t->kind = TOK_NUMBER;
            while (i < b->n && (is_digit(b->p[i]) || is_alpha(b->p[i]) || b->p[i] == '.' ||
                                ((b->p[i] == '-' || b->p[i] == '+') &&
                                 (b->p[i - 1] == 'e' || b->p[i - 1] == 'E'))))
                i++;
        } else if (is_alpha(c)) {
            t->kind = TOK_IDENT;
            while (i < b->n && (is_alpha(b->p[i]) || is_digit(b->p[i]) || b->p[i] == '-'))
                i++;
        } else {
            t->kind = TOK_PUNCT;
            i++;
        }
        t->len = i - t->at;
        ntoks++;
    }
}

/* A random token of the kind (any kind when kind < 0), or -1 when none. */
static long any_token(int kind) {
    size_t n = 0, k, i;
    for (i = 0; i < ntoks; i++)
        n += kind < 0 || toks[i].kind == kind;
    if (n == 0)
        return -1;
    k = pick(n);
    for (i = 0; i < ntoks; i++)
        if ((kind < 0 || toks[i].kind == kind) && k-- == 0)
            break;
    return (long)i;
}

/* Whether token i is the identifier `word` in b. */
static int token_is(const buf *b, size_t i, const char *word) {
    return i < ntoks && toks[i].kind == TOK_IDENT && toks[i].len == strlen(word) &&
           memcmp(b->p + toks[i].at, word, toks[i].len) == 0;
}

/* Replaces token i by the string s. */
static void replace_token(buf *b, size_t i, const char *s) {
    splice(b, toks[i].at, toks[i].len, s, strlen(s));
}

/* ---- the edits ---------------------------------------------------------------- */

static const char *const hostile_numbers[] = {
    "0", "-1", "-0", "1", "1e308", "-1e308", "1e-308", "4.9e-324", "1e400", "-1e400", "nan",
    "inf", "-inf", "0x10", "2147483648", "-2147483649", "9223372036854775808", "1e-9", "1e9",
    "00000000000000000000000000001", "1.", ".5", "1e", "-", "+1"};

static const char *const hostile_counts[] = {
    "0", "-1", "1e9", "2147483647", "2147483648", "4294967297", "1e18", "1e308", "1.5",
    "99999999999999999999", "1000000"};

static void edit_delete(buf *b) {
    long i = any_token(-1);
    if (i >= 0)
        splice(b, toks[i].at, toks[i].len, "", 0);
}

static void edit_dup(buf *b) {
    long i = any_token(-1);
    if (i >= 0) {
        char *copy = malloc(toks[i].len + 1);
        if (!copy)
            die("out of memory", "dup");
        memcpy(copy, b->p + toks[i].at, toks[i].len);
        copy[toks[i].len] = ' ';
        splice(b, toks[i].at, 0, copy, toks[i].len + 1);
        free(copy);
    }
}

static void edit_swap(buf *b) {
    long i = any_token(-1), j = any_token(-1);
    if (i < 0 || i == j)
        return;
    if (i > j) {
        long t = i;
        i = j;
        j = t;
    }
    token a = toks[i], c = toks[j];
    char *ta = malloc(a.len + c.len);
    if (!ta)
        die("out of memory", "swap");
    memcpy(ta, b->p + a.at, a.len);
    memcpy(ta + a.len, b->p + c.at, c.len);
    splice(b, c.at, c.len, ta, a.len);      /* the later one first: a.at stays */
    splice(b, a.at, a.len, ta + a.len, c.len);
    free(ta);
}

static void edit_number(buf *b) {
    long i = any_token(TOK_NUMBER);
    if (i >= 0)
        replace_token(b, (size_t)i, hostile_numbers[pick(sizeof hostile_numbers /
                                                          sizeof hostile_numbers[0])]);
}

static void edit_count(buf *b) {
    size_t i, n = 0, k;
    for (i = 0; i + 2 < ntoks; i++)
        n += (token_is(b, i, "steps") || token_is(b, i, "capacity") ||
              token_is(b, i, "fixpoint")) && toks[i + 2].kind == TOK_NUMBER;
    if (n == 0) {
        edit_number(b);
        return;
    }
    k = pick(n);
    for (i = 0; i + 2 < ntoks; i++)
        if ((token_is(b, i, "steps") || token_is(b, i, "capacity") ||
             token_is(b, i, "fixpoint")) && toks[i + 2].kind == TOK_NUMBER && k-- == 0)
            break;
    replace_token(b, i + 2, hostile_counts[pick(sizeof hostile_counts /
                                                 sizeof hostile_counts[0])]);
}

static void edit_scale(buf *b) {
    long i = any_token(TOK_NUMBER);
    char s[64];
    if (i < 0)
        return;
    snprintf(s, sizeof s, "%s%d.%de%d", rnd() & 1 ? "-" : "", (int)pick(10), (int)pick(1000),
             (int)pick(641) - 320);
    replace_token(b, (size_t)i, s);
}

static void edit_truncate(buf *b) {
    if (b->n > 0)
        b->n = pick(b->n);
}

static void edit_nul(buf *b) {
    static const char zeros[4] = {0, 0, 0, 0};
    splice(b, pick(b->n + 1), 0, zeros, 1 + pick(4));
}

static void edit_bytes(buf *b) {
    char r[16];
    size_t n = 1 + pick(16), k;
    for (k = 0; k < n; k++)
        r[k] = (char)(rnd() >> 56);
    splice(b, pick(b->n + 1), 0, r, n);
}

static void edit_brace(buf *b) {
    static const char marks[] = "{}();";
    size_t i, n = 0, k;
    if (rnd() & 1) {                    /* insert one at a token's start */
        long t = any_token(-1);
        splice(b, t < 0 ? 0 : toks[t].at, 0, &marks[pick(5)], 1);
        return;
    }
    for (i = 0; i < b->n; i++)          /* remove one */
        n += b->p[i] != 0 && strchr(marks, b->p[i]) != NULL;
    if (n == 0)
        return;
    k = pick(n);
    for (i = 0; i < b->n; i++)
        if (b->p[i] != 0 && strchr(marks, b->p[i]) != NULL && k-- == 0)
            break;
    splice(b, i, 1, "", 0);
}

/* The token after a declaration keyword (a declared name) number k, or the
 * count of them when k < 0. */
static long declared(const buf *b, long k) {
    long n = 0;
    for (size_t i = 0; i + 1 < ntoks; i++)
        if ((token_is(b, i, "body") || token_is(b, i, "obstacle") || token_is(b, i, "joint")) &&
            toks[i + 1].kind == TOK_IDENT && n++ == k)
            return (long)i + 1;
    return n;
}

/* Bytes [*from, *to) of the line that holds byte at. */
static void line_of(const buf *b, size_t at, size_t *from, size_t *to) {
    *from = at;
    while (*from > 0 && b->p[*from - 1] != '\n')
        (*from)--;
    *to = at;
    while (*to < b->n && b->p[*to] != '\n')
        (*to)++;
    if (*to < b->n)
        (*to)++;
}

/* Writes bytes [from, to) of b again at from. */
static void repeat_bytes(buf *b, size_t from, size_t to) {
    char *copy = malloc(to - from + 1);
    if (!copy)
        die("out of memory", "repeat");
    memcpy(copy, b->p + from, to - from);
    splice(b, from, 0, copy, to - from);
    free(copy);
}

static void edit_name(buf *b) {
    long n = declared(b, -1);
    size_t from, to;
    if (n == 0)
        return;
    long i = declared(b, (long)pick((size_t)n)), j = declared(b, (long)pick((size_t)n));
    if (n >= 2 && i != j && (rnd() & 1)) {
        char name[256];
        size_t len = toks[j].len < sizeof name - 1 ? toks[j].len : sizeof name - 1;
        memcpy(name, b->p + toks[j].at, len);
        name[len] = 0;
        replace_token(b, (size_t)i, name);
        return;
    }
    line_of(b, toks[i].at, &from, &to);
    repeat_bytes(b, from, to);
}

static void edit_line(buf *b) {
    size_t from, to;
    if (b->n == 0)
        return;
    line_of(b, pick(b->n), &from, &to);
    if (rnd() & 1)
        splice(b, from, to - from, "", 0);
    else
        repeat_bytes(b, from, to);
}

static void edit_ident(buf *b) {
    long i = any_token(TOK_IDENT), j = any_token(TOK_IDENT);
    char word[256];
    if (i < 0)
        return;
    size_t len = toks[j].len < sizeof word - 1 ? toks[j].len : sizeof word - 1;
    memcpy(word, b->p + toks[j].at, len);
    word[len] = 0;
    replace_token(b, (size_t)i, word);
}

static const struct {
    const char *name;       /* in the manifest */
    void (*apply)(buf *);   /* the edit */
} edits[] = {
    {"delete", edit_delete}, {"dup", edit_dup},     {"swap", edit_swap},
    {"number", edit_number}, {"count", edit_count}, {"scale", edit_scale},
    {"truncate", edit_truncate}, {"nul", edit_nul}, {"bytes", edit_bytes},
    {"brace", edit_brace},   {"name", edit_name},   {"line", edit_line},
    {"ident", edit_ident},
};

/* ---- main --------------------------------------------------------------------- */

/* Reads the whole file into a new buffer. */
static buf read_file(const char *name) {
    buf b = {NULL, 0, 0};
    FILE *f = fopen(name, "rb");
    char chunk[4096];
    size_t got;
    if (!f)
        die("cannot read", name);
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        splice(&b, b.n, 0, chunk, got);
    if (ferror(f))
        die("cannot read", name);
    fclose(f);
    return b;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: rel_mutate SEED COUNT EMIT DIR FILE...\n");
        return 2;
    }
    unsigned long seed = strtoul(argv[1], NULL, 10);
    long count = atol(argv[2]), emit = atol(argv[3]), nfiles = argc - 5;
    const char *dir = argv[4];
    char path[4096];
    buf *src = calloc((size_t)nfiles, sizeof *src);
    if (!src || emit < 1)
        die("bad arguments or out of memory", argv[3]);
    for (long f = 0; f < nfiles; f++)
        src[f] = read_file(argv[5 + f]);
    snprintf(path, sizeof path, "%s/manifest", dir);
    FILE *manifest = fopen(path, "w");
    if (!manifest)
        die("cannot write", path);
    for (long i = 0; i < count; i++) {
        const buf *s = &src[i % nfiles];
        buf b = {NULL, 0, 0};
        rs = (seed + 1) * 0x9e3779b97f4a7c15u ^ (uint64_t)(i + 1) * 0xd1b54a32d192ed03u;
        if (rs == 0)
            rs = 1;
        rnd();
        splice(&b, 0, 0, s->p, s->n);
        int nedits = pick(4) == 0 ? 2 + (int)pick(2) : 1;
        fprintf(manifest, "%05ld %s %s ", i, pick((size_t)emit) == 0 ? "emit" : "check",
                argv[5 + i % nfiles]);
        for (int e = 0; e < nedits; e++) {
            size_t k = pick(sizeof edits / sizeof edits[0]);
            tokenize(&b);
            edits[k].apply(&b);
            fprintf(manifest, "%s%s", e ? "," : "", edits[k].name);
        }
        fputc('\n', manifest);
        snprintf(path, sizeof path, "%s/%05ld.ncs", dir, i);
        FILE *out = fopen(path, "wb");
        if (!out || fwrite(b.p, 1, b.n, out) != b.n || fclose(out) != 0)
            die("cannot write", path);
        free(b.p);
    }
    if (fclose(manifest) != 0)
        die("cannot write", "manifest");
    for (long f = 0; f < nfiles; f++)
        free(src[f].p);
    free(src);
    return 0;
}
