// The one validation of session values (core/session/session_validation.h), as the session reader
// applies it for sweep --from, merge and the GUI: each hostile value of the bad-input matrix is
// refused naming its JSON path, and merge's messages stay short whatever the shard count.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/engine/plan_shard.h"
#include "core/session/session_file.h"
#include "core/session/session_merge.h"
#include "core/session/session_validation.h"

using namespace inferscope;

namespace {

ConfigResult okResult(const char* key, int index, double median_ms) {
  ConfigResult r;
  r.index = index;
  r.config = OptimizationConfig::parse(key);
  r.warmup_iterations = 2;
  for (int i = 0; i < 12; ++i) r.latency_ms.push_back(median_ms * (i % 2 ? 1.01 : 0.99));
  r.host_ms = r.latency_ms;
  r.stats.median_ms = median_ms;
  r.stats.min_ms = median_ms * 0.99;
  r.stats.max_ms = median_ms * 1.01;
  r.steady.analysed = true;
  r.steady.steady_start = 2;
  r.steady.median_ci_low_ms = median_ms * 0.99;
  r.steady.median_ci_high_ms = median_ms * 1.01;
  r.memory.peak_allocated_bytes = 1 << 20;
  r.accuracy.measured = true;
  r.accuracy.top1_agreement = 1.0;
  return r;
}

SessionResult goodSession() {
  SessionResult s;
  s.request.model.name = "resnet18";
  s.request.run.warmup_iterations = 2;
  s.request.plan.clear();  // a request's plan starts as the FP32 reference alone
  for (const char* key : {"fp32", "bf16"}) s.request.plan.push_back(OptimizationConfig::parse(key));
  s.configs = {okResult("fp32", 0, 10.0), okResult("bf16", 1, 5.0)};
  return s;
}

// Writes `s` after `change`, reads it back: the reader's error, or "" when it was accepted.
std::string readError(const std::function<void(SessionResult&)>& change) {
  auto s = goodSession();
  change(s);
  try {
    sessionFromJson(sessionToJson(s), "v.inferscope.json");
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput) << e.what();
    return e.what();
  }
  return {};
}

// The same for a hand-made document: `edit` rewrites the good session's text.
std::string textError(const std::function<std::string(std::string)>& edit) {
  try {
    sessionFromJson(edit(sessionToJson(goodSession(), -1)), "v.inferscope.json");
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput) << e.what();
    return e.what();
  }
  return {};
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

#define EXPECT_NAMES(message, needle) \
  EXPECT_NE(std::string(message).find(needle), std::string::npos) << (message)

}  // namespace

TEST(SessionValues, TheGoodSessionReads) {
  EXPECT_EQ(readError([](SessionResult&) {}), "");
}

TEST(SessionValues, LatenciesAreFiniteAndBetweenANanosecondAndADay) {
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].latency_ms[3] = 1e308; }),
               "configs[1].latency_ms[3]: 1e+308 ms is not a latency");
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].latency_ms[0] = 5e-324; }),
               "configs[1].latency_ms[0]");
  EXPECT_NAMES(readError([](auto& s) { s.configs[0].host_ms[2] = -1; }), "configs[0].host_ms[2]");
  EXPECT_NAMES(readError([](auto& s) { s.configs[0].stats.median_ms = 1e308; }),
               "configs[0].stats.median_ms");
  EXPECT_NAMES(readError([](auto& s) { s.configs[0].stats.p99_ms = -3; }),
               "configs[0].stats.p99_ms");
  EXPECT_NAMES(readError([](auto& s) { s.configs[0].steady.median_ci_high_ms = 1e300; }),
               "configs[0].steady_state.median_ci_ms[1]");
  EXPECT_NAMES(readError([](auto& s) { s.configs[0].setup_ms = -5; }), "configs[0].setup_ms");
  // Statistics of nothing measured are 0: "none", accepted.
  EXPECT_EQ(readError([](auto& s) { s.configs[1].stats.p99_ms = 0; }), "");
  // Just inside the bounds.
  EXPECT_EQ(readError([](auto& s) { s.configs[1].latency_ms[0] = 2e-6; }), "");
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].latency_ms[0] = 86'400'001.0; }),
               "between 1 ns and 1 day");
}

