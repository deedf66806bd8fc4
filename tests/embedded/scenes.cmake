# scenes.cmake - generated simulators on the firmware target (issue 8),
# included by tests/embedded/CMakeLists.txt.
#
#   ncs_fw_scene(<name> <scene.ncs>)
#
# For each variant (double, float): `ncsc --target embedded --real <v>
# --prefix <name>` writes <name>.h/.c/_main.c/_lcp.h/_lcp.c; they are
# compiled for the host with the project's warnings (-std=c99 -Wpedantic
# -Wall -Wextra -Werror, and -Wdouble-promotion on the library part of the
# float variant) and run there, and, when the cross tools and QEMU are
# there, cross-compiled (library part: <name>.c + <name>_lcp.c with
# -ffreestanding), checked with nm (no heap, no stdio) and run on QEMU.
# Comparisons (CSV fields one by one):
#   embedded_<name>_double  firmware double vs the host simulator (GSL
#                           runtime, `--csv -`): 1e-9 relative, 1e-12 absolute
#   embedded_<name>_float   firmware float vs the same float sources built for
#                           the host: 1e-5 relative, 1e-6 absolute
#   embedded_<name>_host_double_matches  host build of the double firmware
#                           sources vs the host simulator: 1e-9 relative
# The host simulator of each scene is built here (ncs_add_scene, NO_TEST).
include(${PROJECT_SOURCE_DIR}/cmake/NcsAddScene.cmake)

function(ncs_fw_scene name scene)
  get_filename_component(scene ${scene} ABSOLUTE)
  string(TOUPPER ${name} upper)
  ncs_add_scene(NAME embedded_${name}_reference SCENE ${scene} PREFIX ${name} NO_TEST)
  foreach(variant double float)
    set(dir ${fwout}/scenes/${name}_${variant})
    set(lib ${dir}/${name}.c ${dir}/${name}_lcp.c)
    add_custom_command(
      OUTPUT ${dir}/${name}.h ${dir}/${name}_lcp.h ${dir}/${name}_main.c ${lib}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND $<TARGET_FILE:ncsc> ${scene} -o ${dir} --prefix ${name}
              --target embedded --real ${variant}
      DEPENDS ncsc ${scene}
      COMMENT "ncsc --target embedded --real ${variant}: ${name}"
      VERBATIM)
    set(host embedded_${name}_host_${variant})
    add_executable(${host} ${lib} ${dir}/${name}_main.c)
    target_include_directories(${host} PRIVATE ${dir})
    target_link_libraries(${host} PRIVATE m)
    ncs_warnings(${host})
    if(variant STREQUAL "float")
      set_source_files_properties(${lib} PROPERTIES COMPILE_OPTIONS -Wdouble-promotion)
    endif()
    if(NCS_FW_CAN_BUILD AND NCS_FW_CAN_RUN)
      ncs_firmware_executable(embedded_${name}_fw_${variant} VARIANT ${variant}
        LIB_SOURCES ${lib}
        APP_SOURCES ${dir}/${name}_main.c
        INCLUDE_DIRS ${dir}
        DEFINES ${upper}_STEP_BEGIN=ncs_fw_mark_begin ${upper}_STEP_END=ncs_fw_mark_end)
      # the library part again at -Os, for bench/embedded (not built by default)
      ncs_firmware_objects(os_objs NAME embedded_${name}_os_${variant} VARIANT ${variant}
                           KIND lib SOURCES ${lib} INCLUDE_DIRS ${dir} EXTRA_FLAGS -Os)
      add_custom_target(embedded_${name}_os_${variant} DEPENDS ${os_objs})
      set_target_properties(embedded_${name}_os_${variant} PROPERTIES NCS_FW_LIB_OBJECTS "${os_objs}")
      get_target_property(objs embedded_${name}_fw_${variant} NCS_FW_LIB_OBJECTS)
      ncs_firmware_check_test(embedded_nolibc_${name}_${variant} OBJECTS ${objs})
      if(variant STREQUAL "double")
        set(ref $<TARGET_FILE:embedded_${name}_reference>)
        set(tol -t 1e-9 -a 1e-12 -x "--csv - --quiet")
      else()
        set(ref $<TARGET_FILE:${host}>)
        set(tol -t 1e-5 -a 1e-6)
      endif()
      add_test(NAME embedded_${name}_${variant}
               COMMAND sh ${fw}/compare-run.sh -n $<TARGET_FILE:ncs_numcmp>
                       -r ${fw}/run-qemu.sh -d ${fwout}/scenes/${name}_${variant}.out
                       -m ${NCS_FW_MACHINE} -c ${tol}
                       ${ref} ${fwout}/embedded_${name}_fw_${variant}.elf)
      set_tests_properties(embedded_${name}_${variant} PROPERTIES
                           LABELS embedded ENVIRONMENT "NCS_QEMU=${NCS_FW_QEMU}")
    else()
      ncs_firmware_skip_test(embedded_${name}_${variant})
      ncs_firmware_skip_test(embedded_nolibc_${name}_${variant})
    endif()
  endforeach()
  add_test(NAME embedded_${name}_host_double_matches
           COMMAND sh ${fw}/lcp/compare-host.sh -c $<TARGET_FILE:ncs_numcmp>
                   ${fwout}/scenes/${name}_host -r 1e-9 -a 1e-12
                   "$<TARGET_FILE:embedded_${name}_reference> --csv - --quiet"
                   $<TARGET_FILE:embedded_${name}_host_double>)
  add_test(NAME embedded_${name}_host_float COMMAND embedded_${name}_host_float)
  set_tests_properties(embedded_${name}_host_double_matches embedded_${name}_host_float
                       PROPERTIES LABELS embedded)
endfunction()
