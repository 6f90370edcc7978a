#include "app/export/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <cmath>

#include "app/core/support/output_file.h"
#include "app/export/gif_palette.h"

namespace scanviz {
namespace {

struct Rect {
  int left = 0, top = 0, right = 0, bottom = 0;  // right and bottom exclusive
  bool empty() const { return right <= left; }
  void add(int x, int y) {
    if (empty()) {
      *this = {x, y, x + 1, y + 1};
      return;
    }
    left = std::min(left, x);
    right = std::max(right, x + 1);
    top = std::min(top, y);
    bottom = std::max(bottom, y + 1);
  }
};

// The palette's entry that stands for "as before" (see keepIndex_).
int keepIndexFor(const GifPalette& palette) {
  if (palette.transparent >= 0) return palette.transparent;
  const int used = static_cast<int>(palette.colors.size());
  return used < kGifMaxColors ? used : -1;
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
      transparentIndex_(palette.transparent),
      keepIndex_(keepIndexFor(palette)) {
  int error = 0;
  gif_ = EGifOpen(this, writeBytes, &error);
  if (!gif_) throw WriteError("cannot write '" + path + "': " + GifErrorString(error));
  // GIF89a: delays and looping live in its extensions (giflib picks 87a unless told).
  EGifSetGifVersion(gif_, true);
  // GIF colour tables have a power-of-two size; the "as before" entry needs one.
  const int entries = std::max(static_cast<int>(palette.colors.size()), keepIndex_ + 1);
  int size = 2, bits = 1;
  while (size < entries) size *= 2, ++bits;
  std::vector<GifColorType> colors(static_cast<size_t>(size), GifColorType{0, 0, 0});
  for (size_t i = 0; i < palette.colors.size(); ++i)
    colors[i] = GifColorType{palette.colors[i].r, palette.colors[i].g, palette.colors[i].b};
  ColorMapObject* map = GifMakeMapObject(size, colors.data());
  // The background entry is what "restore to background" clears to: see-through when there is one.
  const int background = transparent_ ? transparentIndex_ : 0;
  const int status = EGifPutScreenDesc(gif_, width, height, bits, background, map);
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
  if (pending_) writeFrame(next_, &indices);
  next_ = {indices, delayCentiseconds};
  pending_ = true;
}

void GifWriter::writeFrame(const Frame& frame, const std::vector<uint8_t>* next) {
  const std::vector<uint8_t>& now = frame.indices;
  const auto at = [this](int x, int y) {
    return static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x);
  };
  // What this frame must store: pixels that differ from the canvas, and (see-through GIFs) pixels
  // the next frame makes see-through, which only clearing this frame's rectangle can do.
  Rect r;
  bool clearAfter = false;
  if (first_) {
    r = {0, 0, width_, height_};
  } else {
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x)
        if (now[at(x, y)] != canvas_[at(x, y)]) r.add(x, y);
  }
  if (transparent_ && next) {
    const auto seeThrough = static_cast<uint8_t>(transparentIndex_);
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x)
        if (now[at(x, y)] != seeThrough && (*next)[at(x, y)] == seeThrough) {
          r.add(x, y);
          clearAfter = true;
        }
  }
  if (r.empty()) r = {0, 0, 1, 1};  // a GIF frame cannot be empty

  GraphicsControlBlock gcb;
  gcb.DisposalMode = clearAfter ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = frame.delay;
  gcb.TransparentColor = keepIndex_ >= 0 ? keepIndex_ : NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const size_t length = EGifGCBToExtension(&gcb, extension);
  check(EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension),
        "a frame delay");
  check(EGifPutImageDesc(gif_, r.left, r.top, r.right - r.left, r.bottom - r.top, false, nullptr),
        "a frame");
  const bool keep = !first_ && keepIndex_ >= 0;
  std::vector<GifPixelType> line(static_cast<size_t>(r.right - r.left));
  for (int y = r.top; y < r.bottom; ++y) {
    for (int x = r.left; x < r.right; ++x) {
      const uint8_t v = now[at(x, y)];
      line[static_cast<size_t>(x - r.left)] =
          keep && v == canvas_[at(x, y)] ? static_cast<GifPixelType>(keepIndex_) : v;
    }
    check(EGifPutLine(gif_, line.data(), static_cast<int>(line.size())), "a frame");
  }
  canvas_ = now;
  if (clearAfter)
    for (int y = r.top; y < r.bottom; ++y)
      for (int x = r.left; x < r.right; ++x)
        canvas_[at(x, y)] = static_cast<uint8_t>(transparentIndex_);
  first_ = false;
}

void GifWriter::finish() {
  if (pending_) writeFrame(next_, nullptr);
  pending_ = false;
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
