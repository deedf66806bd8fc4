# NcsAddScene.cmake - compile a .ncs scene into a simulator at build time.
#
#   ncs_add_scene(NAME <name> SCENE <file.ncs> [PREFIX <p>] [FORMULATION <f>]
#                 [NO_TEST] [TEST_ARGS <args>...] [LABELS <labels>...])
#
# Runs the freshly built ncsc on <file.ncs> (re-run when ncsc or the scene
# changes), builds the simulator executable <name> from the generated
# <p>.c and <p>_main.c linked to ncs_runtime, with the project's strict
# warnings, and registers the CTest test <name> running `<name> --check
# --quiet [TEST_ARGS]` unless NO_TEST is given.
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
    COMMAND $<TARGET_FILE:ncsc> ${scene} -o ${dir} --prefix ${prefix} ${extra}
    DEPENDS ncsc ${scene}
    COMMENT "ncsc ${NS_SCENE} -> ${NS_NAME}"
    VERBATIM)
  add_executable(${NS_NAME} ${dir}/${prefix}.c ${dir}/${prefix}_main.c)
  target_include_directories(${NS_NAME} PRIVATE ${dir})
  target_link_libraries(${NS_NAME} PRIVATE ncs_runtime)
  ncs_warnings(${NS_NAME})
  if(NOT NS_NO_TEST)
    add_test(NAME ${NS_NAME} COMMAND ${NS_NAME} --check --quiet ${NS_TEST_ARGS})
    if(NS_LABELS)
      set_tests_properties(${NS_NAME} PROPERTIES LABELS "${NS_LABELS}")
    endif()
  endif()
  set(${NS_NAME}_NCS_DIR ${dir} PARENT_SCOPE)
endfunction()
