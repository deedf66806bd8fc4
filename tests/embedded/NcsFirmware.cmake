# NcsFirmware.cmake - building ncs firmware ELFs for QEMU's mps2 boards
# with arm-none-eabi-gcc, inside an ordinary host build.
#
# The project stays a host project: firmware sources are compiled and linked
# by custom commands that call the cross compiler directly, so no toolchain
# file and no second CMake project are needed. See docs/embedded.md.
#
# Results of discovery (cache or normal variables):
#   NCS_FW_CC, NCS_FW_NM, NCS_FW_SIZE, NCS_FW_READELF
#                                      the cross tools (or *-NOTFOUND)
#   NCS_FW_QEMU                        qemu-system-arm (or NOTFOUND)
#   NCS_FW_MACHINE                     QEMU machine, mps2-an386 (Cortex-M4)
#                                      or mps2-an385 (Cortex-M3) as fallback
#   NCS_FW_CAN_BUILD                   cross compiler + newlib usable
#   NCS_FW_CAN_RUN                     ... and QEMU has the machine
#   NCS_FW_WHY_NOT                     reason when one of them is FALSE
#
# Functions:
#   ncs_firmware_flags(<out-var> VARIANT double|float KIND lib|app)
#   ncs_firmware_objects(<out-var> NAME <n> VARIANT double|float
#                        KIND lib|app SOURCES <src>...
#                        [INCLUDE_DIRS <dir>...] [DEFINES <d>...]
#                        [EXTRA_FLAGS <flag>...]    (after the others: -Os)
#                        [DEPENDS <file>...])       (files made by the build
#                                                    that the sources include)
#   ncs_firmware_executable(<name> VARIANT double|float
#                           LIB_SOURCES <src>... APP_SOURCES <src>...
#                           [COPY_SOURCES <src>...] [LIB_FLAGS <flag>...]
#                           [INCLUDE_DIRS <dir>...] [DEFINES <d>...]
#                           [LINK_OPTIONS <option>...] [DEPENDS <file>...])
#   ncs_firmware_check_test(<test-name> OBJECTS <obj>...)
#   ncs_firmware_skip_test(<test-name>)

set(NCS_FW_DIR ${CMAKE_CURRENT_LIST_DIR})

find_program(NCS_FW_CC arm-none-eabi-gcc)
find_program(NCS_FW_NM arm-none-eabi-nm)
find_program(NCS_FW_SIZE arm-none-eabi-size)
find_program(NCS_FW_READELF arm-none-eabi-readelf)
find_program(NCS_FW_QEMU qemu-system-arm)

set(NCS_FW_CAN_BUILD FALSE)
set(NCS_FW_CAN_RUN FALSE)
set(NCS_FW_WHY_NOT "")
# What the skip message tells to run (scripts/deps.sh runs it as root).
set(_ncs_fw_apt "sudo apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm")
# A tool counts as present only when the path names an executable file:
# a cache entry such as -DNCS_FW_QEMU=/nonexistent must skip, not fail.
set(_ncs_fw_tools "")
foreach(_t NCS_FW_CC NCS_FW_NM NCS_FW_SIZE NCS_FW_READELF)
  if(NOT ${_t} OR NOT EXISTS "${${_t}}" OR IS_DIRECTORY "${${_t}}")
    list(APPEND _ncs_fw_tools "${_t}=${${_t}}")
  endif()
endforeach()
if(_ncs_fw_tools)
  string(REPLACE ";" ", " _ncs_fw_tools "${_ncs_fw_tools}")
  set(NCS_FW_WHY_NOT "arm-none-eabi-gcc/binutils not found (${_ncs_fw_tools}); install them with: ${_ncs_fw_apt}")
else()
  # newlib's semihosting spec file comes with libnewlib-arm-none-eabi.
  execute_process(COMMAND ${NCS_FW_CC} -print-file-name=rdimon.specs
                  OUTPUT_VARIABLE _ncs_fw_specs OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE _ncs_fw_rc ERROR_QUIET)
  if(NOT _ncs_fw_rc EQUAL 0)
    set(NCS_FW_WHY_NOT "${NCS_FW_CC} does not run (status ${_ncs_fw_rc}); reinstall it with: ${_ncs_fw_apt}")
  elseif(NOT IS_ABSOLUTE "${_ncs_fw_specs}")
    set(NCS_FW_WHY_NOT "newlib for ${NCS_FW_CC} not found (no rdimon.specs); install it with: ${_ncs_fw_apt}")
  else()
    set(NCS_FW_CAN_BUILD TRUE)
  endif()
