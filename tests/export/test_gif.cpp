// The GIF palette and writer: the theme's colours survive exactly, edge colours come from the
// frames, and a written GIF read back with giflib has the frames, delays and loop it was given.
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include "app/core/output_file.h"
#include "app/ui/export/gif_palette.h"
#include "app/ui/export/gif_writer.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

PixelImage solid(int w, int h, Color c) {
  PixelImage img;
  img.width = w;
  img.height = h;
  for (int i = 0; i < w * h; ++i) img.rgba.insert(img.rgba.end(), {c.r, c.g, c.b, c.a});
  return img;
}

void paint(PixelImage& img, int x, int y, Color c) {
  unsigned char* p = img.rgba.data() + (static_cast<size_t>(y) * img.width + x) * 4;
  p[0] = c.r;
  p[1] = c.g;
  p[2] = c.b;
  p[3] = c.a;
}

std::string tempGif(const char* name) {
  return (fs::temp_directory_path() /
          (std::string("scanviz-") + std::to_string(::getpid()) + "-" + name + ".gif"))
      .string();
}

TEST(GifPalette, ThemeColoursAreKeptExactly) {
  const ViewPalette p = viewPalette(Theme::Dark, Palette::Classic);
  const std::vector<Color> fixed = themeColors(p);
  PixelImage frame = solid(64, 64, p.background);
  // An anti-aliased ramp between the background and the written fill.
  for (int x = 0; x < 64; ++x) {
    const float a = static_cast<float>(x) / 63.0f;
    const auto mix = [a](uint8_t u, uint8_t v) {
      return static_cast<uint8_t>(u + (v - u) * a + 0.5f);
    };
    const Color c{mix(p.background.r, p.writtenFill.r), mix(p.background.g, p.writtenFill.g),
                  mix(p.background.b, p.writtenFill.b), 255};
    for (int y = 0; y < 8; ++y) paint(frame, x, y, c);
  }
  const GifPalette palette = buildGifPalette(fixed, {&frame}, false);
  EXPECT_LE(palette.colors.size(), 256u);
  EXPECT_EQ(palette.transparent, -1);
  PaletteMapper mapper(palette);
  const std::vector<uint8_t> indices = mapper.map(frame);
  // Flat theme colours map to themselves.
  for (const Color& c : fixed) {
    PixelImage one = solid(1, 1, c);
    EXPECT_EQ(palette.colors[mapper.map(one)[0]], c);
  }
  // The ramp (64 distinct colours) keeps every step: there is room for all of them.
  std::set<uint8_t> ramp(indices.begin(), indices.begin() + 64);
  EXPECT_GE(ramp.size(), 60u);
}

TEST(GifPalette, MedianCutApproximatesManyColours) {
  PixelImage noise = solid(64, 64, rgb(0));
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x)
      paint(noise, x, y,
            Color{static_cast<uint8_t>(x * 4), static_cast<uint8_t>(y * 4),
                  static_cast<uint8_t>((x * y) & 255), 255});
  const GifPalette palette = buildGifPalette({}, {&noise}, true);
  EXPECT_EQ(palette.colors.size(), 256u);
  EXPECT_EQ(palette.transparent, 255);
  PaletteMapper mapper(palette);
  const std::vector<uint8_t> idx = mapper.map(noise);
  double error = 0;
  for (size_t i = 0; i < idx.size(); ++i) {
    const Color c = palette.colors[idx[i]];
    for (int k = 0; k < 3; ++k)
      error += std::abs(static_cast<int>(noise.rgba[i * 4 + static_cast<size_t>(k)]) -
                        static_cast<int>(k == 0   ? c.r
                                         : k == 1 ? c.g
                                                  : c.b));
  }
  EXPECT_LT(error / static_cast<double>(idx.size() * 3), 12.0);
}

TEST(GifPalette, TransparentPixelsGetTheTransparentIndex) {
  PixelImage img = solid(4, 4, Color{0, 0, 0, 0});
  paint(img, 1, 1, rgb(0xff0000));
  const GifPalette palette = buildGifPalette({rgb(0xff0000)}, {&img}, true);
  PaletteMapper mapper(palette);
  const std::vector<uint8_t> idx = mapper.map(img);
  EXPECT_EQ(idx[0], palette.transparent);
  EXPECT_EQ(palette.colors[idx[5]], rgb(0xff0000));
}

TEST(GifDelay, FromPlaybackSpeed) {
  EXPECT_EQ(gifDelayCentiseconds(1.0), 100);  // 1x: one step a second
  EXPECT_EQ(gifDelayCentiseconds(2.0), 50);
  EXPECT_EQ(gifDelayCentiseconds(0.25), 400);
  EXPECT_EQ(gifDelayCentiseconds(1000.0), 2);  // browsers slow down anything faster
}

