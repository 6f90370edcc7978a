# The web build's libraries (tools/dev.sh web): the same target names as the desktop's, made from
# Debian's sources instead of its binaries. Dear ImGui 1.86 and giflib are compiled from the source
# packages that tools/web/fetch-sources.sh puts into SCANVIZ_WEB_SOURCES; GLFW and WebGL2 come with
# emscripten (-sUSE_GLFW=3); nlohmann-json and stb are the header files of Debian's -dev packages,
# seen through a folder of links so that em++ never searches /usr/include itself.
set(SCANVIZ_WEB_SOURCES "${PROJECT_BINARY_DIR}/third_party" CACHE PATH
  "Where tools/web/fetch-sources.sh put imgui-1.86/ and giflib-5.2.1/")
set(imgui_dir "${SCANVIZ_WEB_SOURCES}/imgui-1.86")
set(gif_dir "${SCANVIZ_WEB_SOURCES}/giflib-5.2.1")
foreach(needed "${imgui_dir}/imgui.cpp" "${gif_dir}/egif_lib.c")
  if(NOT EXISTS "${needed}")
    message(FATAL_ERROR "${needed} is missing: run tools/web/fetch-sources.sh ${SCANVIZ_WEB_SOURCES}"
                        " (tools/dev.sh web does)")
  endif()
endforeach()

# C++ exceptions carry every error message (usage, bad files). Debian's emscripten ships its
# libraries prebuilt (a frozen cache) with JavaScript-based exception handling only, not
# -fwasm-exceptions.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

set(web_include "${CMAKE_CURRENT_BINARY_DIR}/web-include")
file(MAKE_DIRECTORY "${web_include}")
foreach(link nlohmann stb stb_image_write.h gif_lib.h)
  set(target "/usr/include/${link}")
  if(link STREQUAL "stb_image_write.h")
    set(target "/usr/include/stb/${link}")
  elseif(link STREQUAL "gif_lib.h")
    set(target "${gif_dir}/${link}")
  endif()
  if(NOT EXISTS "${target}")
    message(FATAL_ERROR "${target} is missing (nlohmann-json3-dev, libstb-dev: tools/dev.sh web installs them)")
  endif()
  file(CREATE_LINK "${target}" "${web_include}/${link}" SYMBOLIC)
endforeach()

add_library(nlohmann_json_web INTERFACE)
target_include_directories(nlohmann_json_web SYSTEM INTERFACE "${web_include}")
add_library(nlohmann_json::nlohmann_json ALIAS nlohmann_json_web)

# GLFW and WebGL2 for the link of everything that uses the window (the headers are in the sysroot).
add_library(scanviz_web_gl INTERFACE)
target_link_options(scanviz_web_gl INTERFACE -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)

add_library(scanviz_imgui STATIC
  "${imgui_dir}/imgui.cpp" "${imgui_dir}/imgui_draw.cpp" "${imgui_dir}/imgui_tables.cpp"
  "${imgui_dir}/imgui_widgets.cpp" "${imgui_dir}/backends/imgui_impl_glfw.cpp"
  "${imgui_dir}/backends/imgui_impl_opengl3.cpp" "${imgui_dir}/misc/cpp/imgui_stdlib.cpp")
# Debian's libimgui-dev puts imgui_stdlib.h beside imgui.h.
target_include_directories(scanviz_imgui SYSTEM PUBLIC "${imgui_dir}" "${imgui_dir}/misc/cpp")
# The OpenGL3 backend in its GLES 3 dialect (WebGL2), everywhere its header is included.
target_compile_definitions(scanviz_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
# As Debian builds it (debian/patches/0001-add-Makefile.patch): libstb's stb_truetype and
# stb_rect_pack, not the copies inside imgui, so that glyphs measure the same as on the desktop.
target_compile_definitions(scanviz_imgui PRIVATE
  IMGUI_DISABLE_STB_RECT_PACK_IMPLEMENTATION "IMGUI_STB_RECT_PACK_FILENAME=<stb/stb_rect_pack.h>"
  IMGUI_DISABLE_STB_TRUETYPE_IMPLEMENTATION "IMGUI_STB_TRUETYPE_FILENAME=<stb/stb_truetype.h>")
target_link_libraries(scanviz_imgui PUBLIC scanviz_web_gl scanviz_web_stb)

# The desktop's glad loader has no counterpart: app/ui/gl/gl_api.h includes <GLES3/gl3.h>.
add_library(scanviz_glad INTERFACE)

# giflib's encoder (the GIF export) and the stb implementations that Debian's libstb.so holds.
add_library(scanviz_web_gif STATIC "${gif_dir}/egif_lib.c" "${gif_dir}/gif_hash.c"
  "${gif_dir}/gifalloc.c" "${gif_dir}/gif_err.c" "${gif_dir}/quantize.c")
target_include_directories(scanviz_web_gif SYSTEM PUBLIC "${gif_dir}")
target_compile_options(scanviz_web_gif PRIVATE -w)
add_library(GIF::GIF ALIAS scanviz_web_gif)
add_library(scanviz_web_stb STATIC "${CMAKE_CURRENT_LIST_DIR}/stb_implementation.c")
target_include_directories(scanviz_web_stb SYSTEM PUBLIC "${web_include}")
target_compile_options(scanviz_web_stb PRIVATE -w)

# The fonts are read at build time from the build machine's Debian packages (not the sysroot).
set(SCANVIZ_FONT_SANS /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf CACHE FILEPATH "")
set(SCANVIZ_FONT_SANS_BOLD /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf CACHE FILEPATH "")
set(SCANVIZ_FONT_MONO /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf CACHE FILEPATH "")
