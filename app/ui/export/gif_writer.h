// An animated GIF written frame by frame with giflib: one global palette, a delay per frame, and
// looping forever (the NETSCAPE2.0 extension). Frames after the first store only the rectangle
// that changed, so a run where one row changes per step stays small. No ImGui here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "app/ui/export/gif_palette.h"

struct GifFileType;

namespace scanviz {

class OutputFile;

class GifWriter {
 public:
  // Writes through OutputFile: the file appears whole at finish(); a writer destroyed before
  // that leaves the previous file as it was. Throws WriteError naming the path.
  GifWriter(const std::string& path, int width, int height, const GifPalette& palette);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // `indices` holds width x height palette indices, top row first; the delay is in hundredths of
  // a second (GIF's unit).
  void addFrame(const std::vector<uint8_t>& indices, int delayCentiseconds);
  // Writes the trailer and puts the file in place. Throws WriteError.
  void finish();

 private:
  static int writeBytes(GifFileType* gif, const unsigned char* bytes, int size);
  void check(int status, const char* what);
  void writeLoopExtension();

  std::unique_ptr<OutputFile> out_;
  std::string writeFailure_;  // why out_ refused bytes; giflib only sees a short write
  GifFileType* gif_ = nullptr;
  std::string path_;
  int width_;
  int height_;
  bool transparent_;
  int transparentIndex_;
  std::vector<uint8_t> previous_;
};

// GIF delays are in hundredths of a second: the playback speed's seconds per step, rounded, at
// least 2 (browsers slow down anything faster).
int gifDelayCentiseconds(double stepsPerSecond);

}  // namespace scanviz
