// An animated GIF written frame by frame with giflib: one global palette, a delay per frame, and
// looping forever (the NETSCAPE2.0 extension). Frames after the first store only the pixels that
// changed: the rectangle around them, with every pixel in it that stays as it was written as the
// transparent index ("as before"), which LZW packs into a few codes. A step of a lesson changes a
// few cells, so its frame is a fraction of a whole one. No ImGui here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/core/support/non_copyable.h"
#include "app/export/gif_palette.h"

struct GifFileType;

namespace scanviz {

class OutputFile;

class GifWriter : NonCopyable {
 public:
  // Writes through OutputFile: the file appears whole at finish(); a writer destroyed before
  // that leaves the previous file as it was. Throws WriteError naming the path.
  GifWriter(const std::string& path, int width, int height, const GifPalette& palette);
  ~GifWriter();

  // `indices` holds width x height palette indices, top row first; the delay is in hundredths of
  // a second (GIF's unit). A frame is written when the next one arrives (or at finish()): with a
  // see-through background, whether it must be cleared after it is shown depends on the next.
  void addFrame(const std::vector<uint8_t>& indices, int delayCentiseconds);
  // Writes the trailer and puts the file in place. Throws WriteError.
  void finish();

 private:
  static int writeBytes(GifFileType* gif, const unsigned char* bytes, int size);
  void check(int status, const char* what);
  void writeLoopExtension();
  struct Frame {
    std::vector<uint8_t> indices;
    int delay = 0;
  };
  // Writes `frame` over what a decoder shows now (canvas_); `next` (null for the last frame)
  // tells which see-through pixels must be cleared after it.
  void writeFrame(const Frame& frame, const std::vector<uint8_t>* next);

  std::unique_ptr<OutputFile> out_;
  std::string writeFailure_;  // why out_ refused bytes; giflib only sees a short write
  GifFileType* gif_ = nullptr;
  std::string path_;
  int width_;
  int height_;
  bool transparent_;
  int transparentIndex_;
  // The index that means "as before" in frames after the first: the see-through index of a
  // transparent palette, else the entry after the palette's colours; -1 when the palette is full
  // (256 colours and no transparency), and such frames store their whole changed rectangle.
  int keepIndex_;
  bool pending_ = false;
  Frame next_;                   // added, not yet written
  std::vector<uint8_t> canvas_;  // what a decoder shows after the frames written so far
  bool first_ = true;
};

// GIF delays are in hundredths of a second: the playback speed's seconds per step, rounded, at
// least 2 (browsers slow down anything faster).
int gifDelayCentiseconds(double stepsPerSecond);

}  // namespace scanviz
