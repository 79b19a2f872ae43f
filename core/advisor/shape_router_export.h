// The Python export of a shape-set answer (`tune --batch 1,8,32 --python router.py`): the routing
// table — per shape bucket, the config measured fastest there — and the one config for the mix,
// with every config's settings applied to its own copy of the model. A request goes to the
// smallest bucket that holds it (the same sizes past the batch dimension, a batch no larger than
// the bucket's), padded up to the bucket's batch and its output cut back; a request no bucket
// holds runs with the mix's one config at its own shape.
//
// Each config's code is the single-config export's (python_exporter.h), embedded and loaded as a
// module of its own, so a bucket runs exactly what that export would run; the process-wide flags
// (TF32, cuDNN) are set again whenever a call's config differs from the previous call's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/advisor/config_document.h"
#include "core/model/input_spec.h"

namespace inferscope::advisor {

struct ShapeRoute {
  std::string shape_label;  // "B=8", "S=128"
  InputSpec input;          // the bucket's (first) input, resolved: "8x3x224x224:float32"
  std::optional<ConfigDocument> config;  // unset: no config ran safely at this shape
  double median_ms = 0;                  // the config's measured median there
};

struct ShapeRouterDocument {
  std::string model_label;   // what was measured ("bert-encoder (L1 H32 A2 seq8)")
  std::string device_label;  // "NVIDIA H200", "CPU"
  std::vector<ShapeRoute> routes;
  std::optional<ConfigDocument> single;  // the one config for the mix (unset: none served all)
  std::string shape_mix;                 // as given; "" uniform
  double single_weighted_ms = 0, oracle_ms = 0;
};

// The file's text. Throws Error(InvalidInput) when no route has a config and there is no single
// config: nothing to export.
std::string exportShapeRouterPython(const ShapeRouterDocument& document);

}  // namespace inferscope::advisor
