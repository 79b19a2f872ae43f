// The bound rule and a config's place on the roofline, from values chosen here.
#include <gtest/gtest.h>

#include "core/roofline/roofline_place.h"

namespace inferscope::roofline {
namespace {

DeviceCeilings h200() {
  DeviceCeilings c;
  c.key.device_name = "NVIDIA H200";
  c.matmul = {{"fp32", 50, 67, 8192}, {"bf16", 800, 989.5, 8192}};
  c.copy_gbps = 4000;
  return c;
}

ConfigResult observedConfig(const std::string& key, double flops, double bytes, double median_ms) {
  ConfigResult r;
  r.config = OptimizationConfig::parse(key);
  r.stats.median_ms = median_ms;
  ConfigRoofline counted;
  counted.work.flops = flops;
  counted.work.bytes = bytes;
  counted.work.operator_calls = 10;
  counted.work.ops = {{"aten::linear", "matmul", 4, flops, bytes, 0.9}};
  r.roofline = counted;
  return r;
}

TEST(BoundRule, ComputeMemoryMixedAndLaunch) {
  // Ridge of 800 TFLOP/s over 4 TB/s: 200 FLOP/B.
  EXPECT_EQ(classifyBound(1000, 800, 4000, -1, 40, 5).bound, Bound::Compute);
  EXPECT_EQ(classifyBound(400, 800, 4000, 0.9, 40, 5).bound, Bound::Compute);  // ≥ 2 × ridge
  EXPECT_EQ(classifyBound(20, 800, 4000, 0.9, 2, 50).bound, Bound::Memory);
  EXPECT_EQ(classifyBound(120, 800, 4000, 0.9, 10, 10).bound,
            Bound::Mixed);  // between ridge / 2 and 2 × ridge
  EXPECT_EQ(classifyBound(100, 800, 4000, 0.9, 10, 10).bound, Bound::Memory);  // ridge / 2 itself
  EXPECT_EQ(classifyBound(150, 800, 4000, 0.9, 10, 10).bound, Bound::Mixed);
  // An idle GPU decides before intensity does.
  const auto launch = classifyBound(1000, 800, 4000, 0.3, 1, 1);
  EXPECT_EQ(launch.bound, Bound::LaunchHost);
  EXPECT_NE(launch.reason.find("30 %"), std::string::npos) << launch.reason;
  // Without ceilings there is no verdict, and the reason says so.
  const auto none = classifyBound(1000, 0, 4000, -1, 0, 0);
  EXPECT_EQ(none.bound, Bound::Unknown);
  EXPECT_NE(none.reason.find("ceiling"), std::string::npos);
}

TEST(Placement, RatesIntensityAndPercentOfTheCeiling) {
  // 2.2e10 FLOPs in 2.75 ms = 8 TFLOP/s; 1.1e8 bytes = 40 GB/s; 200 FLOP/B.
  auto r = observedConfig("bf16", 2.2e10, 1.1e8, 2.75);
  const auto c = h200();
  placeConfig(r, {}, &c);
  ASSERT_TRUE(r.roofline);
  const auto& p = *r.roofline;
  EXPECT_EQ(p.precision, "bf16");
  EXPECT_NEAR(p.achieved_tflops, 8.0, 1e-9);
  EXPECT_NEAR(p.achieved_gbps, 40.0, 1e-9);
  EXPECT_NEAR(p.intensity, 200.0, 1e-9);
  EXPECT_DOUBLE_EQ(p.ceiling_tflops, 800);
  EXPECT_NEAR(p.pct_of_compute_ceiling, 1.0, 1e-9);
  EXPECT_NEAR(p.pct_of_memory_ceiling, 1.0, 1e-9);
  EXPECT_EQ(p.bound, Bound::Mixed);        // exactly at the ridge
  EXPECT_DOUBLE_EQ(p.gpu_busy_share, -1);  // nothing measured it
}

TEST(Placement, TheTraceDecidesLaunchBound) {
  auto r = observedConfig("bf16", 2.2e10, 1.1e7, 2.75);
  trace::TraceSummary t;
  t.status = trace::TraceStatus::Traced;
  t.wall_us_per_iteration = 2750;
  t.gpu_busy_pct = 35;
  t.ops = {{"aten::linear", 73, 900, 0.6}, {"aten::softmax", 12, 600, 0.4}};
  r.trace_summary = t;
  const auto c = h200();
  placeConfig(r, {}, &c);
  EXPECT_EQ(r.roofline->bound, Bound::LaunchHost);
  EXPECT_EQ(r.roofline->busy_basis, "trace");
  EXPECT_NEAR(r.roofline->gpu_busy_share, 0.35, 1e-12);
  // Time shares are the kernels' now, not the host's.
  EXPECT_EQ(r.roofline->work.time_basis, "gpu-kernels");
  EXPECT_NEAR(r.roofline->work.ops.at(0).time_share, 0.6, 1e-12);
}

TEST(Placement, TheGraphPairMeasuresTheEagerConfigsBusyShare) {
  // Eager 4 ms, its CUDA-graph twin 1 ms: the GPU waits 75 % of the eager iteration.
  auto eager = observedConfig("bf16", 2.2e10, 1.1e7, 4.0);
  ConfigResult graph;
  graph.config = OptimizationConfig::parse("bf16+graph");
  graph.stats.median_ms = 1.0;
  std::vector<ConfigResult> all = {eager, graph};
  const auto c = h200();
  placeConfig(all[0], all, &c);
  EXPECT_EQ(all[0].roofline->busy_basis, "graph-pair");
  EXPECT_NEAR(all[0].roofline->gpu_busy_share, 0.25, 1e-12);
  EXPECT_EQ(all[0].roofline->bound, Bound::LaunchHost);
}

TEST(Placement, CompiledConfigsTakeTheEagerCountAndSayWhose) {
  SessionResult s;
  s.request.run.roofline = true;
  s.ceilings = h200();
  s.configs.push_back(observedConfig("fp32", 2.2e10, 4.0e8, 20));
  ConfigResult graph;
  graph.config = OptimizationConfig::parse("bf16+graph");
  graph.stats.median_ms = 2.0;
  s.configs.push_back(graph);
  placeSession(s);
  ASSERT_TRUE(s.configs[1].roofline);
  const auto& p = *s.configs[1].roofline;
  EXPECT_EQ(p.work_source, "eager");
  EXPECT_EQ(p.work_from, "fp32");
  EXPECT_TRUE(p.bytes_scaled);  // FP32's 4-byte elements, the cast's 2-byte ones
  EXPECT_DOUBLE_EQ(p.work.flops, 2.2e10);
  EXPECT_DOUBLE_EQ(p.work.bytes, 2.0e8);
  EXPECT_NEAR(p.achieved_tflops, 11.0, 1e-9);
  // With a BF16 eager config in the session, that one is taken, unscaled.
  s.configs.push_back(observedConfig("bf16", 2.2e10, 2.5e8, 5));
  placeSession(s);
  EXPECT_EQ(s.configs[1].roofline->work_from, "bf16");
  EXPECT_FALSE(s.configs[1].roofline->bytes_scaled);
  EXPECT_DOUBLE_EQ(s.configs[1].roofline->work.bytes, 2.5e8);
}

TEST(Placement, FailedConfigsAndSessionsWithoutTheRooflineAreLeftAlone) {
  auto r = observedConfig("fp32", 1e9, 1e8, 1);
  r.status = ConfigStatus::OutOfMemory;
  placeConfig(r, {}, nullptr);
  EXPECT_EQ(r.roofline->bound, Bound::Unknown);  // untouched: the count as it was
  EXPECT_DOUBLE_EQ(r.roofline->median_ms, 0);
  SessionResult off;
  ConfigResult graph;
  graph.config = OptimizationConfig::parse("bf16+graph");
  graph.stats.median_ms = 1;
  off.configs = {observedConfig("fp32", 1e9, 1e8, 1), graph};
  placeSession(off);
  EXPECT_FALSE(off.configs[1].roofline);
}

TEST(Placement, AnOperatorsKernelsCarryItsWorkTogether) {
  trace::TraceWindow w;
  w.iterations = {{0, 0, 100, true, -1}, {1, 100, 200, false, -1}, {2, 200, 300, false, -1}};
  const auto kernel = [](const char* name, const char* op, int it, std::int64_t ns) {
    trace::KernelRecord k;
    k.name = name;
    k.top_op_name = op;
    k.iteration = it;
    k.start_ns = 0;
    k.end_ns = ns;
    return k;
  };
  w.kernels = {kernel("gemm", "aten::linear", 1, 1000), kernel("bias", "aten::linear", 1, 100),
               kernel("gemm", "aten::linear", 2, 1000), kernel("gemm", "aten::linear", 0, 9000)};
  auto ks = mainKernels(w);
  ASSERT_EQ(ks.size(), 1u);
  EXPECT_EQ(ks[0].kernel, "gemm");  // named by the longest
  EXPECT_EQ(ks[0].kernels_in_op, 2);
  EXPECT_DOUBLE_EQ(ks[0].kernel_us_per_iteration, 1.05);  // gemm and bias, steady iterations only
  auto r = observedConfig("bf16", 8e9, 4e7, 2);
  r.roofline->kernels = ks;
  const auto c = h200();
  placeConfig(r, {}, &c);
  ASSERT_EQ(r.roofline->kernels.size(), 1u);
  EXPECT_NEAR(r.roofline->kernels[0].achieved_tflops, 8e9 / 1.05e-6 / 1e12, 1e-6);
  EXPECT_NEAR(r.roofline->kernels[0].intensity, 200.0, 1e-9);
}

// One operator name, two GEMM tiles (a BERT layer's 768×768 and 768×3072 products): the
// operator's FLOPs over both kernels' time, never over the longest's alone, which reads faster
// than the peak.
TEST(Placement, TwoGemmKernelsOfOneOperatorShareItsWork) {
  trace::TraceWindow w;
  w.iterations = {{0, 0, 100, false, -1}};
  trace::KernelRecord small, large;
  small.name = "gemm_192x128";
  large.name = "gemm_256x128";
  small.top_op_name = large.top_op_name = "aten::linear";
  small.iteration = large.iteration = 0;
  small.end_ns = 700'000;
  large.end_ns = 300'000;
  w.kernels = {small, large};
  auto r = observedConfig("bf16", 600e9, 1e9, 1);
  r.roofline->kernels = mainKernels(w);
  const auto c = h200();
  placeConfig(r, {}, &c);
  ASSERT_EQ(r.roofline->kernels.size(), 1u);
  const auto& k = r.roofline->kernels[0];
  EXPECT_EQ(k.kernel, "gemm_192x128");
  EXPECT_NEAR(k.kernel_us_per_iteration, 1000.0, 1e-9);
  EXPECT_NEAR(k.achieved_tflops, 600.0, 1e-9);  // 600 GFLOP in 1 ms, under an H200's peak
  EXPECT_LT(k.pct_of_compute_ceiling, 100.0);
}

// The tuner's verdict clause for its winner, from placed values.
TEST(VerdictClause, NamesTheBoundAndTheShareOfItsCeiling) {
  const auto c = h200();
  // 3.28e11 FLOPs in 1 ms = 328 TFLOP/s, 41 % of 800; 1000 FLOP/B, past the ridge (200).
  auto compute = observedConfig("bf16", 3.28e11, 3.28e8, 1.0);
  placeConfig(compute, {}, &c);
  EXPECT_EQ(verdictClause(*compute.roofline),
            "Roofline: at 41 % of the measured BF16 matmul ceiling (328 of 800 TFLOP/s): "
            "compute-bound");
  // 2.52e9 bytes in 1 ms = 2520 GB/s, 63 % of 4000; 10 FLOP/B, below the ridge.
  auto memory = observedConfig("bf16", 2.52e10, 2.52e9, 1.0);
  placeConfig(memory, {}, &c);
  EXPECT_EQ(verdictClause(*memory.roofline),
            "Roofline: at 63 % of the measured copy bandwidth (2520 of 4000 GB/s): memory-bound");
  // 150 FLOP/B, within a factor 2 of the ridge: both percentages.
  auto mixed = observedConfig("bf16", 1.5e10, 1.0e8, 1.0);
  placeConfig(mixed, {}, &c);
  EXPECT_EQ(mixed.roofline->bound, Bound::Mixed);
  EXPECT_EQ(verdictClause(*mixed.roofline),
            "Roofline: near the ridge, at 2 % of the measured BF16 matmul ceiling and 2 % of the "
            "copy bandwidth: both roofs bound it");
  // A tiny model's share below 1 % is not rounded to nothing.
  auto tiny = observedConfig("bf16", 2.52e7, 3.2e6, 1.0);  // 3.2 GB/s of 4000: 0.08 %
  placeConfig(tiny, {}, &c);
  EXPECT_EQ(verdictClause(*tiny.roofline),
            "Roofline: at 0.08 % of the measured copy bandwidth (3.2 of 4000 GB/s): memory-bound");
}

TEST(VerdictClause, LaunchBoundGivesTheBusyShareInTheRulesWords) {
  auto r = observedConfig("bf16", 3.28e11, 3.28e8, 1.0);
  trace::TraceSummary t;
  t.status = trace::TraceStatus::Traced;
  t.wall_us_per_iteration = 1000;
  t.gpu_busy_pct = 32;
  r.trace_summary = t;
  const auto c = h200();
  placeConfig(r, {}, &c);
  const auto clause = verdictClause(*r.roofline);
  EXPECT_EQ(
      clause.rfind("Roofline: launch/host-bound: the GPU runs kernels 32 % of the iteration", 0),
      0U)
      << clause;
  EXPECT_EQ(clause.find("idles"), std::string::npos) << clause;  // said once, by the rule
}

TEST(VerdictClause, ACompiledWinnerSaysWhoseCountItIsAndAnIdleGpuIsNamed) {
  // The CUDA-graph winner takes the FP32 eager count, its bytes halved for BF16.
  ConfigResult graph;
  graph.config = OptimizationConfig::parse("bf16+graph");
  graph.stats.median_ms = 1.0;
  const std::vector<ConfigResult> others = {observedConfig("fp32", 3.28e11, 6.56e8, 20)};
  const auto c = h200();
  placeConfig(graph, others, &c);
  EXPECT_EQ(verdictClause(*graph.roofline),
            "Roofline: at 41 % of the measured BF16 matmul ceiling (328 of 800 TFLOP/s): "
            "compute-bound; work counted on its eager twin fp32, bytes rescaled");
  // An eager winner whose CUDA-graph twin runs in a third of its time: compute-bound by intensity,
  // and the GPU idles between kernels two thirds of the time.
  auto eager = observedConfig("bf16", 3.28e11, 3.28e8, 3.0);
  ConfigResult replay;
  replay.config = OptimizationConfig::parse("bf16+graph");
  replay.stats.median_ms = 2.0;
  placeConfig(eager, {replay}, &c);
  const auto clause = verdictClause(*eager.roofline);
  EXPECT_NE(clause.find("compute-bound; the GPU idles 33 % of the iteration"), std::string::npos)
      << clause;
}

TEST(VerdictClause, WithoutCeilingsOrWorkItSaysSoWithNoNumber) {
  auto r = observedConfig("bf16", 3.28e11, 3.28e8, 1.0);
  placeConfig(r, {}, nullptr);  // the ceilings' measurement failed
  EXPECT_EQ(r.roofline->bound, Bound::Unknown);
  EXPECT_EQ(verdictClause(*r.roofline),
            "Roofline not computed: no measured BF16 matmul ceiling for this device");
  DeviceCeilings fp32_only = h200();
  fp32_only.matmul.resize(1);
  placeConfig(r, {}, &fp32_only);
  EXPECT_EQ(verdictClause(*r.roofline),
            "Roofline not computed: no measured BF16 matmul ceiling for this device");
  // Observed, but nothing the counter knows: no work, and the first operator it did not count.
  ConfigRoofline none;
  none.precision = "fp32";
  none.ceiling_tflops = 50;
  none.ceiling_gbps = 4000;
  none.work.uncounted = {{"my::fused_op", 3, 0.9}};
  EXPECT_EQ(verdictClause(none),
            "Roofline not computed: no work counted (its operators are not counted, first: "
            "my::fused_op)");
  none.work.uncounted.clear();
  EXPECT_EQ(verdictClause(none), "Roofline not computed: no work counted");
}

TEST(VerdictClause, AModelPythonRebuildsAndOtherGapsAreNamed) {
  const auto python = unplacedClause(Unplaced::PythonModel);
  EXPECT_EQ(python,
            "Roofline not computed: the model runs in the Python worker, whose operators the "
            "engine cannot observe");
  EXPECT_EQ(unplacedClause(Unplaced::NoTime, "raise --budget-s"),
            "Roofline not computed: nothing was left of the budget to count the winner's work "
            "(raise --budget-s)");
  EXPECT_EQ(unplacedClause(Unplaced::PassFailed, "out of memory"),
            "Roofline not computed: counting the winner's work failed (out of memory)");
  for (const auto& clause : {python, unplacedClause(Unplaced::NoWork)})
    EXPECT_EQ(clause.find('%'), std::string::npos) << clause;
}

}  // namespace
}  // namespace inferscope::roofline
