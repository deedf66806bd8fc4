/* wasm_glue.h - the formulations a live page's WebAssembly stepper holds
 * (wasm_glue.c). `ncsc view` writes the table: one entry per formulation,
 * each the scene compiled with that formulation under its own prefix. */
#ifndef NCS_WASM_GLUE_H
#define NCS_WASM_GLUE_H

#include "ncs/sim.h"

typedef struct ncsv_form {
    const char *name;           /**< the formulation */
    ncs_world *w;               /**< its state's engine */
    int (*init)(void);          /**< <P>_init on that state: 0, or -1 */
    const ncs_sim_desc *sim;    /**< the scene and its drawing */
    int contacts;               /**< most contacts of one step: <P>_MAX_CONTACTS
                                     times <P>_NBODIES */
} ncsv_form;

extern const ncsv_form ncsv_forms[];
extern const int ncsv_nforms;

#endif
