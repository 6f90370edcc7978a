# Turns a binary file (a font) into a C++ source holding it as a byte array, at build time, so the
# executable needs no data files at run time.
#
# As a script:   cmake -DINPUT=file -DOUTPUT=file.cpp -DSYMBOL=name -P EmbedFile.cmake
# From CMake:    scanviz_embed_file(<target> <symbol> <file>) adds the generated source to <target>
#                and declares `extern const unsigned char <symbol>[]; extern const unsigned int
#                <symbol>_size;` in namespace scanviz::embedded.

if(CMAKE_SCRIPT_MODE_FILE)
  file(READ "${INPUT}" hex HEX)
  string(LENGTH "${hex}" hexLength)
  math(EXPR size "${hexLength} / 2")
  # Sixteen bytes a line keeps the generated file readable and the compiler fast.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" bytes "${bytes}")
  file(WRITE "${OUTPUT}.tmp"
    "// Generated from ${INPUT} by EmbedFile.cmake; do not edit.\n"
    "namespace scanviz::embedded {\n"
    "extern const unsigned char ${SYMBOL}[];\n"
    "extern const unsigned int ${SYMBOL}_size;\n"
    "alignas(4) const unsigned char ${SYMBOL}[] = {\n${bytes}\n};\n"
    "const unsigned int ${SYMBOL}_size = ${size};\n"
    "}  // namespace scanviz::embedded\n")
  file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
  return()
endif()

function(scanviz_embed_file target symbol input)
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_FILE}")
  set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded/${symbol}.cpp")
  add_custom_command(OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/embedded"
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${output} -DSYMBOL=${symbol}
            -P "${script}"
    DEPENDS "${input}" "${script}"
    COMMENT "Embedding ${input}"
    VERBATIM)
  target_sources(${target} PRIVATE "${output}")
  # Generated files name their arrays alike (file0, ...): never joined in a unity build.
  set_source_files_properties("${output}" PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()

# scanviz_embed_sources(<target> <symbol> <header> <base-dir> <files>...) compiles text files
# (kernel sources) into one table, `symbol` of EmbeddedSource {path, data, size} from <header>, with
# paths relative to <base-dir>, and `symbol_count`.
function(scanviz_embed_sources target symbol header base)
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/EmbedSources.cmake")
  set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded/${symbol}.cpp")
  string(REPLACE ";" "|" files "${ARGN}")
  add_custom_command(OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/embedded"
    COMMAND ${CMAKE_COMMAND} "-DFILES=${files}" -DBASE=${base} -DOUTPUT=${output} -DSYMBOL=${symbol}
            -DHEADER=${header} -P "${script}"
    DEPENDS ${ARGN} "${script}"
    COMMENT "Embedding ${symbol}"
    VERBATIM)
  target_sources(${target} PRIVATE "${output}")
  # Generated files name their arrays alike (file0, ...): never joined in a unity build.
  set_source_files_properties("${output}" PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
