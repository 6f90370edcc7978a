// The stb functions that the desktop links from Debian's libstb.so (PNG writing, rectangle
// packing, font metrics and rasterising), compiled from the same headers for the web build. Dear
// ImGui uses these too, as Debian builds it, instead of its own copies. stb_rect_pack comes before
// stb_truetype, which then packs with it.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
#define STB_RECT_PACK_IMPLEMENTATION
#include <stb/stb_rect_pack.h>
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb/stb_truetype.h>
