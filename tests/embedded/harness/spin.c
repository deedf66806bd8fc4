/* spin.c - firmware that never ends: run-qemu.sh's time limit must stop it
 * (status 124). */
int main(void) {
    volatile unsigned n = 0;

    for (;;)
        n++;
}
