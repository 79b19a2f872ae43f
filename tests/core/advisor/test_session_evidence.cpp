// applySessionEvidence: a session measured on the same kind of device overrules the table where
// they disagree, quoting the measurement; a session from elsewhere changes nothing.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/advisor/advisor.h"
#include "core/advisor/config_document.h"
#include "core/advisor/session_evidence.h"
#include "core/engine/tune_answer.h"
#include "core/session/session_file.h"

namespace inferscope::advisor {
namespace {

ConfigResult measured(const char* key, double median_ms, double rel, double cosine) {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  r.stats.median_ms = median_ms;
  r.accuracy.measured = true;
  r.accuracy.rel_l2_error = rel;
  r.accuracy.cosine_similarity = cosine;
  return r;
}

SessionResult h200Session(std::vector<ConfigResult> configs) {
  SessionResult s;
  s.device.kind = DeviceKind::Cuda;
  s.device.name = "NVIDIA H200";
  s.device.cc_major = 9;
  s.device.cc_minor = 0;
  s.configs = std::move(configs);
  return s;
}

Recommendation hopperTransformerLatency(AccuracyMetric metric = AccuracyMetric::Auto) {
  const Advisor advisor;
  AdvisorRequest r;
  r.caps = advisor.simulatedCaps("hopper");
  r.family = ModelFamily::Transformer;
  r.goal = Goal::Latency;
  r.metric = metric;
  r.target_torch = TorchVersion::parse("2.11");
  return advisor.recommend(r);
}

TEST(SessionEvidence, TheDataOverrulesTheTableWhereTheyDisagree) {
  auto rec = hopperTransformerLatency(AccuracyMetric::RelL2);
  ASSERT_EQ(rec.config.key(), "bf16+graph");
  // Under rel. L2 at 1e-2 the H200 session's bf16+graph (1.2e-2) is unsafe; fp16+graph is safe.
  const auto session =
      h200Session({measured("fp32", 10.0, 0, 1), measured("bf16+graph", 2.75, 1.2e-2, 0.99993),
                   measured("fp16+graph", 2.80, 1.5e-3, 0.999999)});
  const auto out = applySessionEvidence(rec, session);
  EXPECT_EQ(out.config.key(), "fp16+graph");
  ASSERT_FALSE(out.warnings.empty());
  EXPECT_NE(out.warnings.back().find("overrules the table"), std::string::npos)
      << out.warnings.back();
  const auto* evidence = out.reasonFor("evidence");
  ASSERT_NE(evidence, nullptr);
  EXPECT_NE(evidence->rule.find("error 1.2e-02 > tolerance 1.0e-02"), std::string::npos)
      << evidence->rule;
  // The same verdict as fields, for a UI in another language, and the session it came from.
  EXPECT_EQ(evidence->note.code, "evidence.switched-rejected");
  EXPECT_EQ(evidence->note.value("chosen"), "fp16+graph");
  EXPECT_EQ(evidence->note.value("recommended"), "bf16+graph");
  EXPECT_EQ(evidence->note.value("configs"), "3");
  EXPECT_EQ(evidence->source_id, "session");
  ASSERT_EQ(out.warning_notes.size(), out.warnings.size());
  EXPECT_EQ(out.warning_notes.back().code, "session-overrules");
}

TEST(SessionEvidence, AgreementIsShownWithTheMeasurement) {
  // The same session under the default rule (cosine for an encoder): bf16+graph is safe and
  // fastest.
  const auto session =
      h200Session({measured("fp32", 10.0, 0, 1), measured("bf16+graph", 2.75, 1.2e-2, 0.99993),
                   measured("fp16+graph", 2.80, 1.5e-3, 0.999999)});
  const auto out = applySessionEvidence(hopperTransformerLatency(), session);
  EXPECT_EQ(out.config.key(), "bf16+graph");
  const auto* evidence = out.reasonFor("evidence");
  ASSERT_NE(evidence, nullptr);
  EXPECT_NE(evidence->rule.find("2.75 ms"), std::string::npos) << evidence->rule;
}

TEST(SessionEvidence, ASessionFromAnotherDeviceChangesNothing) {
  auto session = h200Session({measured("fp16+graph", 1.0, 1e-3, 1)});
  session.device.cc_major = 8;  // an Ampere session says nothing about Hopper
  const auto rec = hopperTransformerLatency();
  const auto out = applySessionEvidence(rec, session);
  EXPECT_EQ(out.config, rec.config);
  EXPECT_EQ(out.reasonFor("evidence"), nullptr);
}

// One recommendation: for every tuned session kept in bench/gpu/results, the wizard's
// recommendation (the table's, with the session as evidence), the config the exporters write
// (ConfigDocument, which every exporter takes) and the Answer page's config (raceAnswerKey) are
// the race's answer, whatever the table's rule and the session's medians would have picked.
TEST(SessionEvidence, ATunedSessionsRaceAnswerIsTheOneRecommendation) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(INFERSCOPE_SOURCE_DIR) / "bench/gpu/results";
  int tuned = 0, table_differs = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const auto name = entry.path().filename().string();
    if (name.size() < 16 || name.substr(name.size() - 16) != ".inferscope.json") continue;
    const auto session = loadSession(entry.path().string());
    if (session.races.empty() || session.races.front().winner.empty()) continue;
    ++tuned;
    const auto answer = answerOf(session.races.front(), &session).winner;
    for (const auto family : {ModelFamily::Cnn, ModelFamily::Transformer}) {
      const Advisor advisor;
      AdvisorRequest r;
      r.caps = DeviceCaps::from(session.device);
      r.device_name = session.device.name;
      r.family = family;
      r.target_torch = TorchVersion::parse("2.11");
      const auto table = advisor.recommend(r);
      const auto rec = applySessionEvidence(table, session);
      EXPECT_EQ(rec.config.key(), answer) << entry.path();
      EXPECT_EQ(ConfigDocument::from(rec).config.key(), answer) << entry.path();
      EXPECT_EQ(raceAnswerKey(session), answer) << entry.path();
      ASSERT_NE(rec.reasonFor("evidence"), nullptr) << entry.path();
      EXPECT_NE(rec.reasonFor("evidence")->rule.find(answer), std::string::npos);
      EXPECT_EQ(rec.reasonFor("evidence")->note.code, "evidence.race-answer");
      EXPECT_EQ(rec.reasonFor("evidence")->note.value("key"), answer);
      EXPECT_EQ(rec.warning_notes.size(), rec.warnings.size()) << entry.path();
      if (table.config.key() != answer) {
        ++table_differs;
        EXPECT_FALSE(rec.warnings.empty()) << entry.path();
      }
    }
  }
  EXPECT_GE(tuned, 20);
  EXPECT_GT(table_differs, 0);  // the race overrules the table somewhere, or the test tests nothing
}

