# Runs collide-run on one script and checks its exit code and that its output
# (stdout and stderr together) matches a regular expression.
# -DRUN=collide-run -DARGS="options" -DSCRIPT=file -DCODE=n -DREGEX=re -DWORK=dir
separate_arguments(args UNIX_COMMAND "${ARGS}")
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${RUN} --quiet ${args} ${SCRIPT}
                WORKING_DIRECTORY ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
if(NOT rc STREQUAL "${CODE}")
  message(FATAL_ERROR "exit code ${rc}, expected ${CODE}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "output does not match '${REGEX}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
message(STATUS "exit code ${rc} and message as expected")