endif()

set(_ncs_fw_qemu_ok FALSE)
if(NCS_FW_QEMU AND EXISTS "${NCS_FW_QEMU}" AND NOT IS_DIRECTORY "${NCS_FW_QEMU}")
  set(_ncs_fw_qemu_ok TRUE)
endif()
if(NOT NCS_FW_MACHINE)
  set(_ncs_fw_machine "")
  if(_ncs_fw_qemu_ok)
    execute_process(COMMAND ${NCS_FW_QEMU} -machine help
                    OUTPUT_VARIABLE _ncs_fw_machines ERROR_QUIET
                    RESULT_VARIABLE _ncs_fw_rc)
    if(_ncs_fw_machines MATCHES "mps2-an386")
      set(_ncs_fw_machine mps2-an386)
    elseif(_ncs_fw_machines MATCHES "mps2-an385")
      set(_ncs_fw_machine mps2-an385)
    endif()
  endif()
  set(NCS_FW_MACHINE "${_ncs_fw_machine}" CACHE STRING
      "QEMU machine of the firmware tests (mps2-an386 or mps2-an385)" FORCE)
endif()

if(NCS_FW_CAN_BUILD)
  if(NOT _ncs_fw_qemu_ok)
    set(NCS_FW_WHY_NOT "qemu-system-arm not found (NCS_FW_QEMU=${NCS_FW_QEMU}); install it with: ${_ncs_fw_apt}")
  elseif(NOT NCS_FW_MACHINE MATCHES "^mps2-an38[56]$")
    set(NCS_FW_WHY_NOT "${NCS_FW_QEMU} has neither mps2-an386 nor mps2-an385 (QEMU 6.0 or later has both)")
  else()
    set(NCS_FW_CAN_RUN TRUE)
  endif()
endif()

# Core flags. The Cortex-M4 of the AN386 has the single-precision FPU
# (FPv4-SP): floats in hardware, doubles in software (libgcc's __aeabi_d*),
# hard-float calling convention for both variants. The AN385's Cortex-M3
# has no FPU.
if(NCS_FW_MACHINE STREQUAL "mps2-an385")
  set(NCS_FW_CPU_FLAGS -mcpu=cortex-m3 -mthumb -mfloat-abi=soft)
