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
#
#   ncs_generate_sources(DIR <dir> PREFIX <p> SCENE <file.ncs> [FORMULATION <f>])
#
# The build-time step alone: a custom command that writes <dir>/<p>.h,
# <p>.c and <p>_main.c with ncsc (re-run when ncsc or the scene changes),
# for callers that build their own executables from the generated files.

# Sets `out_ncsc` and `out_dep` in the caller's scope: the ncsc command and
# what the custom command depends on.
function(_ncs_find_ncsc out_ncsc out_dep)
  # The compiler: an explicit host ncsc, this build's, or the installed one.
  if(NCS_NCSC AND NOT TARGET "${NCS_NCSC}")
    set(${out_ncsc} "${NCS_NCSC}" PARENT_SCOPE)
    set(${out_dep} "${NCS_NCSC}" PARENT_SCOPE)
  elseif(TARGET ncsc)
    set(${out_ncsc} $<TARGET_FILE:ncsc> PARENT_SCOPE)
    set(${out_dep} ncsc PARENT_SCOPE)
  elseif(TARGET ncs::ncsc)
    set(${out_ncsc} $<TARGET_FILE:ncs::ncsc> PARENT_SCOPE)
    set(${out_dep} ncs::ncsc PARENT_SCOPE)
  else()
    message(FATAL_ERROR "ncs_add_scene: no ncsc (set NCS_NCSC or find_package(ncs))")
  endif()
endfunction()

function(ncs_generate_sources)
  cmake_parse_arguments(NG "" "DIR;PREFIX;SCENE;FORMULATION" "" ${ARGN})
  if(NOT NG_DIR OR NOT NG_PREFIX OR NOT NG_SCENE OR NG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ncs_generate_sources: DIR, PREFIX and SCENE are required "
                        "(unknown: ${NG_UNPARSED_ARGUMENTS})")
  endif()
  _ncs_find_ncsc(ncsc ncsc_dep)
  get_filename_component(scene "${NG_SCENE}" ABSOLUTE)
  set(extra)
  if(NG_FORMULATION)
    set(extra --formulation ${NG_FORMULATION})
  endif()
  # ncsc runs from the source (or build) tree with a relative scene path, so
  # the generated files (which name the scene in their messages) are the
  # same in every checkout: no absolute path in any output
  file(RELATIVE_PATH rel "${CMAKE_SOURCE_DIR}" "${scene}")
  set(wd "${CMAKE_SOURCE_DIR}")
  if(rel MATCHES "^\\.\\./")
    file(RELATIVE_PATH rel "${CMAKE_BINARY_DIR}" "${scene}")
    set(wd "${CMAKE_BINARY_DIR}")
  endif()
  add_custom_command(
    OUTPUT ${NG_DIR}/${NG_PREFIX}.h ${NG_DIR}/${NG_PREFIX}.c ${NG_DIR}/${NG_PREFIX}_main.c
    COMMAND ${CMAKE_COMMAND} -E make_directory ${NG_DIR}
    COMMAND ${ncsc} ${rel} -o ${NG_DIR} --prefix ${NG_PREFIX} ${extra}
    WORKING_DIRECTORY ${wd}
    DEPENDS ${ncsc_dep} ${scene}
    COMMENT "ncsc ${NG_SCENE} -> ${NG_PREFIX}"
    VERBATIM)
endfunction()

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
  if(TARGET ncs_runtime)
    set(runtime ncs_runtime)
  else()
    set(runtime ncs::runtime)
  endif()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/ncs_${NS_NAME})
  set(form)
  if(NS_FORMULATION)
    set(form FORMULATION ${NS_FORMULATION})
  endif()
  ncs_generate_sources(DIR ${dir} PREFIX ${prefix} SCENE ${NS_SCENE} ${form})
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
