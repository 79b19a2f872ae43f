#!/usr/bin/env python3
"""Summary of bench/gpu/shapes_bench.sh (issue #47's targets) → OUT/summary.json and a few lines.

Per model (cnn, encoder): the wall time of the plan at one shape and over the set, their ratio
(target ≤ 3×), the results that did not run, and the set's answers as the CLI recorded them in the
session (shape_record: the router's table, the one config for the uniform mix and for the bench's
weighted mix, each with its ratio to the per-shape oracle; the knee per config). `tune` over a set
(when run): its answers, what it did not measure, and its exported router's run. Per precision
(maxbatch): the largest batch that fits and the first out of memory, the probes, and the device's
free memory before the search, at each out-of-memory stop (outside the CLI and inside it) and after.
Usage: shapes_summary.py OUT
"""
import json
import os
import sys

MIB = 1024 * 1024
# An out-of-memory stop "gave everything back" when the CLI's free memory after it is within this of
# its free memory before the probe's first config, and PyTorch holds nothing allocated: the CUDA
# driver and cuDNN keep small handles whose size varies by a few MiB between calls.
BACK_TOLERANCE_MIB = 64


def read(path, default=None):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return default


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError):
        return None


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def shape_answers(session):
    rec = (session or {}).get("shape_record") or {}
    routing = [{"shape": r.get("shape"), "batch": r.get("batch"), "config": r.get("config"),
                "median_ms": r.get("median_ms")} for r in rec.get("routing", [])]
    knees = {}
    for c in rec.get("curves", []):
        knees[f"{c.get('config')} {c.get('fixed_dims', '')}".strip()] = c.get("knee_batch")
    return {"shape_mix": rec.get("shape_mix"), "routing": routing,
            "best_single": rec.get("best_single"), "knee_batch": knees}


def model_part(out, name):
    one_s = number(read(os.path.join(out, f"{name}_one.wall_s")))
    set_s = number(read(os.path.join(out, f"{name}_set.wall_s")))
    if one_s is None and set_s is None:
        return None
    session = load(os.path.join(out, f"{name}_set.inferscope.json"))
    one = load(os.path.join(out, f"{name}_one.inferscope.json"))
    part = {
        "one_shape_wall_s": one_s, "set_wall_s": set_s,
        "one_shape_exit": number(read(os.path.join(out, f"{name}_one.exit"))),
        "set_exit": number(read(os.path.join(out, f"{name}_set.exit"))),
        "ratio": round(set_s / one_s, 2) if one_s and set_s else None,
        "target_ratio": 3.0,
    }
    if session:
        configs = session.get("configs", [])
        labels = []
        for c in configs:
            label = (c.get("shape") or {}).get("label")
            if label and label not in labels:
                labels.append(label)
        part["shapes"] = labels
        part["configs_per_shape"] = len(configs) // max(1, len(labels))
        part["not_ok"] = [f"{(c.get('shape') or {}).get('label')} {c.get('key')}: {c.get('status')}"
                          for c in configs if c.get("status") != "ok"]
        part["uniform"] = shape_answers(session)
    if one:
        part["one_shape_configs"] = len(one.get("configs", []))
    mixed = load(os.path.join(out, f"{name}_mix.inferscope.json"))
    if mixed:
        part["weighted"] = shape_answers(mixed)
    return part


def maxbatch_part(out):
    parts = {}
    for entry in sorted(os.listdir(out)):
        if not (entry.startswith("maxbatch_") and entry.endswith(".watch.json")):
            continue
        precision = entry[len("maxbatch_"):-len(".watch.json")]
        watch = load(os.path.join(out, entry)) or {}
        session = load(os.path.join(out, f"maxbatch_{precision}.inferscope.json")) or {}
        searches = (session.get("shape_record") or {}).get("max_batch", [])
        search = searches[0] if searches else {}
        stops = []
        for s in watch.get("oom_stops", []):
            before, after = s.get("cli_free_before_gib"), s.get("cli_free_after_gib")
            deficit = round((before - after) * 1024, 1) if before is not None and after is not None else None
            stops.append({
                "config": s.get("config"),
                "cli_free_before_gib": before, "cli_free_after_gib": after,
                "deficit_mib": deficit,
                "torch_allocated_gib": s.get("torch_allocated_gib", 0.0),
                "torch_reserved_gib": s.get("torch_reserved_gib", 0.0),
                "outside_free_mib": round(s["outside"]["free_bytes"] / MIB, 1)
                if (s.get("outside") or {}).get("free_bytes") is not None else None,
                "back": deficit is not None and deficit <= BACK_TOLERANCE_MIB
                and not s.get("torch_allocated_gib"),
            })
        # A stop whose message carries no free-memory figure (the reference's, and the raw OOM
        # line beside the config's) is judged from outside: the device's free memory at that stop
        # against the first stop's. The CLI's own CUDA context stays while it runs, so the free
        # memory of the device before the CLI started is not the baseline; after its exit it is.
        outside = [s["outside_free_mib"] for s in stops if s["outside_free_mib"] is not None]
        baseline = outside[0] if outside else None
        for s in stops:
            if s["deficit_mib"] is None and baseline is not None and s["outside_free_mib"] is not None:
                s["back"] = baseline - s["outside_free_mib"] <= BACK_TOLERANCE_MIB \
                    and not s["torch_allocated_gib"]
        before = (watch.get("before") or {}).get("free_bytes")
        after = (watch.get("after") or {}).get("free_bytes")
        parts[precision] = {
            "largest_fitting": search.get("largest_fitting"),
            "smallest_oom": search.get("smallest_oom"),
            "stop_reason": search.get("stop_reason"),
            "probes": [(p.get("batch"), p.get("fit")) for p in search.get("probes", [])],
            "wall_s": watch.get("wall_s"), "exit_code": watch.get("exit_code"),
            "free_before_mib": round(before / MIB, 1) if before is not None else None,
            "free_after_exit_mib": round(after / MIB, 1) if after is not None else None,
            "after_minus_before_mib": watch.get("after_minus_before_mib"),
            "memory_source": (watch.get("before") or {}).get("source"),
            "oom_stops": stops,
            "every_stop_gave_memory_back": all(s["back"] for s in stops) if stops else None,
        }
    ballast = load(os.path.join(out, "ballast.json"))
    return {"ballast": ballast, "back_tolerance_mib": BACK_TOLERANCE_MIB,
            "per_precision": parts} if parts else None


