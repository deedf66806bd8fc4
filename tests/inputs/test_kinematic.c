/* test_kinematic.c - motors and kinematic bodies (issue 27) against closed
 * forms: a torque-limited motor spins a bar up as omega_n = min(W, n h T /
 * I), an unlimited one reaches its speed in one step, <p>_set_motor changes
 * both and survives snapshots; a kinematic pusher carries a frictionless
 * crate at its own speed without overlap, a kinematic disc passes through
 * a wall and another kinematic body unchanged; bad inputs return their
 * documented status and leave the state bit-identical. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "cart.h"
#include "motor.h"
#include "pusher.h"
#include "../check.h"
#include "same_world.h"

static motor_state m, m2;
static pusher_state p, p2;
static cart_state ct;

/* The bar's inertia about its centre: m (w^2 + t^2) / 12. */
static const double bar_inertia = 2.0 * (2.0 * 2.0 + 0.1 * 0.1) / 12.0;

/* The torque-limited motor: omega_n = min(W, n h T / I) with W 3, T 2.5,
 * reached at step 81; the pin holds the bar's centre still. The unlimited
 * motor of the wheel is at -2 after the first step. */
static void motor_closed_form(void) {
    const double W = 3, T = 2.5, h = MOTOR_TIME_STEP;
    double xy[2], want, om, worst = 0;
    int n, st, reached = 0;
    CHECK(motor_init(&m) == 0, "init");
    for (n = 1; n <= 100; n++) {
        st = motor_step(&m);
        CHECK(st == MOTOR_STEP_OK, "step %d: %d", n, st);
        want = fmin(W, n * h * T / bar_inertia);
        om = motor_omega(&m, MOTOR_BODY_BAR);
        worst = fmax(worst, fabs(om - want));
        CHECK(fabs(om - want) <= 1e-9, "step %d: omega %.17g, closed form %.17g", n, om, want);
        if (!reached && want == W)
            reached = n;
        CHECK(fabs(motor_omega(&m, MOTOR_BODY_WHEEL) - -2) <= 1e-9, "step %d: wheel %.17g", n,
              motor_omega(&m, MOTOR_BODY_WHEEL));
    }
    motor_position(&m, MOTOR_BODY_BAR, xy);
    printf("motor: bar omega %.17g at step 100 (speed %g reached at step %d), largest "
           "deviation from min(W, n h T / I) %.3g; wheel %.17g\n",
           motor_omega(&m, MOTOR_BODY_BAR), W, reached, worst, motor_omega(&m, MOTOR_BODY_WHEEL));
    CHECK(reached == 81, "the speed was reached at step %d, not 81", reached);
    CHECK(hypot(xy[0], xy[1]) <= 1e-9, "the pin let the bar move to (%g, %g)", xy[0], xy[1]);
}

/* Motors at speed 0 on levers pinned at one end (L 1, t 0.1, m 1): the one
 * with T 6 > m g L / 2 holds its lever level, omega 0 every step; the one
 * with T 3 is clamped and its lever sags, in the first step at about
 * omega_1 = h (T - m g L / 2) / I_pin with I_pin = m (L^2 + t^2) / 12 + m
 * L^2 / 4 (the pin's curvature term, docs/engine.md "Joints", aims at the
 * end of the step along the arc the clamped torque turns the lever in
 * the free step: 1e-5 relative here); later it holds still at the bottom,
 * its motor free again. */
