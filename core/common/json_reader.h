// The project's one way of reading JSON: every value checked for its type, objects optionally for
// unknown keys, and each failure naming the origin and the JSON path of the offending value
// ("config.json: 'cudnn.benchmark' must be a boolean, got string \"yes\"",
// "configs[0].trace: 'top_kernels[2].count' must be an integer, got string \"x\""), so a
// hand-edited or foreign file can be fixed from the message alone.
//
// A template over the document type on purpose: libraries build nlohmann/json with different
// JSON_DIAGNOSTICS settings, which puts its types in different ABI namespaces. A plain inline class
// would have members such as elements() mangled alike in both and compiled for different layouts
// (the linker keeps one: an ODR violation that reads garbage); as BasicJsonReader<json> each
// library's reader is a type of its own.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/common/error.h"

namespace inferscope {

template <class Json>
class BasicJsonReader {
 public:
  // Parses text; a syntax error becomes Error(InvalidInput) with the byte offset.
  static Json parseText(std::string_view text, const std::string& origin) {
    try {
      return Json::parse(text.begin(), text.end());
    } catch (const typename Json::parse_error& e) {
      // e.what() names nlohmann's internals; the byte offset is what the user can act on.
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("{}: not valid JSON (syntax error near byte {})", origin, e.byte));
    }
  }

  // `origin` names the file or the part ("s.inferscope.json", "trace summary"); `path` the value's
  // place under it ("" for the top level).
  BasicJsonReader(const Json& value, std::string origin, std::string path = std::string())
      : value_(&value), origin_(std::move(origin)), path_(std::move(path)) {}

