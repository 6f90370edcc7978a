# The seed lines that a compiler rejects (errata kernel-name-hyphen and en-dash-minus) are shown
# from the listings' `// [rejected NAME] TEXT` markers (kernels/listings/ExtractSnippets.cmake).
# For each marker, this compiles the listing as it is (it must compile) and a copy with TEXT in
# place of the line after the marker (after the `// [snippet NAME]` line if one follows; it must
# fail, with an error on that line), so the shown seed line is checked to be what the compiler
# refuses, and the shown correction what it accepts. The copy lies at the listing's own path
# under a folder searched first: a flawed listing reads itself by that path once in each form
# (kernels/listings/listing_forms.h), and so reads the copy.
#   cmake -DCOMPILER=c++ -DSOURCE_DIR=... -DGENERATED_DIR=... -DWORK=... -P check_rejected_lines.cmake
cmake_minimum_required(VERSION 3.24)

# Compiles `file`, the include folders ARGN searched before the sources.
function(compile file result log)
  list(TRANSFORM ARGN PREPEND "-I")
  execute_process(
    COMMAND "${COMPILER}" -std=c++20 -fsyntax-only -x c++ ${ARGN} -I${SOURCE_DIR}
            -I${GENERATED_DIR} "${file}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${result} "${rc}" PARENT_SCOPE)
  set(${log} "${out}${err}" PARENT_SCOPE)
endfunction()

file(MAKE_DIRECTORY "${WORK}")
file(GLOB listings "${SOURCE_DIR}/kernels/listings/*.cuh")
# The marker, the snippet marker that may follow it, then the line the seed's line replaces.
set(markerRegex
    "// \\[rejected ([A-Za-z_0-9]+)\\] ([^\n]*)\n([ \t]*// \\[snippet [^\n]*\n)?([ \t]*)([^\n]*)\n")
set(checked 0)
foreach(listing IN LISTS listings)
  file(READ "${listing}" text)
  get_filename_component(stem "${listing}" NAME_WE)
  set(rest "${text}")
  set(offset 0)
  while(rest MATCHES "${markerRegex}")
    set(name "${CMAKE_MATCH_1}")
    set(seedLine "${CMAKE_MATCH_2}")
    set(snippetMarker "${CMAKE_MATCH_3}")
    set(indent "${CMAKE_MATCH_4}")
    set(codeLine "${CMAKE_MATCH_5}")
    set(match "${CMAKE_MATCH_0}")
    string(FIND "${rest}" "${match}" at)
    string(LENGTH "${match}" matchLength)
    math(EXPR end "${at} + ${matchLength}")
    math(EXPR absolute "${offset} + ${at}")
    string(SUBSTRING "${text}" 0 ${absolute} before)
    string(REGEX MATCHALL "\n" newlines "${before}")
    list(LENGTH newlines lineNo)
    math(EXPR lineNo "${lineNo} + 2")  # the line after the marker, counted from 1
    if(snippetMarker)
      math(EXPR lineNo "${lineNo} + 1")
    endif()
    compile("${listing}" rc log)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${listing} does not compile as it is:\n${log}")
    endif()
    string(REPLACE "${match}"
           "// [rejected ${name}] ${seedLine}\n${snippetMarker}${indent}${seedLine}\n" mutated
           "${text}")
    set(root "${WORK}/${stem}.${name}")
    set(copy "${root}/kernels/listings/${stem}.cuh")
    file(WRITE "${copy}" "${mutated}")
    compile("${copy}" rc log "${root}")
    if(rc EQUAL 0)
      message(FATAL_ERROR "${stem}: the seed's line compiles: ${seedLine}")
    endif()
    if(NOT log MATCHES ":${lineNo}:[0-9]+: error")
      message(FATAL_ERROR "${stem}: no error on line ${lineNo} (${seedLine}):\n${log}")
    endif()
    message(STATUS "${stem}: `${seedLine}` rejected at line ${lineNo}; `${codeLine}` compiles")
    math(EXPR checked "${checked} + 1")
    string(SUBSTRING "${rest}" ${end} -1 rest)
    math(EXPR offset "${offset} + ${end}")
  endwhile()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no `// [rejected NAME]` marker found under ${SOURCE_DIR}/kernels/listings")
endif()