else()
  set(NCS_FW_CPU_FLAGS -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
endif()
set(NCS_FW_COMMON_FLAGS -std=c99 -O2 -g -ffunction-sections -fdata-sections
    -fno-common -Wall -Wextra -Wpedantic -Werror)
# The library part (generated code + firmware solver): no hosted libc.
# -fstack-usage writes <obj minus .o>.su (frame per function) and
# -fcallgraph-info=su <obj minus .o>.ci (the call graph with the frames:
# bench/embedded/stack-bound.sh sums them along call chains).
set(NCS_FW_LIB_FLAGS -ffreestanding -fstack-usage -fcallgraph-info=su)
# A copy of the runtime core (<p>_ncs.c): until the solver files are free of
# -Wconversion/-Wsign-conversion warnings (solve.c, lemke.c, dense.c,
# assemble.c, kernel_plain.c; being fixed apart), the copy is compiled
# without those two warnings; the test embedded_copy_warnings compiles it
# with them and names the files that still warn.
set(NCS_FW_COPY_FLAGS -Wno-conversion -Wno-sign-conversion)
set(NCS_FW_LINK_FLAGS --specs=rdimon.specs -nostartfiles
    -T ${NCS_FW_DIR}/mps2.ld -Wl,--gc-sections)

# The compiler flags of one kind of firmware object, into <out>:
#   ncs_firmware_flags(<out> VARIANT double|float KIND lib|app)
# ncs_real is double or float through NCS_REAL_FLOAT=0/1. The library part
# (KIND lib) is freestanding, reports its stack use, and in the float
# variant rejects any silent promotion to double (-Wdouble-promotion).
function(ncs_firmware_flags out)
  cmake_parse_arguments(FW "" "VARIANT;KIND" "" ${ARGN})
  set(flags ${NCS_FW_CPU_FLAGS} ${NCS_FW_COMMON_FLAGS})
  if(FW_VARIANT STREQUAL "double")
    list(APPEND flags -DNCS_REAL_FLOAT=0)
  elseif(FW_VARIANT STREQUAL "float")
    list(APPEND flags -DNCS_REAL_FLOAT=1)
    if(FW_KIND STREQUAL "lib")
      list(APPEND flags -Wdouble-promotion)
    endif()
  else()
    message(FATAL_ERROR "ncs firmware: VARIANT must be double or float, not '${FW_VARIANT}'")
  endif()
  if(FW_KIND STREQUAL "lib")
    list(APPEND flags ${NCS_FW_LIB_FLAGS})
  elseif(NOT FW_KIND STREQUAL "app")
    message(FATAL_ERROR "ncs firmware: KIND must be lib or app, not '${FW_KIND}'")
  endif()
  set(${out} ${flags} PARENT_SCOPE)
endfunction()

# Compiles SOURCES for the firmware; the object paths go to <out-var>.
# KIND lib adds the library-part flags (freestanding, -fstack-usage and
# -fcallgraph-info=su: each object gets <obj minus .o>.su and .ci next to it).
function(ncs_firmware_objects out)
  cmake_parse_arguments(FW "" "NAME;VARIANT;KIND" "SOURCES;INCLUDE_DIRS;DEFINES;EXTRA_FLAGS;DEPENDS"
                        ${ARGN})
  if(NOT FW_NAME OR NOT FW_KIND MATCHES "^(lib|app)$" OR NOT FW_SOURCES)
    message(FATAL_ERROR "ncs_firmware_objects: NAME, KIND lib|app and SOURCES are required")
  endif()
  ncs_firmware_flags(flags VARIANT "${FW_VARIANT}" KIND "${FW_KIND}")
  list(APPEND flags ${FW_EXTRA_FLAGS})
  foreach(dir IN LISTS FW_INCLUDE_DIRS)
    list(APPEND flags -I${dir})
  endforeach()
  foreach(def IN LISTS FW_DEFINES)
    list(APPEND flags -D${def})
  endforeach()
  set(objdir ${CMAKE_CURRENT_BINARY_DIR}/${FW_NAME}.fw/${FW_KIND})
  file(MAKE_DIRECTORY ${objdir})
  set(objs "")
  foreach(src IN LISTS FW_SOURCES)
    get_filename_component(src ${src} ABSOLUTE)
    get_filename_component(base ${src} NAME)
    set(obj ${objdir}/${base}.o)
    if(obj IN_LIST objs)
      message(FATAL_ERROR "ncs_firmware_objects(${FW_NAME}): two sources named ${base}")
    endif()
    set(byproducts "")
    if(FW_KIND STREQUAL "lib")
      set(byproducts ${objdir}/${base}.su ${objdir}/${base}.ci)
    endif()
    # .su/.ci as outputs: a build tree from before -fcallgraph-info rebuilds
    add_custom_command(
      OUTPUT ${obj} ${byproducts}
      COMMAND ${NCS_FW_CC} ${flags} -MD -MF ${obj}.d -c ${src} -o ${obj}
      DEPENDS ${src} ${FW_DEPENDS}
      DEPFILE ${obj}.d
      COMMENT "Firmware ${FW_VARIANT} ${FW_KIND}: ${base}"
      VERBATIM)
    list(APPEND objs ${obj})
  endforeach()
  set(${out} ${objs} PARENT_SCOPE)
endfunction()

# Builds <name>.elf in the current binary directory from the library part
# (LIB_SOURCES, and COPY_SOURCES: a copy of the runtime core, <p>_ncs.c,
# compiled with NCS_FW_COPY_FLAGS after LIB_FLAGS) and the harness part
# (APP_SOURCES, which must define main; they may use newlib's stdio and
# include fw_harness.h). LIB_FLAGS are added to the library part's flags,
# LINK_OPTIONS to the link (e.g. -Wl,--defsym=__heap_size__=N); DEPENDS
# are generated files the harness sources include. The startup code and
# mps2.ld are added.
# Creates the custom target <name> (built by default) with the properties
#   NCS_FW_ELF          path of the ELF
#   NCS_FW_LIB_OBJECTS  object files of the library part (for nm/size)
#   NCS_FW_VARIANT      double or float
function(ncs_firmware_executable name)
  cmake_parse_arguments(FW "" "VARIANT"
    "LIB_SOURCES;APP_SOURCES;COPY_SOURCES;LIB_FLAGS;INCLUDE_DIRS;DEFINES;LINK_OPTIONS;DEPENDS"
    ${ARGN})
  if(NOT FW_APP_SOURCES)
    message(FATAL_ERROR "ncs_firmware_executable(${name}): APP_SOURCES (with main) is required")
  endif()
  set(libobjs "")
  if(FW_LIB_SOURCES)
    ncs_firmware_objects(libobjs NAME ${name} VARIANT ${FW_VARIANT} KIND lib
                         SOURCES ${FW_LIB_SOURCES}
                         INCLUDE_DIRS ${FW_INCLUDE_DIRS} DEFINES ${FW_DEFINES}
                         EXTRA_FLAGS ${FW_LIB_FLAGS})
  endif()
  if(FW_COPY_SOURCES)
    ncs_firmware_objects(copyobjs NAME ${name} VARIANT ${FW_VARIANT} KIND lib
                         SOURCES ${FW_COPY_SOURCES}
                         INCLUDE_DIRS ${FW_INCLUDE_DIRS} DEFINES ${FW_DEFINES}
                         EXTRA_FLAGS ${FW_LIB_FLAGS} ${NCS_FW_COPY_FLAGS})
    list(APPEND libobjs ${copyobjs})
  endif()
  ncs_firmware_objects(appobjs NAME ${name} VARIANT ${FW_VARIANT} KIND app
                       SOURCES ${NCS_FW_DIR}/startup.c ${FW_APP_SOURCES}
                       INCLUDE_DIRS ${FW_INCLUDE_DIRS} ${NCS_FW_DIR} DEFINES ${FW_DEFINES}
                       DEPENDS ${FW_DEPENDS})
  set(elf ${CMAKE_CURRENT_BINARY_DIR}/${name}.elf)
  add_custom_command(
    OUTPUT ${elf}
    COMMAND ${NCS_FW_CC} ${NCS_FW_CPU_FLAGS} ${NCS_FW_LINK_FLAGS}
            -Wl,-Map=${CMAKE_CURRENT_BINARY_DIR}/${name}.map ${FW_LINK_OPTIONS}
            ${appobjs} ${libobjs} -lm -o ${elf}
    DEPENDS ${appobjs} ${libobjs} ${NCS_FW_DIR}/mps2.ld
    BYPRODUCTS ${CMAKE_CURRENT_BINARY_DIR}/${name}.map
    COMMENT "Firmware link: ${name}.elf"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS ${elf})
  set_target_properties(${name} PROPERTIES
    NCS_FW_ELF ${elf}
    NCS_FW_LIB_OBJECTS "${libobjs}"
    NCS_FW_VARIANT ${FW_VARIANT})
endfunction()

# Registers a test that fails when OBJECTS reference the heap or stdio
# (tests/embedded/check-no-libc.sh).
function(ncs_firmware_check_test test)
  cmake_parse_arguments(FW "" "" "OBJECTS" ${ARGN})
  add_test(NAME ${test}
           COMMAND sh ${NCS_FW_DIR}/check-no-libc.sh -n ${NCS_FW_NM} ${FW_OBJECTS})
  set_tests_properties(${test} PROPERTIES LABELS embedded)
endfunction()

# Registers <test> as skipped (CTest status "Not Run", exit code 77), saying
# why: used when the cross tools or QEMU are missing.
function(ncs_firmware_skip_test test)
  add_test(NAME ${test}
           COMMAND sh -c "echo \"SKIP: $1\"; exit 77" sh "${NCS_FW_WHY_NOT}")
  set_tests_properties(${test} PROPERTIES LABELS embedded SKIP_RETURN_CODE 77)
endfunction()
