/* two_a_run.c - the example main of copy two_a, as two_a_main() (two_main.c). */
#define main two_a_main
int main(void);
#include "two_a_main.c"
