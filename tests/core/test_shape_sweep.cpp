// A plan over a shape set: one run per shape through a fake run, the joined session's results
// tagged and numbered, a shape that fails as a whole recorded and passed, cancellation, the cut
// back into one-shape sessions, and the file's round trip (a session the tool writes, it reads).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/engine/shape_sweep.h"
#include "core/session/session_file.h"

using namespace inferscope;

namespace {

ProfileRequest basePlan() {
  ProfileRequest r;
  r.model.name = "resnet18";
  r.plan = {OptimizationConfig{}, OptimizationConfig::parse("bf16")};
  return r;
}

// What a run at `request` returns: each config's median grows with the batch (2 ms + 0.5 ms per
// item), as a throughput-bound model's does; the run resolves zoo inputs as the engine does.
SessionResult fakeRun(const ProfileRequest& request) {
  SessionResult s;
  s.request = request;
  if (s.request.inputs.empty()) {
    s.request.inputs = {InputSpec::parse(fmt::format("{}x3x8x8:float32", request.batch))};
  }
  s.host = "test-host";
  for (std::size_t i = 0; i < request.plan.size(); ++i) {
    ConfigResult r;
    r.index = static_cast<int>(i);
    r.config = request.plan[i];
    r.stats.median_ms = 2.0 + 0.5 * static_cast<double>(request.batch);
    r.memory.peak_allocated_bytes = request.batch * 1000;
    s.configs.push_back(r);
  }
  return s;
}

}  // namespace

TEST(ShapeSweep, RunsThePlanAtEveryShapeAndTagsEachResult) {
  const auto set = parseShapeSet("1,4,16", {}, {});
  std::vector<std::int64_t> batches_run;
  CancelToken cancel;
  const auto session = runShapeSweep(
      basePlan(), set,
      [&](const ProfileRequest& r) {
        batches_run.push_back(r.batch);
        return fakeRun(r);
      },
      cancel);
  EXPECT_EQ(batches_run, (std::vector<std::int64_t>{1, 4, 16}));
  ASSERT_EQ(session.configs.size(), 6u);
  EXPECT_EQ(session.host, "test-host");
  EXPECT_EQ(session.request.batch, 1);  // the header is the first shape's
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    const auto& c = session.configs[i];
    EXPECT_EQ(c.index, static_cast<int>(i));
    ASSERT_TRUE(c.shape.has_value());
  }
  EXPECT_EQ(session.configs[5].shape->label, "B=16");
  EXPECT_EQ(session.configs[5].config.key(), "bf16");
  // The zoo inputs the run resolved travel with the shape.
  EXPECT_EQ(session.configs[3].shape->inputs.at(0).toString(), "4x3x8x8:float32");
  EXPECT_EQ(sessionShapes(session).size(), 3u);

  const auto at4 = sessionAtShape(session, "B=4");
  ASSERT_EQ(at4.configs.size(), 2u);
  EXPECT_EQ(at4.request.batch, 4);
  EXPECT_EQ(at4.request.inputs.at(0).toString(), "4x3x8x8:float32");
  EXPECT_DOUBLE_EQ(at4.configs[1].stats.median_ms, 4.0);
  EXPECT_TRUE(sessionAtShape(session, "B=5").configs.empty());
}

TEST(ShapeSweep, AShapeThatFailsIsRecordedAndTheSweepGoesOn) {
  const auto set = parseShapeSet("1,4,16", {}, {});
  CancelToken cancel;
  const auto session = runShapeSweep(
      basePlan(), set,
      [&](const ProfileRequest& r) {
        if (r.batch == 4) throw Error(ErrorKind::OutOfMemory, "CPU allocator: out of memory");
        return fakeRun(r);
      },
      cancel);
  ASSERT_EQ(session.configs.size(), 6u);
  EXPECT_EQ(session.configs[2].status, ConfigStatus::OutOfMemory);
  EXPECT_EQ(session.configs[3].status, ConfigStatus::OutOfMemory);
  EXPECT_NE(session.configs[2].message.find("B=4"), std::string::npos);
  EXPECT_NE(session.configs[2].message.find("out of memory"), std::string::npos);
  EXPECT_EQ(session.configs[4].status, ConfigStatus::Ok);  // B=16 still ran

  // At the first shape the model or its inputs are wrong: that is the run's error.
  EXPECT_THROW(runShapeSweep(
                   basePlan(), set,
                   [](const ProfileRequest&) -> SessionResult {
                     throw Error(ErrorKind::ModelLoad, "no such model");
                   },
                   cancel),
               Error);
}

TEST(ShapeSweep, StopsWhereCancelled) {
  const auto set = parseShapeSet("1,4,16", {}, {});
  CancelToken cancel;
  int runs = 0;
  const auto session = runShapeSweep(
      basePlan(), set,
      [&](const ProfileRequest& r) {
        if (++runs == 2) cancel.cancel();
        return fakeRun(r);
      },
      cancel);
  EXPECT_EQ(runs, 2);
  EXPECT_TRUE(session.cancelled);
  EXPECT_EQ(session.configs.size(), 4u);
}

TEST(ShapeSweep, TheFileKeepsEveryResultsShape) {
  const auto set = parseShapeSet("1", {"BxS:int64"}, {"B=1,2", "S=16,32"});
  CancelToken cancel;
  const auto session = runShapeSweep(basePlan(), set, fakeRun, cancel);
  ASSERT_EQ(session.configs.size(), 8u);
  const auto text = sessionToJson(session);
  const auto back = sessionFromJson(text);
  ASSERT_EQ(back.configs.size(), 8u);
  for (std::size_t i = 0; i < back.configs.size(); ++i) {
    ASSERT_TRUE(back.configs[i].shape.has_value()) << i;
    EXPECT_EQ(*back.configs[i].shape, *session.configs[i].shape) << i;
  }
  EXPECT_EQ(back.configs[7].shape->label, "B=2 S=32");
  EXPECT_EQ(back.configs[7].shape->inputs.at(0).toString(), "2x32:int64");
  EXPECT_EQ(sessionToJson(back), text);  // written again, the same text: every field survived

  // The same config at two shapes is two results; at one shape twice it is one result twice.
  auto twice = session;
  twice.configs[2].shape = twice.configs[0].shape;
  try {
    sessionFromJson(sessionToJson(twice));
    FAIL() << "a result repeated at one shape was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_NE(std::string(e.what()).find("appears 2 times"), std::string::npos) << e.what();
  }
  auto bad = session;
  bad.configs[1].shape->batch = 0;
  EXPECT_THROW(sessionFromJson(sessionToJson(bad)), Error);
}
