#include "core/engine/shape_record.h"

#include <algorithm>

#include "core/common/error.h"
#include "core/engine/shape_sweep.h"

namespace inferscope {

std::string precisionKey(const OptimizationConfig& config) {
  OptimizationConfig only;
  only.precision = config.precision;
  only.tf32_matmul = config.tf32_matmul;
  only.tf32_conv = config.tf32_conv;
  return only.key();
}

std::vector<PrecisionMemory> memoryPerPrecision(const SessionResult& session,
                                                const std::vector<ThroughputCurve>& curves) {
  std::vector<PrecisionMemory> memory;
  for (const auto& curve : curves) {
    const auto* result = session.find(curve.config_key);
    if (result == nullptr) continue;
    const auto precision = precisionKey(result->config);
    auto it = std::find_if(memory.begin(), memory.end(), [&](const PrecisionMemory& m) {
      return m.precision == precision && m.fixed_dims == curve.fixed_dims;
    });
    if (it == memory.end()) {
      memory.push_back(PrecisionMemory{precision, curve.fixed_dims, {}});
      it = std::prev(memory.end());
    }
    for (const auto& p : curve.points) {
      if (p.peak_bytes <= 0) continue;
      auto at = std::find_if(it->points.begin(), it->points.end(),
                             [&](const PrecisionMemoryPoint& m) { return m.batch == p.batch; });
      if (at == it->points.end()) {
        it->points.push_back({p.batch, p.shape_label, p.peak_bytes, curve.config_key});
      } else if (p.peak_bytes < at->peak_bytes) {
        // The lowest peak a config of this precision reached: what the precision needs at least.
        at->peak_bytes = p.peak_bytes;
        at->config_key = curve.config_key;
      }
    }
  }
  for (auto& m : memory) {
    std::sort(m.points.begin(), m.points.end(),
              [](const PrecisionMemoryPoint& a, const PrecisionMemoryPoint& b) {
                return a.batch < b.batch;
              });
  }
  return memory;
}

std::optional<ShapeRecord> shapeRecordOf(const SessionResult& session,
                                         const RankingOptions& options,
                                         const std::string& shape_mix,
                                         std::vector<MaxBatchRecord> max_batch) {
  const auto shapes = sessionShapes(session);
  if (shapes.size() < 2 && max_batch.empty()) return std::nullopt;
  ShapeRecord record;
  record.curves = throughputCurves(session, record.knee_fraction);
  record.memory = memoryPerPrecision(session, record.curves);
  record.max_batch = std::move(max_batch);
  if (!record.max_batch.empty()) return record;
  record.routing = routingTable(session, options);
  record.shape_mix = shape_mix;
  std::vector<std::string> labels;
  labels.reserve(shapes.size());
  for (const auto& shape : shapes) labels.push_back(shape.label);
  try {
    record.weights = parseShapeMix(shape_mix, labels);
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) throw;
    return record;  // the mix names a shape this session lacks: no single-config answer
  }
  record.best_single = bestSingleConfig(session, record.weights, options);
  return record;
}

std::optional<ShapeRecord> shapeRecordOrDerived(const SessionResult& session) {
  if (session.shape_record) return session.shape_record;
  return shapeRecordOf(session, RankingOptions{});
}

}  // namespace inferscope
