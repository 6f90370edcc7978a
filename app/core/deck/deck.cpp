#include "app/core/deck/deck.h"

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/applications/application.h"
#include "app/core/capture/session_json.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"
#include "app/core/support/app_settings.h"
#include "app/core/support/file_util.h"

namespace scanviz {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Notes and titles are text a lecturer types; a field longer than this is not.
constexpr size_t kMaxTextBytes = 64 << 10;

void checkDeckKind(const json& j, const std::string& name) {
  if (!j.is_object()) throw ConfigFormatError("'" + name + "' is not a deck (no JSON object)");
  if (!j.contains("kind") || !j.at("kind").is_string() ||
      j.at("kind").get<std::string>() != kDeckKind)
    throw ConfigFormatError("'" + name + "' is not a deck (kind is not \"" +
                            std::string(kDeckKind) + "\")");
  if (!j.contains("version")) return;
  const json& v = j.at("version");
  if (!v.is_number_integer())
    throw ConfigFormatError("'" + name + "': version: wrong type (expected a whole number)");
  const bool huge = v.is_number_unsigned() && v.get<std::uint64_t>() > kDeckVersion;
  if (huge || v.get<std::int64_t>() > kDeckVersion)
    throw ConfigFormatError("'" + name + "' is deck version " + v.dump() +
                            "; this scanviz reads version " + std::to_string(kDeckVersion) +
                            " and older");
  if (v.get<std::int64_t>() < 1)
    throw ConfigFormatError("'" + name + "': version: " + v.dump() + " is not a deck version");
}

// Reads one optional field of `j` with the right JSON type, or names the field and the type.
struct ViewReader {
  const json& j;
  std::string where;

