/* world_input.c - the step engine's inputs: forces, velocities, poses and
 * motors set between steps, and snapshots (docs/engine.md, "Kinematic
 * bodies" and "Motors"; issue 27). */
#include "world_internal.h"

/* ---- inputs (issue 27): forces, poses, velocities, snapshots ------------- */

static int finite3(ncs_real a, ncs_real b, ncs_real c) {
    return NCS_FABS(a) <= NCS_STATE_MAX && NCS_FABS(b) <= NCS_STATE_MAX &&
           NCS_FABS(c) <= NCS_STATE_MAX;
}

static int input_check(const ncs_world *w, int body, ncs_real a, ncs_real b, ncs_real c) {
    if (body < 0 || body >= w->sc->nbodies)
        return NCS_INPUT_BAD_BODY;
    return finite3(a, b, c) ? NCS_INPUT_OK : NCS_INPUT_NOT_FINITE;
}

int ncs_world_set_force(ncs_world *w, int body, ncs_real fx, ncs_real fy, ncs_real torque) {
    const ncs_body_desc *B;
    int st = input_check(w, body, fx, fy, torque);
    if (st != NCS_INPUT_OK)
        return st;
    B = &w->sc->body[body];
    if (B->kinematic)
        return NCS_INPUT_KINEMATIC;
    row(w, FA)[body][0] = B->ax + fx * B->im;
    row(w, FA)[body][1] = B->ay + fy * B->im;
    row(w, FA)[body][2] = B->alpha + torque * B->iI;
    return NCS_INPUT_OK;
}

int ncs_world_set_velocity(ncs_world *w, int body, ncs_real vx, ncs_real vy, ncs_real omega) {
    int st = input_check(w, body, vx, vy, omega);
    if (st != NCS_INPUT_OK)
        return st;
    w->mem.v[body][0] = vx;
    w->mem.v[body][1] = vy;
    w->mem.v[body][2] = omega;
    return NCS_INPUT_OK;
}

int ncs_world_set_pose(ncs_world *w, int body, ncs_real x, ncs_real y, ncs_real theta) {
    ncs_real old[3];
    int st = input_check(w, body, x, y, theta);
    if (st != NCS_INPUT_OK)
        return st;
    memcpy(old, w->mem.q[body], sizeof old);
    w->mem.q[body][0] = x;
    w->mem.q[body][1] = y;
    w->mem.q[body][2] = theta;
    if (ncs_world_penetration(w, body) > w->sc->admit_tol) {
        memcpy(w->mem.q[body], old, sizeof old);
        return NCS_INPUT_OVERLAP;
    }
    return NCS_INPUT_OK;
}

int ncs_world_set_motor(ncs_world *w, int joint, ncs_real speed, ncs_real max_torque) {
    if (joint < 0 || joint >= w->sc->njoints || !w->sc->joint[joint].motor)
        return NCS_INPUT_BAD_JOINT;
    if (!finite3(speed, max_torque, 0))
        return NCS_INPUT_NOT_FINITE;
    if (max_torque < 0)
        return NCS_INPUT_BAD_TORQUE;
    w->mem.motor[joint][0] = speed;
    w->mem.motor[joint][1] = max_torque;
    return NCS_INPUT_OK;
}

/* A snapshot, in order: step, solves, last, then per body q, v, the external
 * accelerations, body_last, sweep (the bodies' order, which the next
 * collection starts from; lo is recomputed), then per joint the motor's
 * settings. Values only: no pointers. */
void ncs_world_save(const ncs_world *w, ncs_mem_unit *snap) {
    size_t nb = (size_t)w->sc->nbodies;
    unsigned char *p = (unsigned char *)snap;
    memcpy(p, &w->step, sizeof w->step), p += sizeof w->step;
    memcpy(p, &w->solves, sizeof w->solves), p += sizeof w->solves;
    memcpy(p, &w->last, sizeof w->last), p += sizeof w->last;
    memcpy(p, w->mem.q, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(p, w->mem.v, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(p, row(w, FA), sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(p, w->mem.body_last, sizeof(ncs_step_info) * nb), p += sizeof(ncs_step_info) * nb;
    memcpy(p, w->mem.sweep, sizeof(int) * nb), p += sizeof(int) * nb;
    if (w->sc->njoints > 0)
        memcpy(p, w->mem.motor, sizeof(ncs_real) * 2 * (size_t)w->sc->njoints);
    p += sizeof(ncs_real) * 2 * (size_t)w->sc->njoints;
#if NCS_WORLD_REGISTER /* the register's previous list, its unused room zeroed */
    if (!w->mem.reg[0])
        return;
    memcpy(p, &w->nreg[0], sizeof(int)), p += sizeof(int);
    memcpy(p, w->mem.reg[0], sizeof(ncs_reg) * (size_t)w->nreg[0]);
    memset(p + sizeof(ncs_reg) * (size_t)w->nreg[0], 0,
           sizeof(ncs_reg) * (size_t)(w->sc->max_srefs - w->nreg[0]));
#endif
}

void ncs_world_restore(ncs_world *w, const ncs_mem_unit *snap) {
    size_t nb = (size_t)w->sc->nbodies;
    const unsigned char *p = (const unsigned char *)snap;
    memcpy(&w->step, p, sizeof w->step), p += sizeof w->step;
    memcpy(&w->solves, p, sizeof w->solves), p += sizeof w->solves;
    memcpy(&w->last, p, sizeof w->last), p += sizeof w->last;
    memcpy(w->mem.q, p, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(w->mem.v, p, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(row(w, FA), p, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(w->mem.body_last, p, sizeof(ncs_step_info) * nb), p += sizeof(ncs_step_info) * nb;
    memcpy(w->mem.sweep, p, sizeof(int) * nb), p += sizeof(int) * nb;
    if (w->sc->njoints > 0)
        memcpy(w->mem.motor, p, sizeof(ncs_real) * 2 * (size_t)w->sc->njoints);
    p += sizeof(ncs_real) * 2 * (size_t)w->sc->njoints;
#if NCS_WORLD_REGISTER
    if (w->mem.reg[0]) {
        memcpy(&w->nreg[0], p, sizeof(int)), p += sizeof(int);
        memcpy(w->mem.reg[0], p, sizeof(ncs_reg) * (size_t)w->nreg[0]);
        w->nreg[1] = 0;
    }
#endif
    w->npairs = 0;
    w->nsrefs = 0;
    w->nlog = 0;
}
