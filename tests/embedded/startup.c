/* startup.c - reset code for ncs firmware on QEMU's mps2 boards (Cortex-M).
 *
 * What runs before and after main() on the emulated board:
 *   - the vector table (.vectors, placed at address 0 by mps2.ld): initial
 *     stack pointer, reset handler, fault handlers;
 *   - fw_reset: copies .data from its load address, zeroes .bss, enables
 *     the FPU (CPACR) when built for one, opens newlib's semihosting stdio
 *     handles, calls main(1, {"ncs-firmware", NULL}) and passes its status
 *     to exit();
 *   - _exit: ends the emulation through the semihosting call
 *     SYS_EXIT_EXTENDED, so QEMU's own exit status is main's return value;
 *   - _sbrk: newlib's heap, bounded by the linker script's heap symbols;
 *   - ncs_fw_mark_begin/end (fw_harness.h): region markers for measure.sh;
 *   - the stack probe: when the semihosting command line contains
 *     --ncs-stack, the free stack is painted with a pattern and the deepest
 *     overwritten word is reported on stderr at exit, for the whole run and
 *     for the marked regions (measured stack use, callees included), with
 *     the heap's high-water mark (the highest break _sbrk gave).
 *
 * A fault (HardFault, MemManage, BusFault, UsageFault, NMI or an unexpected
 * exception) prints a line on the semihosting console and ends the run with
 * status FW_FAULT_STATUS, so a crashed test never looks like a passing one.
 *
 * This file belongs to the test harness, not to the firmware library part:
 * it may use newlib. Its mutable state is _sbrk's break (newlib's malloc
 * contract) and the stack probe (the markers take no arguments).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fw_harness.h"

/* Exit status of a run that ended in a fault handler. */
#define FW_FAULT_STATUS 99

/* ARM semihosting operations (ARM "Semihosting for AArch32 and AArch64"). */
#define SEMI_SYS_WRITE0 0x04
#define SEMI_SYS_GET_CMDLINE 0x15
#define SEMI_SYS_EXIT_EXTENDED 0x20
#define SEMI_ADP_STOPPED_APPLICATION_EXIT 0x20026

/* Coprocessor Access Control Register: CP10 and CP11 are the FPU. */
#define SCB_CPACR ((volatile uint32_t *)0xE000ED88u)
#define CPACR_CP10_CP11_FULL (0xFu << 20)

/* The stack probe's paint and the option that turns it on. */
#define FW_PAINT 0xA5C3A5C3u
#define FW_STACK_OPTION "--ncs-stack"

/* Symbols of mps2.ld. */
extern uint32_t __data_load__[];  /* load address of .data (in flash) */
extern uint32_t __data_start__[]; /* .data in RAM */
extern uint32_t __data_end__[];
extern uint32_t __bss_start__[];
extern uint32_t __bss_end__[];
extern char __heap_start__[];     /* heap: [__heap_start__, __heap_end__) */
extern char __heap_end__[];       /* ... and bottom of the stack reserve */
extern char __stack_top__[];      /* initial main stack pointer */

/* main is called as main(1, {"ncs-firmware", NULL}): programs may define
 * either int main(void) or int main(int argc, char **argv) (under the AAPCS
 * the unused arguments of the first form are harmless). */
int main(int argc, char **argv);
void initialise_monitor_handles(void); /* librdimon: opens :tt handles */
void _exit(int status);
void *_sbrk(ptrdiff_t incr);
void _init(void);
void _fini(void);

/* State of the stack probe (all zero: off). */
typedef struct fw_stack_probe {
    int on;                 /* --ncs-stack was given */
    uint32_t *lowest;       /* deepest word seen overwritten so far */
    uint32_t *region_top;   /* SP at the last ncs_fw_mark_begin */
    uint32_t region_max;    /* deepest region use so far, bytes */
    uint32_t regions;       /* regions measured */
} fw_stack_probe;

static fw_stack_probe fw_probe;