static void motor_hold(void) {
    const double h = MOTOR_TIME_STEP, g = 9.81, ip = (1.0 + 0.01) / 12.0 + 0.25;
    double want = h * (3 - g * 0.5) / ip, om, om1 = 0;
    int n;
    CHECK(motor_init(&m) == 0, "init");
    for (n = 1; n <= MOTOR_STEPS + 20; n++) {
        CHECK(motor_step(&m) == MOTOR_STEP_OK, "step %d", n);
        CHECK(fabs(motor_omega(&m, MOTOR_BODY_LEVER)) <= 1e-12 &&
                  fabs(motor_angle(&m, MOTOR_BODY_LEVER)) <= 1e-12,
              "step %d: the held lever turned: omega %.3g, angle %.3g", n,
              motor_omega(&m, MOTOR_BODY_LEVER), motor_angle(&m, MOTOR_BODY_LEVER));
        if (n == 1) {
            om = om1 = motor_omega(&m, MOTOR_BODY_DROOP);
            CHECK(fabs(om - want) <= 2e-5 * fabs(want), "sag: omega_1 %.17g, closed form %.17g",
                  om, want);
        }
    }
    CHECK(motor_angle(&m, MOTOR_BODY_DROOP) < -0.5, "the weak motor held: angle %g",
          motor_angle(&m, MOTOR_BODY_DROOP));
    CHECK(fabs(motor_omega(&m, MOTOR_BODY_DROOP)) <= 1e-9, "the sagged lever is not held "
          "still at the bottom: omega %.3g", motor_omega(&m, MOTOR_BODY_DROOP));
    printf("hold: lever level for %d steps; the weak motor's lever sagged, angle %.3f at "
           "the end (omega_1 %.17g, closed form %.17g)\n", MOTOR_STEPS + 20,
           motor_angle(&m, MOTOR_BODY_DROOP), om1, want);
}

/* <p>_set_motor: a new speed and bound from the next step on (the bar
 * slows at h T / I per step to the new speed); a zero bound turns the
 * motor off; a snapshot keeps the settings. */
static void set_motor(void) {
    static motor_snapshot snap;
    const double h = MOTOR_TIME_STEP, T = 0.5;
    double om, want, a[2], b[2];
    int n;
    CHECK(motor_init(&m) == 0, "init");
    for (n = 0; n < 100; n++)
        CHECK(motor_step(&m) == MOTOR_STEP_OK, "step %d", n);
    CHECK(fabs(motor_omega(&m, MOTOR_BODY_BAR) - 3) <= 1e-9, "at speed");
    CHECK(motor_set_motor(&m, MOTOR_JOINT_SPIN, 2.9, T) == NCS_INPUT_OK, "set_motor");
    motor_save(&m, &snap);
    want = motor_omega(&m, MOTOR_BODY_BAR);
    for (n = 1; n <= 20; n++) {
        CHECK(motor_step(&m) == MOTOR_STEP_OK, "step %d", n);
        want = fmax(2.9, want - h * T / bar_inertia);
        om = motor_omega(&m, MOTOR_BODY_BAR);
        CHECK(fabs(om - want) <= 1e-9, "slowing, step %d: %.17g, closed form %.17g", n, om, want);
    }
    CHECK(fabs(motor_omega(&m, MOTOR_BODY_BAR) - 2.9) <= 1e-9, "new speed %.17g",
          motor_omega(&m, MOTOR_BODY_BAR));
    a[0] = motor_omega(&m, MOTOR_BODY_BAR);
    a[1] = motor_angle(&m, MOTOR_BODY_BAR);
    /* off: the bar keeps its speed */
    CHECK(motor_set_motor(&m, MOTOR_JOINT_SPIN, -5, 0) == NCS_INPUT_OK, "off");
    for (n = 0; n < 10; n++)
        CHECK(motor_step(&m) == MOTOR_STEP_OK, "step %d", n);
    CHECK(fabs(motor_omega(&m, MOTOR_BODY_BAR) - 2.9) <= 1e-9, "an idle motor changed omega "
          "to %.17g", motor_omega(&m, MOTOR_BODY_BAR));
    /* the snapshot brings back the settings of when it was taken */
    motor_restore(&m, &snap);
    for (n = 0; n < 20; n++)
        CHECK(motor_step(&m) == MOTOR_STEP_OK, "step %d", n);
    b[0] = motor_omega(&m, MOTOR_BODY_BAR);
    b[1] = motor_angle(&m, MOTOR_BODY_BAR);
    CHECK(memcmp(a, b, sizeof a) == 0, "after restore: omega %.17g angle %.17g, before "
          "%.17g %.17g", b[0], b[1], a[0], a[1]);
    printf("set_motor: slowed to 2.9 at h T / I per step; restored run bit-identical\n");
}