  const json* field(const char* key, bool (json::*isType)() const noexcept,
                    const char* expected) const {
    if (!j.contains(key)) return nullptr;
    const json& v = j.at(key);
    if (!(v.*isType)())
      throw ConfigFormatError(where + "." + key + ": wrong type (expected " + expected + ")");
    return &v;
  }
  std::string text(const char* key, std::string fallback = {}) const {
    const json* v = field(key, &json::is_string, "text");
    if (!v) return fallback;
    std::string s = v->get<std::string>();
    if (s.size() > kMaxTextBytes)
      throw ConfigFormatError(where + "." + key + ": " + std::to_string(s.size()) +
                              " characters; at most " + std::to_string(kMaxTextBytes));
    if (s.find('\0') != std::string::npos)
      throw ConfigFormatError(where + "." + key + ": the text holds a NUL byte");
    return s;
  }
  long long whole(const json& v, const std::string& at, long long lo, long long hi) const {
    if (!v.is_number_integer())
      throw ConfigFormatError(at + ": wrong type (expected a whole number)");
    const bool huge = v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<uint64_t>(hi);
    const long long x = huge ? hi + 1 : v.get<long long>();
    if (x < lo || x > hi)
      throw ConfigFormatError(at + ": " + v.dump() + " is outside the valid range " +
                              std::to_string(lo) + ".." + std::to_string(hi));
    return x;
  }
  std::vector<double> numbers(const json& v, const std::string& at) const {
    if (!v.is_array()) throw ConfigFormatError(at + ": wrong type (expected a list of numbers)");
    std::vector<double> out;
    for (const json& x : v) {
      if (!x.is_number()) throw ConfigFormatError(at + ": " + x.dump() + " is not a number");
      out.push_back(x.get<double>());
    }
    return out;
  }
};

DeckApplication readApplication(const ViewReader& r) {
  const json& a = *r.field("application", &json::is_object, "an object");
  const ViewReader in{a, r.where + ".application"};
  DeckApplication app;
  app.id = in.text("id");
  if (!findApplication(app.id))
    throw ConfigFormatError(in.where + ".id: '" + app.id +
                            "' is not an application (scanviz list names them)");
  if (a.contains("scan"))
    app.scan = static_cast<int>(in.whole(a.at("scan"), in.where + ".scan", 0, 64));
  if (a.contains("values")) app.values = in.numbers(a.at("values"), in.where + ".values");
  if (a.contains("parameters"))
    app.parameters = in.numbers(a.at("parameters"), in.where + ".parameters");
  if (a.contains("flags"))
    for (double f : in.numbers(a.at("flags"), in.where + ".flags")) {
      if (f != 0 && f != 1) throw ConfigFormatError(in.where + ".flags: a flag is 0 or 1");
      app.flags.push_back(static_cast<int>(f));
    }
  if (a.contains("lists")) {
    const json* lists = in.field("lists", &json::is_array, "a list of lists");
    for (const json& l : *lists) app.lists.push_back(in.numbers(l, in.where + ".lists"));
  }
  return app;
}

DeckQuiz readQuiz(const ViewReader& r) {
  const json& q = *r.field("quiz", &json::is_object, "an object");
  const std::string at = r.where + ".quiz";
  DeckQuiz quiz;
  if (q.contains("seed"))
    quiz.seed = static_cast<unsigned>(r.whole(q.at("seed"), at + ".seed", 0, 0xffffffffll));
  if (q.contains("count"))
    quiz.count = static_cast<int>(r.whole(q.at("count"), at + ".count", 1, 1000));
  if (q.contains("question"))
    quiz.question = static_cast<int>(r.whole(q.at("question"), at + ".question", 1, 1000));
  return quiz;
}

void readCompare(const ViewReader& r, DeckView& v) {
  const json& list = *r.field("compare", &json::is_array, "a list of algorithm ids");
  for (const json& k : list) {
    if (!k.is_string() || !findAlgorithm(k.get<std::string>()))
      throw ConfigFormatError(r.where + ".compare: " + k.dump() + " is not one of " +
                              algorithmKeyList());
    v.compare.push_back(k.get<std::string>());
  }
  if (!v.compare.empty() && (v.compare.size() < 2 || v.compare.size() > 4))
    throw ConfigFormatError(r.where + ".compare: Compare takes two to four algorithms, not " +
                            std::to_string(v.compare.size()));
}

void readLook(const ViewReader& r, DeckView& v) {
  if (r.j.contains("theme")) {
    v.theme = r.text("theme");
    if (!valueOf(kThemeKeys, *v.theme))
      throw ConfigFormatError(r.where + ".theme: '" + *v.theme + "' is not dark or light");
  }
  if (const json* s = r.field("scale", &json::is_number, "a number")) {
    const double scale = s->get<double>();
    if (!(scale >= kMinUiScale && scale <= kMaxUiScale))
      throw ConfigFormatError(r.where + ".scale: " + s->dump() + " is outside 1..3");
    v.scale = static_cast<float>(scale);
  }
  if (const json* s = r.field("symbolic", &json::is_boolean, "true or false"))
    v.symbolic = s->get<bool>();
}

DeckView readView(const json& j, const std::string& name, size_t index) {
  const std::string where = "'" + name + "': views[" + std::to_string(index) + "]";
  if (!j.is_object()) throw ConfigFormatError(where + ": wrong type (expected an object)");
  DeckView v;
  // The session's messages quote the name they are given: "'l.deck.json views[3]': step ...".
  v.lesson = sessionFromFields(j, name + " views[" + std::to_string(index) + "]");
  const ViewReader r{j, where};
  v.view = r.text("view", v.view);
  v.spotTheBug = r.text("spot_the_bug");
  if (!v.spotTheBug.empty() && !findLesson(v.spotTheBug) && !findErratum(v.spotTheBug))
    throw ConfigFormatError(where + ".spot_the_bug: '" + v.spotTheBug +
                            "' is not a lesson or an erratum (scanviz list names them)");
  if (j.contains("compare")) readCompare(r, v);
  if (j.contains("application")) v.application = readApplication(r);
  if (j.contains("quiz")) v.quiz = readQuiz(r);
  readLook(r, v);
  v.title = r.text("title");
  v.notes = r.text("notes");
  return v;
}

json applicationToJson(const DeckApplication& a) {
  json j = {{"id", a.id}, {"scan", a.scan}};
  if (!a.values.empty()) j["values"] = a.values;
  if (!a.parameters.empty()) j["parameters"] = a.parameters;
  if (!a.flags.empty()) j["flags"] = a.flags;
  if (!a.lists.empty()) j["lists"] = a.lists;
  return j;
}

json viewToJson(const DeckView& v) {
  json j;
  if (!v.title.empty()) j["title"] = v.title;
  j["view"] = v.view;
  j.update(sessionFieldsToJson(v.lesson));
  if (!v.spotTheBug.empty()) j["spot_the_bug"] = v.spotTheBug;
  if (!v.compare.empty()) j["compare"] = v.compare;
  if (v.application) j["application"] = applicationToJson(*v.application);
  if (v.quiz)
    j["quiz"] = {{"seed", v.quiz->seed}, {"count", v.quiz->count}, {"question", v.quiz->question}};
  if (v.symbolic) j["symbolic"] = true;
  if (v.theme) j["theme"] = *v.theme;
  if (v.scale) j["scale"] = *v.scale;
  j["notes"] = v.notes;
  return j;
}

std::string headOf(const std::string& text) {
  return text.substr(0, 1 << 16);
}

}  // namespace

