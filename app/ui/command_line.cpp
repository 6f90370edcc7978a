#include "app/ui/command_line.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "app/cli/cli.h"

namespace scanviz {
namespace {

std::set<std::string> valueOptions() {
  std::set<std::string> o = captureValueOptions();
  o.insert({"session", "trace", "step", "theme", "palette", "scale", "screenshot", "dump-scene",
            "size", "frame-times"});
  return o;
}

std::set<std::string> flagOptions() {
  std::set<std::string> f = captureFlags();
  f.insert("presentation");
  return f;
}

float parseScale(const std::string& text) {
  char* end = nullptr;
  errno = 0;
  const float v = std::strtof(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE)
    throw UsageError("--scale '" + text + "' is not a number");
  if (!(v >= kMinUiScale && v <= kMaxUiScale))
    throw UsageError("--scale " + text + " is out of range (1..3)");
  return v;
}

void parseSize(const std::string& text, LaunchOptions& o) {
  const auto x = text.find('x');
  const auto number = [&](const std::string& part) {
    char* end = nullptr;
    const long v = std::strtol(part.c_str(), &end, 10);
    if (part.empty() || *end != '\0' || v < 320 || v > 16384)
      throw UsageError("--size '" + text + "' is not WIDTHxHEIGHT with sides of 320..16384 pixels");
    return static_cast<int>(v);
  };
  if (x == std::string::npos)
    throw UsageError("--size '" + text + "' is not WIDTHxHEIGHT, e.g. 1600x1000");
  o.width = number(text.substr(0, x));
  o.height = number(text.substr(x + 1));
}

template <class V, class Parse>
V parseName(const Args& a, const char* key, V fallback, Parse parse, const char* known) {
  const auto text = a.get(key);
  if (!text) return fallback;
  const auto v = parse(*text);
  if (!v) throw UsageError(std::string("--") + key + " '" + *text + "' is not one of " + known);
  return *v;
}

// The controls' view of the capture options; captureRequestFromArgs checks the values.
CaptureConfig configFromArgs(const Args& a) {
  CaptureConfig c;
  c.algorithm =
      parseName(a, "algorithm", c.algorithm, findAlgorithm, "the algorithms of `scanviz list`");
  c.op = parseName(a, "operator", c.op, parseOperator, "add, max, min, mul");
  c.dtype = parseName(a, "dtype", c.dtype, parseDType, "int32, float32");
  c.backend = parseName(a, "backend", c.backend, parseBackend, "auto, cuda, cpu");
  c.exclusive = a.flag("exclusive");
  c.blockSize = static_cast<int>(std::max(0ll, a.getInt("block-size", 0, -(1ll << 31), 1ll << 31)));
  c.coarsening = static_cast<int>(a.getInt("coarsening", c.coarsening, 1, 64));
  c.recordBlock = static_cast<int>(a.getInt("record-block", 0, 0, 1 << 30));
  c.seed = static_cast<unsigned>(a.getInt("seed", 1, 0, 0xffffffffll));
  if (a.has("input")) {
    c.source = InputSource::Typed;
    c.typedValues = *a.get("input");
  } else if (a.has("input-file")) {
    c.source = InputSource::File;
    c.inputFile = *a.get("input-file");
  } else if (a.has("n")) {
    const std::string pattern = a.getOr("pattern", "random");
    const auto p = parseInputSource(pattern);
    if (!p ||
        (*p != InputSource::Random && *p != InputSource::Ones && *p != InputSource::Ascending))
      throw UsageError("--pattern '" + pattern + "' is not one of random, ones, ascending");
    c.source = *p;
    c.n = a.getInt("n", 0, -(1ll << 62), 1ll << 62);
  }
  return c;
}

bool hasCaptureOptions(const Args& a) {
  for (const auto& k : captureValueOptions())
    if (a.has(k)) return true;
  for (const auto& k : captureFlags())
    if (a.flag(k)) return true;
  return false;
}

void parseSources(const Args& a, LaunchOptions& o) {
  o.sessionFile = a.getOr("session", "");
  o.traceFile = a.getOr("trace", "");
  const int sources = !o.sessionFile.empty() + !o.traceFile.empty() + hasCaptureOptions(a);
  if (sources > 1) throw UsageError("give only one of --session, --trace and capture options");
  if (a.has("session") && o.sessionFile.empty()) throw UsageError("--session needs a file name");
  if (a.has("trace") && o.traceFile.empty()) throw UsageError("--trace needs a file name");
  o.config = configFromArgs(a);
  try {
    // The same checks and messages as `scanviz capture`; the emulator options are read there too.
    const CaptureRequest rq = captureRequestFromArgs(a);
    o.config.emulator = rq.emulator;
  } catch (const InputError& e) {
    o.captureError = e.what();
  }
}

}  // namespace

LaunchOptions parseLaunchOptions(const std::vector<std::string>& args) {
  const Args a(args, valueOptions(), flagOptions());
  LaunchOptions o;
  parseSources(a, o);
  if (a.has("step")) o.step = static_cast<int>(a.getInt("step", 0, 0, 1 << 30));
  if (a.has("theme")) o.theme = parseName(a, "theme", Theme::Dark, parseTheme, "dark, light");
  if (a.has("palette"))
    o.palette = parseName(a, "palette", Palette::Classic, parsePalette, "classic, okabe-ito");
  if (a.has("scale")) o.scale = parseScale(*a.get("scale"));
  if (a.has("size")) parseSize(*a.get("size"), o);
  o.presentation = a.flag("presentation");
  o.screenshot = a.getOr("screenshot", "");
  o.dumpScene = a.getOr("dump-scene", "");
  o.frameTimes = static_cast<int>(a.getInt("frame-times", 0, 1, 100000));
  if (a.has("screenshot") && o.screenshot.empty())
    throw UsageError("--screenshot needs a file name");
  if (a.has("dump-scene") && o.dumpScene.empty())
    throw UsageError("--dump-scene needs a file name");
  return o;
}

std::string launchUsage() {
  return "usage: scanviz [--session FILE | --trace FILE | capture options] [--step K]\n"
         "               [--theme light|dark] [--palette classic|okabe-ito] [--scale 1..3]\n"
         "               [--presentation] [--size WxH] [--screenshot FILE.png]\n"
         "               [--dump-scene FILE.json] [--frame-times N]\n"
         "capture options are those of `scanviz capture` (--algorithm, --input, --n, ...)\n";
}

}  // namespace scanviz