// The wizard's family comes from the session: GPT-2 and DistilBERT (token ids), ViT-B/16 (images,
// named after its architecture) are transformers; MobileNet, EfficientNet, ConvNeXt are CNNs.
TEST(SessionEvidence, TheModelFamilyComesFromTheSession) {
  const auto family = [](const char* name, const char* input) {
    SessionResult s;
    s.request.model.name = name;
    s.request.inputs = {InputSpec::parse(input)};
    return sessionModelFamily(s);
  };
  EXPECT_EQ(family("hf_gpt2", "8x128:int64"), ModelFamily::Transformer);
  EXPECT_EQ(family("zoo_entries:distilbert", "16x128:int64"), ModelFamily::Transformer);
  EXPECT_EQ(family("tv_vit_b_16", "32x3x224x224"), ModelFamily::Transformer);
  EXPECT_EQ(family("zoo_entries:vit_b_16", "32x3x224x224"), ModelFamily::Transformer);
  EXPECT_EQ(family("zoo_entries:mobilenet_v3_large", "32x3x224x224"), ModelFamily::Cnn);
  EXPECT_EQ(family("zoo_entries:efficientnet_b0", "32x3x224x224"), ModelFamily::Cnn);
  EXPECT_EQ(family("resnet50", "32x3x224x224"), ModelFamily::Cnn);  // the zoo's own
  EXPECT_EQ(family("bert-encoder", "8x128:int64"), ModelFamily::Transformer);
  EXPECT_EQ(family("my_model", "8x16"), std::nullopt);  // 2-D floats: not known
}

}  // namespace
}  // namespace inferscope::advisor
