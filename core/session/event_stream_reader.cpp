#include "core/session/event_stream_reader.h"

#include <fmt/format.h>

#include <cmath>
#include <utility>

#include "core/common/error.h"
#include "core/common/printable.h"
#include "core/session/bounded_json.h"
#include "core/session/session_values.h"

namespace inferscope {
namespace {

using json = session_json::Json;

constexpr int kMaxEventDepth = 64;         // a config result nests 7 deep
constexpr std::size_t kExcerptBytes = 80;  // of a line that is not an event, in its message

// The start of a line for a message: bounded, cut on a UTF-8 character boundary, escaped.
std::string excerpt(std::string_view line) {
  if (line.size() <= kExcerptBytes) return printable(line);
  std::size_t end = kExcerptBytes;
  while (end > 0 && (static_cast<unsigned char>(line[end]) & 0xC0U) == 0x80U) --end;
  return printable(line.substr(0, end)) + "…";
}

LogLevel logLevel(const std::string& name) {
  return name == "error" ? LogLevel::Error : name == "warning" ? LogLevel::Warning : LogLevel::Info;
}

std::optional<RunEvent> decodeRunEvent(const std::string& name, const json& j) {
  if (name == "config_start") {
    return ConfigStartEvent{j.at("index").get<int>(), j.at("count").get<int>(),
                            OptimizationConfig::parse(j.at("key").get<std::string>())};
  }
  if (name == "sample") {
    const Sample sample{j.at("config").get<int>(), j.at("iteration").get<int>(),
                        j.at("latency_ms").get<double>(), j.at("host_ms").get<double>(),
                        j.at("warmup").get<bool>()};
    if (!(sample.latency_ms > 0.0) || !std::isfinite(sample.latency_ms)) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("sample of iteration {}: latency_ms {} is not a time above 0 ms",
                              sample.iteration, sample.latency_ms));
    }
    return SampleEvent{sample};
  }
  if (name == "log") {
    return LogEvent{logLevel(j.value("level", "info")), j.value("message", "")};
  }
  if (name == "config_done") return ConfigDoneEvent{session_json::configResultFrom(j.at("result"))};
  if (name == "session_done") {
    SessionDoneEvent e;
    e.parameter_count = j.value("parameter_count", std::int64_t{0});
    e.output_shapes = j.value("output_shapes", std::vector<std::string>{});
    for (const auto& spec : j.value("inputs", std::vector<std::string>{}))
      e.inputs.push_back(InputSpec::parse(spec));
    if (j.contains("device")) e.device = session_json::deviceInfoFrom(j.at("device"));
    return e;
  }
  return std::nullopt;  // another event set's, or a newer writer's: the caller decides
}

// parseEventLine, saying in `problem` (when given) why a line it throws for is not an event.
EventLine parseLine(std::string_view line, std::size_t line_number, const std::string& origin,
                    int protocol, StreamItem::Problem* problem) {
  const std::string where = fmt::format("{}, line {}", origin, line_number);
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos || line[first] != '{') {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("{}: not an event (an event is a JSON object): {}", where, excerpt(line)));
  }
  session_json::ParseLimits limits;
  limits.max_depth = kMaxEventDepth;
  const json j = session_json::parseBounded(line, where, limits);
  EventLine event;
  event.line_number = line_number;
  try {
    if (!j.is_object()) throw Error(ErrorKind::InvalidInput, "an event is a JSON object");
    const auto version = j.find("protocol");
    if (version == j.end() || !version->is_number_integer()) {
      throw Error(
          ErrorKind::InvalidInput,
          fmt::format("no \"protocol\" version (every event carries \"protocol\":{})", protocol));
    }
    event.protocol = version->get<int>();
    if (event.protocol != protocol) {
      if (problem != nullptr) *problem = StreamItem::Problem::OtherVersion;
      throw Error(
          ErrorKind::InvalidInput,
          event.protocol > protocol
              ? fmt::format("event protocol {} is newer than this reader's {}: the writer is a "
                            "newer InferScope; use the same version on both sides",
                            event.protocol, protocol)
              : fmt::format("event protocol {} is not this reader's {}: use the same InferScope "
                            "version on both sides",
                            event.protocol, protocol));
    }
    const auto name = j.find("event");
    if (name == j.end() || !name->is_string() || name->get_ref<const std::string&>().empty())
      throw Error(ErrorKind::InvalidInput, "no \"event\" name");
    event.name = name->get<std::string>();
    event.run = decodeRunEvent(event.name, j);
  } catch (const nlohmann::json::exception& e) {
    // With the path of the offending value: "line 4: config_done: result.latency_ms[3]: …".
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: malformed {} event: {}", where,
                            event.name.empty() ? std::string("an") : event.name,
                            session_json::describe(e)));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) throw;
    throw Error(ErrorKind::InvalidInput, fmt::format("{}: {}", where, e.what()));
  }
  event.text = std::string(line);
  return event;
}

}  // namespace

