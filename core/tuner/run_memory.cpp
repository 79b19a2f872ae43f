#include "core/tuner/run_memory.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/json_reader.h"
#include "core/common/python_helpers.h"
#include "core/common/sha256.h"
#include "core/session/tune_json.h"

namespace inferscope::tuner {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// What tells a run memory from any other JSON file in the folder (or a file put there by hand).
constexpr const char* kKind = "inferscope-run-memory";

// Candidates the latest run did not measure itself: not reached, or settled from the memory.
bool measuredByThisRun(const TuneCandidateRecord& c) {
  return c.state != "not-measured" && c.reason.rfind("remembered:", 0) != 0;
}

}  // namespace

bool MemoryKey::operator==(const MemoryKey& o) const {
  return model == o.model && inputs == o.inputs && device == o.device && versions == o.versions;
}

std::string MemoryKey::fileName(const std::string& model_name) const {
  std::string name = model_name.empty() ? std::string("model") : model_name;
  for (auto& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  }
  const auto hash =
      sha256Hex(fmt::format("{}\n{}\n{}\n{}", model, inputs, device, versions)).substr(0, 16);
  return fmt::format("{}-{}.json", name.substr(0, 48), hash);
}

bool ConfirmedAnswer::operator==(const ConfirmedAnswer& o) const {
  return key == o.key && median_ms == o.median_ms && low_ms == o.low_ms && high_ms == o.high_ms &&
         processes == o.processes && at_unix_s == o.at_unix_s;
}

bool RunMemory::operator==(const RunMemory& o) const {
  return key == o.key && written_unix_s == o.written_unix_s && race == o.race &&
         measured_at_unix_s == o.measured_at_unix_s && confirmed == o.confirmed;
}

RunMemory mergeRun(const std::optional<RunMemory>& earlier, const MemoryKey& key,
                   const TuneRecord& race, double now_unix_s) {
  RunMemory m;
  m.key = key;
  m.written_unix_s = now_unix_s;
  m.race = race;
  const bool same = earlier && earlier->key == key;
  for (auto& c : m.race.candidates) {
    if (measuredByThisRun(c)) {
      m.measured_at_unix_s[c.key] = now_unix_s;
      continue;
    }
    const auto* before = same ? earlier->race.find(c.key) : nullptr;
    if (before && before->state != "not-measured") {
      c = *before;
      const auto at = earlier->measured_at_unix_s.find(c.key);
      m.measured_at_unix_s[c.key] =
          at != earlier->measured_at_unix_s.end() ? at->second : earlier->written_unix_s;
    }
  }
  // Candidates of the earlier space that this run's space no longer holds are not kept: the
  // memory describes the space the next run races.
  const auto* winner = race.winner.empty() ? nullptr : race.find(race.winner);
  if (winner && winner->forks && winner->forks->forks >= 2 && winner->forks->median_ms > 0) {
    const auto& f = *winner->forks;
    m.confirmed = ConfirmedAnswer{winner->key,
                                  f.median_ms,
                                  f.ci_low_ms > 0 ? f.ci_low_ms : f.median_ms,
                                  f.ci_high_ms > 0 ? f.ci_high_ms : f.median_ms,
                                  f.forks,
                                  now_unix_s};
  } else if (same) {
    m.confirmed = earlier->confirmed;
  }
  return m;
}

std::string runMemoryToJson(const RunMemory& m) {
  Json at = Json::object();
  for (const auto& [key, when] : m.measured_at_unix_s) at[key] = when;
  Json j = {{"kind", kKind},
            {"format", kRunMemoryFormat},
            {"key",
             {{"model", m.key.model},
              {"inputs", m.key.inputs},
              {"device", m.key.device},
              {"versions", m.key.versions}}},
            {"written_unix_s", m.written_unix_s},
            {"measured_at_unix_s", at},
            {"race", Json::parse(tuneRecordToJson(m.race))}};
  if (m.confirmed) {
    const auto& c = *m.confirmed;
    j["confirmed"] = {
        {"key", c.key},         {"median_ms", c.median_ms}, {"low_ms", c.low_ms},
        {"high_ms", c.high_ms}, {"processes", c.processes}, {"at_unix_s", c.at_unix_s}};
  }
  return j.dump(1);
}

RunMemory runMemoryFromJson(std::string_view text, const std::string& origin) {
  const Json j = JsonReader::parseText(text, origin);
  const JsonReader r(j, origin);
  r.expectAnyObject();
  if (r.stringOr("kind", "") != kKind)
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("{}: not an InferScope run memory (no \"kind\": \"{}\")", origin, kKind));
  if (const int format = r.at("format").integer(); format != kRunMemoryFormat)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("{}: run memory format {}, this build reads format {}", origin, format,
                            kRunMemoryFormat));
  RunMemory m;
  const auto key = r.at("key");
  m.key = {key.at("model").string(), key.at("inputs").string(), key.at("device").string(),
           key.at("versions").string()};
  m.written_unix_s = r.at("written_unix_s").number();
  if (r.has("measured_at_unix_s")) {
    const auto at = r.at("measured_at_unix_s");
    at.expectAnyObject();
    for (const auto& item : j.at("measured_at_unix_s").items())
      m.measured_at_unix_s[item.key()] = at.at(item.key().c_str()).number();
  }
  m.race = tuneRecordFromJson(j.at("race").dump(), origin);
  if (r.has("confirmed")) {
    const auto c = r.at("confirmed");
    m.confirmed = ConfirmedAnswer{c.at("key").string(),        c.at("median_ms").number(),
                                  c.at("low_ms").number(),     c.at("high_ms").number(),
                                  c.at("processes").integer(), c.at("at_unix_s").number()};
  }
  return m;
}

std::string runMemoryDirectory() {
  return (fs::path(cacheDirectory()) / "memory").string();
}

std::optional<RunMemory> loadRunMemory(const std::string& path, const MemoryKey& key,
                                       std::string& warning) {
  warning.clear();
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  try {
    // Far above a real memory (a race of 100 candidates is about 100 kB).
    constexpr std::uint64_t kMaxMemoryBytes = std::uint64_t{16} << 20;
    auto memory = runMemoryFromJson(readFile(path, kMaxMemoryBytes), path);
    if (memory.key != key) {
      warning = fmt::format(
          "run memory {} is of another model, inputs, device or software version: ignored (it "
          "is replaced at the end of this run)",
          path);
      return std::nullopt;
    }
    return memory;
  } catch (const std::exception& e) {
    warning =
        fmt::format("run memory ignored: {} (delete the file, or run with --fresh)", e.what());
  }
  return std::nullopt;
}

void saveRunMemory(const RunMemory& memory, const std::string& path) {
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec)
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot make the run memory folder {}: {}",
                            fs::path(path).parent_path().string(), ec.message()));
  writeFileAtomically(path, runMemoryToJson(memory) + "\n");
}

}  // namespace inferscope::tuner