  // The value must be an object whose keys are all in `allowed`.
  void expectObject(std::initializer_list<const char*> allowed) const {
    expectAnyObject();
    for (const auto& item : value_->items()) {
      const auto& key = item.key();
      const bool known =
          std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; });
      if (!known) {
        fail(fmt::format("unknown key '{}' (valid keys in {}: {})", child(key), where(),
                         fmt::join(allowed, ", ")));
      }
    }
  }
  // The value must be an object; any key is accepted (maps, and parts that newer versions extend).
  void expectAnyObject() const {
    if (!value_->is_object()) wrongType("an object");
  }
  bool has(const char* key) const { return value_->is_object() && value_->contains(key); }
  bool isObject() const { return value_->is_object(); }
  BasicJsonReader at(const char* key) const {  // a required key
    expectAnyObject();
    const auto it = value_->find(key);
    if (it == value_->end()) fail(fmt::format("missing key '{}'", child(key)));
    return BasicJsonReader(*it, origin_, child(key));
  }
  std::vector<BasicJsonReader> elements() const {  // the value must be an array
    if (!value_->is_array()) wrongType("an array");
    std::vector<BasicJsonReader> out;
    for (std::size_t i = 0; i < value_->size(); ++i) {
      out.emplace_back((*value_)[i], origin_, fmt::format("{}[{}]", path_, i));
    }
    return out;
  }
  // Elements of the array at `key`, none when the key is absent.
  std::vector<BasicJsonReader> elementsOr(const char* key) const {
    return has(key) ? at(key).elements() : std::vector<BasicJsonReader>{};
  }
  std::vector<std::pair<std::string, BasicJsonReader>> members()
      const {  // the value must be an object
    expectAnyObject();
    std::vector<std::pair<std::string, BasicJsonReader>> out;
    for (const auto& item : value_->items())
      out.emplace_back(item.key(), BasicJsonReader(item.value(), origin_, child(item.key())));
    return out;
  }

  std::string string() const {
    if (!value_->is_string()) wrongType("a string");
    return value_->template get<std::string>();
  }
  bool boolean() const {
    if (!value_->is_boolean()) wrongType("a boolean (true or false)");
    return value_->template get<bool>();
  }
  int integer() const {
    return static_cast<int>(
        integerIn(std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  }
  std::int64_t int64() const {
    return integerIn(std::numeric_limits<std::int64_t>::min(),
                     std::numeric_limits<std::int64_t>::max());
  }
  std::uint64_t uint64() const {
    if (value_->is_number_unsigned()) return value_->template get<std::uint64_t>();
    return static_cast<std::uint64_t>(integerIn(0, std::numeric_limits<std::int64_t>::max()));
  }
  double number() const {
    if (!value_->is_number()) wrongType("a number");
    return value_->template get<double>();
  }
  std::vector<std::string> strings() const {  // an array of strings
    std::vector<std::string> out;
    for (const auto& e : elements()) out.push_back(e.string());
    return out;
  }
  std::vector<std::int64_t> int64s() const {  // an array of integers
    std::vector<std::int64_t> out;
    for (const auto& e : elements()) out.push_back(e.int64());
    return out;
  }
  // Optional keys: the default when absent, the checked value when present.
  std::string stringOr(const char* key, std::string fallback) const {
    return has(key) ? at(key).string() : fallback;
  }
  bool booleanOr(const char* key, bool fallback) const {
    return has(key) ? at(key).boolean() : fallback;
  }
  int integerOr(const char* key, int fallback) const {
    return has(key) ? at(key).integer() : fallback;
  }
  std::uint64_t uint64Or(const char* key, std::uint64_t fallback) const {
    return has(key) ? at(key).uint64() : fallback;
  }
  double numberOr(const char* key, double fallback) const {
    return has(key) ? at(key).number() : fallback;
  }
  // A number that may be null ("not measured"): nullopt when absent or null.
  std::optional<double> optionalNumber(const char* key) const {
    if (!has(key) || value_->at(key).is_null()) return std::nullopt;
    return at(key).number();
  }

  // A value that must be one of `valid` ("'precision': unknown value 'bf8' (valid: fp32, …)").
  std::string oneOf(const std::vector<std::string>& valid) const {
    const auto s = string();
    if (std::find(valid.begin(), valid.end(), s) == valid.end()) {
      fail(fmt::format("{}: unknown value '{}' (valid: {})", where(), s, fmt::join(valid, ", ")));
    }
    return s;
  }

  const std::string& path() const { return path_; }
  // "'cudnn.benchmark'" or "the top level".
  std::string where() const {
    return path_.empty() ? std::string("the top level") : fmt::format("'{}'", path_);
  }
  [[noreturn]] void fail(const std::string& what, ErrorKind kind = ErrorKind::InvalidInput) const {
    throw Error(kind, fmt::format("{}: {}", origin_, what));
  }

 private:
  static const char* typeName(const Json& v) {
    switch (v.type()) {
      case Json::value_t::null:
        return "null";
      case Json::value_t::object:
        return "an object";
      case Json::value_t::array:
        return "an array";
      case Json::value_t::string:
        return "string";
      case Json::value_t::boolean:
        return "boolean";
      case Json::value_t::number_integer:
      case Json::value_t::number_unsigned:
        return "integer";
      case Json::value_t::number_float:
        return "number";
      default:
        return "an unsupported value";
    }
  }
  // A short rendering of the offending value for messages; long values are cut.
  static std::string shortDump(const Json& v) {
    if (v.is_object()) return "{…}";
    if (v.is_array()) return "[…]";
    std::string text = v.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "…";
    return text;
  }
  [[noreturn]] void wrongType(const char* expected) const {
    fail(fmt::format("{} must be {}, got {} {}", where(), expected, typeName(*value_),
                     shortDump(*value_)));
  }
  std::int64_t integerIn(std::int64_t low, std::int64_t high) const {
    if (!value_->is_number_integer() && !value_->is_number_unsigned()) wrongType("an integer");
    if (value_->is_number_unsigned() &&
        value_->template get<std::uint64_t>() > static_cast<std::uint64_t>(high)) {
      fail(fmt::format("{} is out of range: {}", where(), value_->dump()));
    }
    const auto v = value_->template get<std::int64_t>();
    if (v < low || v > high) fail(fmt::format("{} is out of range: {}", where(), v));
    return v;
  }
  std::string child(const std::string& key) const {
    return path_.empty() ? key : fmt::format("{}.{}", path_, key);
  }

  const Json* value_;
  std::string origin_;
  std::string path_;
};

// The reader of plain nlohmann::json documents, as each library builds them.
using JsonReader = BasicJsonReader<nlohmann::json>;

}  // namespace inferscope