/* Bad motor inputs: the documented status, the state bit-identical. */
static void bad_motor(void) {
    double nan = sqrt(-1.0), inf = HUGE_VAL;
    CHECK(motor_init(&m) == 0 && motor_init(&m2) == 0, "init");
    CHECK(motor_set_motor(&m, -1, 1, 1) == NCS_INPUT_BAD_JOINT, "joint -1");
    CHECK(motor_set_motor(&m, MOTOR_NJOINTS, 1, 1) == NCS_INPUT_BAD_JOINT, "joint n");
    CHECK(motor_set_motor(&m, MOTOR_JOINT_HANG, 1, 1) == NCS_INPUT_BAD_JOINT, "no motor");
    CHECK(motor_set_motor(&m, MOTOR_JOINT_SPIN, nan, 1) == NCS_INPUT_NOT_FINITE, "nan speed");
    CHECK(motor_set_motor(&m, MOTOR_JOINT_SPIN, 1, inf) == NCS_INPUT_NOT_FINITE, "inf torque");
    CHECK(motor_set_motor(&m, MOTOR_JOINT_SPIN, 1, nan) == NCS_INPUT_NOT_FINITE, "nan torque");
    CHECK(motor_set_motor(&m, MOTOR_JOINT_DRIVE, 1, -1) == NCS_INPUT_BAD_TORQUE, "torque < 0");
    CHECK(same_world(&m.w, &m2.w), "%s", "a failed set_motor changed the state");
    CHECK(motor_step(&m) == MOTOR_STEP_OK && motor_step(&m2) == MOTOR_STEP_OK, "step");
    CHECK(same_world(&m.w, &m2.w), "%s", "a failed set_motor changed the next step");
    CHECK(motor_set_motor(&m, MOTOR_JOINT_DRIVE, 1, 0.1) == NCS_INPUT_OK, "good");
    CHECK(!same_world(&m.w, &m2.w), "%s", "set_motor did not reach the state");
}

/* The pusher: the plow moves at (1, 0) whatever it meets; from the step
 * it reaches the crate on, the crate moves at the plow's speed, never
 * deeper than the scene's tolerance and never overlapping it. The ghost
 * passes through the wall and the spinner at its own velocity. The
 * paddle's motor turns it into the floor, where it rests pressed (omega
 * 0) at the angle at which its lower corner touches: sin a + t/2 cos a =
 * y (half-length 1, t/2 0.05, pin height 0.6). */
