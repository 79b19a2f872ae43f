// Normal and binomial distribution functions for confidence intervals and the stopping rule.
#include "core/analysis/distributions.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace inferscope::analysis {
namespace {
constexpr double kPi = 3.14159265358979323846;
}  // namespace

double normalCdf(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double normalQuantile(double p) {
  if (p <= 0.0) return -std::numeric_limits<double>::infinity();
  if (p >= 1.0) return std::numeric_limits<double>::infinity();
  // Acklam's coefficients: a rational approximation with relative error < 1.2e-9.
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double p_low = 0.02425;
  double x = 0.0;
  if (p < p_low) {
    const double q = std::sqrt(-2.0 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  } else if (p <= 1.0 - p_low) {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  } else {
    const double q = std::sqrt(-2.0 * std::log(1.0 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  }
  // One Halley step against erfc brings the error to machine precision.
  const double e = normalCdf(x) - p;
  const double u = e * std::sqrt(2.0 * kPi) * std::exp(x * x / 2.0);
  return x - u / (1.0 + x * u / 2.0);
}

namespace {
// Exact t quantiles for 1 and 2 degrees of freedom (Cauchy; closed form for ν = 2): the expansion
// below is poor there, and forks come in twos and threes.
double studentQuantileExact(double p, int dof) {
  if (dof == 1) return std::tan(3.141592653589793 * (p - 0.5));
  return (2.0 * p - 1.0) / std::sqrt(2.0 * p * (1.0 - p));
}
}  // namespace

double studentQuantile(double p, double dof) {
  const double z = normalQuantile(p);
  if (!std::isfinite(z)) return z;
  if (dof <= 1.0) return studentQuantileExact(p, 1);
  if (dof < 3.0) {  // between the exact ν = 1, 2 and the expansion at ν = 3, linearly in ν
    const double lower = dof < 2.0 ? studentQuantileExact(p, 1) : studentQuantileExact(p, 2);
    const double upper = dof < 2.0 ? studentQuantileExact(p, 2) : studentQuantile(p, 3.0);
    const double f = dof - std::floor(dof);
    return lower + f * (upper - lower);
  }
  const double v = dof;
  const double z2 = z * z;
  const double g1 = (z2 + 1.0) * z / 4.0;
  const double g2 = ((5.0 * z2 + 16.0) * z2 + 3.0) * z / 96.0;
  const double g3 = (((3.0 * z2 + 19.0) * z2 + 17.0) * z2 - 15.0) * z / 384.0;
  const double g4 =
      ((((79.0 * z2 + 776.0) * z2 + 1482.0) * z2 - 1920.0) * z2 - 945.0) * z / 92160.0;
  return z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v);
}

double chiSquareCdf(double x, double dof) {
  if (x <= 0.0 || dof <= 0.0) return 0.0;
  const double c = 2.0 / (9.0 * dof);
  return normalCdf((std::cbrt(x / dof) - (1.0 - c)) / std::sqrt(c));
}

std::vector<double> binomialCdfTable(std::size_t n, double p) {
  std::vector<double> cdf(n + 1, 1.0);
  if (p <= 0.0 || p >= 1.0) {
    // Degenerate: all mass at 0 (p ≤ 0) or at n (p ≥ 1).
    for (std::size_t k = 0; k <= n; ++k) cdf[k] = (p <= 0.0 || k == n) ? 1.0 : 0.0;
    return cdf;
  }
  const double nd = static_cast<double>(n);
  const double log_odds = std::log(p / (1.0 - p));
  double log_pmf = nd * std::log1p(-p);  // P(B = 0)
  double sum = 0.0;
  for (std::size_t k = 0; k <= n; ++k) {
    sum += std::exp(log_pmf);
    cdf[k] = std::min(sum, 1.0);
    const double kd = static_cast<double>(k);
    log_pmf += std::log((nd - kd) / (kd + 1.0)) + log_odds;
  }
  return cdf;
}

}  // namespace inferscope::analysis
