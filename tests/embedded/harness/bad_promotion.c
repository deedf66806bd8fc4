/* bad_promotion.c - library-part code that silently computes in double:
 * the float variant's flags (-Wdouble-promotion -Werror) must reject it.
 * (The literal 2.5 is a double, so x is promoted before the multiply.) */
float bad_promotion_scale(float x);

float bad_promotion_scale(float x) { return x * 2.5; }