struct ReadBack {
  int width = 0, height = 0, frames = 0;
  std::vector<int> delays;
  bool loops = false;
  std::vector<std::vector<uint8_t>> composed;  // every frame drawn over the previous ones
};

ReadBack readGif(const std::string& path) {
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  EXPECT_NE(gif, nullptr);
  ReadBack r;
  if (!gif) return r;
  EXPECT_EQ(DGifSlurp(gif), GIF_OK);
  r.width = gif->SWidth;
  r.height = gif->SHeight;
  r.frames = gif->ImageCount;
  std::vector<uint8_t> canvas(static_cast<size_t>(r.width * r.height), 0);
  for (int i = 0; i < gif->ImageCount; ++i) {
    GraphicsControlBlock gcb;
    EXPECT_EQ(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
    r.delays.push_back(gcb.DelayTime);
    const SavedImage& img = gif->SavedImages[i];
    const GifImageDesc& d = img.ImageDesc;
    for (int y = 0; y < d.Height; ++y)
      for (int x = 0; x < d.Width; ++x)
        canvas[static_cast<size_t>((d.Top + y) * r.width + d.Left + x)] =
            img.RasterBits[y * d.Width + x];
    r.composed.push_back(canvas);
    for (int e = 0; e < img.ExtensionBlockCount; ++e) {
      const ExtensionBlock& b = img.ExtensionBlocks[e];
      if (b.Function == APPLICATION_EXT_FUNC_CODE && b.ByteCount == 11 &&
          std::memcmp(b.Bytes, "NETSCAPE2.0", 11) == 0)
        r.loops = true;
    }
  }
  DGifCloseFile(gif, &error);
  return r;
}

TEST(GifWriter, FramesDelaysAndLoopReadBackWithGiflib) {
  const std::string path = tempGif("frames");
  GifPalette palette;
  palette.colors = {rgb(0x000000), rgb(0xffffff), rgb(0xff0000)};
  std::vector<std::vector<uint8_t>> frames;
  for (int f = 0; f < 5; ++f) {
    std::vector<uint8_t> idx(20 * 10, 1);
    idx[static_cast<size_t>(f * 3)] = 2;  // one pixel moves: later frames store a small rectangle
    frames.push_back(idx);
  }
  {
    GifWriter w(path, 20, 10, palette);
    for (const auto& f : frames) w.addFrame(f, 50);
    w.finish();
  }
  const ReadBack r = readGif(path);
  EXPECT_EQ(r.width, 20);
  EXPECT_EQ(r.height, 10);
  EXPECT_EQ(r.frames, 5);
  EXPECT_EQ(r.delays, std::vector<int>(5, 50));
  EXPECT_TRUE(r.loops);
  ASSERT_EQ(r.composed.size(), frames.size());
  for (size_t f = 0; f < frames.size(); ++f) EXPECT_EQ(r.composed[f], frames[f]) << "frame " << f;
  fs::remove(path);
}

TEST(GifWriter, UnwritablePathIsAFileError) {
  GifPalette palette;
  palette.colors = {rgb(0), rgb(0xffffff)};
  EXPECT_THROW(GifWriter("/no/such/folder/x.gif", 4, 4, palette), std::exception);
}

TEST(GifWriter, AFullDeviceIsAWriteErrorNamingTheReason) {
  GifPalette palette;
  palette.colors = {rgb(0), rgb(0xffffff)};
  try {
    GifWriter w("/dev/full", 4, 4, palette);
    w.addFrame(std::vector<uint8_t>(16, 1), 10);
    w.finish();
    FAIL() << "a GIF was written to /dev/full";
  } catch (const WriteError& e) {
    EXPECT_NE(std::string(e.what()).find(std::strerror(ENOSPC)), std::string::npos) << e.what();
  }
}

TEST(GifWriter, AnUnfinishedGifLeavesThePreviousFileAsItWas) {
  const fs::path folder = fs::temp_directory_path() / ("scanviz-gif-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  const std::string path = (folder / "run.gif").string();
  GifPalette palette;
  palette.colors = {rgb(0), rgb(0xffffff)};
  {
    GifWriter w(path, 4, 4, palette);
    w.addFrame(std::vector<uint8_t>(16, 1), 10);
    w.finish();
  }
  const auto before = fs::file_size(path);
  {
    GifWriter w(path, 8, 8, palette);
    w.addFrame(std::vector<uint8_t>(64, 0), 10);
    EXPECT_EQ(fs::file_size(path), before) << "the old GIF is replaced only at finish()";
  }  // destroyed without finish(): a cancel or a failure
  EXPECT_EQ(fs::file_size(path), before);
  EXPECT_EQ(readGif(path).width, 4);
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator{}), 1)
      << "no temporary file stays";
  fs::remove_all(folder);
}

}  // namespace
}  // namespace scanviz
