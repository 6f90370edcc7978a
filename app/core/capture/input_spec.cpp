#include "app/core/capture/input_spec.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "app/core/capture/capture.h"

namespace scanviz {

namespace {

// What separates values; named in the messages, so keep kSeparatorWords in step.
bool isSeparator(char c) {
  return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
constexpr const char* kSeparatorWords = "commas, spaces, tabs or line breaks";

// Punctuation no number holds ("1;2", "1|2"): named as the wrong separator it probably is.
bool isStrayPunctuation(char c) {
  return std::ispunct(static_cast<unsigned char>(c)) && c != '.' && c != '+' && c != '-';
}

// NUL and the other control bytes no text of numbers holds (tab, CR and LF are separators).
bool isControlByte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u < 0x20 || u == 0x7f) && !isSeparator(c);
}

std::string hexByte(char c) {
  static const char kDigits[] = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return std::string("0x") + kDigits[u >> 4] + kDigits[u & 15];
}

// Collects the values of a text given in pieces: a token may continue into the next piece.
class ValueReader {
 public:
  // countBeyond: past maxValues, count (and check) the values instead of refusing the text, so
  // that a caller expecting a count can say "10 flags for 8 values".
  ValueReader(long long maxValues, std::string source, bool countBeyond = false)
      : maxValues_(maxValues), source_(std::move(source)), countBeyond_(countBeyond) {}

  void feed(const char* text, size_t size) {
    for (size_t i = 0; i < size; ++i) {
      // A message quoting a NUL would be cut there (what() is a C string): name the byte instead.
      if (isControlByte(text[i]))
        throw InputError(source_ + " holds the byte " + hexByte(text[i]) + " (value " +
                         std::to_string(values_.size() + 1) +
                         "): binary data, not a text of numbers; give numbers such as "
                         "3,1,7,0,4,1,6,3");
      if (!isSeparator(text[i])) {
        // No number is this long: a binary file or garbage, refused without holding it.
        if (token_.size() > 1000) throw InputError(tokenPrefix() + " is not a number");
        token_ += text[i];
      } else if (!token_.empty()) {
        take();
      }
    }
  }

  // The values past maxValues that countBeyond counted instead of storing.
  long long beyondLimit() const { return beyond_; }

  std::vector<double> finish() {
    if (!token_.empty()) take();
    if (values_.empty())
      throw InputError(source_ + " holds no values; type numbers such as 3,1,7,0,4,1,6,3");
    return std::move(values_);
  }

 private:
  std::string tokenPrefix() const {
    return "'" + token_.substr(0, 40) + (token_.size() > 40 ? "..." : "") + "' (value " +
           std::to_string(values_.size() + 1) + ")";
  }

  void take() {
    char* end = nullptr;
    errno = 0;
    const double x = std::strtod(token_.c_str(), &end);
    if (end != token_.c_str() + token_.size()) {
      const char* stray = std::find_if(token_.c_str(), token_.c_str() + token_.size(),
                                       [](char c) { return isStrayPunctuation(c); });
      if (stray != token_.c_str() + token_.size())
        throw InputError(tokenPrefix() + " is not a number: '" + std::string(1, *stray) +
                         "' is not a separator; separate numbers with " + kSeparatorWords);
      throw InputError(tokenPrefix() + " is not a number; separate numbers with " +
                       kSeparatorWords);
    }
    if (errno == ERANGE && std::isinf(x)) throw InputError(tokenPrefix() + " is out of range");
    if (static_cast<long long>(values_.size()) >= maxValues_) {
      if (!countBeyond_)
        throw InputError(source_ + " holds more than " + std::to_string(maxValues_) +
                         " values, the limit of a capture; use fewer values");
      ++beyond_;
    } else {
      values_.push_back(x);
    }
    token_.clear();
  }

  long long maxValues_;
  std::string source_;
  bool countBeyond_ = false;
  long long beyond_ = 0;
  std::string token_;
  std::vector<double> values_;
};

}  // namespace

std::vector<double> parseValues(const std::string& text, long long maxValues) {
  ValueReader r(maxValues, "the input");
  r.feed(text.data(), text.size());
  return r.finish();
}

std::vector<double> readValuesFile(const std::string& path, long long maxValues) {
  const bool standardInput = path == "-";
  std::error_code ec;
  if (!standardInput && std::filesystem::is_directory(path, ec))
    throw InputError("input file '" + path + "' is a directory; give a file of numbers");
  std::ifstream file;
  if (!standardInput) {
    file.open(path, std::ios::binary);
    if (!file) throw InputError("cannot open input file '" + path + "': " + std::strerror(errno));
  }
  std::istream& f = standardInput ? std::cin : file;
  const std::string name = standardInput ? "standard input" : "input file '" + path + "'";
  ValueReader r(maxValues, name);
  std::vector<char> buffer(1 << 20);
  while (f.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || f.gcount() > 0)
    r.feed(buffer.data(), static_cast<size_t>(f.gcount()));
  if (f.bad()) throw InputError("cannot read " + name + ": " + std::strerror(errno));
  return r.finish();
}

