// The racing loop: short runs of every candidate first, then drop a config once its
// interval is clearly worse than the leader's, give the survivors more iterations, and send the
// finalists to fresh processes (forks), where the winner is chosen on the across-process interval
// and ties are stated as ties. Pure logic over a Measurer, so tests drive it with fakes.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/engine/accuracy_rule.h"
#include "core/tuner/measurer.h"
#include "core/tuner/screening_cost.h"
#include "core/tuner/search_space.h"
#include "core/tuner/tune_observer.h"
#include "core/tuner/tune_result.h"

namespace inferscope::tuner {

struct PlanCandidate;  // core/tuner/race_planner.h
struct PlanClock;

struct RaceOptions {
  double budget_ms = 60000;    // the whole run, compiles and forks included
  int warmup = 5;              // iterations before measuring, every round
  int screen_iterations = 20;  // round 0
  int growth = 3;              // each further round multiplies the iterations
  int max_rounds = 3;          // in-process rounds, screening included
  int batch = 8;               // configs per measure() call (the budget is checked between calls)
  int finalists = 3;
  int forks = 3;  // fresh processes per finalist
  int fork_iterations = 100;
  // A fresh process's start and device context (estimate); the model's load and the FP32
  // reference come on top, as the measurer measured them (Measurer::sessionOverheadMs).
  double process_start_ms = 3000;
  double screening_share = 0.45;  // of the budget; finals keep finals_share
  double finals_share = 0.35;
  double equivalence_delta = 0.02;  // finalists closer than this are tied whatever their intervals
  // Measurements that shared the machine with a background compile are eliminated only when this
  // much worse than the leader: a compiler on the host slows a host-bound config unfairly.
  double contended_margin = 0.10;
  // Added to budget_ms when a candidate's AOTInductor package is neither cached nor compiled:
  // the first compile of a model costs minutes on its own (0: the budget is what it is, as with
  // an explicit --budget-s).
  double cold_compile_allowance_ms = 0;
  // The budget is the user's wall time: what the command spent before the race (process start,
  // device query) counts against it, and the end keeps what writing the session and exiting take.
  double spent_before_ms = 0;
  double exit_reserve_ms = 0;
  // The end also keeps one more load of the model (Measurer::sessionOverheadMs, once measured):
  // the run after the race (the roofline's count of the winner's work) loads it in a process of
  // its own. A traced ViT-B/16 (346 MB) had 2 s left for it on the H200, and its count was killed
  // in the file's load (2026-12-04).
  bool exit_reserve_holds_a_load = false;
  AccuracyRule accuracy;
};

// What an earlier race of the same model, inputs, device and versions measured, as the race uses
// it (core/tuner/race_prior.h builds it from the run memory, or from a session to continue):
// candidates it measures first, candidates it does not screen again, candidates it keeps with
// their figures, and the last confirmed answer the answer is held to. Configs by key.
struct PriorCandidate {
  std::string key;
  CandidateState state = CandidateState::NotMeasured;
  std::string reason, accuracy;
  TuneReason reason_code;
  Estimate estimate;
  double setup_ms = 0, compile_ms = 0;
};

struct RacePrior {
  std::string source;  // what the log and the answer name: "run memory FILE (2 days old)"
  // Measured before anything else, in this order: the known leader and its closest rivals. Those
  // that stay alive reach the finals as any leader does.
  std::vector<std::string> first;
  // Not screened again: the candidate takes `state` (failed, unsafe) with its reason.
  std::vector<PriorCandidate> skip;
  // Screened after the candidates nothing is known of; one the budget does not reach keeps
  // `state` (eliminated) with its reason instead of counting as not measured.
  std::vector<PriorCandidate> last;
  // Measured already (a run continued): not screened again; alive ones (state Finalist) go on
  // to the rounds and the finals with `estimate`, `results` holding their in-process runs.
  std::vector<PriorCandidate> kept;
  std::vector<ConfigResult> results;
  // The last confirmed answer ("" when there was none): a run that answers otherwise says why.
  std::string confirmed_winner;
  std::string confirmed_level;  // "1.254 ms [1.25, 1.26] across 3 fresh processes"
  double confirmed_median_ms = 0;
  double confirmed_high_ms = 0;  // its interval's upper end (0: not known)
  // Its level in the process it was confirmed from, and that interval's upper end (0: not known):
  // what it measures in this run's process is compared with this, like with like.
  double confirmed_process_ms = 0;
  double confirmed_process_high_ms = 0;
  // The fresh processes that confirmed it (unset: not known): joined with this run's processes of
  // the same config where its level has not moved (pooledForks, core/tuner/race_prior.h).
  std::optional<ForkStats> confirmed_forks;
  // The earlier run's answer, confirmed or not ("" when it had none).
  std::string remembered_winner;
  // What each candidate's set-up cost in the earlier run (a torch.compile's compile), by key:
  // the planner prices a compile nothing in this run priced yet by it.
  std::map<std::string, double> remembered_setup_ms;

  // The answer this run holds to: the last confirmed one, else the earlier run's. It is judged in
  // fresh processes, never dropped on this process's level alone, and it wins a tie.
  const std::string& answerKey() const {
    return confirmed_winner.empty() ? remembered_winner : confirmed_winner;
  }
};

class Race {
 public:
  Race(Measurer& measurer, RaceOptions options, TuneObserver* observer = nullptr);
  // With `prior`, the race starts from what an earlier one measured (RacePrior); its figures are
  // never mixed into this run's levels except for the candidates it keeps.
  TuneResult run(const SearchSpace& space, const RacePrior* prior = nullptr);

