# scanviz_extract_snippets(<header> <files>...) writes <header>: for each listing
# kernels/listings/STEM.cuh, namespace scanviz::snippets::STEM holds one
# `inline constexpr std::string_view NAME` for each snippet NAME marked in it, so that what a lesson
# shows is the code that is compiled and tested. Markers (each on a line of its own):
#   // [snippet NAME] ... // [/snippet]   code, shown as it is (dedented);
#   // [pseudo NAME] ... // [/pseudo]     only the lines starting `//| ` are shown, without it: the
#                                         pseudo-code of the code between them, which is compiled.
#   // [rejected NAME] TEXT               TEXT is shown: the seed's line that the compiler rejects,
#                                         in place of the next line (tests/unit/
#                                         check_rejected_lines.cmake compiles it and expects an
#                                         error there).
# Several regions with one NAME are joined by a line `...`. Run at configure time; a change to a
# listing re-runs it (CMAKE_CONFIGURE_DEPENDS), and the header is only rewritten when it changes.

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  cmake_minimum_required(VERSION 3.24)  # the policies of the functions below
endif()

# CMake lists split at `;` and balance `[` `]`: the text is encoded before it is split into lines.
function(_scanviz_snippet_encode in out)
  string(REPLACE "\\" "@@bs@@" t "${in}")
  string(REPLACE ";" "@@semi@@" t "${t}")
  string(REPLACE "[" "@@lb@@" t "${t}")
  string(REPLACE "]" "@@rb@@" t "${t}")
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

function(_scanviz_snippet_decode in out)
  string(REPLACE "@@semi@@" ";" t "${in}")
  string(REPLACE "@@lb@@" "[" t "${t}")
  string(REPLACE "@@rb@@" "]" t "${t}")
  string(REPLACE "@@bs@@" "\\" t "${t}")
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