std::string deckToJson(const Deck& d) {
  json j;
  j["kind"] = kDeckKind;
  j["version"] = kDeckVersion;
  j["title"] = d.title;
  j["views"] = json::array();
  for (const DeckView& v : d.views) j["views"].push_back(viewToJson(v));
  return j.dump(2) + "\n";
}

Deck deckFromJson(const std::string& text, const std::string& name) {
  const json j = parseJsonText(text, name, "deck");
  checkDeckKind(j, name);
  Deck d;
  const ViewReader r{j, "'" + name + "'"};
  d.title = r.text("title");
  const json* views = r.field("views", &json::is_array, "a list of views");
  if (!views || views->empty())
    throw ConfigFormatError("'" + name + "' holds no views (\"views\": [...] is empty or missing)");
  if (views->size() > static_cast<size_t>(kMaxDeckViews))
    throw ConfigFormatError("'" + name + "' holds " + std::to_string(views->size()) +
                            " views; a deck holds at most " + std::to_string(kMaxDeckViews));
  for (size_t i = 0; i < views->size(); ++i) d.views.push_back(readView((*views)[i], name, i + 1));
  return d;
}

void saveDeck(const Deck& d, const std::string& path) {
  writeFileAtomically(path, deckToJson(d));
}

Deck loadDeck(const std::string& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw ConfigFormatError("deck: '" + path + "' is a directory, not a deck file");
  const auto size = fs::file_size(path, ec);
  if (!ec && size > static_cast<uintmax_t>(kMaxDeckFileBytes))
    throw ConfigFormatError("deck: '" + path + "' is " + std::to_string(size) +
                            " bytes; deck files are read up to " +
                            std::to_string(kMaxDeckFileBytes) + " bytes");
  std::string text;
  try {
    text = readWholeFile(path);
  } catch (const FileError& e) {
    throw ConfigFormatError(std::string("deck: ") + e.what());
  }
  if (looksLikeSession(text) && !looksLikeDeck(text)) {
    Deck d;
    d.title = fs::path(path).filename().string();
    // loadSession resolves the trace file where the session says (beside it, or for older
    // sessions from the working folder); the deck's are relative to the deck: make it so.
    d.views.push_back(deckViewOfSession(loadSession(path)));
    d.views.back().lesson.traceFile = traceFileForDeck(path, d.views.back().lesson.traceFile);
    return d;
  }
  return deckFromJson(text, path);
}

bool looksLikeDeck(const std::string& text) {
  return headOf(text).find(std::string("\"") + kDeckKind + "\"") != std::string::npos;
}

bool fileLooksLikeDeck(const std::string& path) {
  return looksLikeDeck(readFileHead(path, 1 << 16));
}

DeckView deckViewOfSession(const Session& s) {
  DeckView v;
  v.lesson = s;
  return v;
}

std::string traceFileFromDeck(const std::string& deckPath, const std::string& traceFile) {
  if (traceFile.empty() || traceFile == "-" || fs::path(traceFile).is_absolute()) return traceFile;
  return (fs::path(deckPath).parent_path() / traceFile).lexically_normal().string();
}

std::string traceFileForDeck(const std::string& deckPath, const std::string& traceFile) {
  if (traceFile.empty() || traceFile == "-") return traceFile;
  std::error_code ec;
  const fs::path deckDir = fs::absolute(fs::path(deckPath), ec).parent_path();
  const fs::path file = fs::absolute(fs::path(traceFile), ec);
  const fs::path relative = file.lexically_relative(deckDir);
  return relative.empty() ? traceFile : relative.generic_string();
}

}  // namespace scanviz
