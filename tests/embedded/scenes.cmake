# scenes.cmake - generated simulators on the firmware target (issue 8),
# included by tests/embedded/CMakeLists.txt.
#
#   ncs_fw_scene(<name> <scene.ncs> [FORMULATION <f>] [STEPS <n>]
#                [FLOAT_STEPS <n>] [FLOAT_TOL <rtol> <atol>]
#                [FLOAT_VS_DOUBLE <rtol> <atol>] [FIELDS <list>])
#
# For each variant (double, float): `ncsc --target embedded --real <v>
# --prefix <name> [--formulation <f>]` writes <name>.h/.c/_main.c/_lcp.h/
# _lcp.c (the solver copy specialised for the scene's formulation); they are
# compiled for the host with the project's warnings (-std=c99 -Wpedantic
# -Wall -Wextra -Werror, and -Wdouble-promotion on the library part of the
# float variant) and run there, and, when the cross tools and QEMU are
# there, cross-compiled (library part: <name>.c + <name>_lcp.c with
# -ffreestanding), checked with nm (no heap, no stdio) and run on QEMU.
# STEPS runs <n> steps instead of the scene's (-D<NAME>_RUN_STEPS=<n> for
# the example main, --steps <n> for the host simulator); FLOAT_STEPS does
# so for the float variant only.
# Comparisons (CSV fields one by one):
#   embedded_<name>_double  firmware double vs the host simulator (GSL
#                           runtime, `--csv -`): 1e-9 relative, 1e-12 absolute
#   embedded_<name>_float   firmware float vs the same float sources built for
#                           the host: 1e-5 relative, 1e-6 absolute, or
#                           FLOAT_TOL (scenes whose step calls sinf, cosf or
#                           hypotf: newlib's and glibc's round differently)
#   embedded_<name>_float_vs_double  (with FLOAT_VS_DOUBLE) firmware float
#                           vs the host simulator in double: <rtol> relative
#                           or <atol> absolute (docs/embedded.md, "Float
#                           against double")
# FIELDS: the float comparisons use only those CSV fields (compare-run.sh
# -f), e.g. 1,3-9 for the state without the solver's pivot counts.
#   embedded_<name>_host_double_matches  host build of the double firmware
#                           sources vs the host simulator: 1e-9 relative
# The host simulator of each scene is built here (ncs_add_scene, NO_TEST).
#
#   ncs_fw_host(<name> <scene.ncs> <double|float> [FORMULATION <f>]
#               [DEFINES <d>...])
#
# The part of ncs_fw_scene that needs no cross tools: `ncsc --target
# embedded --real <v> --prefix <name>` into ${fwout}/scenes/<name>_<v>/ and
# the host executable embedded_<name>_host_<v> built from it with the
# project's warnings (+ -Wdouble-promotion on the float library part).
# ncs_fw_example (below) uses it alone.
include(${PROJECT_SOURCE_DIR}/cmake/NcsAddScene.cmake)

function(ncs_fw_host name scene variant)
  cmake_parse_arguments(FH "" "FORMULATION" "DEFINES" ${ARGN})
  set(form_arg "")
  if(FH_FORMULATION)
    set(form_arg --formulation ${FH_FORMULATION})
  endif()
  set(dir ${fwout}/scenes/${name}_${variant})
  set(lib ${dir}/${name}.c ${dir}/${name}_lcp.c)
  add_custom_command(
    OUTPUT ${dir}/${name}.h ${dir}/${name}_lcp.h ${dir}/${name}_main.c ${lib}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND $<TARGET_FILE:ncsc> ${scene} -o ${dir} --prefix ${name}
            --target embedded --real ${variant} ${form_arg}
    DEPENDS ncsc ${scene}
    COMMENT "ncsc --target embedded --real ${variant}: ${name}"
    VERBATIM)
  set(host embedded_${name}_host_${variant})
  add_executable(${host} ${lib} ${dir}/${name}_main.c)
  target_include_directories(${host} PRIVATE ${dir})
  target_compile_definitions(${host} PRIVATE ${FH_DEFINES})
  target_link_libraries(${host} PRIVATE m)
  ncs_warnings(${host})
  if(variant STREQUAL "float")
    set_source_files_properties(${lib} PROPERTIES COMPILE_OPTIONS -Wdouble-promotion)
  endif()