# The snippets of one listing, as C++ declarations appended to `out`.
function(_scanviz_snippets_of file out)
  file(READ "${file}" text)
  _scanviz_snippet_encode("${text}" text)
  string(REPLACE "\n" ";" lines "${text}")
  set(open "")
  set(names "")
  set(lineNo 0)
  foreach(line IN LISTS lines)
    math(EXPR lineNo "${lineNo} + 1")
    if(line MATCHES "^[ \t]*// @@lb@@(snippet|pseudo) ([A-Za-z_][A-Za-z_0-9]*)@@rb@@[ \t]*$")
      if(open)
        message(FATAL_ERROR "${file}:${lineNo}: snippet ${CMAKE_MATCH_2} opens inside ${open}")
      endif()
      set(open "${CMAKE_MATCH_2}")
      set(kind "${CMAKE_MATCH_1}")
      if(open IN_LIST names)
        list(APPEND body_${open} "@@gap@@")
      else()
        list(APPEND names "${open}")
        set(body_${open} "")
        set(kind_${open} "${kind}")
      endif()
    elseif(NOT open AND line MATCHES "^[ \t]*// @@lb@@rejected ([A-Za-z_][A-Za-z_0-9]*)@@rb@@ (.*)$")
      if(CMAKE_MATCH_1 IN_LIST names)
        message(FATAL_ERROR "${file}:${lineNo}: snippet ${CMAKE_MATCH_1} named twice")
      endif()
      list(APPEND names "${CMAKE_MATCH_1}")
      set(body_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
      set(kind_${CMAKE_MATCH_1} "rejected")
    elseif(line MATCHES "^[ \t]*// @@lb@@/(snippet|pseudo)@@rb@@[ \t]*$")
      if(NOT open OR NOT CMAKE_MATCH_1 STREQUAL kind)
        message(FATAL_ERROR "${file}:${lineNo}: closes no open ${CMAKE_MATCH_1}")
      endif()
      set(open "")
    elseif(open AND kind STREQUAL "snippet")
      list(APPEND body_${open} "${line}")
    elseif(open AND line MATCHES "^[ \t]*//\\|( (.*))?$")
      list(APPEND body_${open} "${CMAKE_MATCH_2}")
    endif()
  endforeach()
  if(open)
    message(FATAL_ERROR "${file}: snippet ${open} is never closed")
  endif()
  if(NOT names)
    message(FATAL_ERROR "${file}: a listing without snippets")
  endif()
  get_filename_component(stem "${file}" NAME_WE)
  set(decls "namespace scanviz::snippets::${stem} {\n")
  foreach(name IN LISTS names)
    # Dedent by the smallest indentation of the snippet's non-empty lines.
    set(indent 1000)
    foreach(line IN LISTS body_${name})
      if(line MATCHES "^([ ]*)[^ ]" AND NOT line STREQUAL "@@gap@@")
        string(LENGTH "${CMAKE_MATCH_1}" n)
        if(n LESS indent)
          set(indent ${n})
        endif()
      endif()
    endforeach()
    set(shown "")
    foreach(line IN LISTS body_${name})
      if(line STREQUAL "@@gap@@")
        set(line "...")
      elseif(line MATCHES "^[ ]*$")
        set(line "")
      else()
        string(SUBSTRING "${line}" ${indent} -1 line)
      endif()
      string(APPEND shown "${line}\n")
    endforeach()
    string(REGEX REPLACE "\n$" "" shown "${shown}")
    if(shown MATCHES "\\)snippet\"")
      message(FATAL_ERROR "${file}: snippet ${name} holds the raw string's end")
    endif()
    string(APPEND decls "inline constexpr std::string_view ${name} = R\"snippet(${shown})snippet\";\n")
  endforeach()
  string(APPEND decls "}  // namespace scanviz::snippets::${stem}\n\n")
  set(${out} "${${out}}${decls}" PARENT_SCOPE)
  set(index "")
  foreach(name IN LISTS names)
    string(APPEND index "    {\"${stem}\", \"${name}\", \"${kind_${name}}\", ${stem}::${name}},\n")
  endforeach()
  set(${out}_index "${${out}_index}${index}" PARENT_SCOPE)
endfunction()

function(scanviz_extract_snippets header)
  set(code "")
  set(code_index "")
  foreach(file IN LISTS ARGN)
    _scanviz_snippets_of("${file}" code)
  endforeach()
  _scanviz_snippet_decode("${code}" code)
  file(WRITE "${header}.tmp"
    "// Generated from kernels/listings/ by ExtractSnippets.cmake: the snippets the lessons show,\n"
    "// cut from the listings that the tests compile and run. Do not edit.\n"
    "#pragma once\n\n#include <string_view>\n\n${code}"
    "namespace scanviz::snippets {\n\n"
    "struct Snippet {\n  std::string_view listing;  // kernels/listings/LISTING.cuh\n"
    "  std::string_view name;\n"
    "  // snippet: code as compiled; pseudo: the pseudo-code written above the code it describes;\n"
    "  // rejected: a seed's line that the compiler refuses, in place of the compiled line\n"
    "  std::string_view kind;\n"
    "  std::string_view text;\n};\n\n"
    "// Every snippet, so that a test can tell a shown text that comes from no listing.\n"
    "inline constexpr Snippet kAll[] = {\n${code_index}};\n\n"
    "}  // namespace scanviz::snippets\n")
  file(COPY_FILE "${header}.tmp" "${header}" ONLY_IF_DIFFERENT)
  file(REMOVE "${header}.tmp")
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${ARGN})
  endif()
endfunction()

# As a script, for the tools that build with nvcc alone (tools/gpu-lessons.sh):
#   cmake -DOUTPUT=DIR/kernels/listings/snippets.h -P kernels/listings/ExtractSnippets.cmake
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  file(GLOB listings "${CMAKE_CURRENT_LIST_DIR}/*.cuh")
  scanviz_extract_snippets("${OUTPUT}" ${listings})
endif()
