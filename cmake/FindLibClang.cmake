# libclang, the C interface of Debian's clang (libclang-dev): the parser of students' kernels
# (app/core/student). Defines LibClang::LibClang and LibClang_FOUND.
set(_scanviz_llvm_versions 19 18 17 16 15 14 13)
set(_scanviz_llvm_roots)
foreach(v IN LISTS _scanviz_llvm_versions)
  list(APPEND _scanviz_llvm_roots /usr/lib/llvm-${v})
endforeach()
# .libclang/include: the C headers carried to a machine that has the library but not its -dev
# package (the lent GPU machines; libclang's C interface is stable across versions).
find_path(LibClang_INCLUDE_DIR clang-c/Index.h PATHS ${_scanviz_llvm_roots} PATH_SUFFIXES include
  HINTS "${PROJECT_SOURCE_DIR}/.libclang/include")
find_library(LibClang_LIBRARY NAMES clang libclang libclang.so.1 PATHS ${_scanviz_llvm_roots}
  PATH_SUFFIXES lib)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR)
if(LibClang_FOUND AND NOT TARGET LibClang::LibClang)
  add_library(LibClang::LibClang UNKNOWN IMPORTED)
  set_target_properties(LibClang::LibClang PROPERTIES IMPORTED_LOCATION "${LibClang_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibClang_INCLUDE_DIR}")
endif()
mark_as_advanced(LibClang_INCLUDE_DIR LibClang_LIBRARY)
