# NcsEmbed.cmake - ncs_embed(OUT NAME HEADER FILES name=path...): a build
# step that writes OUT, a C file defining the table NAME of the files' text
# (the type comes from HEADER), with cmake/EmbedSources.cmake; rerun when a
# file changes. Returns nothing: add OUT to a target's sources.
function(ncs_embed out name header)
  set(files "")
  set(deps "")
  foreach(entry ${ARGN})
    string(FIND "${entry}" "=" eq)
    math(EXPR from "${eq} + 1")
    string(SUBSTRING "${entry}" ${from} -1 path)
    list(APPEND files "${entry}")
    list(APPEND deps "${path}")
  endforeach()
  string(REPLACE ";" "|" arg "${files}")
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DNAME=${name} "-DFILES=${arg}" -DHEADER=${header}
            -P ${PROJECT_SOURCE_DIR}/cmake/EmbedSources.cmake
    DEPENDS ${deps} ${PROJECT_SOURCE_DIR}/cmake/EmbedSources.cmake
    COMMENT "Embedding ${name}"
    VERBATIM)
endfunction()