def tune_part(out):
    wall = number(read(os.path.join(out, "tune.wall_s")))
    if wall is None:
        return None
    session = load(os.path.join(out, "tune.inferscope.json"))
    runs = []
    for line in (read(os.path.join(out, "tune_router.txt"), "") or "").splitlines():
        if line.startswith("{"):
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError:
                pass
    answers = shape_answers(session)
    best = answers.get("best_single") or {}
    not_measured = []
    text = read(os.path.join(out, "tune.txt"), "") or ""
    if "Not measured" in text:
        not_measured = [l.strip() for l in text.split("Not measured", 1)[1].splitlines()[1:]
                        if l.startswith("  ")]
    return {
        "wall_s": wall, "exit": number(read(os.path.join(out, "tune.exit"))),
        "answers": answers,
        "ratio_to_oracle": best.get("ratio_to_oracle"), "target_ratio": 1.05,
        "not_measured": not_measured,
        "router_exit": number(read(os.path.join(out, "tune_router.exit"))),
        "router_runs": runs,
        "router_matches_table": bool(runs) and all(
            r.get("finite") and r.get("config") == next(
                (x["config"] for x in answers["routing"] if x["shape"] == r.get("bucket")), None)
            for r in runs),
    }


def main(argv):
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    out = argv[0]
    summary = {"cnn": model_part(out, "cnn"), "encoder": model_part(out, "encoder"),
               "maxbatch": maxbatch_part(out), "tune": tune_part(out)}
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    for name in ("cnn", "encoder"):
        p = summary[name]
        if not p:
            print(f"{name}: not run")
            continue
        print(f"{name}: one shape {p['one_shape_wall_s']} s, {len(p.get('shapes', []))} shapes "
              f"{p['set_wall_s']} s: ×{p['ratio']} (target ≤ 3×); {len(p.get('not_ok', []))} results not ok")
        for label, answers in (("uniform", p.get("uniform")), ("weighted", p.get("weighted"))):
            best = (answers or {}).get("best_single")
            if best:
                print(f"  one config ({label}{' ' + answers['shape_mix'] if answers.get('shape_mix') else ''}): "
                      f"{best['config']} ×{best['ratio_to_oracle']:.3f} of the router's table")
        routes = (p.get("uniform") or {}).get("routing", [])
        if routes:
            print("  router: " + ", ".join(f"{r['shape']}→{r['config'] or '-'}" for r in routes))
    mb = summary["maxbatch"]
    if not mb:
        print("maxbatch: not run")
    else:
        for precision, p in mb["per_precision"].items():
            print(f"maxbatch {precision}: largest {p['largest_fitting']}, first OOM {p['smallest_oom']} "
                  f"({p['stop_reason']}, {len(p['probes'])} probes, {p['wall_s']} s); "
                  f"{len(p['oom_stops'])} OOM stops, memory back at each: {p['every_stop_gave_memory_back']}; "
                  f"free after exit − before: {p['after_minus_before_mib']} MiB")
    t = summary["tune"]
    if t:
        routes = ", ".join(f"{r['shape']}→{r['config'] or '-'}" for r in t["answers"]["routing"])
        print(f"tune: exit {t['exit']}, {t['wall_s']} s; router: {routes}; one config ×{t['ratio_to_oracle']} "
              f"of the table (target ≤ 1.05); {len(t['not_measured'])} things not measured; exported "
              f"router: exit {t['router_exit']}, {len(t['router_runs'])} requests, on the table's "
              f"configs: {t['router_matches_table']}")
    print(f"summary: {os.path.join(out, 'summary.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
