// Strict reading of the advisor's JSON files (the generation table, exported configs): every value
// is checked for its type, every object for unknown keys, and each failure names the file and the
// JSON path of the offending key ("config.json: 'cudnn.benchmark' must be a boolean, got string
// \"yes\""), so a hand-edited file can be fixed from the message alone. Internal to core/advisor.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/error.h"

namespace inferscope::advisor {

class JsonReader {
 public:
  // Parses text; a syntax error becomes Error(InvalidInput) with the byte offset.
  static nlohmann::json parseText(std::string_view text, const std::string& origin);

  JsonReader(const nlohmann::json& value, std::string origin, std::string path = std::string())
      : value_(&value), origin_(std::move(origin)), path_(std::move(path)) {}

  // The value must be an object whose keys are all in `allowed`.
  void expectObject(std::initializer_list<const char*> allowed) const;
  // The value must be an object; any key is accepted (maps such as the rule table).
  void expectAnyObject() const;
  bool has(const char* key) const;
  JsonReader at(const char* key) const;  // required key
  std::vector<JsonReader> elements() const;            // the value must be an array
  std::vector<std::pair<std::string, JsonReader>> members() const;  // the value must be an object

  std::string string() const;
  bool boolean() const;
  int integer() const;
  double number() const;
  std::vector<std::string> strings() const;  // array of strings

  // A value that must be one of `valid` ("'precision': unknown value 'bf8' (valid: fp32, …)").
  std::string oneOf(const std::vector<std::string>& valid) const;

  const std::string& path() const { return path_; }
  // "'cudnn.benchmark'" or "the top level".
  std::string where() const;
  [[noreturn]] void fail(const std::string& what, ErrorKind kind = ErrorKind::InvalidInput) const;

 private:
  [[noreturn]] void wrongType(const char* expected) const;
  std::string child(const std::string& key) const;

  const nlohmann::json* value_;
  std::string origin_;
  std::string path_;
};

}  // namespace inferscope::advisor
