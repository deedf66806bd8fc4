/* vocab.c - the tables of ncs/vocab.h: the one place that spells the name of
 * a formulation, a body kind, a joint kind, an expectation kind, a
 * coordinate or a comparison (host library ncs_layout; a firmware copy
 * does not compile it). */
#include <stddef.h>
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
    {NCS_PARTICLE, "particle", "particles", "NCS_PARTICLE", 0},
    {NCS_DISC, "disc", "discs", "NCS_DISC", 0},
    {NCS_POLYGON, "polygon", "polygons", "NCS_POLYGON", 0}
};

const ncs_joint_kind_info ncs_joint_kinds[NCS_NJOINT_KINDS] = {
    {NCS_JOINT_PIN, "pin", "pins", "NCS_JOINT_PIN", 2},
    {NCS_JOINT_ROD, "rod", "rods", "NCS_JOINT_ROD", 1},
    {NCS_JOINT_WELD, "weld", "welds", "NCS_JOINT_WELD", 3}
};

/* The index of the row among n rows of `size` bytes from `rows` whose name
 * (the const char * at byte `at` of a row) is `name`, or -1. */
static int find_name(const void *rows, size_t size, size_t at, int n, const char *name) {
    int i;
    for (i = 0; name && i < n; i++) {
        const char *row_name = *(const char *const *)((const char *)rows + size * (size_t)i + at);
        if (strcmp(name, row_name) == 0)
            return i;
    }
    return -1;
}

const ncs_enum_name ncs_expect_kinds[NCS_NEXPECT_KINDS] = {
    {NCS_EXPECT_POSITION, "position", "NCS_EXPECT_POSITION"},
    {NCS_EXPECT_VELOCITY, "velocity", "NCS_EXPECT_VELOCITY"},
    {NCS_EXPECT_VALUE, "value", "NCS_EXPECT_VALUE"},
    {NCS_EXPECT_BOUND, "bound", "NCS_EXPECT_BOUND"},
    {NCS_EXPECT_NO_PENETRATION, "no-penetration", "NCS_EXPECT_NO_PENETRATION"},
    {NCS_EXPECT_ALL_SOLVED, "all-solved", "NCS_EXPECT_ALL_SOLVED"}
};

const ncs_enum_name ncs_coords[NCS_NCOORDS] = {
    {NCS_COORD_X, "x", "NCS_COORD_X"},         {NCS_COORD_Y, "y", "NCS_COORD_Y"},
    {NCS_COORD_THETA, "theta", "NCS_COORD_THETA"}, {NCS_COORD_VX, "vx", "NCS_COORD_VX"},
    {NCS_COORD_VY, "vy", "NCS_COORD_VY"},      {NCS_COORD_OMEGA, "omega", "NCS_COORD_OMEGA"}
};

const ncs_enum_name ncs_cmps[NCS_NCMPS] = {
    {NCS_EXPECT_EQ, "==", "NCS_EXPECT_EQ"},
    {NCS_EXPECT_LE, "<=", "NCS_EXPECT_LE"},
    {NCS_EXPECT_GE, ">=", "NCS_EXPECT_GE"}
};

const char *ncs_enum_name_of(const ncs_enum_name *table, int n, int i) {
    return i >= 0 && i < n ? table[i].name : "?";
}

const char *ncs_enum_macro_of(const ncs_enum_name *table, int n, int i) {
    return table[i >= 0 && i < n ? i : 0].macro;
}

const ncs_form_info *ncs_form_info_of(int form) {
    return form >= 0 && form < NCS_NFORMS ? &ncs_forms[form] : NULL;
}

const char *ncs_form_name(int form) {
    return form >= 0 && form < NCS_NFORMS ? ncs_forms[form].name : "?";
}

int ncs_form_from_name(const char *name) {
    return find_name(ncs_forms, sizeof ncs_forms[0], offsetof(ncs_form_info, name), NCS_NFORMS,
                     name);
}

const ncs_body_kind_info *ncs_body_kind_info_of(int kind) {
    return kind >= 0 && kind < NCS_NBODY_KINDS ? &ncs_body_kinds[kind] : NULL;
}

int ncs_body_kind_from_name(const char *name) {
    return find_name(ncs_body_kinds, sizeof ncs_body_kinds[0],
                     offsetof(ncs_body_kind_info, name), NCS_NBODY_KINDS, name);
}

const ncs_joint_kind_info *ncs_joint_kind_info_of(int kind) {
    return kind >= 0 && kind < NCS_NJOINT_KINDS ? &ncs_joint_kinds[kind] : NULL;
}

const char *ncs_joint_kind_name(int kind) {
    return kind >= 0 && kind < NCS_NJOINT_KINDS ? ncs_joint_kinds[kind].name : "?";
}

int ncs_joint_kind_from_name(const char *name) {
    return find_name(ncs_joint_kinds, sizeof ncs_joint_kinds[0],
                     offsetof(ncs_joint_kind_info, name), NCS_NJOINT_KINDS, name);
}
