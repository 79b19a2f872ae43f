// The few distribution functions the analysis needs (normal, binomial), kept dependency-free.
#pragma once

#include <cstddef>
#include <vector>

namespace inferscope::analysis {

// Standard normal cumulative distribution function Φ(z).
double normalCdf(double z);

// Φ⁻¹(p) for p in (0, 1) (Acklam's rational approximation refined by one Halley step; |error| <
// 1e-12). Returns ±infinity at p = 0 or 1.
double normalQuantile(double p);

// Student t quantile t_p(ν) for ν ≥ 1 (Cornish–Fisher expansion in 1/ν, Abramowitz & Stegun
// 26.7.5: |error| < 1e-3 for ν ≥ 3, exact enough for interval widths; exact at ν = 1 and 2,
// linear in ν between them and 3).
double studentQuantile(double p, double dof);

// P(X ≤ x) for X ~ χ²(ν) (Wilson–Hilferty: |error| < 0.01 for ν ≥ 1, enough for a p-value
// compared with 0.01).
double chiSquareCdf(double x, double dof);

// P(B ≤ k) for every k = 0..n, B ~ Binomial(n, p); computed in log space so n in the tens of
// thousands does not underflow.
std::vector<double> binomialCdfTable(std::size_t n, double p);

}  // namespace inferscope::analysis
