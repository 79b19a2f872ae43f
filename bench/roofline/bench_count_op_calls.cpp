// bench_count_op_calls CALLS.json…: the work the engine's counter (roofline::countWork) finds in
// operator-call files that the Python worker's instruments module wrote
// (resources/python/inferscope_instruments.py, record_ops), one JSON line per file:
// {"file": …, "work": <the work as a session's configs[].roofline.work>}. For
// bench/gpu/user_models/instruments_check.py, which compares it with torch.utils.flop_counter on
// public models; exit status 2 for a file that cannot be read.
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <string>

#include "core/common/file_io.h"
#include "core/roofline/op_calls_json.h"
#include "core/roofline/roofline_json.h"
#include "core/roofline/work_counter.h"

int main(int argc, char** argv) {
  using namespace inferscope;
  if (argc < 2) {
    std::fputs("usage: bench_count_op_calls CALLS.json…\n", stderr);
    return 2;
  }
  for (int i = 1; i < argc; ++i) {
    try {
      roofline::ConfigRoofline counted;
      counted.work = roofline::countWork(roofline::opCallsFromJson(readFile(argv[i]), argv[i]));
      fmt::print("{{\"file\": \"{}\", \"roofline\": {}}}\n", argv[i],
                 roofline::configRooflineToJson(counted));
    } catch (const std::exception& e) {
      fmt::print(stderr, "{}\n", e.what());
      return 2;
    }
  }
  return 0;
}
