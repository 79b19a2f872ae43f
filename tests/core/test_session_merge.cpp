#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "core/common/error.h"
#include "core/engine/device_groups.h"
#include "core/engine/plan_shard.h"
#include "core/session/session_file.h"
#include "core/session/session_merge.h"

using namespace inferscope;

namespace {

DeviceInfo h200(int index = 0) {
  DeviceInfo d;
  d.kind = DeviceKind::Cuda;
  d.index = index;
  d.name = "NVIDIA H200";
  d.cc_major = 9;
  d.libtorch_version = "2.9.0";
  d.cuda_runtime_version = "12.8";
  d.cudnn_version = "9.10";
  d.driver_version = "580.95.05";
  return d;
}

// A steady series around `median_ms` (alternating ±1 %), so ranking has samples to bootstrap.
ConfigResult measured(const OptimizationConfig& config, int index, double median_ms) {
  ConfigResult r;
  r.index = index;
  r.config = config;
  for (int i = 0; i < 40; ++i) r.latency_ms.push_back(median_ms * (i % 2 ? 1.01 : 0.99));
  r.stats.median_ms = median_ms;
  r.steady.analysed = true;
  r.steady.median_ci_low_ms = median_ms * 0.99;
  r.steady.median_ci_high_ms = median_ms * 1.01;
  r.accuracy.measured = true;
  return r;
}

// The plan these tests shard, and a made-up latency per config (fp32 10 ms, then faster).
const std::vector<OptimizationConfig>& fullPlan() {
  static const auto p = [] {
    std::vector<OptimizationConfig> out;
    for (const char* k : {"fp32", "nograd+fp32", "autograd+fp32", "tf32", "bf16", "fp16",
                          "amp-bf16", "bf16+graph"}) {
      out.push_back(OptimizationConfig::parse(k));
    }
    return out;
  }();
  return p;
}

double latencyOf(const OptimizationConfig& c, double reference_ms) {
  for (std::size_t i = 0; i < fullPlan().size(); ++i) {
    if (fullPlan()[i] == c) return i == 0 ? reference_ms : 10.0 - 0.9 * static_cast<double>(i);
  }
  return 50;
}

SessionResult shardSession(ShardSpec shard, const std::string& host = "node-a",
                           DeviceInfo device = h200(), double reference_ms = 10.0) {
  SessionResult s;
  s.host = host;
  s.device = device;
  s.created_utc = fmt::format("2026-12-01T07:0{}:00Z", 9 - shard.index);
  s.request.model.name = "resnet18";
  s.request.batch = 1;
  s.request.device = DeviceKind::Cuda;
  s.request.plan = shardPlan(fullPlan(), shard);
  s.output_shapes = {"1x1000:float32"};
  s.shard = shard;
  for (std::size_t i = 0; i < s.request.plan.size(); ++i) {
    const auto& c = s.request.plan[i];
    s.configs.push_back(measured(c, static_cast<int>(i), latencyOf(c, reference_ms)));
  }
  return s;
}

std::vector<std::string> keysOf(const SessionResult& s) {
  std::vector<std::string> out;
  for (const auto& c : s.configs) out.push_back(c.config.key());
  return out;
}

std::string mergeError(const std::vector<MergeInput>& inputs, MergeOptions options = {}) {
  try {
    mergeSessions(inputs, options);
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    return e.what();
  }
  ADD_FAILURE() << "the merge was accepted";
  return "";
}

}  // namespace

TEST(SessionMerge, FourShardsInAnyOrderBecomeThePlanWithOneReference) {
  std::vector<MergeInput> inputs;
  for (int i : {2, 0, 3, 1}) {
    inputs.push_back(
        {shardSession({i, 4}, "node-a", h200(), 10.0 + 0.1 * i), fmt::format("s{}.json", i)});
  }
  const auto result = mergeSessions(inputs);
  const auto& m = result.session;
  std::vector<std::string> expected;
  for (const auto& c : fullPlan()) expected.push_back(c.key());
  EXPECT_EQ(keysOf(m), expected);
  ASSERT_EQ(m.request.plan.size(), fullPlan().size());
  for (std::size_t i = 0; i < m.configs.size(); ++i) {
    EXPECT_EQ(m.configs[i].index, static_cast<int>(i));
    EXPECT_EQ(m.request.plan[i], m.configs[i].config);
    EXPECT_FALSE(m.configs[i].measured_on) << "one host and device: nothing to say";
  }
  EXPECT_DOUBLE_EQ(m.configs[0].stats.median_ms, 10.0);  // shard 0's reference
  EXPECT_FALSE(m.shard);
  EXPECT_EQ(m.created_utc, "2026-12-01T07:06:00Z");  // the earliest shard's
  ASSERT_EQ(result.notes.size(), 1u);
  EXPECT_NE(result.notes[0].find("shard 0/4 (10.000 ms)"), std::string::npos) << result.notes[0];
  EXPECT_NE(result.notes[0].find("3.0 %"), std::string::npos) << result.notes[0];
  // Ranked like the plan it came from: fastest (bf16+graph) first, reference last.
  const auto ranking = rankSession(m);
  ASSERT_TRUE(ranking.baseline_index);
  EXPECT_EQ(*ranking.baseline_index, 0);
  EXPECT_EQ(m.configs[static_cast<std::size_t>(ranking.configs.front().index)].config.key(),
            "bf16+graph");
}

