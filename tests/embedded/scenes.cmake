# scenes.cmake - generated scenes on the firmware target, included by
# tests/embedded/CMakeLists.txt (docs/embedded.md).
#
#   ncs_fw_copy(<name> <scene.ncs> <double|float> [FORMULATION <f>] [DIR <dir>])
#
# `ncsc --target embedded --real <v> --prefix <name>` into
# ${fwout}/copies/<name>_<v>/ (or <dir>): <name>.h, .c, _main.c, _ncs.h,
# _ncs.c and the runtime core's files under ncs/. Sets <name>_<v>_DIR in the
# caller's scope.
#
#   ncs_fw_program(<name> <double|float>)
#
# The firmware ELF embedded_<name>_fw_<v> of a copy made by ncs_fw_copy:
# library part <name>.c (-Wconversion -Wsign-conversion on top of the
# firmware flags) and <name>_ncs.c (the copy, NCS_FW_COPY_FLAGS), the
# example main with the step markers of fw_harness.h, linked with a heap of
# NCS_FW_HEAP and a stack of NCS_FW_STACK bytes right after .bss: the RAM
# the program has is what it needs (mps2.ld), and its tests check the stack
# and heap high-water marks against those sizes.
#
#   ncs_fw_test(<test> <name> <double|float> <host-simulator> [STEPS <n>]
#               COMPARE <fields>:<rtol>:<atol>...)
#
# Runs the host simulator (`--csv - --quiet --no-check`) and the firmware
# on QEMU (with the stack probe), and compares their CSV rows with numcmp,
# once per COMPARE item (fields: a `cut -f` list or `all`); STEPS compares
# only the rows of steps 0..n (the firmware still runs every step: its exit
# status says each one solved). fw-example.sh does the work.
include(${PROJECT_SOURCE_DIR}/cmake/NcsAddScene.cmake)

# The runtime files ncsc copies (compiler/CMakeLists.txt), by name.
set(ncs_fw_copy_names "")
foreach(f IN LISTS NCS_COPY_FILES)
  get_filename_component(base ${f} NAME)
  list(APPEND ncs_fw_copy_names ${base})
endforeach()

function(ncs_fw_copy name scene variant)
  cmake_parse_arguments(FC "" "FORMULATION;DIR" "" ${ARGN})
  set(extra "")
  if(FC_FORMULATION)
    set(extra --formulation ${FC_FORMULATION})
  endif()
  set(dir ${fwout}/copies/${name}_${variant})
  if(FC_DIR)
    set(dir ${FC_DIR})
  endif()
  set(outs ${dir}/${name}.h ${dir}/${name}.c ${dir}/${name}_main.c ${dir}/${name}_ncs.h
           ${dir}/${name}_ncs.c)
  # the runtime files: outputs of the first copy written into the folder
  get_property(claimed GLOBAL PROPERTY NCS_FW_COPY_DIRS)
  if(NOT dir IN_LIST claimed)
    set_property(GLOBAL APPEND PROPERTY NCS_FW_COPY_DIRS ${dir})
    foreach(f IN LISTS ncs_fw_copy_names)
      list(APPEND outs ${dir}/ncs/${f})
    endforeach()
  endif()
  _ncs_find_ncsc(ncsc_cmd ncsc_dep)     # NCS_NCSC when set (cmake/NcsAddScene.cmake)
  add_custom_command(
    OUTPUT ${outs}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${ncsc_cmd} ${scene} -o ${dir} --prefix ${name}
            --target embedded --real ${variant} ${extra}
    DEPENDS ${ncsc_dep} ${scene}
    COMMENT "ncsc --target embedded --real ${variant}: ${name}"
    VERBATIM)
  set(${name}_${variant}_DIR ${dir} PARENT_SCOPE)
endfunction()

function(ncs_fw_program name variant)
  set(dir ${${name}_${variant}_DIR})
  if(NOT dir)
    message(FATAL_ERROR "ncs_fw_program(${name} ${variant}): no ncs_fw_copy before")
  endif()
  string(TOUPPER ${name} upper)
  ncs_firmware_executable(embedded_${name}_fw_${variant} VARIANT ${variant}
    LIB_SOURCES ${dir}/${name}.c
    COPY_SOURCES ${dir}/${name}_ncs.c
    APP_SOURCES ${dir}/${name}_main.c
    LIB_FLAGS -Wconversion -Wsign-conversion
    INCLUDE_DIRS ${dir}
    DEFINES ${upper}_STEP_BEGIN=ncs_fw_mark_begin ${upper}_STEP_END=ncs_fw_mark_end
    LINK_OPTIONS -Wl,--defsym=__heap_size__=${NCS_FW_HEAP}
                 -Wl,--defsym=__stack_size__=${NCS_FW_STACK})
endfunction()

function(ncs_fw_test test name variant host)
  cmake_parse_arguments(FT "" "STEPS" "COMPARE" ${ARGN})
  if(NOT FT_COMPARE OR FT_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ncs_fw_test(${test}): COMPARE is required (${FT_UNPARSED_ARGUMENTS})")
  endif()
  set(args "")
  foreach(c IN LISTS FT_COMPARE)
    list(APPEND args -c ${c})
  endforeach()
  if(FT_STEPS)
    list(APPEND args -s ${FT_STEPS})
  endif()
  add_test(NAME ${test}
           COMMAND sh ${fw}/fw-example.sh -n $<TARGET_FILE:ncs_numcmp> -r ${fw}/run-qemu.sh
                   -m ${NCS_FW_MACHINE} -q ${NCS_FW_QEMU} -N ${NCS_FW_NM}
                   -p ${name} -d ${fwout}/runs/${test} ${args}
                   ${host} ${fwout}/embedded_${name}_fw_${variant}.elf)
  # the firmware build is not sanitized: the ASan run of the suite skips it
  set_tests_properties(${test} PROPERTIES LABELS embedded)
endfunction()
