#!/usr/bin/env python3
"""Does the CPU a process runs on decide a launch-bound model's speed? (issue #14)

MobileNetV3-Large b16 FP32 eager (torchvision, random weights) in fresh processes: some unpinned,
some pinned with sched_setaffinity to one NUMA node's CPUs. Prints each process's median (CUDA
events, 20 + 200 iterations) with the CPU set it ran on and the CPUs it was seen on.
Usage: affinity_probe.py [--procs 4]
"""
import json
import os
import subprocess
import sys

CHILD = r'''
import json, os, sys, time, torch, torchvision
cpus = sys.argv[1]
if cpus != "any":
    os.sched_setaffinity(0, {int(c) for c in cpus.split(",")})
m = torchvision.models.mobilenet_v3_large(weights=None).eval().cuda()
x = torch.randn(16, 3, 224, 224, device="cuda")
seen = set()
ts = []
with torch.inference_mode():
    for i in range(220):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); m(x); e.record(); e.synchronize()
        seen.add(int(open("/proc/self/stat").read().rsplit(")", 1)[1].split()[36]))  # field 39: CPU
        if i >= 20: ts.append(s.elapsed_time(e))
ts.sort()
print(json.dumps({"cpus": cpus, "median_ms": round(ts[len(ts)//2], 3), "p10": round(ts[len(ts)//10], 3),
                  "seen": sorted(seen)[:8]}))
'''


def nodes():
    out = {}
    base = "/sys/devices/system/node"
    for d in sorted(os.listdir(base)) if os.path.isdir(base) else []:
        if d.startswith("node"):
            out[d] = open(os.path.join(base, d, "cpulist")).read().strip()
    return out


def expand(cpulist):
    cpus = []
    for part in cpulist.split(","):
        if "-" in part:
            a, b = part.split("-")
            cpus += list(range(int(a), int(b) + 1))
        elif part:
            cpus.append(int(part))
    return cpus


def main():
    procs = int(sys.argv[sys.argv.index("--procs") + 1]) if "--procs" in sys.argv else 4
    print("nodes", nodes(), "allowed", sorted(os.sched_getaffinity(0)), flush=True)
    sets = ["any"] * procs
    allowed = sorted(os.sched_getaffinity(0))
    halves = [allowed[: len(allowed) // 2], allowed[len(allowed) // 2:]]
    for h in halves:
        sets += [",".join(map(str, h))] * (procs // 2)
    sets += [str(allowed[0])] * 2 + [str(allowed[-1])] * 2
    for cpus in sets:
        r = subprocess.run([sys.executable, "-c", CHILD, cpus], capture_output=True, text=True)
        print(r.stdout.strip() or r.stderr.strip()[-300:], flush=True)


if __name__ == "__main__":
    main()
