# The README's pictures: each scenario below run in collide-run from the
# source directory, its picture written to OUT. `make pictures` writes them
# into docs/pictures; the test docs.picturesAreCurrent writes them into a
# scratch directory and fails when one differs, byte for byte, from the
# committed copy (the runner's output is deterministic).
# usage: cmake -DRUN=collide-run -DSOURCE=dir -DOUT=dir [-DCHECK=docs/pictures] -P pictures.cmake
set(pictures tour tunneling raycast queries picking bounding platformer bullets bounce)
file(MAKE_DIRECTORY ${OUT})
foreach(p ${pictures})
  execute_process(COMMAND ${RUN} --quiet --svg ${OUT}/${p}.svg scripts/${p}.lua WORKING_DIRECTORY ${SOURCE}
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scripts/${p}.lua failed (${rc}):\n${err}")
  endif()
  if(CHECK)
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/${p}.svg ${CHECK}/${p}.svg RESULT_VARIABLE differ)
    if(differ)
      message(FATAL_ERROR "docs/pictures/${p}.svg is not what scripts/${p}.lua draws now: run `make pictures` "
                          "and commit the result (new picture: ${OUT}/${p}.svg)")
    endif()
    file(READ ${SOURCE}/README.md readme)
    string(FIND "${readme}" "(docs/pictures/${p}.svg)" shown)
    if(shown EQUAL -1)
      message(FATAL_ERROR "README.md does not show docs/pictures/${p}.svg")
    endif()
  endif()
  message(STATUS "${p}.svg")
endforeach()
