// Strict JSON reading with messages that name the file and the key (see json_reader.h).
#include "core/advisor/json_reader.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

namespace inferscope::advisor {
namespace {

const char* typeName(const nlohmann::json& v) {
  switch (v.type()) {
    case nlohmann::json::value_t::null: return "null";
    case nlohmann::json::value_t::object: return "an object";
    case nlohmann::json::value_t::array: return "an array";
    case nlohmann::json::value_t::string: return "string";
    case nlohmann::json::value_t::boolean: return "boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned: return "integer";
    case nlohmann::json::value_t::number_float: return "number";
    default: return "an unsupported value";
  }
}

// A short rendering of the offending value for messages; long values are cut.
std::string shortDump(const nlohmann::json& v) {
  if (v.is_object()) return "{…}";
  if (v.is_array()) return "[…]";
  std::string text = v.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "…";
  return text;
}

}  // namespace

nlohmann::json JsonReader::parseText(std::string_view text, const std::string& origin) {
  try {
    return nlohmann::json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::parse_error& e) {
    // e.what() names nlohmann's internals; the byte offset is what the user can act on.
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: not valid JSON (syntax error near byte {})", origin, e.byte));
  }
}

std::string JsonReader::where() const {
  return path_.empty() ? std::string("the top level") : fmt::format("'{}'", path_);
}

void JsonReader::fail(const std::string& what, ErrorKind kind) const {
  throw Error(kind, fmt::format("{}: {}", origin_, what));
}

void JsonReader::wrongType(const char* expected) const {
  fail(fmt::format("{} must be {}, got {} {}", where(), expected, typeName(*value_), shortDump(*value_)));
}

std::string JsonReader::child(const std::string& key) const {
  return path_.empty() ? key : fmt::format("{}.{}", path_, key);
}

void JsonReader::expectAnyObject() const {
  if (!value_->is_object()) wrongType("an object");
}

void JsonReader::expectObject(std::initializer_list<const char*> allowed) const {
  expectAnyObject();
  for (const auto& [key, value] : value_->items()) {
    const bool known = std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; });
    if (!known) {
      fail(fmt::format("unknown key '{}' (valid keys in {}: {})", child(key), where(),
                       fmt::join(allowed, ", ")));
    }
  }
}

bool JsonReader::has(const char* key) const { return value_->is_object() && value_->contains(key); }

JsonReader JsonReader::at(const char* key) const {
  expectAnyObject();
  const auto it = value_->find(key);
  if (it == value_->end()) fail(fmt::format("missing key '{}'", child(key)));
  return JsonReader(*it, origin_, child(key));
}

std::vector<JsonReader> JsonReader::elements() const {
  if (!value_->is_array()) wrongType("an array");
  std::vector<JsonReader> out;
  for (std::size_t i = 0; i < value_->size(); ++i) {
    out.emplace_back((*value_)[i], origin_, fmt::format("{}[{}]", path_, i));
  }
  return out;
}

std::vector<std::pair<std::string, JsonReader>> JsonReader::members() const {
  expectAnyObject();
  std::vector<std::pair<std::string, JsonReader>> out;
  for (const auto& [key, value] : value_->items()) out.emplace_back(key, JsonReader(value, origin_, child(key)));
  return out;
}

std::string JsonReader::string() const {
  if (!value_->is_string()) wrongType("a string");
  return value_->get<std::string>();
}

bool JsonReader::boolean() const {
  if (!value_->is_boolean()) wrongType("a boolean (true or false)");
  return value_->get<bool>();
}

int JsonReader::integer() const {
  if (!value_->is_number_integer() && !value_->is_number_unsigned()) wrongType("an integer");
  const auto v = value_->get<long long>();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    fail(fmt::format("{} is out of range: {}", where(), v));
  }
  return static_cast<int>(v);
}

double JsonReader::number() const {
  if (!value_->is_number()) wrongType("a number");
  return value_->get<double>();
}

std::vector<std::string> JsonReader::strings() const {
  std::vector<std::string> out;
  for (const auto& e : elements()) out.push_back(e.string());
  return out;
}

std::string JsonReader::oneOf(const std::vector<std::string>& valid) const {
  const auto s = string();
  if (std::find(valid.begin(), valid.end(), s) == valid.end()) {
    fail(fmt::format("{}: unknown value '{}' (valid: {})", where(), s, fmt::join(valid, ", ")));
  }
  return s;
}

}  // namespace inferscope::advisor
