#include "cli/shape_router_output.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/advisor/shape_router_export.h"
#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/printable.h"
#include "core/engine/engine.h"
#include "core/engine/shape_sweep.h"

namespace inferscope::cli {

void writeShapeRouter(const SessionResult& session, const ShapeRecord& record, ModelFamily family,
                      const std::string& torch_version, const std::string& path) {
  if (record.routing.size() < 2) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("--python {}: the session has no routing table to export (it needs "
                            "results at two shapes or more, e.g. --batch 1,8,32, and no "
                            "--max-batch)",
                            printableLine(path)));
  }
  advisor::TorchVersion target;
  if (!torch_version.empty()) {
    target = advisor::TorchVersion::parse(torch_version);
  } else {
    try {
      target = advisor::TorchVersion::parse(engine::libtorchVersion());
    } catch (const Error&) {
      target = advisor::TorchVersion::parse(advisor::kDefaultTargetTorch);
    }
  }
  const auto document = [&](const std::string& key) {
    return advisor::ConfigDocument::from(OptimizationConfig::parse(key), target,
                                         session.request.device, family);
  };
  advisor::ShapeRouterDocument d;
  d.model_label = session.request.model.displayName();
  d.device_label = session.device.name;
  const auto shapes = sessionShapes(session);
  for (const auto& route : record.routing) {
    advisor::ShapeRoute out;
    out.shape_label = route.shape_label;
    const auto it = std::find_if(shapes.begin(), shapes.end(),
                                 [&](const ShapePoint& p) { return p.label == route.shape_label; });
    if (it == shapes.end() || it->inputs.empty()) continue;  // no input resolved: no bucket
    out.input = it->inputs.front();
    if (!route.config_key.empty()) out.config = document(route.config_key);
    out.median_ms = route.median_ms;
    d.routes.push_back(out);
  }
  if (const auto& best = record.best_single) {
    d.single = document(best->config_key);
    d.single_weighted_ms = best->weighted_median_ms;
    d.oracle_ms = best->oracle_ms;
  }
  d.shape_mix = record.shape_mix;
  WriteOptions write;
  write.executable = true;  // `./router.py` runs as written
  writeFileAtomically(path, advisor::exportShapeRouterPython(d), write);
  fmt::print(stdout, "wrote {} (Python: the routing table, a config per bucket)\n",
             printableLine(path));
}

}  // namespace inferscope::cli
