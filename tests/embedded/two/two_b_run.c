/* two_b_run.c - the example main of copy two_b, as two_b_main() (two_main.c). */
#define main two_b_main
int main(void);
#include "two_b_main.c"
