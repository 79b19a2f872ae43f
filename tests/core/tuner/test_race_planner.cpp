// RacePlanner: the race's choices while screening, on hand-built views of the race's bookkeeping
// (the race's own tests and the replay bench check them inside whole races).
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <set>

#include "core/tuner/race_planner.h"

namespace inferscope::tuner {
namespace {

// A measurer that only answers what the planner asks: which configs are ready, and the compile
// jobs so far.
class StateMeasurer : public Measurer {
 public:
  std::set<std::string> compiling;  // keys not ready yet
  std::vector<CompileStatus> jobs;

  std::vector<ConfigResult> measure(const std::vector<OptimizationConfig>&, int, int,
                                    double) override {
    ADD_FAILURE() << "the planner measures nothing";
    return {};
  }
  std::vector<ConfigResult> measureForks(const std::vector<OptimizationConfig>&, int, int, int,
                                         double) override {
    ADD_FAILURE() << "the planner forks nothing";
    return {};
  }
  bool ready(const OptimizationConfig& config) const override {
    return compiling.count(config.key()) == 0;
  }
  std::vector<CompileStatus> compileJobs() const override { return jobs; }
  double nowMs() const override { return 0; }
};

PlanCandidate candidate(const char* key, double median_ms = 0, bool waited = false) {
  PlanCandidate c;
  c.config = OptimizationConfig::parse(key);
  c.waited = waited;
  if (median_ms > 0) {
    c.measured = true;
    c.state = CandidateState::Finalist;
    c.median_ms = median_ms;
  }
  return c;
}

std::vector<std::string> keys(const std::vector<PlanCandidate>& view,
                              const std::vector<std::size_t>& order) {
  std::vector<std::string> out;
  out.reserve(order.size());
  for (auto i : order) out.push_back(view[i].config.key());
  return out;
}

CompileStatus job(const char* key, CompileStatus::State state, double elapsed_ms) {
  CompileStatus j;
  j.key = key;
  j.state = state;
  j.elapsed_ms = elapsed_ms;
  return j;
}

TEST(RacePlanner, ScreensTheRecommendationThenCachedPackagesThenEagerThenCompilesThenWaiting) {
  const std::vector<PlanCandidate> view = {
      candidate("fp16"),                           // the guide's recommendation
      candidate("bf16+tc"),                        // torch.compile
      candidate("fp16+aoti", 0, /*waited=*/true),  // still compiling when screening began
      candidate("bf16"),                           // eager
      candidate("bf16+aoti"),                      // cached package
      candidate("tf32", 2.0),                      // settled by a prior: not screened again
  };
  EXPECT_EQ(keys(view, RacePlanner::initialOrder(view)),
            (std::vector<std::string>{"fp16", "bf16+aoti", "bf16", "bf16+tc", "fp16+aoti"}));
}

TEST(RacePlanner, CompilesThePackageOfTheFastestEagerFamilyFirst) {
  std::vector<PlanCandidate> view = {
      candidate("fp16+aoti"), candidate("bf16+aoti"), candidate("tf32+aoti"),
      candidate("fp16", 3.0), candidate("bf16", 2.0),
  };
  view.push_back(candidate("tf32"));
  view.back().measured = true;
  view.back().state = CandidateState::Failed;  // its package computes the same thing: last
  std::vector<std::string> order;
  for (const auto& c : RacePlanner::compileOrder(view)) order.push_back(c.key());
  EXPECT_EQ(order, (std::vector<std::string>{"bf16+aoti", "fp16+aoti", "tf32+aoti"}));
}

TEST(RacePlanner, WaitsForACompileOnlyWhenOneCanEndInTheWait) {
  StateMeasurer m;
  const RaceOptions options;
  RacePlanner planner(m, options, nullptr);
  const std::vector<PlanCandidate> view = {candidate("fp16", 2.0), candidate("fp16+aoti", 0, true)};
  m.compiling = {"fp16+aoti"};
  ScreeningCosts costs;
  costs.add(view[0].config, 500);
  ScreeningSituation now;
  now.spent_ms = 10000;
  now.limit_ms = 40000;
  now.wait_end_ms = 40000;
  // One compile took 100 s; the running one is 20 s in: 30 s of wait cannot reach 75 % of 100 s.
  m.jobs = {job("a", CompileStatus::State::Done, 100000),
            job("b", CompileStatus::State::Running, 20000)};
  EXPECT_EQ(planner.nextScreening(view, {1}, costs, now).kind, PlanAction::Kind::Stop);
  // 50 s in, it can: wait, a second at a time.
  m.jobs.back().elapsed_ms = 50000;
  const auto wait = planner.nextScreening(view, {1}, costs, now);
  EXPECT_EQ(wait.kind, PlanAction::Kind::WaitForCompile);
  EXPECT_DOUBLE_EQ(wait.wait_ms, 1000);
  // Nothing finished yet: nothing to go by, so it waits.
  m.jobs = {job("b", CompileStatus::State::Running, 1000)};
  EXPECT_TRUE(planner.compileCanFinishWithin(10));
  // Ready now: screened, the wait is over.
  m.compiling.clear();
  const auto screen = planner.nextScreening(view, {1}, costs, now);
  EXPECT_EQ(screen.kind, PlanAction::Kind::Screen);
  EXPECT_EQ(screen.chunk, (std::vector<std::size_t>{1}));
}

TEST(RacePlanner, AChunkHoldsOneKindAndWhatFitsAndOneTorchCompileAtATime) {
  StateMeasurer m;
  RaceOptions options;
  options.batch = 8;
  RacePlanner planner(m, options, nullptr);
  const std::vector<PlanCandidate> view = {candidate("fp16", 2.0), candidate("bf16"),
                                           candidate("tf32"),      candidate("fp16+cl"),
                                           candidate("fp16+tc"),   candidate("bf16+tc")};
  ScreeningCosts costs;
  costs.add(view[0].config, 1000);
  ScreeningSituation now;
  now.spent_ms = 10000;
  now.limit_ms = 12500;  // room for two eager configs at 1 s each
  const auto eager = planner.nextScreening(view, {1, 2, 4, 3, 5}, costs, now);
  ASSERT_EQ(eager.kind, PlanAction::Kind::Screen);
  EXPECT_EQ(eager.chunk, (std::vector<std::size_t>{1, 2}));
  // torch.compile first in line: one per call, even with room for many.
  now.limit_ms = 100000;
  costs.add(view[4].config, 20000);
  const auto jit = planner.nextScreening(view, {4, 5, 1}, costs, now);
  ASSERT_EQ(jit.kind, PlanAction::Kind::Screen);
  EXPECT_EQ(jit.chunk, (std::vector<std::size_t>{4}));
  // Screening's share spent, and nothing that was compiling left: stop.
  now.limit_ms = 10500;
  EXPECT_EQ(planner.nextScreening(view, {1, 2}, costs, now).kind, PlanAction::Kind::Stop);
  // With a package that was compiling still pending, the packages' share goes on.
  std::vector<PlanCandidate> with_package = view;
  with_package.push_back(candidate("fp16+aoti", 0, true));
  EXPECT_EQ(planner.nextScreening(with_package, {1, 2, 6}, costs, now).kind,
            PlanAction::Kind::EndScreeningShare);
}

TEST(RacePlanner, AnUnpricedTorchCompileWaitsWhileACompiledConfigLeads) {
  std::vector<PlanCandidate> view = {candidate("fp16", 2.0), candidate("fp16+tc")};
  EXPECT_EQ(RacePlanner::unpricedCompileMs(view, view[1].config), 0.0);  // an eager leader
  view.push_back(candidate("fp16+aoti-graph", 1.0));
  EXPECT_EQ(RacePlanner::unpricedCompileMs(view, view[1].config), RacePlanner::kUnpricedCompileMs);
  EXPECT_EQ(RacePlanner::unpricedCompileMs(view, view[0].config), 0.0);  // not a compile
}

TEST(RacePlanner, PackagesReadySinceScreeningBeganGoAheadOfTorchCompileAndThePriorsLeaderFirst) {
  StateMeasurer m;
  const RaceOptions options;
  RacePrior prior;
  prior.first = {"bf16"};
  PriorCandidate slower;
  slower.key = "tf32";
  prior.last = {slower};
  const std::vector<PlanCandidate> view = {candidate("fp16", 2.0), candidate("tf32"),
                                           candidate("bf16+tc"), candidate("fp16+aoti", 0, true),
                                           candidate("bf16")};
  std::vector<std::size_t> pending = {1, 2, 3, 4};
  RacePlanner(m, options, nullptr).reorder(view, pending);
  EXPECT_EQ(keys(view, pending),
            (std::vector<std::string>{"tf32", "fp16+aoti", "bf16+tc", "bf16"}));
  pending = {1, 2, 3, 4};
  RacePlanner(m, options, &prior).reorder(view, pending);
  EXPECT_EQ(keys(view, pending),
            (std::vector<std::string>{"bf16", "fp16+aoti", "bf16+tc", "tf32"}));
  // Still compiling: it keeps its place.
  m.compiling = {"fp16+aoti"};
  pending = {1, 2, 3, 4};
  RacePlanner(m, options, nullptr).reorder(view, pending);
  EXPECT_EQ(keys(view, pending),
            (std::vector<std::string>{"tf32", "bf16+tc", "fp16+aoti", "bf16"}));
}

TEST(RacePlanner, ALeaderRefutedAcrossProcessesBringsBackWhatRanFasterHere) {
  std::vector<PlanCandidate> view = {
      candidate("fp16+tc", 0.56),  candidate("bf16+aoti-graph", 0.79),
      candidate("fp16+aoti", 0.9), candidate("bf16", 0.96),
      candidate("fp32", 5.2),      candidate("tf32")};
  view[0].state = CandidateState::Winner;
  for (std::size_t i = 1; i < 5; ++i) view[i].state = CandidateState::Eliminated;
  // Across its fresh processes it ran 2.76 ms: those that ran under 2.76 / 1.5 ms here come back,
  // fastest first, as many as asked for.
  EXPECT_EQ(RacePlanner::rivalsOfARefutedLeader(view, 0, 0.60, 2.76, 2),
            (std::vector<std::size_t>{1, 2}));
  EXPECT_EQ(RacePlanner::rivalsOfARefutedLeader(view, 0, 0.60, 2.76, 8),
            (std::vector<std::size_t>{1, 2, 3}));
  // Its fresh processes held the figure (within 1.5x of its interval's upper end): nothing.
  EXPECT_TRUE(RacePlanner::rivalsOfARefutedLeader(view, 0, 0.60, 0.85, 2).empty());
  // A failed or unsafe candidate never comes back.
  view[1].state = CandidateState::Unsafe;
  EXPECT_EQ(RacePlanner::rivalsOfARefutedLeader(view, 0, 0.60, 2.76, 1),
            (std::vector<std::size_t>{2}));
}

// The expected gain of forking a rival: what it would save beyond δ, for a level across processes
// log-normal about the prediction. A prediction at the winner's level is worth a fraction of the
// spread; one far slower is worth nothing; one far faster is worth its lead less δ.
TEST(RacePlanner, TheExpectedGainOfARivalGrowsWithItsLeadAndItsUncertainty) {
  EXPECT_DOUBLE_EQ(RacePlanner::expectedGain(1.0, 1.0, 0.0, 0.02), 0.0);
  const double at_par = RacePlanner::expectedGain(1.0, 1.0, 0.03, 0.02);
  EXPECT_GT(at_par, 0.002);
  EXPECT_LT(at_par, 0.03);
  EXPECT_GT(RacePlanner::expectedGain(1.0, 1.0, 0.10, 0.02), at_par);
  EXPECT_LT(RacePlanner::expectedGain(1.0, 1.5, 0.03, 0.02), 1e-9);
  EXPECT_NEAR(RacePlanner::expectedGain(1.0, 0.5, 0.01, 0.02), std::log(1 / 1.02 / 0.5), 1e-6);
}

// The `.pt2` ResNet-18 on the H200: the winner ran 4.72 ms here and 4.75 across processes; its
// CUDA-graph twin 4.76 ms here (1 % slower) is worth forking when its processes fit, the plain
// package (5 % slower) is not, and nothing is forked where the processes do not fit.
TEST(RacePlanner, ARivalCloseInThisProcessIsForkedWithTheTimeLeft) {
  std::vector<PlanCandidate> view = {candidate("fp32+aoti-graph", 4.721),
                                     candidate("fp32+aoti-graph+bench", 4.764),
                                     candidate("fp32+aoti", 4.944), candidate("fp32", 9.0)};
  view[0].state = CandidateState::Winner;
  view[0].fresh_ms = 4.748;
  view[0].processes = 3;
  for (std::size_t i = 1; i < view.size(); ++i) view[i].state = CandidateState::Eliminated;
  const std::vector<double> cost(view.size(), 10000);
  EXPECT_EQ(RacePlanner::nextRivalFork(view, 0, cost, 40000, 0.02), std::optional<std::size_t>(1));
  EXPECT_FALSE(RacePlanner::nextRivalFork(view, 0, cost, 9000, 0.02));  // does not fit
  view[1].state = CandidateState::Unsafe;                               // never a rival
  EXPECT_FALSE(RacePlanner::nextRivalFork(view, 0, cost, 40000, 0.02));
  // Nothing is forked while the winner has fewer than two processes to compare with.
  view[1].state = CandidateState::Eliminated;
  view[0].processes = 1;
  EXPECT_FALSE(RacePlanner::nextRivalFork(view, 0, cost, 40000, 0.02));
  // The twin forked at 4.2 ms (0.88 of its level here, the winner 1.006): the run's forked configs
  // disagree with their levels here, the prediction widens, and the plain package, 5 % slower
  // here and not worth forking before, is next; the twin is not forked again.
  view[0].processes = 3;
  view[1].processes = 2;
  view[1].fresh_ms = 4.2;
  EXPECT_EQ(RacePlanner::nextRivalFork(view, 0, cost, 40000, 0.02), std::optional<std::size_t>(2));
}

// One forked config says little about the next one's ratio of fresh to in-process: the `.pt2`
// ResNet-18 replayed cold (seed 3) forked only its winner, whose CUDA-graph twin drew 2.2 % slower
// here; priced as if the ratio were known (the spread's floor alone) its expected gain fell under
// the threshold, the run stopped at 21 s of 60 s, and the twin was 13 % faster across processes.
// The prediction for a config not forked is a new draw around a mean one config estimates:
// sqrt(1 + 1/n) times the spread.
TEST(RacePlanner, ARivalPredictedFromOneForkedConfigIsForkedWithTheTimeLeft) {
  std::vector<PlanCandidate> view = {candidate("fp32+aoti-graph", 4.721),
                                     candidate("fp32+aoti-graph+bench", 4.825)};
  view[0].state = CandidateState::Winner;
  view[0].fresh_ms = 4.748;
  view[0].processes = 3;
  view[1].state = CandidateState::Eliminated;
  const std::vector<double> cost(view.size(), 10000);
  EXPECT_EQ(RacePlanner::nextRivalFork(view, 0, cost, 40000, 0.02), std::optional<std::size_t>(1));
  // A rival 5 % slower here is still not worth its processes.
  view[1] = candidate("fp32+aoti-graph+bench", 4.97);
  view[1].state = CandidateState::Eliminated;
  EXPECT_FALSE(RacePlanner::nextRivalFork(view, 0, cost, 40000, 0.02));
}

// A torch.compile nothing in this run priced yet is priced by what the prior measured: its own
// set-up where it was measured then, else the mean of the prior's torch.compile candidates'.
TEST(RacePlanner, AnUnpricedCompileTakesThePriorsFigureOverTheGuess) {
  StateMeasurer m;
  RaceOptions options;
  RacePrior prior;
  prior.remembered_setup_ms = {{"fp16+cl+tc", 30000}, {"bf16+cl+tc", 20000}, {"fp16", 500}};
  RacePlanner with(m, options, &prior), without(m, options, nullptr);
  const auto tc = OptimizationConfig::parse("fp16+cl+tc");
  const auto other = OptimizationConfig::parse("fp16+tc");
  EXPECT_DOUBLE_EQ(without.rememberedOr(15000, tc), 15000);
  EXPECT_DOUBLE_EQ(with.rememberedOr(15000, tc), 30000);
  EXPECT_DOUBLE_EQ(with.rememberedOr(15000, other), 25000);  // the kind's mean, not fp16's cast
  EXPECT_DOUBLE_EQ(with.rememberedOr(0, other), 0);          // nothing to price: an eager leader
}

TEST(RacePlanner, ScreeningKeepsTheLeadersFreshProcessesOnceTheyFit) {
  StateMeasurer m;
  RaceOptions options;
  options.screening_share = 0.45;
  RacePlanner planner(m, options, nullptr);
  PlanClock clock;
  clock.usable_ms = 60000;
  clock.spent_ms = 10000;
  clock.leader_forks_ms = 70000;  // does not fit: no finals to keep time for
  EXPECT_DOUBLE_EQ(planner.screeningEndMs(clock), 60000);
  clock.leader_forks_ms = 8000;
  EXPECT_DOUBLE_EQ(planner.screeningEndMs(clock), 52000);
  // The leader and its rival fit: screening's share is the floor.
  clock.pair_forks_ms = 16000;
  EXPECT_DOUBLE_EQ(planner.screeningEndMs(clock), 44000);
  // A chunk overran: the leader's processes no longer fit, and stay reserved all the same.
  clock.pair_forks_ms = 0;
  clock.spent_ms = 55000;
  EXPECT_DOUBLE_EQ(planner.screeningEndMs(clock), 52000);
  // The wait for compiles never runs into them either.
  EXPECT_DOUBLE_EQ(planner.waitEndMs(clock, 58000), 52000);
}

}  // namespace
}  // namespace inferscope::tuner
