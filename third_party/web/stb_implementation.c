// The stb functions that the desktop links from Debian's libstb.so (PNG writing, font metrics),
// compiled from the same headers for the web build. Dear ImGui keeps its own private copy of
// stb_truetype (static functions), so the two do not clash.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb/stb_truetype.h>
