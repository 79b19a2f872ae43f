// A two-state Markov-switching AR(1) model (Hamilton 1989) of log latencies:
//   y_t = μ_{s_t} + e_t,   e_t = φ·e_{t−1} + η_t,   η_t ~ N(0, σ²),
// with s_t a two-state Markov chain (P(0→1) = leave_fast, P(1→0) = leave_slow). Fitted by
// expectation–conditional-maximisation over the exact forward–backward recursions (the emission
// at t depends on s_{t−1} and s_t through e_{t−1}). It is the model of a host whose level switches
// and stays; constrained to leave_fast + leave_slow = 1 (λ = 0: the state forgets itself at every
// step) it is independent bimodal noise with AR(1) noise about the modes, so the likelihood ratio
// of the two is a test of persistence that uses every point's value rather than a hard split.
// docs/MEASUREMENT.md, "Regime switching".
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

struct MarkovSwitchingAr {
  double mean[2] = {0, 0};  // μ_0 < μ_1 after fitting: state 1 is the slow level
  double phi = 0;           // AR(1) coefficient of the noise about the level
  double innovation_var = 1;
  double leave_fast = 0.5;  // P(s_t = 1 | s_{t−1} = 0)
  double leave_slow = 0.5;  // P(s_t = 0 | s_{t−1} = 1)
  // Conditional log-likelihood of y[1..m) given y[0] (the convention of a least-squares AR(1)
  // fit, so the two are comparable), nats.
  double log_likelihood = 0;
  // P(s_t = 1 | all of y): the smoothed probability of each point being at the slow level.
  std::vector<double> slow_probability;

  // Persistence of the level chain: λ = 1 − leave_fast − leave_slow (0 for independent modes).
  double persistence() const { return 1.0 - leave_fast - leave_slow; }
};

// Fits the model to `y` from `start` (its means, φ, σ² and transitions are the starting point of
// the iterations; slow_probability and log_likelihood are ignored). With `independent_states`
// the transitions are held to leave_fast + leave_slow = 1 throughout. The innovation variance is
// kept at or above `var_floor` (a quantised level would otherwise collapse to zero width), φ in
// [−0.98, 0.98]. Needs y.size() ≥ 3.
MarkovSwitchingAr fitMarkovSwitchingAr(const std::vector<double>& y, MarkovSwitchingAr start,
                                       bool independent_states, double var_floor);

// Conditional log-likelihood of y[1..m) given y[0] under one level with AR(1) noise (least
// squares), the no-switching model the two-level fit is compared with.
double ar1LogLikelihood(const std::vector<double>& y);

}  // namespace inferscope::analysis
