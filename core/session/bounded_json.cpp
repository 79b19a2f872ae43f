#include "core/session/bounded_json.h"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "core/common/error.h"

namespace inferscope::session_json {
namespace {

// A character iterator that publishes how far the parser has read, for progress, cancellation and
// messages (nlohmann's callback is told the depth, not the position).
class TrackedChars {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackedChars(const char* at, const char** position) : at_(at), position_(position) {}
  reference operator*() const { return *at_; }
  TrackedChars& operator++() {
    *position_ = ++at_;
    return *this;
  }
  TrackedChars operator++(int) {
    TrackedChars before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackedChars& other) const { return at_ == other.at_; }
  bool operator!=(const TrackedChars& other) const { return at_ != other.at_; }

 private:
  const char* at_;
  const char** position_;
};

struct TooDeep {};

// nlohmann's DOM builder behind a SAX layer that bounds the nesting and checks for cancellation.
// (Not nlohmann's parser callback: its DOM builder rescans the enclosing array after every object,
// quadratic in a session's 10 000 configs.)
class BoundedSax {
 public:
  using Dom = nlohmann::detail::json_sax_dom_parser<Json>;
  using number_integer_t = Json::number_integer_t;
  using number_unsigned_t = Json::number_unsigned_t;
  using number_float_t = Json::number_float_t;
  using string_t = Json::string_t;
  using binary_t = Json::binary_t;

  BoundedSax(Json& result, const ParseLimits& limits, std::function<void()> every_so_often)
      : dom_(result), limits_(limits), every_so_often_(std::move(every_so_often)) {}

  bool null() { return tick() && dom_.null(); }
  bool boolean(bool value) { return tick() && dom_.boolean(value); }
  bool number_integer(number_integer_t value) { return tick() && dom_.number_integer(value); }
  bool number_unsigned(number_unsigned_t value) { return tick() && dom_.number_unsigned(value); }
  bool number_float(number_float_t value, const string_t& text) {
    return tick() && dom_.number_float(value, text);
  }
  bool string(string_t& value) { return tick() && dom_.string(value); }
  bool binary(binary_t& value) { return tick() && dom_.binary(value); }
  bool start_object(std::size_t size) { return enter() && dom_.start_object(size); }
  bool key(string_t& value) { return dom_.key(value); }
  bool end_object() {
    --depth_;
    return dom_.end_object();
  }
  bool start_array(std::size_t size) { return enter() && dom_.start_array(size); }
  bool end_array() {
    --depth_;
    return dom_.end_array();
  }
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
    return dom_.parse_error(position, token, e);
  }

 private:
  bool enter() {
    if (++depth_ > limits_.max_depth) throw TooDeep{};
    return tick();
  }
  bool tick() {
    if ((++events_ & 0xFFFF) == 0) every_so_often_();
    return true;
  }

