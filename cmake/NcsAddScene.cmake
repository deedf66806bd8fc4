# NcsAddScene.cmake - compile a .ncs scene into a simulator at build time.
#
#   ncs_add_scene(NAME <name> SCENE <file.ncs> [PREFIX <p>] [FORMULATION <f>]
#                 [NO_TEST] [TEST_ARGS <args>...] [LABELS <labels>...])
#
# Runs ncsc on <file.ncs> (re-run when ncsc or the scene changes), builds
# the simulator executable <name> from the generated <p>.c and <p>_main.c
# linked to the ncs runtime, and registers the CTest test <name> running
# `<name> --check --quiet [TEST_ARGS]` unless NO_TEST is given.
#
# Works in the ncs build tree (the ncsc and ncs_runtime targets, strict
# warnings) and downstream after find_package(ncs CONFIG) (ncs::ncsc and
# ncs::runtime). Set NCS_NCSC to a host ncsc executable to override the
# compiler, e.g. when cross-compiling (the compiler runs on the build host).
#
# PREFIX defaults to <name> made into a C identifier, so that the output
# file names are known when CMake configures. The generated files go to
# ${CMAKE_CURRENT_BINARY_DIR}/ncs_<name>/ (variable <name>_NCS_DIR in the
# caller's scope).

function(ncs_add_scene)
  cmake_parse_arguments(NS "NO_TEST" "NAME;SCENE;PREFIX;FORMULATION" "TEST_ARGS;LABELS" ${ARGN})
  if(NOT NS_NAME OR NOT NS_SCENE)
    message(FATAL_ERROR "ncs_add_scene: NAME and SCENE are required")
  endif()
  if(NS_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ncs_add_scene: unknown arguments ${NS_UNPARSED_ARGUMENTS}")
  endif()
  if(NS_PREFIX)
    set(prefix ${NS_PREFIX})
  else()
    string(MAKE_C_IDENTIFIER "${NS_NAME}" prefix)
  endif()
  # The compiler: an explicit host ncsc, this build's, or the installed one.
  if(NCS_NCSC AND NOT TARGET "${NCS_NCSC}")
    set(ncsc "${NCS_NCSC}")
    set(ncsc_dep "${NCS_NCSC}")
  elseif(TARGET ncsc)
    set(ncsc $<TARGET_FILE:ncsc>)
    set(ncsc_dep ncsc)
  elseif(TARGET ncs::ncsc)
    set(ncsc $<TARGET_FILE:ncs::ncsc>)
    set(ncsc_dep ncs::ncsc)
  else()
    message(FATAL_ERROR "ncs_add_scene: no ncsc (set NCS_NCSC or find_package(ncs))")
  endif()
  if(TARGET ncs_runtime)
    set(runtime ncs_runtime)
  else()
    set(runtime ncs::runtime)
  endif()
  get_filename_component(scene "${NS_SCENE}" ABSOLUTE)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/ncs_${NS_NAME})
  set(outputs ${dir}/${prefix}.h ${dir}/${prefix}.c ${dir}/${prefix}_main.c)
  set(extra)
  if(NS_FORMULATION)
    set(extra --formulation ${NS_FORMULATION})
  endif()
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
    COMMAND ${ncsc} ${scene} -o ${dir} --prefix ${prefix} ${extra}
    DEPENDS ${ncsc_dep} ${scene}
    COMMENT "ncsc ${NS_SCENE} -> ${NS_NAME}"
    VERBATIM)
  add_executable(${NS_NAME} ${dir}/${prefix}.c ${dir}/${prefix}_main.c)
  target_include_directories(${NS_NAME} PRIVATE ${dir})
  target_link_libraries(${NS_NAME} PRIVATE ${runtime})
  if(COMMAND ncs_warnings)
    ncs_warnings(${NS_NAME})
  endif()
  if(NOT NS_NO_TEST)
    add_test(NAME ${NS_NAME} COMMAND ${NS_NAME} --check --quiet ${NS_TEST_ARGS})
    if(NS_LABELS)
      set_tests_properties(${NS_NAME} PROPERTIES LABELS "${NS_LABELS}")
    endif()
  endif()
  set(${NS_NAME}_NCS_DIR ${dir} PARENT_SCOPE)
endfunction()
