// PNGs carry their physical size (pHYs): 96 dpi at 1x, 192 at 2x, 384 at 4x, so that a slide
// program places a 2x export at the size of the 1x one. Read back chunk by chunk, CRC checked.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "app/core/support/file_util.h"
#include "app/ui/shell/frame_output.h"

namespace scanviz {
namespace {

uint32_t bigEndian(const std::string& s, size_t at) {
  return (uint32_t(uint8_t(s[at])) << 24) | (uint32_t(uint8_t(s[at + 1])) << 16) |
         (uint32_t(uint8_t(s[at + 2])) << 8) | uint32_t(uint8_t(s[at + 3]));
}

uint32_t crc32(const std::string& bytes) {
  uint32_t table[256];
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : bytes) c = table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

struct Chunk {
  std::string type, data;
  bool crcOk;
};

std::vector<Chunk> chunks(const std::string& png) {
  std::vector<Chunk> out;
  for (size_t at = 8; at + 12 <= png.size();) {
    const uint32_t length = bigEndian(png, at);
    const std::string typeAndData = png.substr(at + 4, 4 + length);
    out.push_back({typeAndData.substr(0, 4), typeAndData.substr(4),
                   crc32(typeAndData) == bigEndian(png, at + 8 + length)});
    at += 12 + length;
  }
  return out;
}

std::string pngAt(float pixelsPerPoint) {
  PixelImage image;
  image.width = 3;
  image.height = 2;
  image.rgba.assign(3 * 2 * 4, 200);
  image.pixelsPerPoint = pixelsPerPoint;
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("scanviz-dpi-" + std::to_string(getpid()) + ".png"))
                               .string();
  writePng(image, path);
  std::string bytes = readWholeFile(path);
  std::filesystem::remove(path);
  return bytes;
}

TEST(PngDpi, EveryChunkIsIntactAndPhysComesRightAfterTheHeader) {
  const std::vector<Chunk> c = chunks(pngAt(1));
  ASSERT_GE(c.size(), 4u);
  EXPECT_EQ(c[0].type, "IHDR");
  EXPECT_EQ(c[1].type, "pHYs");
  EXPECT_EQ(c.back().type, "IEND");
  for (const Chunk& k : c) EXPECT_TRUE(k.crcOk) << k.type;
}

TEST(PngDpi, TheScaleSetsTheResolution) {
  // 96 dpi = 3779.5 pixels per metre, rounded; unit 1 = the metre.
  for (const auto& [scale, perMetre] : {std::pair{1.0f, 3780u}, {2.0f, 7559u}, {4.0f, 15118u}}) {
    const Chunk phys = chunks(pngAt(scale))[1];
    ASSERT_EQ(phys.data.size(), 9u);
    EXPECT_EQ(bigEndian(phys.data, 0), perMetre) << scale;
    EXPECT_EQ(bigEndian(phys.data, 4), perMetre) << scale;
    EXPECT_EQ(phys.data[8], 1) << scale;
  }
}

}  // namespace
}  // namespace scanviz