 private:
  struct Entry;
  struct ForkPrice;  // race.cpp: what fresh processes of some candidates cost (estimate)
  void screen(std::vector<Entry>& entries, TuneResult& result);
  void refine(std::vector<Entry>& entries, TuneResult& result);
  void finals(std::vector<Entry>& entries, TuneResult& result);
  // A winner whose fresh processes refuted its level in this process meets the candidates that
  // were screened out against that level in a second finals (RacePlanner::rivalsOfARefutedLeader).
  void refutedLeaderFinals(std::vector<Entry>& entries, TuneResult& result);
  // After the finals: candidates screening did not reach are measured with what is left of the
  // budget (a run never ends early while candidates wait); one that runs as fast as the winner
  // in this process makes the answer provisional. Returns the keys of such candidates.
  std::vector<std::string> screenAfterFinals(std::vector<Entry>& entries, TuneResult& result);
  // With time left after the finals: candidates measured here but not forked go to fresh
  // processes, one at a time, while RacePlanner::nextRivalFork finds one whose expected gain is
  // worth its processes; one faster across them than the winner beyond the equivalence margin
  // answers instead. A late rival forked so is no longer one (`late_rivals`).
  void forkRivals(std::vector<Entry>& entries, TuneResult& result,
                  std::vector<std::string>& late_rivals);
  // Measures pending candidates that are ready until `end_ms` (spentMs()'s clock); each chunk
  // only when the measured per-candidate cost says it fits.
  void screenPending(std::vector<Entry>& entries, TuneResult& result, double end_ms);
  void explainUnmeasured(std::vector<Entry>& entries, TuneResult& result);
  // Measures `chunk` in one call; during screening a leader seen in one preparation only rides
  // along where it fits before `limit_ms` (spentMs()'s clock; 0: never).
  void measureChunk(std::vector<Entry>& entries, TuneResult& result,
                    const std::vector<std::size_t>& chunk, double limit_ms = 0);
  // The alive candidate with the lowest median (nullptr: none).
  static const Entry* leaderOf(const std::vector<Entry>& entries);
  // What two fresh processes of the leader cost (0: nothing alive).
  double leaderForksMs(const std::vector<Entry>& entries) const;
  // What two fresh processes of a package not yet measured would cost as the leader: its class's
  // in-process cost, the leader's median (it leads only by being faster).
  double packageForksMs(const std::vector<Entry>& entries, const OptimizationConfig& package) const;
  void record(Entry& entry, const ConfigResult& result, bool contended);
  void eliminate(std::vector<Entry>& entries);
  // Screening, a leader measured in one preparation only and cheap to measure again (no
  // torch.compile): it rides along in the next call before anything is eliminated against it.
  bool needsSecondPreparation(const Entry& e) const;
  // The earlier run's answer (RacePrior::answerKey), which only fresh processes judge.
  bool isPriorAnswer(const Entry& e) const;
  // Hands the compile queue the planner's order (the likeliest winners' packages first).
  void prioritiseCompiles(const std::vector<Entry>& entries);
  // The planner's read-only view of the candidates, and of the time (core/tuner/race_planner.h).
  std::vector<PlanCandidate> planView(const std::vector<Entry>& entries) const;
  PlanClock planClock(const std::vector<Entry>& entries) const;
  // The prior's candidates applied to the fresh entries before screening (kept, skipped).
  void applyPrior(std::vector<Entry>& entries, TuneResult& result);
  // Why this run does not answer with the last confirmed answer, when it answers otherwise: a
  // "prior-not-kept" reason with its cause and figures.
  void compareWithPrior(const std::vector<Entry>& entries, TuneResult& result) const;
  // A leader this run could not confirm in fresh processes does not replace the last confirmed
  // answer where that one was measured again and stays clean and safe: the confirmed answer
  // stands (provisional), the leader is named for the next run to confirm first.
  void keepConfirmedAnswer(std::vector<Entry>& entries, TuneResult& result);
  void tick();
  double spentMs() const;
  double usableMs() const;    // the budget less the exit's reserve: what the race may plan with
  double deadlineMs() const;  // the measurer's clock at which the usable budget ends
  // What a fresh process of `config` costs before its first iteration: its start, and what the
  // measurer says such a process loads (the session and its reference, or a Python worker's import
  // and the model's rebuild).
  double forkStartMs(const OptimizationConfig& config) const;

  Measurer& measurer_;
  RaceOptions options_;
  TuneObserver* observer_;
  TuneObserver null_observer_;
  double start_ms_ = 0;
  // Screening's state, kept for the candidates it did not reach.
  std::vector<std::size_t> pending_;  // in race order
  std::vector<bool> waited_;          // was still compiling when screening started
  ScreeningCosts costs_;              // in-process cost of the candidates screened so far
  double screen_end_ms_ = 0, wait_end_ms_ = 0;
  bool screening_ = false;        // within screen()
  std::string unjudgeable_note_;  // the reference cannot judge accuracy (judgeAccuracy's note)
  const RacePrior* prior_ = nullptr;
  // What a fresh process cost beyond its iterations in this run (0: none ran yet): the estimate
  // (process start, load, set-up) is its floor when later processes are priced.
  double fork_fixed_ms_ = 0;
  // The winner stands on its fresh processes (the finals forked it, or a rival forked after them
  // won): only such an answer can be final.
  bool winner_confirmed_ = false;
  void noteForkCost(const std::vector<ConfigResult>& forked, double call_ms, int iterations);
};

}  // namespace inferscope::tuner
