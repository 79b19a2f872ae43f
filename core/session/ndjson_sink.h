// Writes engine events as NDJSON (one JSON object per line, flushed): the run events that an
// isolated child process streams to its parent and that `profile`, `sweep`, `trace` and `cudnn`
// write with `--events ndjson` (event_stream_reader.h reads them; docs/ARCHITECTURE.md, "Event
// streams"). Line format:
//   {"protocol":1,"event":"config_start","index":0,"count":1,"key":"bf16"}
//   {"protocol":1,"event":"sample","config":0,"iteration":3,"latency_ms":4.18,"host_ms":4.31,
//    "warmup":false}
//   {"protocol":1,"event":"log","level":"warning","message":"…"}
//   {"protocol":1,"event":"config_done","result":{…session-file mapping of a ConfigResult…}}
//   {"protocol":1,"event":"session_done","parameter_count":…,"output_shapes":[…],"inputs":[…],
//    "device":{…}}
#pragma once

#include <cstdio>

#include "core/engine/event_sink.h"

namespace inferscope {

class NdjsonSink : public EventSink {
 public:
  explicit NdjsonSink(std::FILE* out) : out_(out) {}
  void onConfigStart(int config_index, int config_count, const OptimizationConfig& config) override;
  void onSample(const Sample& sample) override;
  void onConfigDone(const ConfigResult& result) override;
  void onLog(LogLevel level, const std::string& message) override;
  void onSessionDone(const SessionResult& session) override;

 private:
  std::FILE* out_;
};

}  // namespace inferscope
