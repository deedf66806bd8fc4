/* two_main.c - two scenes' copies of the runtime core in one program: the
 * example mains ncsc wrote for two_a (examples/paper/fig3a-sum.ncs:
 * summation, no friction) and two_b (examples/corner.ncs: max), float, each
 * compiled in a file of its own with its main renamed (two_a_run.c,
 * two_b_run.c: one copy's header per file). Each copy is its own
 * translation unit (two_a_ncs.c, two_b_ncs.c) with its own settings;
 * ncs/prefix.h gives their symbols the prefixes two_a_ and two_b_, so they
 * link side by side. Prints both scenes' CSV rows, one after the other;
 * exit status 0 when every step of both solved. */
int two_a_main(void);
int two_b_main(void);

int main(void) {
    int a = two_a_main();
    int b = two_b_main();
    return a != 0 ? a : b;
}