static void pusher(void) {
    const double h = PUSHER_TIME_STEP, tol = pusher_scene.admit_tol;
    double c[2], k[2], v[2], g[2], s[2], pen, worst = 0, gap, least = HUGE_VAL, a = 0;
    int n, st, touch = 0;
    CHECK(pusher_init(&p) == 0, "init");
    for (n = 1; n <= PUSHER_STEPS; n++) {
        st = pusher_step(&p);
        CHECK(st == PUSHER_STEP_OK, "step %d: %d", n, st);
        pusher_position(&p, PUSHER_BODY_PLOW, k);
        pusher_velocity(&p, PUSHER_BODY_PLOW, v);
        CHECK(v[0] == 1 && v[1] == 0 && pusher_omega(&p, PUSHER_BODY_PLOW) == 0,
              "step %d: plow velocity (%.17g, %.17g)", n, v[0], v[1]);
        CHECK(fabs(k[0] - (-0.3 + n * h)) <= 1e-12 && k[1] == 0.25, "step %d: plow at %.17g",
              n, k[0]);
        pusher_position(&p, PUSHER_BODY_CRATE, c);
        pusher_velocity(&p, PUSHER_BODY_CRATE, v);
        pen = pusher_penetration(&p, PUSHER_BODY_CRATE);
        worst = fmax(worst, pen);
        CHECK(pen <= tol, "step %d: crate %.3g deep (tolerance %.3g)", n, pen, tol);
        gap = (c[0] - 0.25) - (k[0] + 0.2);
        least = fmin(least, gap);
        CHECK(gap >= -tol, "step %d: plow %.3g inside the crate", n, -gap);
        if (!touch && v[0] > 0)
            touch = n;
        if (touch)
            CHECK(fabs(v[0] - 1) <= 1e-9 && fabs(v[1]) <= 1e-9,
                  "step %d: crate at (%.17g, %.17g), not the plow's speed", n, v[0], v[1]);
        else
            CHECK(v[0] == 0 && c[0] == 0.5, "step %d: crate moved before contact", n);
        pusher_position(&p, PUSHER_BODY_GHOST, g);
        CHECK(fabs(g[0] - (19 + 2 * n * h)) <= 1e-9 && g[1] == 2 &&
                  fabs(pusher_angle(&p, PUSHER_BODY_GHOST) - n * h) <= 1e-12,
              "step %d: ghost at (%.17g, %.17g)", n, g[0], g[1]);
        pusher_velocity(&p, PUSHER_BODY_GHOST, v);
        CHECK(v[0] == 2 && v[1] == 0 && pusher_omega(&p, PUSHER_BODY_GHOST) == 1,
              "step %d: ghost velocity", n);
        pen = pusher_penetration(&p, PUSHER_BODY_PADDLE);
        CHECK(pen <= tol, "step %d: paddle %.3g deep in the floor", n, pen);
        a = pusher_angle(&p, PUSHER_BODY_PADDLE);
        if (n >= 40)
            CHECK(fabs(sin(a) + 0.05 * cos(a) - 0.6) <= 1e-6 &&
                      fabs(pusher_omega(&p, PUSHER_BODY_PADDLE)) <= 1e-9,
                  "step %d: paddle at %.17g, omega %.3g, not resting on the floor", n, a,
                  pusher_omega(&p, PUSHER_BODY_PADDLE));
    }
    pusher_position(&p, PUSHER_BODY_SPINNER, s);
    CHECK(s[0] == 19.8 && s[1] == 2 && pusher_angle(&p, PUSHER_BODY_SPINNER) == 0.5,
          "spinner moved to (%.17g, %.17g)", s[0], s[1]);
    CHECK(touch == 36, "contact at step %d, not 36 (gap 0.35 at 1 m/s)", touch);
    CHECK(isfinite(pusher_energy(&p)), "energy %g", pusher_energy(&p));
    printf("pusher: contact at step %d; crate at the plow's speed after it, deepest %.3g "
           "(tolerance %.3g), least gap %.3g; ghost through the wall at (%.17g, 2); paddle "
           "pressed on the floor at %.9f rad\n",
           touch, worst, tol, least, g[0], a);
}

/* Inputs on kinematic bodies: a force is refused (NCS_INPUT_KINEMATIC,
 * nothing changed); a velocity is its new velocity (the plow backs off,
 * the frictionless crate slides on); a pose may be in the solid, not in
 * a dynamic body. */
