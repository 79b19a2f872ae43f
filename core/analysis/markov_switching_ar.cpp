// Expectation–conditional-maximisation for a two-state Markov-switching AR(1) model. The E step is
// a scaled forward–backward pass over the state s_t with pair emissions f(y_t | s_{t−1}, s_t);
// the M step needs only six weighted sums per state pair, from which the transitions, then the
// means given φ, then φ given the means, then σ² follow in closed form (each step raises the
// expected log-likelihood, so the likelihood never falls).
#include "core/analysis/markov_switching_ar.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace inferscope::analysis {
namespace {

constexpr double kLog2Pi = 1.8378770664093453;
// A transition probability of exactly 0 or 1 would make a state absorbing or unreachable and its
// logarithm infinite: 1e-4 is a stay of 10 000 iterations, longer than any measured run.
constexpr double kMinTransition = 1e-4;
constexpr double kMaxPhi = 0.98;
constexpr int kMaxIterations = 200;
constexpr double kTolerancePerPoint = 1e-8;  // nats: stop when an iteration gains less

// Σξ, Σξ·y_t, Σξ·y_{t−1}, Σξ·y_t², Σξ·y_{t−1}², Σξ·y_t·y_{t−1} over t for one pair (s_{t−1}, s_t).
struct PairSums {
  double w = 0, now = 0, prev = 0, now2 = 0, prev2 = 0, cross = 0;
};

// One forward–backward pass: the log-likelihood, the pair sums and P(s_t = 1 | y).
double expectation(const std::vector<double>& y, const MarkovSwitchingAr& model,
                   PairSums sums[2][2], std::vector<double>& slow_probability) {
  const std::size_t m = y.size();
  const double p[2][2] = {{1.0 - model.leave_fast, model.leave_fast},
                          {model.leave_slow, 1.0 - model.leave_slow}};
  const double var = model.innovation_var, log_var = std::log(var), phi = model.phi;
  std::vector<double> alpha(2 * m), emission(4 * (m - 1)), scale(m, 1.0);
  {
    // Stationary start: the chain's stationary share and the AR(1) marginal variance.
    const double slow_share = model.leave_fast / (model.leave_fast + model.leave_slow);
    const double marginal_var = var / (1.0 - phi * phi);
    double a[2];
    for (int k = 0; k < 2; ++k) {
      const double d = y[0] - model.mean[k];
      a[k] = -0.5 * d * d / marginal_var;
    }
    const double top = std::max(a[0], a[1]);
    a[0] = (1.0 - slow_share) * std::exp(a[0] - top);
    a[1] = slow_share * std::exp(a[1] - top);
    alpha[0] = a[0] / (a[0] + a[1]), alpha[1] = a[1] / (a[0] + a[1]);
  }
  double log_likelihood = 0;
  for (std::size_t t = 1; t < m; ++t) {
    double le[4];
    for (int j = 0; j < 2; ++j) {
      for (int k = 0; k < 2; ++k) {
        const double r = y[t] - model.mean[k] - phi * (y[t - 1] - model.mean[j]);
        le[2 * j + k] = -0.5 * (r * r / var);
      }
    }
    const double top = *std::max_element(le, le + 4);
    double* e = &emission[4 * (t - 1)];
    for (int q = 0; q < 4; ++q) e[q] = std::exp(le[q] - top);
    double a[2] = {0, 0};
    for (int j = 0; j < 2; ++j) {
      for (int k = 0; k < 2; ++k) a[k] += alpha[2 * (t - 1) + j] * p[j][k] * e[2 * j + k];
    }
    scale[t] = a[0] + a[1];
    alpha[2 * t] = a[0] / scale[t], alpha[2 * t + 1] = a[1] / scale[t];
    log_likelihood += top + std::log(scale[t]) - 0.5 * (kLog2Pi + log_var);
  }
  for (int j = 0; j < 2; ++j) {
    for (int k = 0; k < 2; ++k) sums[j][k] = PairSums{};
  }
  slow_probability.assign(m, 0.0);
  double beta[2] = {1.0, 1.0};
  for (std::size_t t = m - 1; t >= 1; --t) {
    slow_probability[t] = alpha[2 * t + 1] * beta[1];
    const double* e = &emission[4 * (t - 1)];
    double next_beta[2] = {0, 0};
    for (int j = 0; j < 2; ++j) {
      for (int k = 0; k < 2; ++k) {
        const double link = p[j][k] * e[2 * j + k] * beta[k] / scale[t];
        const double xi = alpha[2 * (t - 1) + j] * link;
        next_beta[j] += link;
        PairSums& s = sums[j][k];
        s.w += xi, s.now += xi * y[t], s.prev += xi * y[t - 1];
        s.now2 += xi * y[t] * y[t], s.prev2 += xi * y[t - 1] * y[t - 1];
        s.cross += xi * y[t] * y[t - 1];
      }
    }
    beta[0] = next_beta[0], beta[1] = next_beta[1];
  }
  slow_probability[0] = alpha[1] * beta[1] / (alpha[0] * beta[0] + alpha[1] * beta[1]);
  return log_likelihood;
}

void maximisation(const PairSums sums[2][2], std::size_t m, bool independent_states,
                  double var_floor, MarkovSwitchingAr& model) {
  const auto clampP = [](double x) { return std::clamp(x, kMinTransition, 1.0 - kMinTransition); };
  const double from_fast = sums[0][0].w + sums[0][1].w, from_slow = sums[1][0].w + sums[1][1].w;
  if (independent_states) {
    // s_t does not depend on s_{t−1}: its probability is the expected share at the slow level.
    const double slow = clampP((sums[0][1].w + sums[1][1].w) / (from_fast + from_slow));
    model.leave_fast = slow, model.leave_slow = 1.0 - slow;
  } else {
    if (from_fast > 0) model.leave_fast = clampP(sums[0][1].w / from_fast);
    if (from_slow > 0) model.leave_slow = clampP(sums[1][0].w / from_slow);
  }
  // Means given φ: y_t − φ·y_{t−1} = μ_k − φ·μ_j + η, a weighted least-squares fit in (μ_0, μ_1).
  const double phi = model.phi;
  double a00 = 0, a01 = 0, a11 = 0, b0 = 0, b1 = 0;
  for (int j = 0; j < 2; ++j) {
    for (int k = 0; k < 2; ++k) {
      double x[2] = {0, 0};
      x[k] += 1.0, x[j] -= phi;
      const PairSums& s = sums[j][k];
      const double z = s.now - phi * s.prev;
      a00 += s.w * x[0] * x[0], a01 += s.w * x[0] * x[1], a11 += s.w * x[1] * x[1];
      b0 += z * x[0], b1 += z * x[1];
    }
  }
  const double det = a00 * a11 - a01 * a01;
  if (det > 1e-12 * std::max(a00 * a11, 1e-300)) {
    model.mean[0] = (a11 * b0 - a01 * b1) / det;
    model.mean[1] = (a00 * b1 - a01 * b0) / det;
  }
  // φ given the means, then σ²: sums of u = y_t − μ_k and w = y_{t−1} − μ_j.
  double uw = 0, ww = 0, uu = 0;
  for (int j = 0; j < 2; ++j) {
    for (int k = 0; k < 2; ++k) {
      const PairSums& s = sums[j][k];
      const double mj = model.mean[j], mk = model.mean[k];
      uw += s.cross - mj * s.now - mk * s.prev + mk * mj * s.w;
      ww += s.prev2 - 2.0 * mj * s.prev + mj * mj * s.w;
      uu += s.now2 - 2.0 * mk * s.now + mk * mk * s.w;
    }
  }
  model.phi = ww > 0 ? std::clamp(uw / ww, -kMaxPhi, kMaxPhi) : 0.0;
  const double ss = uu - 2.0 * model.phi * uw + model.phi * model.phi * ww;
  model.innovation_var = std::max(ss / static_cast<double>(m - 1), var_floor);
}

}  // namespace

