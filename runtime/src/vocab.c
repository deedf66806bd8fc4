/* vocab.c - the tables of ncs/vocab.h: the one place that spells the name of
 * a formulation or a body kind (host library ncs_layout; a firmware copy
 * does not compile it). */
#include <string.h>
#include "ncs/vocab.h"

/* The rows of their blocks before p_y follow ncs/layout.h: max has
 * c[y] d[g] g[y] h[y] p[g], summation c[y], diff c[y-g], diff-accurate
 * c[y-g] gv[y] pd[g] (tests/runtime/test_vocab.c checks them against
 * ncs_layout_size). */
const ncs_form_info ncs_forms[NCS_NFORMS] = {
    {NCS_FORM_STEWART, "stewart", "NCS_FORM_STEWART", NULL, 0, 0, 0},
    {NCS_FORM_MAX, "max", "NCS_FORM_MAX", "gamma", 1, 3, 2},
    {NCS_FORM_SUMMATION, "summation", "NCS_FORM_SUMMATION", "epsilon", 1, 1, 0},
    {NCS_FORM_DIFF, "diff", "NCS_FORM_DIFF", NULL, 1, 1, -1},
    {NCS_FORM_DIFF_ACCURATE, "diff-accurate", "NCS_FORM_DIFF_ACCURATE", NULL, 1, 2, 0}
};

const ncs_body_kind_info ncs_body_kinds[NCS_NBODY_KINDS] = {
    {NCS_PARTICLE, "particle", "particles", "NCS_PARTICLE"},
    {NCS_DISC, "disc", "discs", "NCS_DISC"},
    {NCS_POLYGON, "polygon", "polygons", "NCS_POLYGON"}
};

const ncs_form_info *ncs_form_info_of(int form) {
    return form >= 0 && form < NCS_NFORMS ? &ncs_forms[form] : NULL;
}

const char *ncs_form_name(int form) {
    return form >= 0 && form < NCS_NFORMS ? ncs_forms[form].name : "?";
}

int ncs_form_from_name(const char *name) {
    int f;
    for (f = 0; name && f < NCS_NFORMS; f++)
        if (strcmp(name, ncs_forms[f].name) == 0)
            return f;
    return -1;
}

const ncs_body_kind_info *ncs_body_kind_info_of(int kind) {
    return kind >= 0 && kind < NCS_NBODY_KINDS ? &ncs_body_kinds[kind] : NULL;
}

int ncs_body_kind_from_name(const char *name) {
    int k;
    for (k = 0; name && k < NCS_NBODY_KINDS; k++)
        if (strcmp(name, ncs_body_kinds[k].name) == 0)
            return k;
    return -1;
}
