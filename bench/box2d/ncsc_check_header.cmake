# ncsc_check_header.cmake - cmake -P script of bench_box2d: runs
# `NCSC --check SCENE` and writes OUT, a header defining MACRO as what ncsc
# said (its first line, without the file position), for a scene the
# benchmark cannot compile but reports on.
execute_process(COMMAND ${NCSC} --check ${SCENE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "\n.*" "" said "${err}")
string(REGEX REPLACE "^[^ ]*: error: " "" said "${said}")
if(rc EQUAL 0)
  set(said "ncsc --check accepts it now (${said}); bench_box2d does not time it")
endif()
string(REPLACE "\\" "\\\\" said "${said}")
string(REPLACE "\"" "\\\"" said "${said}")
file(WRITE ${OUT}.tmp "/* written by ncsc_check_header.cmake */\n#define ${MACRO} \"${said}\"\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)
