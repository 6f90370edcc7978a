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
#
# scanviz_extract_algorithm_listings(<header> <files>...) writes <header>: the textbook listing of
# each algorithm, as the code panel shows it beside the trace, and for each step kind the trace
# records, the lines of the listing that do that step. Markers (each on a line of its own):
#   // [listing KEY] ... // [/listing]    the text shown for KEY (an algorithm's key, or a part
#                                         that other listings insert); several regions of one KEY
#                                         are joined by an empty line;
#   // [step KIND...] ... // [/step]      inside a listing: the lines of the step kinds KIND
#                                         (StepKind enumerators, as kernels/scan_types.h spells
#                                         them: a misspelt kind does not compile); one range a kind;
#   // [insert KEY]                       inside a listing: KEY's text (and its steps) here.
# Marker lines are not shown, and the snippet markers ignore these (a lesson's snippet may hold
# step markers).

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

# The lines of `file`, encoded, as a CMake list in `out`.
function(_scanviz_listing_lines file out)
  file(READ "${file}" text)
  _scanviz_snippet_encode("${text}" text)
  string(REPLACE "\n" ";" lines "${text}")
  set(${out} "${lines}" PARENT_SCOPE)
endfunction()

# Both parsers' opening marker, in the caller's scope (${file}:${lineNo} is the marker's line):
# region NAME of a WHAT ("snippet", "listing") opens; a NAME seen before gets the separator GAP
# in ${PREFIX}_NAME, so that its regions are joined; a new one joins the list NAMES.
macro(_scanviz_open_region what name names prefix gap)
  if(open)
    message(FATAL_ERROR "${file}:${lineNo}: ${what} ${name} opens inside ${open}")
  endif()
  set(open "${name}")
  if(open IN_LIST ${names})
    list(APPEND ${prefix}_${open} "${gap}")
  else()
    list(APPEND ${names} "${open}")
    set(${prefix}_${open} "")
  endif()
endmacro()

# Writes a generated header only when its text changes (no rebuild of what includes it
# otherwise), and re-runs the extraction at configure time when one of the listings changes.
function(_scanviz_write_generated header text)
  file(WRITE "${header}.tmp" "${text}")
  file(COPY_FILE "${header}.tmp" "${header}" ONLY_IF_DIFFERENT)
  file(REMOVE "${header}.tmp")
  if(NOT CMAKE_SCRIPT_MODE_FILE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${ARGN})
  endif()
endfunction()

# A step range KIND:FIRST:LAST split into the variables `kind`, `first` and `last`.
macro(_scanviz_step_range step)
  string(REPLACE ":" ";" parts "${step}")
  list(GET parts 0 kind)
  list(GET parts 1 first)
  list(GET parts 2 last)
endmacro()

