// The Python export of a shape-set answer (see shape_router_export.h). Data the file carries (the
// routes, the configs' code) goes in as JSON string literals parsed at run time: a label or a model
// name from a session file can hold any character, and a JSON string is a valid Python string
// literal whatever it holds.
#include "core/advisor/shape_router_export.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/advisor/python_exporter.h"
#include "core/common/error.h"
#include "core/common/printable.h"

namespace inferscope::advisor {
namespace {

// A Python string literal holding `text` (ASCII only: every other character escaped).
std::string pyString(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
}

constexpr char kRouterCode[] = R"PY(

_MODULES = {}


def _config_module(key):
    """The single-config export of `key`, loaded as a module of its own (once)."""
    if key not in _MODULES:
        module = types.ModuleType("inferscope_config_" + str(len(_MODULES)))
        exec(compile(CONFIG_SOURCES[key], "<InferScope config " + key + ">", "exec"), module.__dict__)
        _MODULES[key] = module
    return _MODULES[key]


def _cut(output, n):
    """The first n items of a batched output (tensors, or tuples/lists/dicts of them)."""
    if isinstance(output, torch.Tensor):
        return output[:n] if output.dim() > 0 else output
    if isinstance(output, (tuple, list)):
        return type(output)(_cut(o, n) for o in output)
    if isinstance(output, dict):
        return {k: _cut(v, n) for k, v in output.items()}
    return output


class ShapeRouter:
    """Runs each request with its bucket's config: load once, then call router(input)."""

    def __init__(self, model):
        keys = [r["config"] for r in ROUTES if r["config"]]
        if SINGLE_CONFIG:
            keys.append(SINGLE_CONFIG)
        self._loaded = {}
        for key in dict.fromkeys(keys):  # each config once, in order
            module = _config_module(key)
            loaded, dtype = module.load_model(copy.deepcopy(model))
            self._loaded[key] = (module, loaded, dtype)
        self._last = None
        # Smallest bucket first: a request goes to the first that holds it.
        self._buckets = sorted((r for r in ROUTES if r["config"]), key=lambda r: r["input_shape"][0])

    def bucket_for(self, input_data):
        """The route of the smallest bucket holding `input_data`, or None."""
        shape = list(input_data.shape)
        for r in self._buckets:
            bucket = r["input_shape"]
            if len(shape) == len(bucket) and shape[1:] == bucket[1:] and shape[0] <= bucket[0]:
                return r
        return None

    def __call__(self, input_data):
        """(output, route or None, config key) for one request."""
        route = self.bucket_for(input_data)
        key = route["config"] if route else SINGLE_CONFIG
        if key is None:
            raise ValueError(f"no bucket holds a request of shape {list(input_data.shape)} and no "
                             f"single config was measured for every shape")
        n = input_data.shape[0]
        if route and n < route["input_shape"][0]:
            pad = torch.zeros((route["input_shape"][0] - n,) + tuple(input_data.shape[1:]),
                              dtype=input_data.dtype, device=input_data.device)
            input_data = torch.cat([input_data, pad])
        module, model, dtype = self._loaded[key]
        if self._last != key:  # process-wide flags: each config sets its own before it runs
            module.apply_backend_settings()
            self._last = key
        return _cut(module.inference(model, input_data, dtype), n), route, key


def _demo_model(example):
    """A small model taking inputs like the buckets' (token ids, images or features)."""
    torch.manual_seed(0)
    if not example.is_floating_point():
        return torch.nn.Sequential(torch.nn.Embedding(1000, 32), torch.nn.Linear(32, 8))
    if example.dim() == 4:
        return torch.nn.Sequential(
            torch.nn.Conv2d(example.shape[1], 8, 3, padding=1), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(8, 10))
    return torch.nn.Sequential(torch.nn.Linear(example.shape[-1], 8))


def _example(shape, dtype):
    dtype = getattr(torch, dtype)
    if dtype.is_floating_point:
        return torch.randn(*shape).to(dtype)
    return torch.randint(0, 1000, tuple(shape), dtype=dtype)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Run a request of every bucket's shape, and one "
                                     "between buckets, through the routing table.")
    parser.add_argument("--model", help="FILE.py:FACTORY or MODULE:FACTORY returning an nn.Module "
                        "(or an InferScope --model-py entry); default: a small model")
    args = parser.parse_args(argv)
    routed = [r for r in ROUTES if r["config"]]
    first = routed[0] if routed else ROUTES[0]
    example = _example(first["input_shape"], first["input_dtype"])
    if args.model:
        model, _ = _config_module(first["config"] or SINGLE_CONFIG)._user_model(args.model)
    else:
        model = _demo_model(example)
    router = ShapeRouter(model)
    requests = [(r["input_shape"], r["input_dtype"]) for r in ROUTES]
    # One request between buckets: a batch one smaller than the smallest bucket above batch 1,
    # which goes to that bucket padded.
    between = [r for r in routed if r["input_shape"][0] > 1]
    if between:
        r = between[0]
        requests.append(([r["input_shape"][0] - 1] + r["input_shape"][1:], r["input_dtype"]))
    for shape, dtype in requests:
        output, route, key = router(_example(shape, dtype))
        tensor = output if isinstance(output, torch.Tensor) else output[0]
        print(json.dumps({
            "request": shape,
            "bucket": route["shape"] if route else None,
            "config": key,
            "padded_to": route["input_shape"][0] if route and route["input_shape"][0] != shape[0] else None,
            "output_shape": list(tensor.shape),
            "finite": bool(torch.isfinite(tensor.float()).all()),
        }, sort_keys=True))


if __name__ == "__main__":
    main()
)PY";

}  // namespace