std::vector<double> generateInput(InputPattern p, long long n, unsigned seed, DType dtype,
                                  Operator op) {
  std::vector<double> v(static_cast<size_t>(std::max(0ll, n)));
  if (p == InputPattern::Ones) {
    std::fill(v.begin(), v.end(), 1.0);
    return v;
  }
  if (p == InputPattern::Ascending) {
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = op == Operator::Mul ? 1.0 + (i % 2) : static_cast<double>(i % 1000);
    if (op == Operator::Mul && dtype == DType::Int32)
      for (size_t i = 30; i < v.size(); ++i) v[i] = 1.0;  // 2^15 stays inside int32
    return v;
  }
  std::mt19937 rng(seed);
  if (dtype == DType::Int32) {
    if (op == Operator::Mul) {
      for (auto& x : v) x = (rng() % 2) ? 1.0 : -1.0;
    } else if (op == Operator::Add) {
      const long long hi = std::max(1ll, std::min(9ll, 2147483647ll / std::max(1ll, n)));
      for (auto& x : v) x = static_cast<double>(rng() % (hi + 1));
    } else {
      for (auto& x : v) x = static_cast<double>(static_cast<int>(rng() % 2001) - 1000);
    }
  } else {
    for (auto& x : v) {
      const double u = static_cast<double>(rng() % 10000) / 100.0;  // 0.00 .. 99.99
      x = op == Operator::Mul   ? 1.0 + (u - 50.0) / 5000.0
          : op == Operator::Add ? u / 10.0
                                : u - 50.0;
    }
  }
  return v;
}

namespace {

// Whole numbers in [lo, hi] from a list like the input's ("1,0,0,1" or "3 2 3"): the first
// maxCount of them, and in `given` how many the text holds (the caller names a wrong count).
std::vector<long long> parseWholeNumbers(const std::string& text, const std::string& what,
                                         long long lo, long long hi, size_t maxCount,
                                         long long& given) {
  std::vector<double> v;
  try {
    ValueReader r(static_cast<long long>(maxCount), "the list", /*countBeyond=*/true);
    r.feed(text.data(), text.size());
    v = r.finish();
    given = static_cast<long long>(v.size()) + r.beyondLimit();
  } catch (const InputError& e) {
    throw InputError(what + ": " + e.what());
  }
  std::vector<long long> out;
  out.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] != std::floor(v[i]) || v[i] < static_cast<double>(lo) ||
        v[i] > static_cast<double>(hi)) {
      std::ostringstream s;
      s.precision(9);
      s << what << ": entry " << i << " is " << v[i] << ", not "
        << (lo == 0 && hi == 1
                ? "0 or 1"
                : "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
      throw InputError(s.str());
    }
    out.push_back(static_cast<long long>(v[i]));
  }
  return out;
}

// One 0 or 1 per value in `text`, for --flags; `oneMeans` ("starts a segment") ends the message
// that a wrong count gets.
std::vector<uint8_t> parseOneFlagPerValue(const std::string& text, size_t n,
                                          const std::string& oneMeans) {
  long long given = 0;
  const std::vector<long long> v = parseWholeNumbers(text, "--flags", 0, 1, n, given);
  if (given != static_cast<long long>(n))
    throw InputError("--flags gives " + std::to_string(given) + " flags for " + std::to_string(n) +
                     " values; give one 0 or 1 per value (1 " + oneMeans + ")");
  return std::vector<uint8_t>(v.begin(), v.end());
}

}  // namespace

std::vector<uint8_t> parseHeadFlags(const std::string& text, size_t n) {
  std::vector<uint8_t> flags = parseOneFlagPerValue(text, n, "starts a segment");
  if (!flags.empty()) flags[0] = 1;
  return flags;
}

std::vector<uint8_t> parseKeepFlags(const std::string& text, size_t n) {
  return parseOneFlagPerValue(text, n, "keeps it");
}

std::vector<uint8_t> headFlagsFromLengths(const std::string& text, size_t n) {
  long long given = 0;
  const std::vector<long long> lengths =
      parseWholeNumbers(text, "--segments", 0, static_cast<long long>(n), n + 1, given);
  if (given > static_cast<long long>(n) + 1)
    throw InputError("--segments gives " + std::to_string(given) + " lengths for " +
                     std::to_string(n) + " values; give lengths that cover every value once");
  std::vector<uint8_t> flags(n, 0);
  size_t at = 0;
  for (long long len : lengths) {
    if (at + static_cast<size_t>(len) > n) break;
    if (len > 0) flags[at] = 1;
    at += static_cast<size_t>(len);
  }
  long long total = 0;
  for (long long len : lengths) total += len;
  if (total != static_cast<long long>(n))
    throw InputError("--segments lengths add up to " + std::to_string(total) + ", not to the " +
                     std::to_string(n) + " values; give lengths that cover every value once");
  if (!flags.empty()) flags[0] = 1;
  return flags;
}

std::vector<uint8_t> randomHeadFlags(size_t n, unsigned seed, int meanLength) {
  std::mt19937 rng(seed ^ 0x5e9u);
  std::vector<uint8_t> flags(n, 0);
  for (size_t i = 0; i < n; ++i) flags[i] = rng() % static_cast<unsigned>(meanLength) == 0;
  if (!flags.empty()) flags[0] = 1;
  return flags;
}

const std::vector<uint8_t>& defaultLessonFlags() {
  static const std::vector<uint8_t> kLesson = {1, 0, 0, 1, 0, 1, 0, 0};
  return kLesson;
}

std::vector<uint8_t> defaultHeadFlags(const std::vector<double>& input, bool lessonInput,
                                      unsigned seed) {
  if (lessonInput && input == defaultLessonInput()) return defaultLessonFlags();
  return randomHeadFlags(input.size(), seed);
}

const std::vector<double>& defaultLessonInput() {
  static const std::vector<double> kLesson = {3, 1, 7, 0, 4, 1, 6, 3};
  return kLesson;
}

}  // namespace scanviz
