#include "core/advisor/session_evidence.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include "core/advisor/recommendation_validator.h"
#include "core/engine/tune_answer.h"
#include "core/model/model_zoo.h"

namespace inferscope::advisor {

bool sessionMatchesDevice(const Recommendation& rec, const SessionResult& session) {
  const auto caps = DeviceCaps::from(session.device);
  if (caps.kind != rec.request.caps.kind) return false;
  return !caps.isCuda() ||
         (caps.cc_major == rec.request.caps.cc_major && caps.cc_minor == rec.request.caps.cc_minor);
}

Recommendation applySessionEvidence(Recommendation rec, const SessionResult& session) {
  if (!sessionMatchesDevice(rec, session)) return rec;
  bool any_ok = false;
  for (const auto& c : session.configs) any_ok = any_ok || c.status == ConfigStatus::Ok;
  if (!any_ok) return rec;
  const std::string where =
      fmt::format("the open session ({}, {} configs, {})", session.device.name,
                  session.configs.size(), session.created_utc);
  // The session as values, for the notes: a UI in another language writes `where` itself.
  const std::map<std::string, std::string> session_values = {
      {"device", session.device.name},
      {"configs", std::to_string(session.configs.size())},
      {"created", session.created_utc}};
  auto with = [&](std::map<std::string, std::string> values) {
    values.insert(session_values.begin(), session_values.end());
    return values;
  };
  // A session that holds a race has one answer, the race's: the wizard, its exports and the
  // Answer page name it (the table's rule stays, as what the table would have picked). Judged
  // again here on medians of one kind, the race's answer lost to a config the race had not
  // confirmed (fp16+cl+aoti-graph+bench over the race's bf16+cl+aoti).
  if (const auto key = raceAnswerKey(session); !key.empty()) {
    try {
      const auto answer = OptimizationConfig::parse(key);
      const auto* race = &session.races.front();
      for (const auto& r : session.races) {
        if (r.winner == key) race = &r;
      }
      if (answer.key() != rec.config.key()) {
        rec.warn(
            fmt::format("{} holds a race: its answer {} instead of the table's {}", where,
                        answer.key(), rec.config.key()),
            {"race-answer-instead", with({{"answer", answer.key()}, {"table", rec.config.key()}})});
      }
      rec.config = answer;
      const std::string state = race->verdict_state.empty() ? "provisional" : race->verdict_state;
      rec.reasons.push_back(
          {"evidence",
           fmt::format("the race's answer: {} ({})", answer.key(), state),
           fmt::format("measured: {}", where),
           {"evidence.race-answer", with({{"key", answer.key()}, {"state", state}})},
           "session"});
      return rec;
    } catch (const std::exception&) {
      // A key this version cannot read: the session's medians decide, as for a session without
      // a race.
    }
  }
  const auto outcome = validateRecommendation(rec, session.configs);
  const auto* measured = session.find(rec.config.key());
  if (outcome.verdict == ValidationVerdict::Switched ||
      outcome.verdict == ValidationVerdict::FellBackToFp32) {
    rec.warn(fmt::format("{} overrules the table: {} instead of {}", where, outcome.chosen.key(),
                         rec.config.key()),
             {"session-overrules",
              with({{"chosen", outcome.chosen.key()}, {"table", rec.config.key()}})});
    rec.config = outcome.chosen;
  }
  // The validator's verdict as its fields, with whether the table's choice was measured at all.
  auto values = with(outcome.note.values);
  values["table_measured"] = measured ? "yes" : "no";
  rec.reasons.push_back({"evidence",
                         measured ? outcome.explanation
                                  : fmt::format("{} (the table's choice was not measured there)",
                                                outcome.explanation),
                         fmt::format("measured: {}", where),
                         {"evidence." + outcome.note.code, std::move(values)},
                         "session"});
  return rec;
}

std::optional<ModelFamily> sessionModelFamily(const SessionResult& session) {
  const auto& model = session.request.model;
  if (const auto zoo = findZooModel(model.name)) return zoo->family;
  // A file or an entry point named after its architecture ("tv_vit_b_16", "zoo_entries:gpt2"):
  // a ViT takes images as a CNN does, and is explained with the transformer's rules.
  std::string name = model.name;
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* t : {"vit", "bert", "gpt", "llama", "swin", "deit", "transformer", "t5"}) {
    const auto at = name.find(t);
    if (at == std::string::npos) continue;
    const auto end = at + std::char_traits<char>::length(t);
    const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(name[at - 1]));
    const bool ends = end == name.size() || !std::isalpha(static_cast<unsigned char>(name[end]));
    if (starts && ends) return ModelFamily::Transformer;
  }
  const auto& inputs = session.request.inputs;
  if (inputs.empty()) return std::nullopt;
  const bool tokens = std::any_of(inputs.begin(), inputs.end(),
                                  [](const InputSpec& i) { return !isFloatingPoint(i.dtype); });
  if (tokens) return ModelFamily::Transformer;
  if (inputs.size() == 1 && inputs.front().shape.size() == 4) return ModelFamily::Cnn;
  return std::nullopt;
}

std::optional<ConfigDocument> answerDocument(const SessionResult& session,
                                             TorchVersion fallback_target) {
  const auto key = raceAnswerKey(session);
  if (key.empty()) return std::nullopt;
  OptimizationConfig config;
  try {
    config = OptimizationConfig::parse(key);
  } catch (const std::exception&) {
    return std::nullopt;  // a key this version cannot read names no settings it can write
  }
  TorchVersion target = fallback_target;
  try {
    target = TorchVersion::parse(session.device.libtorch_version);
  } catch (const std::exception&) {
    // An older session, or one without its LibTorch: the caller's target.
  }
  auto doc = ConfigDocument::from(config, target, session.request.device,
                                  sessionModelFamily(session).value_or(ModelFamily::Cnn));
  doc.device_label = session.device.name;
  std::string state = "provisional";
  for (const auto& race : session.races) {
    if (race.winner == key && !race.verdict_state.empty()) state = race.verdict_state;
  }
  doc.reasons.push_back(
      {"evidence",
       fmt::format("the race's answer: {} ({})", key, state),
       fmt::format("measured: {} on {}", session.created_utc, session.device.name),
       {"evidence.race-answer",
        {{"key", key},
         {"state", state},
         {"device", session.device.name},
         {"created", session.created_utc}}},
       "session"});
  return doc;
}

}  // namespace inferscope::advisor
