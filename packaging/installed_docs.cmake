# Writes the README and docs/*.md as the package installs them (cmake -P): the same tree under
# /usr/share/doc/scanviz (README.md, docs/*.md, docs/images/ of the README's pictures), each
# relative link kept when its target is installed and otherwise turned into its text and the path
# in the scanviz sources, so that no link of the installed documentation is dead.
#   -DSOURCE_DIR=... -DOUTPUT_DIR=... -DINSTALLED="README.md;docs/a.md;docs/images/x.png;..."
cmake_minimum_required(VERSION 3.20)

function(rewrite relative)
  file(READ "${SOURCE_DIR}/${relative}" text)
  get_filename_component(folder "${relative}" DIRECTORY)
  # A label may hold one level of brackets ("X[i-1]").
  string(REGEX MATCHALL "!?\\[([^][\n]|\\[[^]\n]*\\])*\\]\\([^) \n]+\\)" links "${text}")
  list(REMOVE_DUPLICATES links)
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^!?\\[(.*)\\]\\(([^)\n]+)\\)$" "\\1" label "${link}")
    string(REGEX REPLACE "^!?\\[(.*)\\]\\(([^)\n]+)\\)$" "\\2" target "${link}")
    if(target MATCHES "^(https?:|mailto:|#)")
      continue()
    endif()
    string(REGEX REPLACE "#.*$" "" path "${target}")
    if(folder)
      set(path "${folder}/${path}")
    endif()
    cmake_path(NORMAL_PATH path)
    string(REGEX REPLACE "/$" "" path "${path}")
    if(NOT path IN_LIST INSTALLED)
      set(kind "")
      if(link MATCHES "^!")
        set(kind "picture: ")
      endif()
      string(REPLACE "${link}" "${kind}${label} (`${path}` in the scanviz sources)" text "${text}")
    endif()
  endforeach()
  get_filename_component(out_folder "${OUTPUT_DIR}/${relative}" DIRECTORY)
  file(MAKE_DIRECTORY "${out_folder}")
  file(WRITE "${OUTPUT_DIR}/${relative}" "${text}")
endfunction()

foreach(relative IN LISTS INSTALLED)
  if(relative MATCHES "\\.md$")
    rewrite("${relative}")
  endif()
endforeach()
