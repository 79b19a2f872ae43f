// Parsing JSON that comes from outside (session files, isolation requests, worker results) within
// limits, and messages that name the field. Internal to core/session: the public interface stays
// session_file.h's plain values and strings.
//
// `SessionJson` is nlohmann's document with two changes for untrusted input: integers convert only
// when they fit the target (nlohmann casts 1e300 or 1.5 into an int unchecked), and every value
// knows its parent (JSON_DIAGNOSTICS, set on inferscope_core_base), so a type error names its path.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/common/cancel_token.h"

namespace inferscope::session_json {

// Integral targets read strictly: an integer in range, or a float with an integral value in range.
template <typename T, typename = void>
struct StrictSerializer : nlohmann::adl_serializer<T> {};

template <typename T>
struct StrictSerializer<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  template <typename Json>
  static void from_json(const Json& j, T& value) {
    const auto fail = [&](const std::string& what) {
      throw nlohmann::detail::type_error::create(302, what, &j);
    };
    if (j.is_number_unsigned()) {
      const auto v = j.template get_ref<const typename Json::number_unsigned_t&>();
      if (v > static_cast<std::make_unsigned_t<std::intmax_t>>(std::numeric_limits<T>::max())) {
        fail("integer out of range");
      }
      value = static_cast<T>(v);
    } else if (j.is_number_integer()) {
      const auto v = j.template get_ref<const typename Json::number_integer_t&>();
      if ((std::is_unsigned_v<T> && v < 0) ||
          (std::is_signed_v<T> &&
           (v < static_cast<std::intmax_t>(std::numeric_limits<T>::min()) ||
            v > static_cast<std::intmax_t>(std::numeric_limits<T>::max())))) {
        fail("integer out of range");
      }
      value = static_cast<T>(v);
    } else if (j.is_number_float()) {
      const double v = j.template get_ref<const typename Json::number_float_t&>();
      // Compared as doubles: max() rounds up to 2^63 / 2^64, so `<` keeps the cast defined.
      if (!(v >= static_cast<double>(std::numeric_limits<T>::min()) &&
            v < static_cast<double>(std::numeric_limits<T>::max()) + 1.0) ||
          std::floor(v) != v) {
        fail("type must be integer, but is a fractional or out-of-range number");
      }
      value = static_cast<T>(v);
    } else {
      fail(std::string("type must be number, but is ") + j.type_name());
    }
  }
  template <typename Json>
  static void to_json(Json& j, T value) {
    nlohmann::adl_serializer<T>::to_json(j, value);
  }
};

using Json = nlohmann::basic_json<std::map, std::vector, std::string, bool, std::int64_t,
                                  std::uint64_t, double, std::allocator, StrictSerializer>;

// A structural copy between two nlohmann document types — this file's strict Json and the plain
// nlohmann::json the value types' to_json/from_json use — with no text in between. Recursive:
// documents reach it only within ParseLimits' depth, or from our own writers.
template <class To, class From>
To convertJson(const From& from) {
  using Type = nlohmann::json::value_t;
  switch (from.type()) {
    case Type::object: {
      To out = To::object();
      for (auto it = from.begin(); it != from.end(); ++it)
        out[it.key()] = convertJson<To>(it.value());
      return out;
    }
    case Type::array: {
      To out = To::array();
      for (const auto& element : from) out.push_back(convertJson<To>(element));
      return out;
    }
    case Type::string:
      return To(from.template get_ref<const typename From::string_t&>());
    case Type::boolean:
      return To(from.template get_ref<const typename From::boolean_t&>());
    case Type::number_integer:
      return To(from.template get_ref<const typename From::number_integer_t&>());
    case Type::number_unsigned:
      return To(from.template get_ref<const typename From::number_unsigned_t&>());
    case Type::number_float:
      return To(from.template get_ref<const typename From::number_float_t&>());
    default:  // null, and nothing else a parser or our writers produce
      return To(nullptr);
  }
}

struct ParseLimits {
  int max_depth = 64;
  const CancelToken* cancel = nullptr;
  std::function<void(double)> progress;  // fraction of the text parsed, 0…1
};

// Parses `text`; every failure is Error(InvalidInput) starting with `origin` ("run.json is empty",
// "run.json is not valid JSON: syntax error at byte 12 (line 1, column 12)", "… nested more than
// 64 levels deep at byte 640"), or Error(Cancelled).
Json parseBounded(std::string_view text, const std::string& origin, const ParseLimits& limits);

// "configs[3].latency_ms[17]: expected a number, got a string" for any nlohmann exception thrown
// while converting a SessionJson: no "[json.exception.type_error.302]".
std::string describe(const nlohmann::json::exception& e);

}  // namespace inferscope::session_json
