/* startup_check.c - firmware that checks what startup.c promised, then
 * returns 3 so the test sees main's status arrive as QEMU's exit status.
 *
 * Exit status: 3 when .data was copied, .bss zeroed, the heap works and
 * (on an FPU build) a float instruction ran and main got argc = 1 and
 * argv = {"ncs-firmware", NULL}; 10-14 name the failed check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile int initialised = 12345;  /* .data: copied from flash */
/* .bss: zeroed at reset. QEMU also starts with zeroed RAM, so this check
 * only catches a .bss that overlaps initialised data. */
static volatile int zeroed[16];

int main(int argc, char **argv) {
    volatile float x = 1.5f;
    char *p;
    int i;

    if (argc != 1 || strcmp(argv[0], "ncs-firmware") != 0 || argv[1] != NULL)
        return 14;
    if (initialised != 12345)
        return 10;
    for (i = 0; i < 16; i++)
        if (zeroed[i] != 0)
            return 11;
    p = malloc(100000);
    if (!p)
        return 12;
    p[99999] = 1;
    free(p);
    x = x * x; /* vmul.f32 on the Cortex-M4: faults unless CPACR is set */
    if (x != 2.25f)
        return 13;
    printf("startup ok\n");
    return 3;
}
