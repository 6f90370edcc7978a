// The GIF palette and writer: the theme's colours survive exactly, edge colours come from the
// frames, and a written GIF read back with giflib has the frames, delays and loop it was given.
#include <gif_lib.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>

#include "app/core/support/output_file.h"
#include "app/export/gif_palette.h"
#include "app/export/gif_writer.h"

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

// A decoder's canvas: palette indices, kSeeThrough where nothing is drawn.
constexpr int kSeeThrough = -1;
using Canvas = std::vector<int>;

struct ReadBack {
  int width = 0, height = 0, frames = 0;
  std::vector<int> delays;
  bool loops = false;
  std::vector<Canvas> composed;  // what a viewer shows at each frame
};

// Decodes with giflib and composes the frames as browsers do: a frame's transparent index leaves
// the canvas as it was; "restore to background" clears the frame's rectangle to see-through,
// "restore to previous" puts back what was there before the frame.
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
  Canvas canvas(static_cast<size_t>(r.width * r.height), kSeeThrough);
  for (int i = 0; i < gif->ImageCount; ++i) {
    GraphicsControlBlock gcb;
    EXPECT_EQ(DGifSavedExtensionToGCB(gif, i, &gcb), GIF_OK);
    r.delays.push_back(gcb.DelayTime);
    const SavedImage& img = gif->SavedImages[i];
    const GifImageDesc& d = img.ImageDesc;
    const Canvas before = canvas;
    const auto at = [&](int x, int y) {
      return static_cast<size_t>((d.Top + y) * r.width + d.Left + x);
    };
    for (int y = 0; y < d.Height; ++y)
      for (int x = 0; x < d.Width; ++x) {
        const int v = img.RasterBits[y * d.Width + x];
        if (v != gcb.TransparentColor) canvas[at(x, y)] = v;
      }
    r.composed.push_back(canvas);
    if (gcb.DisposalMode == DISPOSE_BACKGROUND || gcb.DisposalMode == DISPOSE_PREVIOUS)
      for (int y = 0; y < d.Height; ++y)
        for (int x = 0; x < d.Width; ++x)
          canvas[at(x, y)] =
              gcb.DisposalMode == DISPOSE_BACKGROUND ? kSeeThrough : before[at(x, y)];
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

// A drawn frame as the decoder should show it: the see-through index is nothing drawn.
Canvas asCanvas(const std::vector<uint8_t>& frame, int seeThrough = kSeeThrough) {
  Canvas c(frame.begin(), frame.end());
  for (int& v : c)
    if (v == seeThrough) v = kSeeThrough;
  return c;
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
  for (size_t f = 0; f < frames.size(); ++f)
    EXPECT_EQ(r.composed[f], asCanvas(frames[f])) << "frame " << f;
  fs::remove(path);
}

// ---- frames that store only what changed -------------------------------------------------------

// Frames like a lesson's array view: a row of cells (border, fill, a digit-like pattern of its
// value), the cells written in a step highlighted with their new values, arrows over them; every
// step moves the highlight and the arrows. `background` is the index behind everything (the
// see-through one for a transparent export).
std::vector<std::vector<uint8_t>> lessonFrames(int width, int height, int steps,
                                               uint8_t background) {
  enum : uint8_t { kBorder = 1, kFill = 2, kWritten = 3, kText = 4, kWrittenText = 5, kArrow = 6 };
  constexpr int kCells = 16, kCellW = 36, kCellH = 40, kGap = 4, kTop = 40;
  std::vector<int> values(kCells);
  for (int i = 0; i < kCells; ++i) values[static_cast<size_t>(i)] = (i * 7 + 3) % 10;
  std::vector<std::vector<uint8_t>> frames;
  for (int step = 0; step < steps; ++step) {
    std::vector<uint8_t> f(static_cast<size_t>(width * height), background);
    const auto set = [&](int x, int y, uint8_t v) { f[static_cast<size_t>(y * width + x)] = v; };
    const int stride = 1 << (step % 4);
    for (int i = 0; i < kCells; ++i) {
      const bool written = step > 0 && (i + 1) % (2 * stride) == 0;
      if (written)
        values[static_cast<size_t>(i)] = (values[static_cast<size_t>(i)] + i + step) % 10;
      const int x0 = 8 + i * (kCellW + kGap);
      for (int y = 0; y < kCellH; ++y)
        for (int x = 0; x < kCellW; ++x) {
          const bool edge = x == 0 || y == 0 || x == kCellW - 1 || y == kCellH - 1;
          set(x0 + x, kTop + y, edge ? kBorder : written ? kWritten : kFill);
        }
      // The value: a 3 x 5 block glyph from its bits, 4 pixels a dot.
      const int v = values[static_cast<size_t>(i)];
      for (int gy = 0; gy < 5; ++gy)
        for (int gx = 0; gx < 3; ++gx)
          if (((v * 2654435761u) >> (gy * 3 + gx)) & 1u)
            for (int dy = 0; dy < 4; ++dy)
              for (int dx = 0; dx < 4; ++dx)
                set(x0 + 12 + gx * 4 + dx, kTop + 10 + gy * 4 + dy, written ? kWrittenText : kText);
      if (written)  // the arrow from the operand above the cell
        for (int y = 8; y < kTop - 4; ++y)
          for (int dx = -1; dx <= 1; ++dx) set(x0 + kCellW / 2 + dx, y, kArrow);
    }
    frames.push_back(std::move(f));
  }
  return frames;
}

// The same frames as the writer stored them before it left unchanged pixels out: every frame the
// whole rectangle of changes (opaque) or the whole picture cleared after it (transparent).
void writeWholeRectangles(const std::string& path, const std::vector<std::vector<uint8_t>>& frames,
                          int width, int height, const GifPalette& palette) {
  int error = 0;
  GifFileType* gif = EGifOpenFileName(path.c_str(), false, &error);
  ASSERT_NE(gif, nullptr);
  EGifSetGifVersion(gif, true);
  std::vector<GifColorType> colors(256, GifColorType{0, 0, 0});
  for (size_t i = 0; i < palette.colors.size(); ++i)
    colors[i] = {palette.colors[i].r, palette.colors[i].g, palette.colors[i].b};
  ColorMapObject* map = GifMakeMapObject(256, colors.data());
  EGifPutScreenDesc(gif, width, height, 8, 0, map);
  GifFreeMapObject(map);
  const bool transparent = palette.transparent >= 0;
  for (size_t f = 0; f < frames.size(); ++f) {
    int left = 0, top = 0, right = width, bottom = height;
    if (f > 0 && !transparent) {
      left = width, top = height, right = 0, bottom = 0;
      for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
          const size_t i = static_cast<size_t>(y * width + x);
          if (frames[f][i] == frames[f - 1][i]) continue;
          left = std::min(left, x), right = std::max(right, x + 1);
          top = std::min(top, y), bottom = std::max(bottom, y + 1);
        }
      if (right == 0) left = top = 0, right = bottom = 1;
    }
    GraphicsControlBlock gcb{transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, false, 50,
                             transparent ? palette.transparent : NO_TRANSPARENT_COLOR};
    GifByteType ext[4];
    EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(EGifGCBToExtension(&gcb, ext)),
                     ext);
    EGifPutImageDesc(gif, left, top, right - left, bottom - top, false, nullptr);
    for (int y = top; y < bottom; ++y) {
      std::vector<GifPixelType> line(frames[f].begin() + y * width + left,
                                     frames[f].begin() + y * width + right);
      EGifPutLine(gif, line.data(), static_cast<int>(line.size()));
    }
  }
  ASSERT_EQ(EGifCloseFile(gif, &error), GIF_OK);
}