EventLine parseEventLine(std::string_view line, std::size_t line_number, const std::string& origin,
                         int protocol) {
  return parseLine(line, line_number, origin, protocol, nullptr);
}

EventStreamReader::EventStreamReader(std::string origin, int protocol, std::size_t max_line_bytes)
    : origin_(std::move(origin)), protocol_(protocol), max_line_bytes_(max_line_bytes) {}

StreamItem EventStreamReader::item(std::string_view line) {
  StreamItem out;
  out.line_number = line_number_;
  StreamItem::Problem problem = StreamItem::Problem::NotAnEvent;
  try {
    out.event = parseLine(line, line_number_, origin_, protocol_, &problem);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) throw;
    out.problem = problem;
    out.error = e.what();
  }
  return out;
}

std::vector<StreamItem> EventStreamReader::feed(std::string_view bytes) {
  std::vector<StreamItem> items;
  while (!bytes.empty()) {
    const std::size_t newline = bytes.find('\n');
    const std::string_view part = bytes.substr(0, newline);
    bytes = newline == std::string_view::npos ? std::string_view() : bytes.substr(newline + 1);
    if (!dropping_) {
      if (pending_.size() + part.size() > max_line_bytes_) {
        // Reported once, when it passes the bound; the rest of the line is skipped as it comes.
        StreamItem over;
        over.line_number = line_number_ + 1;
        over.problem = StreamItem::Problem::TooLong;
        over.error = fmt::format(
            "{}, line {}: longer than {} bytes without a newline, not an event: dropped "
            "(starts {})",
            origin_, over.line_number, max_line_bytes_,
            excerpt(pending_.empty() ? part : std::string_view(pending_)));
        items.push_back(std::move(over));
        pending_.clear();
        dropping_ = true;
      } else {
        pending_.append(part);
      }
    }
    if (newline == std::string_view::npos) break;  // the line goes on in the next chunk
    ++line_number_;
    if (dropping_) {
      dropping_ = false;
      continue;
    }
    std::string line = std::move(pending_);
    pending_.clear();
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    items.push_back(item(line));
  }
  return items;
}

std::vector<StreamItem> EventStreamReader::finish() {
  std::vector<StreamItem> items;
  const bool partial = pending_.find_first_not_of(" \t\r") != std::string::npos;
  if (partial || dropping_) {
    StreamItem cut;
    cut.line_number = line_number_ + 1;
    cut.problem = dropping_ ? StreamItem::Problem::TooLong : StreamItem::Problem::Truncated;
    cut.error = fmt::format("{}, line {}: the stream ended inside a line (truncated): {}", origin_,
                            cut.line_number, excerpt(pending_));
    if (dropping_) {
      cut.error = fmt::format("{}, line {}: the stream ended inside a line over {} bytes", origin_,
                              cut.line_number, max_line_bytes_);
    }
    items.push_back(std::move(cut));
  }
  pending_.clear();
  dropping_ = false;
  return items;
}

}  // namespace inferscope
