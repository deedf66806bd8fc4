/* fault.c - firmware that executes an undefined instruction: the fault
 * handler of startup.c must end the run with status 99. */
#include <stdio.h>

int main(void) {
    printf("about to fault\n");
    fflush(stdout);
    __asm__ volatile("udf #0");
    printf("still running\n");
    return 0;
}