void expectSmallerWithTheSameFrames(bool transparent) {
  constexpr int kWidth = 660, kHeight = 96, kSteps = 12;
  GifPalette palette;
  palette.colors = {rgb(0x1e1f22), rgb(0x6b7280), rgb(0x2b2d31), rgb(0xf5c542),
                    rgb(0xe6e6e6), rgb(0x111111), rgb(0x5aa9ff)};
  if (transparent) {
    palette.transparent = static_cast<int>(palette.colors.size());
    palette.colors.push_back(rgb(0));
  }
  const auto background = static_cast<uint8_t>(transparent ? palette.transparent : 0);
  const auto frames = lessonFrames(kWidth, kHeight, kSteps, background);
  const std::string now = tempGif(transparent ? "changed-transparent" : "changed-opaque");
  const std::string before = tempGif(transparent ? "whole-transparent" : "whole-opaque");
  {
    GifWriter w(now, kWidth, kHeight, palette);
    for (const auto& f : frames) w.addFrame(f, 50);
    w.finish();
  }
  writeWholeRectangles(before, frames, kWidth, kHeight, palette);
  const ReadBack r = readGif(now);
  ASSERT_EQ(r.composed.size(), frames.size());
  for (size_t f = 0; f < frames.size(); ++f)
    EXPECT_EQ(r.composed[f], asCanvas(frames[f], palette.transparent)) << "frame " << f;
  // The reference decodes to the same pictures: the comparison is between two encodings of them.
  const ReadBack old = readGif(before);
  for (size_t f = 0; f < frames.size(); ++f) EXPECT_EQ(old.composed[f], r.composed[f]) << f;
  const auto smaller = fs::file_size(now), larger = fs::file_size(before);
  std::printf("%s GIF of %d frames: %ju bytes, %ju with whole rectangles\n",
              transparent ? "transparent" : "opaque", kSteps, static_cast<uintmax_t>(smaller),
              static_cast<uintmax_t>(larger));
  EXPECT_LT(smaller * 10, larger * 9) << "less than 10% saved";
  fs::remove(now);
  fs::remove(before);
}

TEST(GifWriter, OnlyChangedPixelsAreStoredAndFramesDecodeTheSame) {
  expectSmallerWithTheSameFrames(false);
}

TEST(GifWriter, SeeThroughFramesStoreChangesAndClearWhatTheNextFrameRemoves) {
  expectSmallerWithTheSameFrames(true);
}

TEST(GifWriter, AFullPaletteStoresTheWholeChangedRectangle) {
  // 256 colours and no transparency: no entry is free for "as before"; the frames still decode.
  const std::string path = tempGif("full-palette");
  GifPalette palette;
  for (int i = 0; i < 256; ++i) palette.colors.push_back(rgb(static_cast<uint32_t>(i * 0x010101)));
  std::vector<std::vector<uint8_t>> frames;
  for (int f = 0; f < 4; ++f) {
    std::vector<uint8_t> idx(16 * 16);
    for (size_t i = 0; i < idx.size(); ++i)
      idx[i] = static_cast<uint8_t>((i * 7 + (i % 5 == 0 ? f * 40 : 0)) & 255);
    frames.push_back(idx);
  }
  {
    GifWriter w(path, 16, 16, palette);
    for (const auto& f : frames) w.addFrame(f, 10);
    w.finish();
  }
  const ReadBack r = readGif(path);
  ASSERT_EQ(r.composed.size(), frames.size());
  for (size_t f = 0; f < frames.size(); ++f) EXPECT_EQ(r.composed[f], asCanvas(frames[f])) << f;
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
