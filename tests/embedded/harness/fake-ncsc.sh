#!/bin/sh
# fake-ncsc.sh SCENE -o DIR ... - a stand-in for ncsc that writes the three
# host files, p.c without the SPDX line (spdx-check.sh must catch it).
set -u
while [ $# -gt 0 ] && [ "$1" != "-o" ]; do shift; done
dir=$2
printf '/* SPDX-License-Identifier: MIT */\n/* p.h */\n' >"$dir/p.h"
printf '/* p.c - no licence line */\n' >"$dir/p.c"
printf '/* SPDX-License-Identifier: MIT */\n/* p_main.c */\n' >"$dir/p_main.c"
