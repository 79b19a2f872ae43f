#include "core/tuner/shape_race.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "core/common/error.h"
#include "core/common/units.h"
#include "core/engine/shape_answers.h"
#include "core/engine/shape_record.h"
#include "core/engine/shape_sweep.h"

namespace inferscope::tuner {
namespace {

void addContender(std::vector<OptimizationConfig>& contenders, const OptimizationConfig& config) {
  if (std::find(contenders.begin(), contenders.end(), config) == contenders.end())
    contenders.push_back(config);
}

// The order step 2 measures the shapes in: the heaviest of the mix first (a budget that ends
// early then misses the shapes that matter least), the set's order among equal weights.
std::vector<std::size_t> measureOrder(const ShapeSet& set, const std::vector<ShapeWeight>& mix) {
  std::vector<std::size_t> order(set.points.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return mix[a].weight > mix[b].weight; });
  return order;
}

}  // namespace

ShapeRaceResult raceShapes(const ShapeSet& set, const ShapeRaceOptions& options,
                           const ShapeRaceHooks& hooks, const CancelToken& cancel) {
  const auto labels = set.labels();
  const auto mix = parseShapeMix(options.shape_mix, labels);  // a mistake costs nothing yet
  ShapeRaceResult out;
  out.shapes = set.points;
  out.races.resize(set.points.size());
  out.budget_ms = options.budget_ms;
  const double start_ms = hooks.now_ms();
  const auto spent = [&] { return hooks.now_ms() - start_ms; };
  const double races_ms = options.budget_ms * (1 - options.cross_share);

  // Step 1: a race per shape, heaviest of the mix first; what one leaves of its share goes to
  // the shapes after it. A share below the least a race needs is raised to it while the budget
  // holds one, so a small budget races the shapes that matter most rather than none well.
  const auto order = measureOrder(set, mix);
  for (std::size_t n = 0; n < order.size(); ++n) {
    const auto i = order[n];
    if (cancel.cancelled()) break;
    const double left_ms = races_ms - spent();
    if (left_ms < options.min_race_ms) {
      out.not_measured.push_back(fmt::format(
          "{}: not raced — the races' {:.0f} s of the budget were spent by the shapes before it",
          labels[i], units::msToS(races_ms)));
      continue;
    }
    const double share =
        std::max(left_ms / static_cast<double>(order.size() - n), options.min_race_ms);
    out.races[i] = hooks.race(i, share);
    const auto& r = *out.races[i];
    if (r.cancelled) {
      out.cancelled = true;
      break;
    }
    if (r.verdict_state == VerdictState::Provisional && r.unmeasured.count > 0) {
      out.not_measured.push_back(fmt::format(
          "{}: race provisional — {} candidate{} not measured in its {:.0f} s", labels[i],
          r.unmeasured.count, r.unmeasured.count == 1 ? "" : "s", units::msToS(share)));
    } else if (!r.winner) {
      out.not_measured.push_back(
          fmt::format("{}: the race has no winner (nothing ran cleanly and safely)", labels[i]));
    }
    if (r.winner) {
      addContender(out.contenders, *r.winner);
      for (const auto& tied : r.tied_with) addContender(out.contenders, tied);
    }
  }

  // Step 2: every contender at every shape, under one protocol, heaviest shapes first. A shape
  // is started only when the previous one's cost says it ends within the budget; the first always
  // runs, since without it nothing answers for the mix at all.
  double last_cost_ms = 0;
  bool first = true;
  for (const auto i : order) {
    if (out.cancelled || cancel.cancelled() || out.contenders.empty()) break;
    if (!first && spent() + last_cost_ms > options.budget_ms) {
      out.not_measured.push_back(fmt::format(
          "{}: the contenders were not measured here — the budget ended (the last shape took "
          "{:.1f} s)",
          labels[i], units::msToS(last_cost_ms)));
      continue;
    }
    const double t0 = hooks.now_ms();
    SessionResult one;
    try {
      one = hooks.measure(i, out.contenders);
    } catch (const Error& e) {
      if (first || e.kind() == ErrorKind::Cancelled) throw;
      // The shape, not the model: every contender failed there, with the reason (runShapeSweep).
      one.request = requestAtShape(out.session.request, set.points[i]);
      for (const auto& c : out.contenders) {
        ConfigResult r;
        r.config = c;
        r.status =
            e.kind() == ErrorKind::OutOfMemory ? ConfigStatus::OutOfMemory : ConfigStatus::Error;
        r.message = e.what();
        one.configs.push_back(std::move(r));
      }
    }
    last_cost_ms = hooks.now_ms() - t0;
    if (first) {
      out.session = one;  // the header (device, host, request) is the first run's
      out.session.configs.clear();
      first = false;
    }
    const bool stopped = one.cancelled;
    appendAtShape(out.session, std::move(one), set.points[i]);
    out.measured_shapes.push_back(labels[i]);
    if (stopped) {
      out.cancelled = true;
      break;
    }
  }
  if (cancel.cancelled()) out.cancelled = true;
  out.session.cancelled = out.cancelled;
  out.session.request.plan = out.contenders;
  if (!out.session.configs.empty()) {
    // Shapes the contenders were not measured at weigh nothing here: the record's mix is given in
    // full only when every weighted shape was reached, else its best single config is unset.
    const bool all_weighted = std::all_of(mix.begin(), mix.end(), [&](const ShapeWeight& w) {
      return !(w.weight > 0) || std::find(out.measured_shapes.begin(), out.measured_shapes.end(),
                                          w.shape_label) != out.measured_shapes.end();
    });
    if (all_weighted) {
      out.record = shapeRecordOf(out.session, options.ranking, options.shape_mix);
    } else {
      out.record = shapeRecordOf(out.session, options.ranking);
      if (out.record) {
        out.record->best_single.reset();
        out.record->weights.clear();
        out.record->shape_mix = options.shape_mix;
      }
      out.not_measured.push_back(
          "one config for the mix: not answered — a shape of positive weight was not measured");
    }
  }
  out.elapsed_ms = spent();
  return out;
}

}  // namespace inferscope::tuner