MarkovSwitchingAr fitMarkovSwitchingAr(const std::vector<double>& y, MarkovSwitchingAr start,
                                       bool independent_states, double var_floor) {
  MarkovSwitchingAr model = start;
  const std::size_t m = y.size();
  if (m < 3) return model;
  // Centred: the sums of squares of log latencies (≈ 2.3 ± 0.01) would lose digits otherwise.
  const double centre = std::accumulate(y.begin(), y.end(), 0.0) / static_cast<double>(m);
  std::vector<double> z(m);
  for (std::size_t i = 0; i < m; ++i) z[i] = y[i] - centre;
  model.mean[0] -= centre, model.mean[1] -= centre;
  model.phi = std::clamp(model.phi, -kMaxPhi, kMaxPhi);
  model.innovation_var = std::max(model.innovation_var, var_floor);
  model.leave_fast = std::clamp(model.leave_fast, kMinTransition, 1.0 - kMinTransition);
  model.leave_slow = independent_states
                         ? 1.0 - model.leave_fast
                         : std::clamp(model.leave_slow, kMinTransition, 1.0 - kMinTransition);
  PairSums sums[2][2];
  double previous = -INFINITY;
  for (int iteration = 0;; ++iteration) {
    model.log_likelihood = expectation(z, model, sums, model.slow_probability);
    const bool converged =
        model.log_likelihood - previous < kTolerancePerPoint * static_cast<double>(m);
    if (converged || iteration == kMaxIterations) break;
    previous = model.log_likelihood;
    MarkovSwitchingAr next = model;
    maximisation(sums, m, independent_states, var_floor, next);
    model = std::move(next);
  }
  model.mean[0] += centre, model.mean[1] += centre;
  if (model.mean[0] > model.mean[1]) {  // state 1 is the slow level
    std::swap(model.mean[0], model.mean[1]);
    std::swap(model.leave_fast, model.leave_slow);
    for (double& p : model.slow_probability) p = 1.0 - p;
  }
  return model;
}

double ar1LogLikelihood(const std::vector<double>& z) {
  const std::size_t m = z.size();
  if (m < 3) return 0.0;
  const double mean = std::accumulate(z.begin(), z.end(), 0.0) / static_cast<double>(m);
  double sxy = 0, sxx = 0;
  for (std::size_t t = 1; t < m; ++t) {
    sxy += (z[t] - mean) * (z[t - 1] - mean);
    sxx += (z[t - 1] - mean) * (z[t - 1] - mean);
  }
  const double phi = sxx > 0 ? std::clamp(sxy / sxx, -0.999, 0.999) : 0.0;
  double ss = 0;
  for (std::size_t t = 1; t < m; ++t) {
    const double e = (z[t] - mean) - phi * (z[t - 1] - mean);
    ss += e * e;
  }
  const double var = std::max(ss / static_cast<double>(m - 1), 1e-300);
  return -0.5 * static_cast<double>(m - 1) * (kLog2Pi + std::log(var) + 1.0);
}

}  // namespace inferscope::analysis
