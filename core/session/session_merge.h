// Merging sessions (`inferscope-cli merge`): the shards of one sweep, run as array tasks on a
// cluster or on the GPUs of one host, become one session again; sessions of different devices can
// be kept side by side. Pure values: loading and saving the files is the caller's.
//
// What must agree, always: the model (source, name, seed, encoder shape), the inputs and output
// shapes, and the measurement settings (iterations, adaptive stopping, accuracy check), or the
// numbers would not be comparable at all. What must agree unless keep_hosts is set: the device
// identity (core/engine/device_groups.h: device model, compute capability, library versions).
// With keep_hosts each identity becomes a group of its own with its own FP32 reference.
//
// Shard sessions (SessionResult::shard) of one group must all come from one split (same n), each
// shard once and none missing; their configs are put back in plan order, and the FP32 reference
// that every shard measured is kept once per group: the first shard's (the first one that ran ok).
#pragma once

#include <string>
#include <vector>

#include "core/engine/session_result.h"

namespace inferscope {

struct MergeInput {
  SessionResult session;
  std::string origin;  // names the input in messages: its path
};

struct MergeOptions {
  bool keep_hosts = false;  // keep sessions of differing devices apart (groups) instead of refusing
};

struct MergeResult {
  SessionResult session;
  // What the merge decided, for the user: which references were dropped and how far they were
  // from the one kept, which groups were kept apart.
  std::vector<std::string> notes;
};

// Throws Error(InvalidInput) naming the field, both values and both origins on a mismatch, the
// shard on a missing or repeated one, and both origins when a whole session is given twice (the
// same content: one file twice, or a copy of it).
MergeResult mergeSessions(const std::vector<MergeInput>& inputs, const MergeOptions& options = {});

}  // namespace inferscope
