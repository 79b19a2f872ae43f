// TraceCollector: bounded, thread-safe storage of one window's records.
#include "core/trace/trace_collector.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace inferscope::trace {
namespace {

// Appends at most `room` elements of `from`, returning how many it took.
template <class T>
std::size_t appendUpTo(std::vector<T>& to, std::vector<T>& from, std::size_t room) {
  const std::size_t n = std::min(room, from.size());
  to.insert(to.end(), std::make_move_iterator(from.begin()),
            std::make_move_iterator(from.begin() + static_cast<std::ptrdiff_t>(n)));
  return n;
}

// Moves the records' correlation ids by `offset` (0 stays 0: no correlation) and returns the
// largest id seen.
template <class Record>
std::uint32_t shiftCorrelations(std::vector<Record>& records, std::uint32_t offset) {
  std::uint32_t largest = 0;
  for (auto& r : records) {
    if (r.correlation_id == 0) continue;
    r.correlation_id += offset;
    largest = std::max(largest, r.correlation_id);
  }
  return largest;
}

}  // namespace

std::size_t TraceCollector::admit(std::size_t wanted) {
  const std::size_t room = kept_ < max_records_ ? max_records_ - kept_ : 0;
  const std::size_t n = std::min(room, wanted);
  data_.dropped_records += wanted - n;
  kept_ += n;
  return n;
}

void TraceCollector::onActivityBatch(ActivityBatch&& batch) {
  std::lock_guard<std::mutex> lock(mutex_);
  data_.dropped_records += batch.dropped_records;
  const std::uint32_t offset = correlation_offset_;
  for (const std::uint32_t largest :
       {shiftCorrelations(batch.kernels, offset), shiftCorrelations(batch.memcpys, offset),
        shiftCorrelations(batch.memsets, offset), shiftCorrelations(batch.api_calls, offset),
        shiftCorrelations(batch.syncs, offset), shiftCorrelations(batch.correlations, offset)}) {
    max_correlation_ = std::max(max_correlation_, largest);
  }
  // GPU records first when the cap cuts a batch: they are what the window is for, while a lost
  // correlation or API call only costs a kernel its operator name or its flow arrow.
  std::size_t room = admit(batch.recordCount());
  room -= appendUpTo(data_.kernels, batch.kernels, room);
  room -= appendUpTo(data_.memcpys, batch.memcpys, room);
  room -= appendUpTo(data_.memsets, batch.memsets, room);
  room -= appendUpTo(data_.correlations, batch.correlations, room);
  room -= appendUpTo(data_.api_calls, batch.api_calls, room);
  appendUpTo(data_.syncs, batch.syncs, room);
}

void TraceCollector::addOp(OpRecord op) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (admit(1) == 1) data_.ops.push_back(std::move(op));
}

void TraceCollector::addOps(std::vector<OpRecord>&& ops, std::uint64_t dropped) {
  std::lock_guard<std::mutex> lock(mutex_);
  data_.dropped_records += dropped;
  const std::size_t n = admit(ops.size());
  appendUpTo(data_.ops, ops, n);
}

void TraceCollector::beginStretch() {
  std::lock_guard<std::mutex> lock(mutex_);
  correlation_offset_ = max_correlation_;
}

void TraceCollector::addIteration(const IterationMark& mark) {
  // Iteration marks are never dropped: they are few and every aggregate is organised by them.
  std::lock_guard<std::mutex> lock(mutex_);
  data_.iterations.push_back(mark);
}

std::size_t TraceCollector::recordCount() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return kept_;
}

std::uint64_t TraceCollector::droppedRecords() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return data_.dropped_records;
}

void TraceCollector::moveInto(TraceWindow& window) {
  std::lock_guard<std::mutex> lock(mutex_);
  window.iterations = std::move(data_.iterations);
  window.kernels = std::move(data_.kernels);
  window.memcpys = std::move(data_.memcpys);
  window.memsets = std::move(data_.memsets);
  window.api_calls = std::move(data_.api_calls);
  window.syncs = std::move(data_.syncs);
  window.correlations = std::move(data_.correlations);
  window.ops = std::move(data_.ops);
  window.dropped_records = data_.dropped_records;
  data_ = TraceWindow{};
  kept_ = 0;
  correlation_offset_ = max_correlation_ = 0;
}

}  // namespace inferscope::trace
