/* text.c - shared base: text for messages (quoting, the closest name to a
 * misspelt one). See text.h. */
#include <string.h>
#include "text.h"

const char *ncs_quote(char *buf, const char *s, size_t max) {
    static const char hex[] = "0123456789abcdef";
    size_t o = 0, n = strlen(s);
    buf[o++] = '\'';
    for (size_t i = 0; i < n && i < max; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            buf[o++] = (char)c;
        } else {
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        }
    }
    if (n > max) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o++] = '\'';
    buf[o] = '\0';
    return buf;
}

int ncs_edit_distance(const char *a, const char *b, int limit) {
    enum { MAXLEN = 64 };
    size_t la = strlen(a), lb = strlen(b);
    if (la > MAXLEN || lb > MAXLEN)
        return limit + 1;
    if ((la > lb ? la - lb : lb - la) > (size_t)limit)
        return limit + 1;
    int row[MAXLEN + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb] > limit ? limit + 1 : row[lb];
}

const char *ncs_suggest(const char *s, const char *const *names) {
    const char *best = NULL;
    int bestd = 3;
    for (int i = 0; names[i]; i++) {
        int dist = ncs_edit_distance(s, names[i], 2);
        if (dist < bestd) {
            bestd = dist;
            best = names[i];
        }
    }
    return best;
}