# The snippets of one listing, as C++ declarations appended to `out`. A region may open inside
# another (the seed's pseudo-code around the line of the fix's, in the other form's branch): its
# lines are cut out of the outer one, which goes on when it closes.
function(_scanviz_snippets_of file out)
  _scanviz_listing_lines("${file}" lines)
  set(open "")
  set(outer "")  # the regions open around `open`, innermost last, as NAME:KIND
  set(names "")
  set(lineNo 0)
  foreach(line IN LISTS lines)
    math(EXPR lineNo "${lineNo} + 1")
    if(line MATCHES "^[ \t]*// @@lb@@(snippet|pseudo) ([A-Za-z_][A-Za-z_0-9]*)@@rb@@[ \t]*$")
      if(open)
        if(open STREQUAL CMAKE_MATCH_2 OR "${CMAKE_MATCH_2}:snippet" IN_LIST outer
           OR "${CMAKE_MATCH_2}:pseudo" IN_LIST outer)
          message(FATAL_ERROR "${file}:${lineNo}: snippet ${CMAKE_MATCH_2} opens inside itself")
        endif()
        list(APPEND outer "${open}:${kind}")
        set(open "")
      endif()
      set(kind "${CMAKE_MATCH_1}")
      _scanviz_open_region(snippet "${CMAKE_MATCH_2}" names body "@@gap@@")
      if(NOT DEFINED kind_${open})
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
      if(outer)
        list(POP_BACK outer top)
        string(REPLACE ":" ";" top "${top}")
        list(GET top 0 open)
        list(GET top 1 kind)
      endif()
    elseif(line MATCHES "^[ \t]*// @@lb@@/?(listing|step|insert)( [^@]*)?@@rb@@[ \t]*$")
      # an algorithm listing's marker (scanviz_extract_algorithm_listings): never shown here
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
    if(NOT lines MATCHES "// @@lb@@listing ")
      message(FATAL_ERROR "${file}: a listing without snippets or algorithm listings")
    endif()
    return()
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
  string(CONCAT header_text
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
  _scanviz_write_generated("${header}" "${header_text}" ${ARGN})
endfunction()

# ---- the algorithm listings ---------------------------------------------------------------------

# The raw items of every listing region of `file`, appended to the lists raw_KEY (one item a line:
# @@line@@TEXT, @@step@@KINDS, @@endstep@@, @@insert@@KEY), the keys to `listing_keys`.
function(_scanviz_listing_regions_of file)
  _scanviz_listing_lines("${file}" lines)
  set(open "")
  set(lineNo 0)
  set(keys "${listing_keys}")
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${file}")
  foreach(line IN LISTS lines)
    math(EXPR lineNo "${lineNo} + 1")
    if(line MATCHES "^[ \t]*// @@lb@@listing ([a-z0-9-]+)@@rb@@[ \t]*$")
      _scanviz_open_region(listing "${CMAKE_MATCH_1}" keys raw "@@line@@")
      if(NOT DEFINED file_${open})
        set(file_${open} "${rel}")
      endif()
    elseif(line MATCHES "^[ \t]*// @@lb@@/listing@@rb@@[ \t]*$")
      if(NOT open)
        message(FATAL_ERROR "${file}:${lineNo}: closes no open listing")
      endif()
      set(open "")
    elseif(NOT open)
      if(line MATCHES "// @@lb@@/?(step|insert)")
        message(FATAL_ERROR "${file}:${lineNo}: a step or insert marker outside a listing")
      endif()
    elseif(line MATCHES "^[ \t]*// @@lb@@step ([A-Za-z][A-Za-z0-9 ]*)@@rb@@[ \t]*$")
      list(APPEND raw_${open} "@@step@@${CMAKE_MATCH_1}")
    elseif(line MATCHES "^[ \t]*// @@lb@@/step@@rb@@[ \t]*$")
      list(APPEND raw_${open} "@@endstep@@")
    elseif(line MATCHES "^[ \t]*// @@lb@@insert ([a-z0-9-]+)@@rb@@[ \t]*$")
      list(APPEND raw_${open} "@@insert@@${CMAKE_MATCH_1}")
    elseif(line MATCHES "// @@lb@@/?(step|insert|listing)")
      message(FATAL_ERROR "${file}:${lineNo}: a malformed listing marker")
    else()
      list(APPEND raw_${open} "@@line@@${line}")
    endif()
  endforeach()
  if(open)
    message(FATAL_ERROR "${file}: listing ${open} is never closed")
  endif()
  set(listing_keys "${keys}" PARENT_SCOPE)
  foreach(key IN LISTS keys)
    set(raw_${key} "${raw_${key}}" PARENT_SCOPE)
    set(file_${key} "${file_${key}}" PARENT_SCOPE)
  endforeach()
endfunction()

# text_KEY (encoded lines, each ended by @@nl@@), lines_KEY (how many) and steps_KEY
# (KIND:FIRST:LAST, 1-based, inclusive) of one listing, its inserts resolved; `depth` guards a
# cycle of inserts.
function(_scanviz_build_listing key depth)
  if(depth GREATER 8)
    message(FATAL_ERROR "listing ${key}: inserts nest too deep (a cycle?)")
  endif()
  if(NOT key IN_LIST listing_keys)
    message(FATAL_ERROR "a listing inserts ${key}, which no listing declares")
  endif()
  set(out "")
  set(count 0)
  set(steps "")
  set(kinds "")
  set(openKinds "")
  foreach(item IN LISTS raw_${key})
    if(item MATCHES "^@@line@@(.*)$")
      string(APPEND out "${CMAKE_MATCH_1}@@nl@@")
      math(EXPR count "${count} + 1")
    elseif(item MATCHES "^@@step@@(.*)$")
      if(openKinds)
        message(FATAL_ERROR "listing ${key}: step ${CMAKE_MATCH_1} opens inside ${openKinds}")
      endif()
      string(REPLACE " " ";" openKinds "${CMAKE_MATCH_1}")
      math(EXPR stepFirst "${count} + 1")
    elseif(item STREQUAL "@@endstep@@")
      if(NOT openKinds)
        message(FATAL_ERROR "listing ${key}: closes no open step")
      endif()
      if(count LESS stepFirst)
        message(FATAL_ERROR "listing ${key}: step ${openKinds} holds no line")
      endif()
      foreach(kind IN LISTS openKinds)
        list(APPEND kinds "${kind}")
        list(APPEND steps "${kind}:${stepFirst}:${count}")
      endforeach()
      set(openKinds "")
    elseif(item MATCHES "^@@insert@@(.*)$")
      set(inner "${CMAKE_MATCH_1}")
      math(EXPR next "${depth} + 1")
      _scanviz_build_listing("${inner}" ${next})
      string(APPEND out "${text_${inner}}")
      foreach(step IN LISTS steps_${inner})
        _scanviz_step_range("${step}")
        math(EXPR first "${first} + ${count}")
        math(EXPR last "${last} + ${count}")
        list(APPEND kinds "${kind}")
        list(APPEND steps "${kind}:${first}:${last}")
      endforeach()
      math(EXPR count "${count} + ${lines_${inner}}")
    endif()
  endforeach()
  if(openKinds)
    message(FATAL_ERROR "listing ${key}: step ${openKinds} is never closed")
  endif()
  set(seen "")
  foreach(kind IN LISTS kinds)
    if(kind IN_LIST seen)
      message(FATAL_ERROR "listing ${key}: step ${kind} is marked twice")
    endif()
    list(APPEND seen "${kind}")
  endforeach()
  set(text_${key} "${out}" PARENT_SCOPE)
  set(lines_${key} "${count}" PARENT_SCOPE)
  set(steps_${key} "${steps}" PARENT_SCOPE)
endfunction()

function(scanviz_extract_algorithm_listings header)
  set(listing_keys "")
  foreach(file IN LISTS ARGN)
    _scanviz_listing_regions_of("${file}")
  endforeach()
  set(code "")
  set(index "")
  foreach(key IN LISTS listing_keys)
    _scanviz_build_listing("${key}" 0)
    string(MAKE_C_IDENTIFIER "${key}" id)
    string(REGEX REPLACE "@@nl@@$" "" shown "${text_${key}}")
    string(REPLACE "@@nl@@" "\n" shown "${shown}")
    if(shown MATCHES "\\)listing\"")
      message(FATAL_ERROR "listing ${key} holds the raw string's end")
    endif()
    set(rows "")
    foreach(step IN LISTS steps_${key})
      _scanviz_step_range("${step}")
      string(APPEND rows "    {StepKind::${kind}, ${first}, ${last}},\n")
    endforeach()
    if(NOT rows)
      set(rows "    {StepKind::Count, 0, 0},  // none: a part without steps\n")
      set(stepCount 0)
    else()
      list(LENGTH steps_${key} stepCount)
    endif()
    string(APPEND code "inline constexpr StepLines k${id}Steps[] = {\n${rows}};\n"
      "inline constexpr std::string_view k${id}Text = R\"listing(${shown})listing\";\n\n")
    # The count as std::size_t: a literal 0 is also a null pointer, and clang 14's libc++ (the
    # web build) then finds span's (pointer, pointer) constructor as good as (pointer, count).
    string(APPEND index "    {\"${key}\", \"${file_${key}}\", k${id}Text, ${lines_${key}}, "
      "{k${id}Steps, std::size_t{${stepCount}}}},\n")
  endforeach()
  _scanviz_snippet_decode("${code}" code)
  string(CONCAT header_text
    "// Generated from kernels/listings/ by ExtractSnippets.cmake "
    "(scanviz_extract_algorithm_listings):\n"
    "// each algorithm's textbook listing and the lines of each step kind. Do not edit.\n"
    "#pragma once\n\n#include <span>\n#include <string_view>\n\n#include \"kernels/scan_types.h\"\n\n"
    "namespace scanviz::algorithm_listings {\n\n"
    "struct StepLines {\n  StepKind kind;\n"
    "  int first;  // 1-based lines of the listing's text, inclusive\n  int last;\n};\n\n"
    "${code}"
    "struct Listing {\n"
    "  std::string_view key;   // an algorithm's key, or a part other listings insert\n"
    "  std::string_view file;  // where its text is written (kernels/listings/...)\n"
    "  std::string_view text;\n  int lines;\n  std::span<const StepLines> steps;\n};\n\n"
    "inline constexpr Listing kAll[] = {\n${index}};\n\n"
    "}  // namespace scanviz::algorithm_listings\n")
  _scanviz_write_generated("${header}" "${header_text}" ${ARGN})
endfunction()

# As a script, for the tools that build with nvcc alone (tools/gpu-lessons.sh):
#   cmake -DOUTPUT=DIR/kernels/listings/snippets.h -P kernels/listings/ExtractSnippets.cmake
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  file(GLOB listings "${CMAKE_CURRENT_LIST_DIR}/*.cuh")
  scanviz_extract_snippets("${OUTPUT}" ${listings})
  get_filename_component(outDir "${OUTPUT}" DIRECTORY)
  get_filename_component(PROJECT_SOURCE_DIR "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
  scanviz_extract_algorithm_listings("${outDir}/algorithm_listings.h" ${listings})
endif()