static void kinematic_inputs(void) {
    double v[2], c[2];
    int n;
    CHECK(pusher_init(&p) == 0 && pusher_init(&p2) == 0, "init");
    CHECK(pusher_set_force(&p, PUSHER_BODY_PLOW, 1, 0, 0) == NCS_INPUT_KINEMATIC, "force");
    CHECK(pusher_set_force(&p, PUSHER_BODY_GHOST, 0, 0, 0) == NCS_INPUT_KINEMATIC, "0 force");
    CHECK(pusher_set_velocity(&p, PUSHER_BODY_PLOW, sqrt(-1.0), 0, 0) == NCS_INPUT_NOT_FINITE,
          "nan velocity");
    CHECK(pusher_set_pose(&p, PUSHER_BODY_GHOST, 0.5, 0.3, 0) == NCS_INPUT_OVERLAP,
          "ghost in the crate");
    CHECK(same_world(&p.w, &p2.w), "%s", "a refused input changed the state");
    CHECK(pusher_step(&p) == PUSHER_STEP_OK && pusher_step(&p2) == PUSHER_STEP_OK, "step");
    CHECK(same_world(&p.w, &p2.w), "%s", "a refused input changed the next step");
    CHECK(pusher_set_pose(&p, PUSHER_BODY_GHOST, 20.5, 5, 0) == NCS_INPUT_OK,
          "ghost inside the wall");
    CHECK(pusher_set_pose(&p, PUSHER_BODY_SPINNER, 20.5, 5, 0) == NCS_INPUT_OK,
          "spinner on the ghost");
    for (n = 0; n < 60; n++)
        CHECK(pusher_step(&p) == PUSHER_STEP_OK, "step %d", n);
    CHECK(pusher_set_velocity(&p, PUSHER_BODY_PLOW, -1, 0, 0) == NCS_INPUT_OK, "back");
    for (n = 0; n < 20; n++)
        CHECK(pusher_step(&p) == PUSHER_STEP_OK, "step %d", n);
    pusher_velocity(&p, PUSHER_BODY_PLOW, v);
    CHECK(v[0] == -1 && v[1] == 0, "plow velocity (%g, %g)", v[0], v[1]);
    pusher_velocity(&p, PUSHER_BODY_CRATE, c);
    CHECK(fabs(c[0] - 1) <= 1e-9, "the crate did not slide on: %.17g", c[0]);
    printf("kinematic inputs: force refused, pose in the wall taken, velocity set\n");
}

/* A kinematic end holds a joint as the world does: the bob hung from the
 * cart (moving at 1 m/s) is, relative to the cart, where its twin hung
 * from a fixed point is relative to that point, every step (1e-9); the
 * wheel's unbounded motor turns it at the hub's 1 rad/s plus 2. */
static void cart(void) {
    const double h = CART_TIME_STEP;
    double b[2], t[2], vb[2], vt[2], k[2], worst = 0;
    int n;
    CHECK(cart_init(&ct) == 0, "init");
    for (n = 1; n <= CART_STEPS; n++) {
        CHECK(cart_step(&ct) == CART_STEP_OK, "step %d", n);
        cart_position(&ct, CART_BODY_BOB, b);
        cart_position(&ct, CART_BODY_TWIN, t);
        cart_position(&ct, CART_BODY_TROLLEY, k);
        cart_velocity(&ct, CART_BODY_BOB, vb);
        cart_velocity(&ct, CART_BODY_TWIN, vt);
        CHECK(fabs(k[0] - n * h) <= 1e-12 && k[1] == 2, "step %d: cart at %.17g", n, k[0]);
        worst = fmax(worst, fmax(fabs((b[0] - k[0]) - (t[0] - 10)), fabs(b[1] - t[1])));
        CHECK(fabs((b[0] - k[0]) - (t[0] - 10)) <= 1e-9 && fabs(b[1] - t[1]) <= 1e-9,
              "step %d: bob at (%.17g, %.17g) from the cart, twin (%.17g, %.17g)", n,
              b[0] - k[0], b[1], t[0] - 10, t[1]);
        CHECK(fabs(vb[0] - 1 - vt[0]) <= 1e-9 && fabs(vb[1] - vt[1]) <= 1e-9,
              "step %d: bob velocity (%.17g, %.17g), twin's + (1, 0) (%.17g, %.17g)", n, vb[0],
              vb[1], vt[0] + 1, vt[1]);
        CHECK(fabs(cart_omega(&ct, CART_BODY_WHEEL) - 3) <= 1e-9, "step %d: wheel at %.17g", n,
              cart_omega(&ct, CART_BODY_WHEEL));
    }
    CHECK(fabs(t[0] - 10.6) > 0.1, "the twin did not swing: x %.17g", t[0]);
    printf("cart: the bob hung from the moving cart swings as its fixed twin, largest "
           "difference %.3g m over %d steps; the wheel at %.17g rad/s on the hub\n", worst,
           CART_STEPS, cart_omega(&ct, CART_BODY_WHEEL));
}

int main(void) {
    motor_closed_form();
    motor_hold();
    set_motor();
    bad_motor();
    pusher();
    kinematic_inputs();
    cart();
    return CHECK_DONE();
}
