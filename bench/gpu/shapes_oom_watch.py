#!/usr/bin/env python3
"""The device's free memory around `sweep --max-batch`'s out-of-memory stops (issue #47: "the device
has all of its memory back after each out-of-memory stop, measured"). Used by shapes_bench.sh.

  shapes_oom_watch.py ballast LEAVE_GIB READY_FILE
      Holds all but LEAVE_GIB of the GPU's free memory (torch, in 1 GiB blocks) until killed, so a
      largest-batch search meets a real out-of-memory error within the bench's minutes (the limits
      found are those of a device with LEAVE_GIB free). Writes READY_FILE once it holds the memory.
  shapes_oom_watch.py run OUT_JSON -- CLI ARGS...
      Runs the CLI (with --events ndjson among its ARGS), keeps its events in OUT_JSON's .ndjson,
      and measures the device's free memory from outside: before the CLI starts, right when the CLI
      reports each out-of-memory stop (its log event "after the OOM of …", which the CLI writes
      after releasing its cached blocks), and after the CLI exits. The CLI's own measurement in
      that event (cudaMemGetInfo in its process, and what PyTorch's allocator still holds) is
      parsed beside it. Exits with the CLI's exit code.

Free memory outside the CLI: nvidia-smi (memory.free of GPU SHAPES_GPU_INDEX, default 0) on a GPU
machine, else the host's MemAvailable (a CPU check of the script). No CUDA context is opened here,
so this process takes no device memory of its own.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

MIB = 1024 * 1024
GIB = 1024 * MIB


def free_memory():
    """(free bytes, source) of the device the bench measures, measured from outside the CLI."""
    if shutil.which("nvidia-smi"):
        index = os.environ.get("SHAPES_GPU_INDEX", "0")
        try:
            text = subprocess.run(
                ["nvidia-smi", "-i", index, "--query-gpu=memory.free,memory.used,memory.total",
                 "--format=csv,noheader,nounits"],
                capture_output=True, text=True, timeout=10, check=True).stdout
            free_mib, used_mib, total_mib = (float(v) for v in text.strip().split(","))
            return {"free_bytes": int(free_mib * MIB), "used_bytes": int(used_mib * MIB),
                    "total_bytes": int(total_mib * MIB), "source": f"nvidia-smi -i {index}"}
        except (subprocess.SubprocessError, ValueError) as e:
            return {"free_bytes": None, "source": f"nvidia-smi failed: {e}"}
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return {"free_bytes": int(line.split()[1]) * 1024, "source": "host MemAvailable"}
    return {"free_bytes": None, "source": "no nvidia-smi and no MemAvailable"}


def ballast(leave_gib, ready_file):
    import torch  # only here: the watcher itself must not hold a CUDA context

    free, total = torch.cuda.mem_get_info()
    hold = max(0, free - int(leave_gib * GIB))
    blocks = []
    while hold >= GIB:
        blocks.append(torch.empty(GIB, dtype=torch.uint8, device="cuda"))
        hold -= GIB
    if hold > 0:
        blocks.append(torch.empty(hold, dtype=torch.uint8, device="cuda"))
    torch.cuda.synchronize()
    free_now, _ = torch.cuda.mem_get_info()
    with open(ready_file, "w") as f:
        json.dump({"held_bytes": sum(b.numel() for b in blocks), "free_before_bytes": free,
                   "free_after_bytes": free_now, "total_bytes": total}, f)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        time.sleep(3600)


# "after the OOM of fp32, 3.9 GiB free on cuda:0 (before the first config: 5.2 GiB); PyTorch still
# holds 0.0 GiB allocated, 0.1 GiB reserved" (core/torch/memory_probe.cpp, describeMemoryAfterOom)
AFTER_OOM = re.compile(
    r"after the OOM of (?P<config>\S+), (?P<after>[0-9.]+) GiB (?:free on \S+|available to the system)"
    r"(?: \(before the first config: (?P<before>[0-9.]+) GiB\))?"
    r"(?:; PyTorch still holds (?P<alloc>[0-9.]+) GiB allocated, (?P<reserved>[0-9.]+) GiB reserved)?")


def run(out_json, cli_args):
    base = out_json[:-5] if out_json.endswith(".json") else out_json
    record = {"command": cli_args, "before": free_memory(), "oom_stops": [], "probes": []}
    t0 = time.time()
    with open(base + ".ndjson", "w") as events, open(base + ".stderr", "w") as err:
        proc = subprocess.Popen(cli_args, stdout=subprocess.PIPE, stderr=err, text=True)
        for line in proc.stdout:
            events.write(line)
            try:
                e = json.loads(line)
            except json.JSONDecodeError:
                continue
            kind = e.get("event")
            if kind == "config_done":
                r = e.get("result", {})
                record["probes"].append({"config": r.get("key"), "status": r.get("status"),
                                         "peak_allocated_bytes":
                                             r.get("memory", {}).get("peak_allocated_bytes")})
            if kind == "log" and "after the OOM of" in e.get("message", ""):
                m = AFTER_OOM.search(e["message"])
                stop = {"t_s": round(time.time() - t0, 3), "message": e["message"],
                        "outside": free_memory()}
                if m:
                    stop["config"] = m.group("config")
                    stop["cli_free_after_gib"] = float(m.group("after"))
                    if m.group("before"):
                        stop["cli_free_before_gib"] = float(m.group("before"))
                    if m.group("alloc"):
                        stop["torch_allocated_gib"] = float(m.group("alloc"))
                        stop["torch_reserved_gib"] = float(m.group("reserved"))
                record["oom_stops"].append(stop)
        rc = proc.wait()
    record["exit_code"] = rc
    record["wall_s"] = round(time.time() - t0, 2)
    time.sleep(1)  # the driver frees an exited process's memory asynchronously
    record["after"] = free_memory()
    b, a = record["before"].get("free_bytes"), record["after"].get("free_bytes")
    if b is not None and a is not None:
        record["after_minus_before_mib"] = round((a - b) / MIB, 1)
    with open(out_json, "w") as f:
        json.dump(record, f, indent=1)
    return rc


def main(argv):
    if len(argv) >= 3 and argv[0] == "ballast":
        ballast(float(argv[1]), argv[2])
        return 0
    if len(argv) >= 4 and argv[0] == "run" and argv[2] == "--":
        return run(argv[1], argv[3:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
