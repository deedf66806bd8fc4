/* test_vocab.c - the vocabulary's tables (ncs/vocab.h): every row at the
 * index of its enum, names found back, the constants each formulation
 * takes, the shape of each row against ncs_layout_size, and each joint
 * kind's rows against NCS_JOINT_ROWS. */
#include <string.h>
#include "ncs/vocab.h"
#include "ncs/world.h"   /* NCS_JOINT_ROWS */
#include "../check.h"

/* The LCP size a row of ncs_forms gives for g groups of n sides each, x
 * convex contacts and k friction directions (ncs/layout.h: its blocks, then
 * p_y, p_x, and p_f and s when k > 0). */
static int table_size(const ncs_form_info *f, int g, int n, int x, int k) {
    int y = g * n;
    return f->rows_side * y + f->rows_group * g + y + x + (k > 0 ? (k + 1) * (x + y) : 0);
}

/* ncs_layout_size of formulation f with g groups of the sizes in gs. */
static int layout_size(int f, int g, const int *gs, int x, int k) {
    ncs_layout L;
    memset(&L, 0, sizeof L);
    L.form = f;
    L.ngroups = g;
    L.group_size = gs;
    L.nconvex = x;
    L.nfric = k;
    L.gamma = 10;
    L.eps_h = 0.5;
    return ncs_layout_size(&L);
}

int main(void) {
    int f, k, g, n, x, fr, taking_gamma = 0, taking_eps = 0;
    for (f = 0; f < NCS_NFORMS; f++) {
        const ncs_form_info *F = ncs_form_info_of(f);
        CHECK(F == &ncs_forms[f] && F->form == f);
        CHECK(ncs_form_from_name(F->name) == f);
        CHECK(strcmp(ncs_form_name(f), F->name) == 0);
        CHECK(strncmp(F->macro, "NCS_FORM_", 9) == 0);
        taking_gamma += F->constant && strcmp(F->constant, "gamma") == 0;
        taking_eps += F->constant && strcmp(F->constant, "epsilon") == 0;
        for (g = 0; g <= (F->groups ? 3 : 0); g++)
            for (n = 1; n <= 4; n++)
                for (x = 0; x <= 3; x++)
                    for (fr = 0; fr <= 2; fr += 2) {
                        int sizes[3] = {n, n, n};
                        CHECK(layout_size(f, g, sizes, x, fr) == table_size(F, g, n, x, fr));
                    }
        if (!F->groups) { /* groups are refused */
            int two = 2;
            CHECK(layout_size(f, 1, &two, 0, 0) == -1);
        }
    }
    CHECK(taking_gamma == 1 && ncs_forms[NCS_FORM_MAX].constant &&
          strcmp(ncs_forms[NCS_FORM_MAX].constant, "gamma") == 0);
    CHECK(taking_eps == 1 && ncs_forms[NCS_FORM_SUMMATION].constant &&
          strcmp(ncs_forms[NCS_FORM_SUMMATION].constant, "epsilon") == 0);
    CHECK(ncs_form_info_of(-1) == NULL && ncs_form_info_of(NCS_NFORMS) == NULL);
    CHECK(strcmp(ncs_form_name(NCS_NFORMS), "?") == 0);
    CHECK(ncs_form_from_name("sum") == -1 && ncs_form_from_name(NULL) == -1);
    for (k = 0; k < NCS_NBODY_KINDS; k++) {
        const ncs_body_kind_info *K = ncs_body_kind_info_of(k);
        CHECK(K == &ncs_body_kinds[k] && K->kind == k);
        CHECK(ncs_body_kind_from_name(K->name) == k);
        CHECK(strncmp(K->plural, K->name, strlen(K->name)) == 0);
        CHECK(strncmp(K->macro, "NCS_", 4) == 0);
        CHECK(K->rows == 0);    /* the row type it shares with the joint kinds */
    }
    CHECK(ncs_body_kind_info_of(NCS_NBODY_KINDS) == NULL);
    CHECK(ncs_body_kind_from_name("kinematic") == -1);
    for (k = 0; k < NCS_NJOINT_KINDS; k++) {
        const ncs_joint_kind_info *J = ncs_joint_kind_info_of(k);
        CHECK(J == &ncs_joint_kinds[k] && J->kind == k);
        CHECK(ncs_joint_kind_from_name(J->name) == k);
        CHECK(strcmp(ncs_joint_kind_name(k), J->name) == 0);
        CHECK(strncmp(J->plural, J->name, strlen(J->name)) == 0);
        CHECK(strncmp(J->macro, "NCS_JOINT_", 10) == 0);
        CHECK(J->rows == NCS_JOINT_ROWS(k));
    }
    CHECK(ncs_joint_kind_info_of(-1) == NULL && ncs_joint_kind_info_of(NCS_NJOINT_KINDS) == NULL);
    CHECK(strcmp(ncs_joint_kind_name(NCS_NJOINT_KINDS), "?") == 0);
    CHECK(ncs_joint_kind_from_name("hinge") == -1 && ncs_joint_kind_from_name(NULL) == -1);
    CHECK(strcmp(ncs_joint_kinds[NCS_JOINT_PIN].name, "pin") == 0 &&
          strcmp(ncs_joint_kinds[NCS_JOINT_ROD].name, "rod") == 0 &&
          strcmp(ncs_joint_kinds[NCS_JOINT_WELD].name, "weld") == 0);
    {
        const ncs_enum_name *tables[3] = {ncs_expect_kinds, ncs_coords, ncs_cmps};
        const int sizes[3] = {NCS_NEXPECT_KINDS, NCS_NCOORDS, NCS_NCMPS};
        const char *const prefixes[3] = {"NCS_EXPECT_", "NCS_COORD_", "NCS_EXPECT_"};
        int t, i;
        for (t = 0; t < 3; t++) {
            for (i = 0; i < sizes[t]; i++) {
                CHECK(tables[t][i].value == i, "table %d row %d", t, i);
                CHECK(strcmp(ncs_enum_name_of(tables[t], sizes[t], i), tables[t][i].name) == 0);
                CHECK(strncmp(tables[t][i].macro, prefixes[t], strlen(prefixes[t])) == 0);
            }
            CHECK(strcmp(ncs_enum_name_of(tables[t], sizes[t], sizes[t]), "?") == 0);
            CHECK(ncs_enum_macro_of(tables[t], sizes[t], -1) == tables[t][0].macro);
        }
        CHECK(strcmp(ncs_expect_kinds[NCS_EXPECT_ALL_SOLVED].macro, "NCS_EXPECT_ALL_SOLVED") == 0);
        CHECK(strcmp(ncs_coords[NCS_COORD_OMEGA].name, "omega") == 0);
        CHECK(strcmp(ncs_cmps[NCS_EXPECT_GE].name, ">=") == 0);
    }
    printf("vocab: %d formulations, %d body kinds, %d joint kinds\n", NCS_NFORMS,
           NCS_NBODY_KINDS, NCS_NJOINT_KINDS);
    return CHECK_DONE();
}