TEST(SessionMerge, PrefersTheFirstReferenceThatRanOk) {
  auto shard0 = shardSession({0, 2});
  shard0.configs[0].status = ConfigStatus::Error;
  shard0.configs[0].message = "crashed";
  const auto m = mergeSessions({{shard0, "a"}, {shardSession({1, 2}, "node-a", h200(), 11), "b"}});
  EXPECT_EQ(m.session.configs[0].status, ConfigStatus::Ok);
  EXPECT_DOUBLE_EQ(m.session.configs[0].stats.median_ms, 11.0);
  EXPECT_EQ(m.session.configs.size(), fullPlan().size());
}

TEST(SessionMerge, ShardsOnSeveralHostsSayWhereEachResultRan) {
  const auto m = mergeSessions({{shardSession({0, 2}, "node-a"), "a"},
                                {shardSession({1, 2}, "node-b", h200(3)), "b"}})
                     .session;
  EXPECT_EQ(m.host, "node-a, node-b");
  for (const auto& c : m.configs) {
    ASSERT_TRUE(c.measured_on) << c.config.key();
    const bool from_b =
        c.index % 2 == 0 && c.index > 0;  // dealt entries 1, 3, 5 → positions 2, 4, 6
    EXPECT_EQ(c.measured_on->host, from_b ? "node-b" : "node-a") << c.config.key();
    EXPECT_EQ(c.measured_on->device.index, from_b ? 3 : 0);
  }
  EXPECT_EQ(placeLabel(*m.configs[2].measured_on), "node-b cuda:3");
  EXPECT_EQ(rankDeviceGroups(m).size(), 1u);  // same device model and libraries: one ranking
}

TEST(SessionMerge, RefusesADifferentExperimentNamingFieldValuesAndFiles) {
  auto other = shardSession({1, 2});
  other.request.batch = 32;
  const auto message = mergeError({{shardSession({0, 2}), "a.json"}, {other, "b.json"}});
  EXPECT_NE(message.find("batch differs ('1' in a.json, '32' in b.json)"), std::string::npos)
      << message;
  // Keeping devices apart does not make two experiments one.
  other = shardSession({1, 2});
  other.request.model.name = "resnet50";
  EXPECT_NE(mergeError({{shardSession({0, 2}), "a.json"}, {other, "b.json"}}, {true})
                .find("model differs ('resnet18' in a.json, 'resnet50' in b.json)"),
            std::string::npos);
  other = shardSession({1, 2});
  other.request.run.warmup_iterations = 3;
  EXPECT_NE(mergeError({{shardSession({0, 2}), "a.json"}, {other, "b.json"}})
                .find("warm-up iterations differs"),
            std::string::npos);
}

TEST(SessionMerge, RefusesOtherDevicesOrLibrariesUnlessKeptApart) {
  auto a100 = h200();
  a100.name = "NVIDIA A100-SXM4-80GB";
  a100.cc_major = 8;
  auto message =
      mergeError({{shardSession({0, 1}), "h.json"}, {shardSession({0, 1}, "b", a100), "a.json"}});
  EXPECT_NE(message.find("device name differs ('NVIDIA H200' in h.json, 'NVIDIA A100-SXM4-80GB' in "
                         "a.json)"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("--keep-hosts"), std::string::npos) << message;
  auto newer = h200();
  newer.libtorch_version = "2.10.0";
  message =
      mergeError({{shardSession({0, 1}), "h.json"}, {shardSession({0, 1}, "b", newer), "n.json"}});
  EXPECT_NE(message.find("LibTorch version differs ('2.9.0' in h.json, '2.10.0' in n.json)"),
            std::string::npos)
      << message;

  const auto kept = mergeSessions({{shardSession({0, 2}), "h0"},
                                   {shardSession({0, 1}, "b", a100, 20.0), "a"},
                                   {shardSession({1, 2}), "h1"}},
                                  {true});
  const auto& m = kept.session;
  ASSERT_EQ(m.configs.size(), 2 * fullPlan().size());
  const auto groups = rankDeviceGroups(m);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].label, "NVIDIA H200");
  EXPECT_EQ(groups[1].label, "NVIDIA A100-SXM4-80GB");
  for (const auto& g : groups) {
    ASSERT_EQ(g.positions.size(), fullPlan().size());
    ASSERT_TRUE(g.ranking.baseline_index);
    const auto& reference =
        m.configs[static_cast<std::size_t>(g.positions[*g.ranking.baseline_index])];
    EXPECT_EQ(reference.config.key(), "fp32");
    EXPECT_EQ(reference.measured_on->device.name, g.device.name);  // each group its own reference
  }
  EXPECT_DOUBLE_EQ(m.configs[static_cast<std::size_t>(groups[1].positions[0])].stats.median_ms,
                   20.0);
  EXPECT_EQ(kept.notes.size(), 2u);  // the H200 shards' dropped reference, and the two groups
}