/* One semihosting call: r0 = operation, r1 = argument, result in r0. */
static uintptr_t semi_call(uintptr_t op, uintptr_t arg) {
    register uintptr_t r0 __asm__("r0") = op;
    register uintptr_t r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

/* The current stack pointer. */
static inline uint32_t *fw_sp(void) {
    uint32_t *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    return sp;
}

/* Paints the free stack, [bottom of the reserve, own SP), with FW_PAINT.
 * Everything below the SP of this function is unused. */
__attribute__((noinline)) static void fw_paint(void) {
    uint32_t *p = (uint32_t *)(void *)__heap_end__;
    uint32_t *sp = fw_sp();

    while (p < sp)
        *p++ = FW_PAINT;
}

/* The deepest word of the stack reserve that no longer holds the paint. */
static uint32_t *fw_deepest(void) {
    uint32_t *p = (uint32_t *)(void *)__heap_end__;
    uint32_t *top = (uint32_t *)(void *)__stack_top__;

    while (p < top && *p == FW_PAINT)
        p++;
    return p;
}

/* Records the deepest use of the whole run so far. */
static void fw_probe_scan(void) {
    uint32_t *d = fw_deepest();

    if (d < fw_probe.lowest)
        fw_probe.lowest = d;
}

/* Appends the decimal form of `v` to the string at `s`; returns its end. */
static char *fw_append_uint(char *s, uint32_t v) {
    char digits[10];
    int n = 0;

    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        *s++ = digits[--n];
    *s = '\0';
    return s;
}

/* Appends the string `t` at `s`; returns the new end. */
static char *fw_append(char *s, const char *t) {
    while (*t)
        *s++ = *t++;
    *s = '\0';
    return s;
}

/* The highest break _sbrk handed out (the heap's high-water mark). */
static char *fw_brk_max = __heap_start__;

/* Prints the probe's results on the semihosting console (QEMU's stderr). */
static void fw_probe_report(void) {
    char line[224];
    char *s = line;

    fw_probe_scan();
    s = fw_append(s, "ncs firmware: stack high-water: whole run ");
    s = fw_append_uint(s, (uint32_t)((char *)__stack_top__ - (char *)fw_probe.lowest));
    s = fw_append(s, " bytes of ");
    s = fw_append_uint(s, (uint32_t)(__stack_top__ - __heap_end__));
    s = fw_append(s, "; marked regions ");
    s = fw_append_uint(s, fw_probe.region_max);
    s = fw_append(s, " bytes over ");
    s = fw_append_uint(s, fw_probe.regions);
    s = fw_append(s, " regions; heap high-water ");
    s = fw_append_uint(s, (uint32_t)(fw_brk_max - __heap_start__));
    s = fw_append(s, " bytes of ");
    s = fw_append_uint(s, (uint32_t)(__heap_end__ - __heap_start__));
    s = fw_append(s, "\n");
    semi_call(SEMI_SYS_WRITE0, (uintptr_t)line);
}

/* Whether `word` occurs in `s` (a naive search; newlib's strstr would add
 * ~2 KB to every image). */
static int fw_contains(const char *s, const char *word) {
    size_t n = strlen(word);

    for (; *s; s++)
        if (strncmp(s, word, n) == 0)
            return 1;
    return 0;
}

/* Turns the probe on when the semihosting command line asks for it. */
static void fw_probe_start(void) {
    char cmdline[128];
    uintptr_t block[2];

    block[0] = (uintptr_t)cmdline;
    block[1] = sizeof cmdline;
    if (semi_call(SEMI_SYS_GET_CMDLINE, (uintptr_t)block) != 0)
        return;
    cmdline[sizeof cmdline - 1] = '\0';
    if (!fw_contains(cmdline, FW_STACK_OPTION))
        return;
    fw_probe.on = 1;
    fw_probe.lowest = (uint32_t *)(void *)__stack_top__;
    fw_paint();
}

/// Ends the emulation with `status` as QEMU's exit status. Does not return;
/// if the debugger ignores the call (it cannot fail otherwise), the core
/// spins. Replaces librdimon's _exit, whose status support depends on a
/// feature probe. Reports the stack probe first when it is on.
void _exit(int status) {
    uintptr_t block[2];

    if (fw_probe.on)
        fw_probe_report();
    block[0] = SEMI_ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (uintptr_t)(uint32_t)status;
    semi_call(SEMI_SYS_EXIT_EXTENDED, (uintptr_t)block);
    for (;;)
        ;
}

/// Grows (or shrinks) the heap by `incr` bytes and returns the old break.
/// Fails with errno = ENOMEM and returns (void *)-1 when the break would
/// leave [__heap_start__, __heap_end__] (the stack reserve lies above).
void *_sbrk(ptrdiff_t incr) {
    static char *brk = __heap_start__;
    char *old = brk;

    if (incr > __heap_end__ - brk || incr < __heap_start__ - brk) {
        errno = ENOMEM;
        return (void *)-1;
    }
    brk += incr;
    if (brk > fw_brk_max)
        fw_brk_max = brk;
    return old;
}

/* The markers are real calls (noinline; different bodies, so never merged)
 * that measure.sh recognises in QEMU's execution log by their names. With
 * the stack probe on, begin repaints the free stack (after recording the
 * run's deepest use so far) and end measures the region's deepest use
 * below the caller's SP. ncs_fw_mark_begin is naked so that it sees that
 * SP exactly: it passes it on to ncs_fw_mark_begin_at with lr untouched. */
__attribute__((used)) static void ncs_fw_mark_begin_at(uint32_t *caller_sp) {
    if (!fw_probe.on)
        return;
    fw_probe_scan();
    fw_probe.region_top = caller_sp;
    fw_paint();
}

__attribute__((naked, noinline)) void ncs_fw_mark_begin(void) {
    __asm__ volatile("mov r0, sp\n\tb ncs_fw_mark_begin_at\n");
}

__attribute__((noinline)) void ncs_fw_mark_end(void) {
    uint32_t *d;

    if (!fw_probe.on || !fw_probe.region_top)
        return;
    d = fw_deepest();
    if (d < fw_probe.region_top &&
        (uint32_t)((char *)fw_probe.region_top - (char *)d) > fw_probe.region_max)
        fw_probe.region_max = (uint32_t)((char *)fw_probe.region_top - (char *)d);
    fw_probe.region_top = NULL;
    fw_probe.regions++;
}

/// Hooks of newlib's __libc_init_array/__libc_fini_array (exit() runs the
/// latter). crti.o is not linked (-nostartfiles) and ncs has no static
/// constructors or destructors, so both are empty. Never fail.
void _init(void) {}
void _fini(void) {}

/* Reports a fault on the console and ends the run. */
static void fw_fault(void) {
    semi_call(SEMI_SYS_WRITE0,
              (uintptr_t)"ncs firmware: fault or unexpected exception\n");
    _exit(FW_FAULT_STATUS);
}

/* Reset: prepare memory and the FPU, run main, exit with its status. */
static void fw_reset(void) {
    static char name[] = "ncs-firmware"; /* argv[0], writable as C requires */
    static char *argv[] = {name, NULL};
    const uint32_t *src = __data_load__;
    uint32_t *dst;

    for (dst = __data_start__; dst < __data_end__; dst++)
        *dst = *src++;
    for (dst = __bss_start__; dst < __bss_end__; dst++)
        *dst = 0;
#if defined(__ARM_FP)
    /* Hard-float code may touch s0-s31 from here on: grant full access to
     * CP10/CP11 and make sure the write lands before any FP instruction. */
    *SCB_CPACR |= CPACR_CP10_CP11_FULL;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#endif
    fw_probe_start();
    initialise_monitor_handles();
    exit(main(1, argv)); /* flushes stdio, then _exit */
}

/* The Cortex-M vector table: the initial SP, then the system exceptions. */
typedef struct fw_vectors {
    void *initial_sp;           /* loaded into MSP at reset */
    void (*handlers[15])(void); /* Reset, NMI, HardFault, ..., SysTick */
} fw_vectors;

__attribute__((section(".vectors"), used))
const fw_vectors fw_vector_table = {
    __stack_top__,
    {
        fw_reset, /* Reset */
        fw_fault, /* NMI */
        fw_fault, /* HardFault */
        fw_fault, /* MemManage */
        fw_fault, /* BusFault */
        fw_fault, /* UsageFault */
        NULL, NULL, NULL, NULL, /* reserved */
        fw_fault, /* SVCall */
        fw_fault, /* DebugMonitor */
        NULL,     /* reserved */
        fw_fault, /* PendSV */
        fw_fault, /* SysTick */
    },
};