std::string exportShapeRouterPython(const ShapeRouterDocument& d) {
  nlohmann::json routes = nlohmann::json::array();
  nlohmann::json sources = nlohmann::json::object();
  std::string table;
  bool any = false;
  for (const auto& r : d.routes) {
    const std::string key = r.config ? r.config->config.key() : std::string();
    routes.push_back({{"shape", r.shape_label},
                      {"input_shape", r.input.shape},
                      {"input_dtype", toString(r.input.dtype)},
                      {"config", r.config ? nlohmann::json(key) : nlohmann::json(nullptr)},
                      {"median_ms", r.median_ms}});
    if (r.config) {
      any = true;
      sources[key] = exportPython(*r.config);
    }
    table += fmt::format("#   {:<16} {:<24} {:<24} {}\n", printableLine(r.shape_label),
                         r.input.toString(), r.config ? key : std::string("(none ran safely)"),
                         r.config ? fmt::format("{:.3f} ms", r.median_ms) : std::string("-"));
  }
  if (d.single) sources[d.single->config.key()] = exportPython(*d.single);
  if (!any && !d.single) {
    throw Error(ErrorKind::InvalidInput,
                "the shape set's answer has no config to export: none ran safely at any shape");
  }
  const auto& first = d.single ? *d.single : *d.routes.front().config;
  std::string out = "#!/usr/bin/env python3\n";
  out +=
      "# shape_router.py: per-shape-bucket inference settings for PyTorch, exported by "
      "InferScope\n";
  out += fmt::format("# Measured: {} on {}; PyTorch {} targeted\n", printableLine(d.model_label),
                     printableLine(d.device_label), first.target_torch.str());
  out += "#\n# The routing table: per bucket, the config measured fastest there (its median)\n";
  out += table;
  if (d.single) {
    out += fmt::format(
        "# One config for the mix ({}): {}, weighted median {:.3f} ms, x{:.3f} of the table's "
        "{:.3f} ms\n",
        d.shape_mix.empty() ? std::string("uniform over the shapes") : printableLine(d.shape_mix),
        d.single->config.key(), d.single_weighted_ms,
        d.oracle_ms > 0 ? d.single_weighted_ms / d.oracle_ms : 0.0, d.oracle_ms);
  } else {
    out += "# One config for the mix: none ran safely at every shape of the mix\n";
  }
  out +=
      "#\n"
      "# A request goes to the smallest bucket that holds it (the same sizes past the batch\n"
      "# dimension, a batch no larger than the bucket's): its batch is padded up with zeros and "
      "the\n"
      "# output cut back. A request no bucket holds runs with the one config for the mix, at its "
      "own\n"
      "# shape. Each config's code is its single-config export (load_model.py), embedded below "
      "and\n"
      "# loaded as a module of its own on its own copy of the model; the process-wide flags "
      "(TF32,\n"
      "# cuDNN) are set again whenever a call's config differs from the last call's.\n"
      "#\n"
      "# Use:   router = ShapeRouter(model); output, route, config = router(input_data)\n"
      "# Demo:  python3 shape_router.py [--model FILE.py:FACTORY]   (every bucket's shape, one "
      "between)\n";
  out += "import argparse\nimport copy\nimport json\nimport types\n\nimport torch\n\n";
  out += "ROUTES = json.loads(" + pyString(routes.dump()) + ")\n";
  out += "SINGLE_CONFIG = " + (d.single ? pyString(d.single->config.key()) : "None") + "\n";
  out += "CONFIG_SOURCES = json.loads(" + pyString(sources.dump()) + ")\n";
  out += kRouterCode;
  return out;
}

}  // namespace inferscope::advisor