TEST(SessionMerge, LabelsGroupsOfOneDeviceModelByTheirDifference) {
  auto newer = h200();
  newer.libtorch_version = "2.10.0";
  const auto m =
      mergeSessions({{shardSession({0, 1}), "a"}, {shardSession({0, 1}, "b", newer), "b"}}, {true})
          .session;
  const auto groups = rankDeviceGroups(m);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].label, "NVIDIA H200 (LibTorch version 2.9.0)");
  EXPECT_EQ(groups[1].label, "NVIDIA H200 (LibTorch version 2.10.0)");
}

TEST(SessionMerge, RefusesMissingRepeatedOrMixedShards) {
  EXPECT_NE(
      mergeError({{shardSession({0, 3}), "a"}, {shardSession({2, 3}), "c"}})
          .find("1 shard(s) of the split into 3 are missing: 1/3 (given: 0/3 in a, 2/3 in c)"),
      std::string::npos);
  EXPECT_NE(mergeError({{shardSession({0, 2}), "a"}, {shardSession({0, 2}), "b"}})
                .find("shard 0/2 is given twice (a and b)"),
            std::string::npos);
  EXPECT_NE(mergeError({{shardSession({0, 2}), "a"}, {shardSession({1, 3}), "b"}})
                .find("shards of different splits (0/2 and 1/3)"),
            std::string::npos);
  EXPECT_NE(mergeError({}).find("nothing to merge"), std::string::npos);
}

TEST(SessionMerge, WholeSessionsAreAppendedAsTheyAre) {
  auto whole = shardSession({0, 1});
  whole.shard.reset();
  auto again = whole;
  again.host = "node-b";
  const auto m = mergeSessions({{whole, "a"}, {again, "b"}}).session;
  EXPECT_EQ(m.configs.size(), 2 * fullPlan().size());  // nothing dropped: neither is a shard
  EXPECT_EQ(m.configs[fullPlan().size()].measured_on->host, "node-b");
}

TEST(SessionMerge, RefusesTheSameWholeSessionTwice) {
  auto whole = shardSession({0, 1});
  whole.shard.reset();
  // One file given twice, or a copy: every result would be ranked twice.
  EXPECT_NE(mergeError({{whole, "a.json"}, {shardSession({0, 1}), "s.json"}, {whole, "b.json"}})
                .find("b.json is the same session as a.json"),
            std::string::npos);
  // A session that differs in anything is another run and merges.
  auto other = whole;
  other.configs[1].latency_ms[0] *= 1.001;
  EXPECT_EQ(mergeSessions({{whole, "a.json"}, {other, "b.json"}}).session.configs.size(),
            2 * fullPlan().size());
}

TEST(SessionFile, RejectsShardNumbersThatAreNotWholeNumbersInRange) {
  // Read as written: get<int> wrapped 2^32 to 0 (a second shard 0) and cut 1.5 to 1.
  for (const char* bad : {"\"index\": -1", "\"index\": 4294967296", "\"index\": 1.5",
                          "\"index\": \"1\"", "\"index\": 1e300"}) {
    auto text = sessionToJson(shardSession({1, 4}));
    const auto at = text.find("\"index\": 1", text.find("\"shard\""));
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 10, bad);
    try {
      sessionFromJson(text, "bad.json");
      ADD_FAILURE() << "accepted " << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("shard '"), std::string::npos) << e.what();
    }
  }
}

TEST(SessionFile, ShardAndMeasuredOnRoundTripAndStayOptional) {
  auto s = shardSession({1, 4});
  s.configs[1].measured_on = MeasuredOn{"gpu-7", h200(2)};
  const auto back = sessionFromJson(sessionToJson(s));
  ASSERT_TRUE(back.shard);
  EXPECT_EQ(*back.shard, (ShardSpec{1, 4}));
  EXPECT_FALSE(back.configs[0].measured_on);
  ASSERT_TRUE(back.configs[1].measured_on);
  EXPECT_EQ(back.configs[1].measured_on->host, "gpu-7");
  EXPECT_EQ(back.configs[1].measured_on->device.index, 2);
  EXPECT_EQ(back.configs[1].measured_on->device.name, "NVIDIA H200");
  s.shard.reset();
  s.configs[1].measured_on.reset();
  const auto text = sessionToJson(s);
  EXPECT_EQ(text.find("\"shard\""), std::string::npos);
  EXPECT_EQ(text.find("measured_on"), std::string::npos);
  EXPECT_FALSE(sessionFromJson(text).shard);
}

TEST(SessionFile, RejectsAShardOutOfRange) {
  auto text = sessionToJson(shardSession({1, 4}));
  const auto at = text.find("\"count\": 4");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 10, "\"count\": 1");
  try {
    sessionFromJson(text, "bad.json");
    ADD_FAILURE() << "accepted shard 1/1";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("'1/1'"), std::string::npos) << e.what();
  }
}
