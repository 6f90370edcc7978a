# The Python check scripts (tests/common/checks.py's runner: SCRIPT --binary B --work W CASE) as
# one CTest test a case. The cases are the script's own table, read here when CMake configures
# (`SCRIPT --list`), so that a case is written once, in its script; editing a script configures
# again.
#
#   scanviz_add_check_tests(PREFIX ui SCRIPT ui_check.py LABELS ui [DISPLAY 1600x1000x24]
#                           [LIST all|display|no-display] [NEEDS VARIABLE...] [ARGS arguments...])
#
# DISPLAY runs each case under xvfb-run on a screen of that size with Mesa's software renderer.
# LIST picks the cases the script marks as needing a display, or not (default: all of them).
# NEEDS names further variables (found programs) the script needs. Without python3, xvfb-run
# where a display is wanted, or a NEEDS, the tests are one skipped PREFIX.unavailable, never a
# pass.
find_package(Python3 COMPONENTS Interpreter)
find_program(SCANVIZ_XVFB_RUN xvfb-run DOC "xvfb-run from the xvfb package, for the ui tests")

# The xvfb-run command line of a test with a display. -noreset: by default Xvfb resets when its
# last client disconnects, and a test binary that opens a second window right after closing its
# first (tests/export's in-window tests) could then meet the reset and fail with "Failed to open
# display" (seen under ctest -j2).
function(scanviz_xvfb_command out_var screen)
  set(${out_var} "${SCANVIZ_XVFB_RUN}" -a -s "-screen 0 ${screen} -noreset" PARENT_SCOPE)
endfunction()

function(scanviz_add_check_tests)
  cmake_parse_arguments(PARSE_ARGV 0 check "" "PREFIX;SCRIPT;DISPLAY;LIST" "LABELS;NEEDS;ARGS")
  get_filename_component(script "${check_SCRIPT}" ABSOLUTE)
  set(needs Python3_EXECUTABLE ${check_NEEDS})
  if(check_DISPLAY)
    list(APPEND needs SCANVIZ_XVFB_RUN)
  endif()
  set(missing "")
  foreach(need IN LISTS needs)
    if(NOT ${need})
      list(APPEND missing ${need})
    endif()
  endforeach()
  if(missing)
    if(NOT TEST ${check_PREFIX}.unavailable)
      list(JOIN missing ", " missing)
      add_test(NAME ${check_PREFIX}.unavailable
        COMMAND sh -c "echo '${check_PREFIX} tests need ${missing}'; exit 77")
      set_tests_properties(${check_PREFIX}.unavailable PROPERTIES LABELS "${check_LABELS}"
        SKIP_RETURN_CODE 77)
    endif()
    return()
  endif()
  if(NOT check_LIST)
    set(check_LIST all)
  endif()
  execute_process(COMMAND "${Python3_EXECUTABLE}" "${script}" --list ${check_LIST}
    OUTPUT_VARIABLE cases RESULT_VARIABLE listed OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT listed EQUAL 0 OR cases STREQUAL "")
    message(FATAL_ERROR "${script} --list ${check_LIST} gave no cases (exit ${listed})")
  endif()
  string(REPLACE "\n" ";" cases "${cases}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${script}")

  set(command "${Python3_EXECUTABLE}" "${script}" --binary "$<TARGET_FILE:scanviz>" ${check_ARGS})
  set(environment "")
  # The window's own file dialog: a desktop chooser (zenity) on the machine must not pop up.
  set(environment "SCANVIZ_FILE_CHOOSER=builtin")
  if(check_DISPLAY)
    list(APPEND environment "LIBGL_ALWAYS_SOFTWARE=1")
  endif()
  foreach(case IN LISTS cases)
    set(xvfb "")
    if(check_DISPLAY)
      scanviz_xvfb_command(xvfb ${check_DISPLAY})
    endif()
    add_test(NAME ${check_PREFIX}.${case}
      COMMAND ${xvfb} ${command} --work "${CMAKE_CURRENT_BINARY_DIR}/work/${case}" ${case})
    set_tests_properties(${check_PREFIX}.${case} PROPERTIES LABELS "${check_LABELS}" TIMEOUT 300
      ENVIRONMENT "${environment}")
  endforeach()
endfunction()
