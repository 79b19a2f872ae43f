#!/usr/bin/env python3
"""Is the spike at the first measured iteration the engine's own artifact (issue #17, item 1)?

Reads sessions of the same configs run traced (`inferscope-cli trace`) and untraced
(`inferscope-cli profile`) and prints, per config, the latency and host time of the iterations
around the end of the configured warm-up, which of them were traced, the steady median, and the
detected steady start. The tracing hypothesis holds when the traced iterations (and only they,
plus the one or two after the window closes) sit well above the median while the untraced run's
first measured iterations do not.

  python3 bench/gpu/trace_boundary.py untraced.inferscope.json traced.inferscope.json [...]
"""
import json
import statistics
import sys


def describe(path):
    session = json.load(open(path))
    print(f"== {path}")
    for c in session["configs"]:
        lat, host = c.get("latency_ms", []), c.get("host_ms", [])
        w = c.get("warmup_iterations", 0)
        if len(lat) <= w + 3:
            continue
        traced = set(c.get("traced_iterations", []))
        steady = c.get("steady_state", {})
        start = steady.get("steady_start", w)
        median = statistics.median(lat[max(w, start):]) if len(lat) > max(w, start) else float("nan")
        cells = []
        for i in range(max(0, w - 1), min(len(lat), w + 6)):
            mark = "*" if i in traced else " "
            cells.append(f"{i}{mark}{lat[i] / median:4.2f}x/{host[i] / median if host else 0:4.2f}x")
        worst_traced = max((lat[i] / median for i in traced if w <= i < len(lat)), default=0)
        worst_untraced = max((lat[i] / median for i in range(w, min(len(lat), w + 6)) if i not in traced), default=0)
        print(f"  {c['key']:<22} median {median:7.3f} ms  steady from {start:>3}  "
              f"traced max {worst_traced:4.2f}x  untraced max {worst_untraced:4.2f}x")
        print("     iteration[*traced] latency/host vs median: " + "  ".join(cells))


for p in sys.argv[1:]:
    describe(p)
