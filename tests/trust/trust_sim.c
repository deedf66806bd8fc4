/* trust_sim.c - see trust_sim.h. */
#include <stdlib.h>
#include "ncs/sim.h"
#include "trust_sim.h"

int trun_sim_main(const ncs_scene_desc *sc, const trun_sim *t, ncs_world *w, int argc,
                  char **argv) {
    ncs_expect_desc *ex = calloc((size_t)t->nexpect + 1, sizeof *ex);
    ncs_sim_desc sim;
    int i, rc;
    if (!ex)
        return 2;
    for (i = 0; i < t->nexpect; i++) {
        const trun_expect *x = &t->expect[i];
        ex[i].line = x->line;
        ex[i].col = x->col;
        ex[i].kind = x->kind;
        ex[i].body = x->body;
        ex[i].coord = x->coord;
        ex[i].op = x->op;
        ex[i].step = x->step;
        ex[i].value[0] = x->value[0];
        ex[i].value[1] = x->value[1];
        ex[i].tol = x->tol;
        ex[i].text = x->text;
    }
    sim.scene = sc;
    sim.file = t->file;
    sim.prefix = t->prefix;
    sim.nexpect = t->nexpect;
    sim.expect = ex;
    sim.nrings = t->nrings;
    sim.ring_first = t->ring_first;
    sim.ring_xy = t->ring_xy;
    sim.ring_hole = t->ring_hole;
    rc = ncs_sim_main(&sim, w, argc, argv);
    free(ex);
    return rc;
}
