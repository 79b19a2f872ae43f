// The race's choices while it screens, in one place: which candidate comes next, when a chunk of
// them fits before the finals' time, when to wait for a background compile, and when screening is
// over. The race (core/tuner/race.h) keeps the bookkeeping — what each candidate measured, its
// state, the costs learnt so far — and hands the planner a read-only view of it; the records
// (core/tuner/race_record.h) keep the evidence. docs/ADVISOR.md ("The rule the race follows")
// writes the rule down; every change to it comes with the replay bench's table before and after.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/tuner/measurer.h"
#include "core/tuner/race.h"
#include "core/tuner/screening_cost.h"

namespace inferscope::tuner {

// What the planner sees of one candidate.
struct PlanCandidate {
  OptimizationConfig config;
  CandidateState state = CandidateState::NotMeasured;
  bool measured = false;
  double median_ms = 0;  // its in-process level so far (0: none)
  bool waited = false;   // was still compiling when screening began

  // Its level across this run's fresh processes, and how many ran (0: not forked).
  double fresh_ms = 0;
  int processes = 0;

  bool alive() const { return measured && state == CandidateState::Finalist; }
};

// The figures the time rules read, on spentMs()'s clock.
struct PlanClock {
  double usable_ms = 0;        // the budget less the exit's reserve
  double spent_ms = 0;         // spent so far
  double leader_forks_ms = 0;  // two fresh processes of the leader (0: nothing alive)
  double pair_forks_ms = 0;    // two of the leader and of its nearest rival (0: fewer alive)
};

// Where screening stands when the next action is chosen.
struct ScreeningSituation {
  double spent_ms = 0;
  double limit_ms = 0;     // the end of the share being spent (screening's, or the packages')
  double wait_end_ms = 0;  // the end of the wait for compiles
  double per_call_ms = 0;  // the session's load, paid once per measure() call
  bool past_screening = false;
};

struct PlanAction {
  enum class Kind {
    Screen,             // measure `chunk` (candidate indices, one kind) in one call
    WaitForCompile,     // wait up to `wait_ms` for a background compile to end
    EndScreeningShare,  // screening's own share is spent: packages that were compiling go on
    Stop                // nothing more fits, or nothing is left
  };
  Kind kind = Kind::Stop;
  std::vector<std::size_t> chunk;
  double wait_ms = 0;
};

class RacePlanner {
 public:
  // `prior` may be null (a race from nothing).
  RacePlanner(const Measurer& measurer, const RaceOptions& options, const RacePrior* prior);

  // Screening's first order: the first candidate (the guide's recommendation), cached packages,
  // the other ready candidates, torch.compile candidates, then packages still to be compiled.
  // Candidates already measured (settled by a prior) are left out.
  static std::vector<std::size_t> initialOrder(const std::vector<PlanCandidate>& candidates);
  // The order background compiles start in: the likeliest winners' packages first.
  static std::vector<OptimizationConfig> compileOrder(const std::vector<PlanCandidate>& candidates);
  // Reorders the pending candidates as results arrive (torch.compile by its eager siblings' speed,
  // packages ready since screening began ahead of torch.compile, the prior's known leader first).
  void reorder(const std::vector<PlanCandidate>& candidates,
               std::vector<std::size_t>& pending) const;

  // The end of screening's share: up to the finals' fresh processes (race.cpp says which).
  // Stateful: once the leader's two processes fit, they stay reserved.
  double screeningEndMs(const PlanClock& clock);
  // The end of the wait for compiles (packages that were compiling may run until then).
  double waitEndMs(const PlanClock& clock, double screen_end_ms) const;
  // The first pending package that finished compiling during the run, if any.
  std::optional<std::size_t> firstReadyPackage(const std::vector<PlanCandidate>& candidates,
                                               const std::vector<std::size_t>& pending) const;
  // How far a ready package may be measured past the wait: up to the fresh processes the finals
  // need (the leader's, or its own should it lead, whichever cost less).
  double packageEndMs(const PlanClock& clock, double wait_end_ms, double package_forks_ms) const;

  // The next action while screening.
  PlanAction nextScreening(const std::vector<PlanCandidate>& candidates,
                           const std::vector<std::size_t>& pending, const ScreeningCosts& costs,
                           const ScreeningSituation& now) const;
  // After the finals: the next chunk of pending candidates that fits in `room_ms` (empty: none).
  std::vector<std::size_t> lateChunk(const std::vector<PlanCandidate>& candidates,
                                     const std::vector<std::size_t>& pending,
                                     const ScreeningCosts& costs, double room_ms) const;

