// A whole session: where it ran, on what, with which plan, and every config's result. This is what
// a session file holds (core/session/session_file.h) and what the GUI renders.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/cudnn/cudnn_ledger.h"
#include "core/engine/config_result.h"
#include "core/engine/plan_shard.h"
#include "core/engine/profile_request.h"
#include "core/engine/shape_values.h"
#include "core/engine/tune_record.h"
#include "core/roofline/roofline_types.h"

namespace inferscope {

struct SessionResult {
  std::string generator;    // "inferscope 0.1.0"
  std::string created_utc;  // ISO 8601
  std::string host;
  DeviceInfo device;
  ProfileRequest request;  // model, inputs (resolved), plan, run settings
  std::int64_t parameter_count = 0;
  std::vector<std::string> output_shapes;  // of the FP32 reference run, e.g. "32x1000:float32"
  std::vector<ConfigResult> configs;
  bool cancelled = false;
  // cuDNN algorithm ledgers recorded in this session (`inferscope-cli cudnn`); usually none.
  std::vector<cudnn::CudnnLedger> cudnn_ledgers;
  // Set when this session ran one shard of a plan (`--shard i/n`); merge (session_merge.h) uses it
  // to check that every shard is there once and to put the configs back in plan order.
  std::optional<ShardSpec> shard;
  // With RunSettings::roofline: the device's measured matmul and copy ceilings (and the vendor's
  // datasheet figures), which every config's roofline is measured against.
  std::optional<roofline::DeviceCeilings> ceilings;
  // A tuned session's race (`tune -o`): the verdict and every candidate's fate, so the answer
  // travels with the file. One per shard in a merge of tune shards; none in other sessions.
  std::vector<TuneRecord> races;
  // A session over a shape set (`sweep --batch 1,8,32`, `--max-batch`): the answers across its
  // shapes as the run derived them (core/engine/shape_record.h); unset in one-shape sessions and in
  // files written before it was kept, whose answers are derived on reading (shapeRecordOrDerived).
  std::optional<ShapeRecord> shape_record;

  const ConfigResult* find(const std::string& key) const;
};

}  // namespace inferscope