TEST(SessionValues, MemoryIsNeverNegativeNorAbsurd) {
  EXPECT_NAMES(
      readError([](auto& s) {
        s.configs[0].memory.peak_allocated_bytes = std::numeric_limits<std::int64_t>::min();
      }),
      "configs[0].memory.peak_allocated_bytes: -9223372036854775808 bytes is not a memory size");
  EXPECT_NAMES(readError([](auto& s) {
                 s.configs[0].memory.peak_reserved_bytes = std::numeric_limits<std::int64_t>::max();
               }),
               "configs[0].memory.peak_reserved_bytes");
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].memory.parameter_bytes = -1; }),
               "configs[1].memory.parameter_bytes");
  EXPECT_NAMES(readError([](auto& s) { s.device.total_memory_bytes = -1; }),
               "device.total_memory_bytes");
}

TEST(SessionValues, AccuracyFieldsStayInTheirDomains) {
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].accuracy.nan_count = -4; }),
               "configs[1].accuracy.nan_count");
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].accuracy.rel_l2_error = -0.5; }),
               "configs[1].accuracy.rel_l2_error");
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].accuracy.cosine_similarity = 1.5; }),
               "configs[1].accuracy.cosine_similarity: 1.5 is outside");
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].accuracy.top1_agreement = 2.0; }),
               "configs[1].accuracy.top1_agreement");
  // NaN errors (outputs with NaN: written as null) are what the run measured: read back as NaN.
  auto s = goodSession();
  s.configs[1].accuracy.nan_count = 7;
  s.configs[1].accuracy.rel_l2_error = std::numeric_limits<double>::quiet_NaN();
  s.configs[1].accuracy.max_abs_error = std::numeric_limits<double>::quiet_NaN();
  s.configs[1].accuracy.cosine_similarity = std::numeric_limits<double>::quiet_NaN();
  const auto back = sessionFromJson(sessionToJson(s));
  EXPECT_TRUE(std::isnan(back.configs[1].accuracy.rel_l2_error));
  EXPECT_TRUE(std::isnan(back.configs[1].accuracy.cosine_similarity));
  EXPECT_EQ(back.configs[1].accuracy.nan_count, 7);
}

TEST(SessionValues, RooflineNumbersAreFiniteNonNegativeNumbers) {
  const auto with_roofline = [](double flops, double bytes) {
    return [=](SessionResult& s) {
      roofline::ConfigRoofline r;
      r.work.flops = flops;
      r.work.bytes = bytes;
      s.configs[0].roofline = r;
    };
  };
  EXPECT_EQ(readError(with_roofline(3.6e9, 4.4e7)), "");
  EXPECT_NAMES(readError(with_roofline(-1e308, 1)), "configs[0].roofline.work.flops");
  EXPECT_NAMES(textError([](std::string t) {
                 t = replaced(t, R"("configs":[{)",
                              R"("configs":[{"roofline":{"work":{"flops":1,"bytes":"x"}},)");
                 return t;
               }),
               "bytes");
}

TEST(SessionValues, ARepeatedResultOrASecondReferenceIsRefused) {
  EXPECT_NAMES(readError([](auto& s) { s.configs.push_back(okResult("bf16", 2, 5.0)); }),
               "configs[1]: config 'bf16' appears 2 times, but the plan lists it 1 time");
  EXPECT_NAMES(readError([](auto& s) { s.configs.push_back(okResult("fp32", 2, 10.0)); }),
               "the FP32 reference 'fp32' appears 2 times");
  // A plan that repeats a config on purpose keeps both results.
  EXPECT_EQ(readError([](auto& s) {
              s.request.plan.push_back(OptimizationConfig::parse("bf16"));
              s.configs.push_back(okResult("bf16", 2, 5.1));
            }),
            "");
  // The same config measured on two GPUs is two results.
  EXPECT_EQ(readError([](auto& s) {
              s.configs.push_back(okResult("bf16", 2, 5.1));
              for (int i = 0; i < 3; ++i) {
                DeviceInfo d;
                d.kind = DeviceKind::Cuda;
                d.index = i == 2 ? 1 : 0;
                s.configs[static_cast<std::size_t>(i)].measured_on = MeasuredOn{"node", d};
              }
            }),
            "");
}