  // After the finals: the winner's fresh processes ran it slower than kRefutedRatio times the
  // upper end of its interval in this process, so the candidates screened out against that figure
  // were ranked on a level the fresh processes refuted. The ones that ran faster in this process
  // than kRefutedRatio below the winner's level across processes (so that a fresh process would
  // have to slow them as much to lose) go to a second finals with it, fastest first, at most
  // `max_rivals` (empty: the figure held, or nothing ran that fast).
  static std::vector<std::size_t> rivalsOfARefutedLeader(
      const std::vector<PlanCandidate>& candidates, std::size_t winner,
      double winner_process_high_ms, double winner_fresh_ms, std::size_t max_rivals);
  static constexpr double kRefutedRatio = 1.5;

  // After the finals, with time left: the candidate to fork next, or none. A candidate measured
  // cleanly and safely in this process but not forked may still run faster across fresh processes
  // than the winner does: a config's level across processes against its level here differs from
  // config to config (a `.pt2` ResNet-18's two CUDA-graph packages ran 1 % apart here and 13 %
  // apart across processes on the H200). Its level across processes is predicted from its level
  // here times this run's ratio (the mean log of fresh / in-process over the configs forked so far)
  // with a log-SD of that ratio's spread over them, at least kRatioLogSdFloor; the expected gain is
  // what it would save beyond the equivalence margin, E[max(0, ln(winner / (1 + δ)) - ln X)] for
  // X that log-normal; the cost is two fresh processes of it (`fork_cost_ms`, by candidate). The
  // one with the highest gain per cost among those whose cost fits `room_ms` and whose gain reaches
  // kMinExpectedGain is forked; none: stop.
  static std::optional<std::size_t> nextRivalFork(const std::vector<PlanCandidate>& candidates,
                                                  std::size_t winner,
                                                  const std::vector<double>& fork_cost_ms,
                                                  double room_ms, double equivalence_delta);
  // E[max(0, ln(winner_fresh_ms / (1 + δ)) - ln X)] for ln X ~ N(ln predicted_ms, log_sd²), as a
  // share of the winner's level.
  static double expectedGain(double winner_fresh_ms, double predicted_ms, double log_sd,
                             double equivalence_delta);
  // The spread of fresh / in-process between the configs of one model in the recorded H200 and
  // H100 runs: 0.01–0.02 for most models, 0.04 for ResNet-50, 0.06–0.08 for the `.pt2` ResNet-18.
  static constexpr double kRatioLogSdFloor = 0.03;
  // 0.2 % of the answer's level: below it, two more processes are not worth their time.
  static constexpr double kMinExpectedGain = 0.002;

  // Whether a running compile can end within `wait_ms`: its time so far and the wait reach
  // kCompileTimeShare of what this run's finished compiles took (one model's packages compiled
  // in 114–126 s for MobileNetV3-L, 78–85 s for ViT-B/16 on the H200). True while none has
  // finished: there is nothing to go by.
  bool compileCanFinishWithin(double wait_ms) const;
  static constexpr double kCompileTimeShare = 0.75;
  // What the first torch.compile is taken to cost before one was measured (5–15 s from a warm
  // Inductor cache on the H200, 20–25 s cold), where a compiled config (a package, a CUDA graph)
  // leads: screening starts it only when that much is left before the finals' time (0 while an
  // eager config leads: the compile is then the likeliest gain); after the finals it is that
  // price whoever leads, not the eager configs' mean.
  static double unpricedCompileMs(const std::vector<PlanCandidate>& candidates,
                                  const OptimizationConfig& config);
  static constexpr double kUnpricedCompileMs = 15000;
  // `price_ms` (> 0: a torch.compile nothing in this run priced yet), or what the prior measured
  // that config's set-up at (RacePrior::remembered_setup_ms), else the mean set-up of the prior's
  // candidates of its kind: the guess gives way to the figures.
  // DenseNet-121 replayed warm from memory on the H100 started fp16+tc at the 15 s guess, it
  // compiled for 27 s, and the leader's fresh processes no longer fit.
  double rememberedOr(double price_ms, const OptimizationConfig& config) const;

 private:
  void orderJitCompiles(const std::vector<PlanCandidate>& candidates,
                        std::vector<std::size_t>& pending) const;
  void readyPackagesFirst(const std::vector<PlanCandidate>& candidates,
                          std::vector<std::size_t>& pending) const;
  void priorOrder(const std::vector<PlanCandidate>& candidates,
                  std::vector<std::size_t>& pending) const;
  bool compiledDuringRun(const PlanCandidate& candidate) const;

  const Measurer& measurer_;
  const RaceOptions& options_;
  const RacePrior* prior_;
  bool reserved_ = false;  // the leader's two fresh processes are kept from screening
};

}  // namespace inferscope::tuner