endfunction()

function(ncs_fw_scene name scene)
  cmake_parse_arguments(FS "" "FORMULATION;STEPS;FLOAT_STEPS;FIELDS" "FLOAT_VS_DOUBLE;FLOAT_TOL"
                        ${ARGN})
  if(FS_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ncs_fw_scene(${name}): unknown arguments ${FS_UNPARSED_ARGUMENTS}")
  endif()
  get_filename_component(scene ${scene} ABSOLUTE)
  string(TOUPPER ${name} upper)
  set(ref_form "")
  if(FS_FORMULATION)
    set(ref_form FORMULATION ${FS_FORMULATION})
  endif()
  set(hostargs "--csv - --quiet --no-check") # a comparison, not a test of the scene
  set(step_defs "")
  if(FS_STEPS)
    string(APPEND hostargs " --steps ${FS_STEPS}")
    set(step_defs ${upper}_RUN_STEPS=${FS_STEPS})
  endif()
  set(hostargs_double "${hostargs}")
  set(hostargs_float "${hostargs}")
  set(step_defs_double ${step_defs})
  set(step_defs_float ${step_defs})
  if(FS_FLOAT_STEPS)
    set(hostargs_float "--csv - --quiet --no-check --steps ${FS_FLOAT_STEPS}")
    set(step_defs_float ${upper}_RUN_STEPS=${FS_FLOAT_STEPS})
  endif()
  set(fields "")
  if(FS_FIELDS)
    set(fields -f ${FS_FIELDS})
  endif()
  set(float_tol -t 1e-5 -a 1e-6)
  if(FS_FLOAT_TOL)
    list(GET FS_FLOAT_TOL 0 rtol)
    list(GET FS_FLOAT_TOL 1 atol)
    set(float_tol -t ${rtol} -a ${atol})
  endif()
  ncs_add_scene(NAME embedded_${name}_reference SCENE ${scene} PREFIX ${name} NO_TEST ${ref_form})
  foreach(variant double float)
    set(dir ${fwout}/scenes/${name}_${variant})
    set(lib ${dir}/${name}.c ${dir}/${name}_lcp.c)
    ncs_fw_host(${name} ${scene} ${variant} ${ref_form} DEFINES ${step_defs_${variant}})
    set(host embedded_${name}_host_${variant})
    if(NCS_FW_CAN_BUILD AND NCS_FW_CAN_RUN)
      ncs_firmware_executable(embedded_${name}_fw_${variant} VARIANT ${variant}
        LIB_SOURCES ${lib}
        APP_SOURCES ${dir}/${name}_main.c
        INCLUDE_DIRS ${dir}
        DEFINES ${upper}_STEP_BEGIN=ncs_fw_mark_begin ${upper}_STEP_END=ncs_fw_mark_end
                ${step_defs_${variant}})
      # the library part again at -Os, for bench/embedded (not built by default)
      ncs_firmware_objects(os_objs NAME embedded_${name}_os_${variant} VARIANT ${variant}
                           KIND lib SOURCES ${lib} INCLUDE_DIRS ${dir} EXTRA_FLAGS -Os)
      add_custom_target(embedded_${name}_os_${variant} DEPENDS ${os_objs})
      set_target_properties(embedded_${name}_os_${variant} PROPERTIES NCS_FW_LIB_OBJECTS "${os_objs}")
      get_target_property(objs embedded_${name}_fw_${variant} NCS_FW_LIB_OBJECTS)
      ncs_firmware_check_test(embedded_nolibc_${name}_${variant} OBJECTS ${objs})
      if(variant STREQUAL "double")
        set(ref $<TARGET_FILE:embedded_${name}_reference>)
        set(tol -t 1e-9 -a 1e-12 -x "${hostargs}")
      else()
        set(ref $<TARGET_FILE:${host}>)
        set(tol ${fields} ${float_tol})
      endif()
      add_test(NAME embedded_${name}_${variant}
               COMMAND sh ${fw}/compare-run.sh -n $<TARGET_FILE:ncs_numcmp>
                       -r ${fw}/run-qemu.sh -d ${fwout}/scenes/${name}_${variant}.out
                       -m ${NCS_FW_MACHINE} -c ${tol}
                       ${ref} ${fwout}/embedded_${name}_fw_${variant}.elf)
      set_tests_properties(embedded_${name}_${variant} PROPERTIES
                           LABELS embedded ENVIRONMENT "NCS_QEMU=${NCS_FW_QEMU}")
      if(variant STREQUAL "float" AND FS_FLOAT_VS_DOUBLE)
        list(GET FS_FLOAT_VS_DOUBLE 0 rtol)
        list(GET FS_FLOAT_VS_DOUBLE 1 atol)
        add_test(NAME embedded_${name}_float_vs_double
                 COMMAND sh ${fw}/compare-run.sh -n $<TARGET_FILE:ncs_numcmp>
                         -r ${fw}/run-qemu.sh -d ${fwout}/scenes/${name}_float_vs_double.out
                         -m ${NCS_FW_MACHINE} -c ${fields} -t ${rtol} -a ${atol} -x "${hostargs_float}"
                         $<TARGET_FILE:embedded_${name}_reference>
                         ${fwout}/embedded_${name}_fw_float.elf)
        set_tests_properties(embedded_${name}_float_vs_double PROPERTIES
                             LABELS embedded ENVIRONMENT "NCS_QEMU=${NCS_FW_QEMU}")
      endif()
    else()
      ncs_firmware_skip_test(embedded_${name}_${variant})
      ncs_firmware_skip_test(embedded_nolibc_${name}_${variant})
      if(variant STREQUAL "float" AND FS_FLOAT_VS_DOUBLE)
        ncs_firmware_skip_test(embedded_${name}_float_vs_double)
      endif()
    endif()
  endforeach()
  add_test(NAME embedded_${name}_host_double_matches
           COMMAND sh ${fw}/lcp/compare-host.sh -c $<TARGET_FILE:ncs_numcmp>
                   ${fwout}/scenes/${name}_host -r 1e-9 -a 1e-12
                   "$<TARGET_FILE:embedded_${name}_reference> ${hostargs}"
                   $<TARGET_FILE:embedded_${name}_host_double>)
  add_test(NAME embedded_${name}_host_float COMMAND embedded_${name}_host_float)
  set_tests_properties(embedded_${name}_host_double_matches embedded_${name}_host_float
                       PROPERTIES LABELS embedded)
endfunction()

#   ncs_fw_example(<rel> <pos-atol> <vel-atol>)
#
# examples/<rel>.ncs (rel without .ncs, e.g. rigid/tip) through ncs_fw_host
# in double and float (prefix ex_<rel> with / and - as _), and the test
# embedded_example_<rel>_float: both host programs run every step of the
# scene and the float trajectory stays within <pos-atol> (x, y, theta) and
# <vel-atol> (vx, vy, omega) of the double one (example-float.sh). Host
# only: no cross tools, no QEMU.
function(ncs_fw_example rel pos vel)
  string(REGEX REPLACE "[-/]" "_" id "${rel}")
  set(name ex_${id})
  foreach(variant double float)
    ncs_fw_host(${name} ${PROJECT_SOURCE_DIR}/examples/${rel}.ncs ${variant})
  endforeach()
  add_test(NAME embedded_example_${id}_float
           COMMAND sh ${fw}/example-float.sh $<TARGET_FILE:ncs_numcmp> ${fwout}/examples/${id}
                   ${pos} ${vel} $<TARGET_FILE:embedded_${name}_host_double>
                   $<TARGET_FILE:embedded_${name}_host_float>)
  set_tests_properties(embedded_example_${id}_float PROPERTIES LABELS embedded)
endfunction()
