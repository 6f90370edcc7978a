#include "app/ui/export/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <cmath>

#include "app/core/output_file.h"

namespace scanviz {
namespace {

struct ChangedRect {
  int left = 0, top = 0, right = 0, bottom = 0;  // right and bottom exclusive
};

// The smallest rectangle holding every pixel that differs from the previous frame; one pixel
// when nothing changed (a GIF frame cannot be empty).
ChangedRect changedRect(const std::vector<uint8_t>& now, const std::vector<uint8_t>& before,
                        int width, int height) {
  ChangedRect r{width, height, 0, 0};
  for (int y = 0; y < height; ++y) {
    const size_t row = static_cast<size_t>(y) * static_cast<size_t>(width);
    for (int x = 0; x < width; ++x) {
      if (now[row + static_cast<size_t>(x)] == before[row + static_cast<size_t>(x)]) continue;
      r.left = std::min(r.left, x);
      r.right = std::max(r.right, x + 1);
      r.top = std::min(r.top, y);
      r.bottom = std::max(r.bottom, y + 1);
    }
  }
  if (r.right == 0) return {0, 0, 1, 1};
  return r;
}

}  // namespace

int gifDelayCentiseconds(double stepsPerSecond) {
  const double seconds = 1.0 / std::max(stepsPerSecond, 1e-3);
  return std::clamp(static_cast<int>(std::lround(seconds * 100)), 2, 65535);
}

// giflib's output function: bytes go to the OutputFile; a failure is kept for check() (giflib only
// learns that fewer bytes were written) and never thrown through giflib's C code.
int GifWriter::writeBytes(GifFileType* gif, const unsigned char* bytes, int size) {
  auto* self = static_cast<GifWriter*>(gif->UserData);
  if (!self->writeFailure_.empty()) return 0;
  try {
    self->out_->write(bytes, static_cast<size_t>(size));
  } catch (const std::exception& e) {
    self->writeFailure_ = e.what();
    return 0;
  }
  return size;
}

GifWriter::GifWriter(const std::string& path, int width, int height, const GifPalette& palette)
    : out_(std::make_unique<OutputFile>(path)),
      path_(path),
      width_(width),
      height_(height),
      transparent_(palette.transparent >= 0),
      transparentIndex_(palette.transparent) {
  int error = 0;
  gif_ = EGifOpen(this, writeBytes, &error);
  if (!gif_) throw WriteError("cannot write '" + path + "': " + GifErrorString(error));
  // GIF89a: delays and looping live in its extensions (giflib picks 87a unless told).
  EGifSetGifVersion(gif_, true);
  // GIF colour tables have a power-of-two size.
  int size = 2, bits = 1;
  while (size < static_cast<int>(palette.colors.size())) size *= 2, ++bits;
  std::vector<GifColorType> colors(static_cast<size_t>(size), GifColorType{0, 0, 0});
  for (size_t i = 0; i < palette.colors.size(); ++i)
    colors[i] = GifColorType{palette.colors[i].r, palette.colors[i].g, palette.colors[i].b};
  ColorMapObject* map = GifMakeMapObject(size, colors.data());
  const int status = EGifPutScreenDesc(gif_, width, height, bits, 0, map);
  GifFreeMapObject(map);
  check(status, "the screen descriptor");
  writeLoopExtension();
}

GifWriter::~GifWriter() {
  // Unfinished: giflib frees its state; out_ then removes the temporary file.
  if (gif_) {
    int error = 0;
    EGifCloseFile(gif_, &error);
  }
}

void GifWriter::check(int status, const char* what) {
  if (status == GIF_OK) return;
  if (!writeFailure_.empty()) throw WriteError(writeFailure_);
  const int error = gif_ ? gif_->Error : 0;
  throw WriteError("cannot write " + std::string(what) + " of '" + path_ +
                   "': " + (GifErrorString(error) ? GifErrorString(error) : "unknown error"));
}

void GifWriter::writeLoopExtension() {
  static const unsigned char kNetscape[] = "NETSCAPE2.0";
  static const unsigned char kLoopForever[] = {1, 0, 0};
  check(EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE), "the loop extension");
  check(EGifPutExtensionBlock(gif_, 11, kNetscape), "the loop extension");
  check(EGifPutExtensionBlock(gif_, 3, kLoopForever), "the loop extension");
  check(EGifPutExtensionTrailer(gif_), "the loop extension");
}

void GifWriter::addFrame(const std::vector<uint8_t>& indices, int delayCentiseconds) {
  // With transparency a changed pixel may need to become see-through again, which a partial
  // frame over the previous one cannot say: such GIFs store whole frames cleared between them.
  const bool partial = !previous_.empty() && !transparent_;
  const ChangedRect r = partial ? changedRect(indices, previous_, width_, height_)
                                : ChangedRect{0, 0, width_, height_};
  GraphicsControlBlock gcb;
  gcb.DisposalMode = transparent_ ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = delayCentiseconds;
  gcb.TransparentColor = transparent_ ? transparentIndex_ : NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const size_t length = EGifGCBToExtension(&gcb, extension);
  check(EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension),
        "a frame delay");
  check(EGifPutImageDesc(gif_, r.left, r.top, r.right - r.left, r.bottom - r.top, false, nullptr),
        "a frame");
  std::vector<GifPixelType> line(static_cast<size_t>(r.right - r.left));
  for (int y = r.top; y < r.bottom; ++y) {
    const size_t row = static_cast<size_t>(y) * static_cast<size_t>(width_);
    std::copy_n(indices.begin() + static_cast<long>(row + static_cast<size_t>(r.left)), line.size(),
                line.begin());
    check(EGifPutLine(gif_, line.data(), static_cast<int>(line.size())), "a frame");
  }
  previous_ = indices;
}

void GifWriter::finish() {
  int error = 0;
  GifFileType* gif = gif_;
  gif_ = nullptr;
  const int status = EGifCloseFile(gif, &error);
  if (!writeFailure_.empty()) throw WriteError(writeFailure_);
  if (status != GIF_OK)
    throw WriteError("cannot finish '" + path_ +
                     "': " + (GifErrorString(error) ? GifErrorString(error) : "unknown error"));
  out_->commit();
}

}  // namespace scanviz