  Dom dom_;
  const ParseLimits& limits_;
  std::function<void()> every_so_often_;
  int depth_ = 0;
  std::size_t events_ = 0;
};

std::string lineAndColumn(std::string_view text, std::size_t byte) {
  byte = std::min(byte, text.size());
  const auto before = text.substr(0, byte);
  const auto line = static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n')) + 1;
  const auto last_newline = before.rfind('\n');
  const std::size_t column =
      last_newline == std::string_view::npos ? byte + 1 : byte - last_newline;
  return fmt::format("line {}, column {}", line, column);
}

// "/configs/3/latency_ms/17" → "configs[3].latency_ms[17]".
std::string pointerToPath(std::string_view pointer) {
  std::string path;
  while (!pointer.empty() && pointer.front() == '/') {
    pointer.remove_prefix(1);
    const auto end = pointer.find('/');
    std::string token(pointer.substr(0, end));
    pointer = end == std::string_view::npos ? std::string_view() : pointer.substr(end);
    for (std::size_t at; (at = token.find("~1")) != std::string::npos;) token.replace(at, 2, "/");
    for (std::size_t at; (at = token.find("~0")) != std::string::npos;) token.replace(at, 2, "~");
    const bool index = !token.empty() && std::all_of(token.begin(), token.end(),
                                                     [](char c) { return c >= '0' && c <= '9'; });
    if (index) {
      path += fmt::format("[{}]", token);
    } else {
      path += path.empty() ? token : "." + token;
    }
  }
  return path;
}

std::string withArticle(std::string_view type) {
  if (type == "null") return "null";
  const bool vowel =
      !type.empty() && std::string_view("aeiou").find(type.front()) != std::string_view::npos;
  return fmt::format("{} {}", vowel ? "an" : "a", type);
}

// nlohmann's wording, turned into what a user reads: "type must be number, but is string" →
// "expected a number, got a string".
std::string reword(std::string what) {
  constexpr std::string_view kTypeMust = "type must be ", kButIs = ", but is ";
  if (what.rfind(kTypeMust, 0) == 0) {
    const auto but = what.find(kButIs);
    if (but != std::string::npos) {
      const std::string expected = what.substr(kTypeMust.size(), but - kTypeMust.size());
      const std::string got = what.substr(but + kButIs.size());
      return fmt::format("expected {}, got {}", withArticle(expected),
                         got.rfind("a ", 0) == 0 ? got : withArticle(got));
    }
  }
  constexpr std::string_view kKey = "key '", kNotFound = "' not found";
  if (what.rfind(kKey, 0) == 0 && what.size() > kKey.size() + kNotFound.size() &&
      what.compare(what.size() - kNotFound.size(), kNotFound.size(), kNotFound) == 0) {
    return fmt::format("required field '{}' is missing",
                       what.substr(kKey.size(), what.size() - kKey.size() - kNotFound.size()));
  }
  for (std::string_view prefix :
       {std::string_view("cannot use value() with "),
        std::string_view("cannot use operator[] with a string argument with "),
        std::string_view("cannot use operator[] with a numeric argument with ")}) {
    if (what.rfind(prefix, 0) == 0) {
      const bool numeric = prefix.find("numeric") != std::string_view::npos;
      return fmt::format("expected {}, got {}", numeric ? "an array" : "an object",
                         withArticle(what.substr(prefix.size())));
    }
  }
  if (what == "integer out of range") return "the number is out of range here";
  return what;
}

}  // namespace

std::string describe(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (what.rfind("[json.exception.", 0) == 0) {
    const auto close = what.find("] ");
    if (close != std::string::npos) what.erase(0, close + 2);
  }
  std::string path;
  if (!what.empty() && what.front() == '(') {  // JSON_DIAGNOSTICS: "(/configs/3/key) …"
    const auto close = what.find(") ");
    if (close != std::string::npos) {
      path = pointerToPath(std::string_view(what).substr(1, close - 1));
      what.erase(0, close + 2);
    }
  }
  what = reword(std::move(what));
  return path.empty() ? what : fmt::format("{}: {}", path, what);
}

Json parseBounded(std::string_view text, const std::string& origin, const ParseLimits& limits) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    throw Error(ErrorKind::InvalidInput, fmt::format("{} is empty", origin));
  }
  const char* position = text.data();
  const auto at = [&] { return static_cast<std::size_t>(position - text.data()); };
  const auto every_so_often = [&] {
    if (limits.cancel != nullptr && limits.cancel->cancelled()) {
      throw Error(ErrorKind::Cancelled, fmt::format("reading {} was cancelled", origin));
    }
    if (limits.progress)
      limits.progress(static_cast<double>(at()) / static_cast<double>(text.size()));
  };
  try {
    Json result;
    BoundedSax sax(result, limits, every_so_often);
    Json::sax_parse(TrackedChars(text.data(), &position),
                    TrackedChars(text.data() + text.size(), &position), &sax);
    return result;
  } catch (const TooDeep&) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} nests values more than {} levels deep ({}): not a file InferScope "
                            "wrote",
                            origin, limits.max_depth, lineAndColumn(text, at())));
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{} is not valid JSON: syntax error at byte {} ({})", origin, e.byte,
                            lineAndColumn(text, e.byte == 0 ? 0 : e.byte - 1)));
  } catch (const nlohmann::json::exception& e) {  // number overflow (1e999), …
    throw Error(ErrorKind::InvalidInput, fmt::format("{} is not valid JSON: {} ({})", origin,
                                                     describe(e), lineAndColumn(text, at())));
  }
}

}  // namespace inferscope::session_json