TEST(SessionValues, AKeyIsBoundedAndNamesEachTokenOnce) {
  EXPECT_NAMES(textError([](std::string t) {
                 return replaced(t, R"("key":"bf16")", R"("key":"bf16+cl+cl")");
               }),
               "configs[1]: key: the key 'bf16+cl+cl' names 'cl' twice");
  std::string huge = "bf16";
  for (int i = 0; i < 300'000; ++i) huge += "+cl";
  const auto message = textError([&](std::string t) {
    return replaced(t, R"("key":"bf16")", fmt::format(R"("key":"{}")", huge));
  });
  EXPECT_NAMES(message, "longer than the 128 characters");
  EXPECT_LT(message.size(), 400u) << "the message quotes the start of the key only";
  EXPECT_NAMES(textError([](std::string t) {
                 return replaced(t, R"("plan":["fp32",)", R"("plan":["fp32+fp32",)");
               }),
               "request.plan[0]");
}

TEST(SessionValues, AWarmUpLongerThanTheSamplesIsTheRequestsWhenTheRunStoppedEarly) {
  // profile --warmup 1 -n 2, a config out of memory in its first iteration: no samples.
  EXPECT_EQ(readError([](auto& s) {
              auto& c = s.configs[1];
              c.status = ConfigStatus::OutOfMemory;
              c.message = "out of memory";
              c.latency_ms.clear();
              c.host_ms.clear();
              c.stats = {};
              c.steady = {};
              c.accuracy = {};
            }),
            "");
  EXPECT_NAMES(readError([](auto& s) { s.configs[1].warmup_iterations = 13; }),
               "warmup_iterations 13 is outside 0…12");
}

TEST(SessionValues, AShardCountBeyondAnySessionIsRefused) {
  EXPECT_NAMES(readError([](auto& s) {
                 s.shard = ShardSpec{0, 2147483647};
               }),
               "shard.count: 2147483647 shards");
  EXPECT_EQ(readError([](auto& s) { s.shard = ShardSpec{0, 1}; }), "");
}

TEST(SessionValues, MergeNamesAFewMissingShardsNeverAllOfThem) {
  // A split into 2^31-1 (built as values, as a --devices run would hand them over): one line.
  auto s = goodSession();
  s.request.plan = {OptimizationConfig::parse("fp32")};
  s.configs = {okResult("fp32", 0, 10.0)};
  s.shard = ShardSpec{0, 2147483647};
  auto t = s;
  t.shard = ShardSpec{5, 2147483647};
  try {
    mergeSessions({{s, "a.json"}, {t, "b.json"}});
    ADD_FAILURE() << "merged";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_LT(what.size(), 600u) << what;
    EXPECT_NAMES(what,
                 "2147483645 shard(s) of the split into 2147483647 are missing: 1/2147483647, "
                 "2/2147483647");
    EXPECT_NAMES(what, "and 2147483635 more");
  }
}

TEST(SessionValues, AMergeOfACancelledInputCompletesAndSaysSo) {
  auto a = goodSession();
  auto b = goodSession();
  b.cancelled = true;
  b.configs.pop_back();
  b.request.plan.pop_back();
  a.configs.pop_back();
  a.request.plan.pop_back();
  // Two plain sessions of one device: their results side by side, with the cancelled one named.
  a.configs[0].measured_on = MeasuredOn{"a", DeviceInfo{}};
  b.configs[0].measured_on = MeasuredOn{"b", DeviceInfo{}};
  const auto merged = mergeSessions({{a, "a.json"}, {b, "b.json"}});
  EXPECT_TRUE(merged.session.cancelled);
  bool named = false;
  for (const auto& note : merged.notes)
    named = named || note.find("b.json is a cancelled run") == 0;
  EXPECT_TRUE(named);
}

TEST(SessionValues, AShardCountIsBoundedByThePlan) {
  const std::vector<OptimizationConfig> plan = {OptimizationConfig::parse("fp32"),
                                                OptimizationConfig::parse("bf16"),
                                                OptimizationConfig::parse("tf32")};
  EXPECT_EQ(dealtEntries(plan), 2u);
  EXPECT_NO_THROW(checkShardFits(ShardSpec{1, 2}, dealtEntries(plan), "--shard"));
  try {
    checkShardFits(ShardSpec{0, 2147483647}, dealtEntries(plan), "--shard");
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_NAMES(e.what(),
                 "--shard 0/2147483647: there are 2 configs besides the FP32 reference to "
                 "deal out, so n may be at most 2");
  }
  // A plan of the reference alone: one shard.
  EXPECT_NO_THROW(checkShardFits(ShardSpec{0, 1}, 0, "--shard"));
  EXPECT_THROW(checkShardFits(ShardSpec{0, 2}, 0, "--shard"), Error);
}
