"""Unit tests of the Python worker's ExportedProgram handling (resources/python/inferscope_pymodel.py)
that run under any PyTorch, 1.13 included: the move to the requested device through PyTorch's own
pass where it exists (a program saved on the CPU runs on the GPU and the other way round), the
module kept where the pass put it, and the error a PyTorch too old to load a program gives; a
config's series sent in parts while it runs when the plan asks for it (the window's live chart).
torch.export is stood in for where the test needs one; the GPU run of the real thing is
bench/gpu/user_models/exported_any_device.sh.
Usage: python3 test_inferscope_pymodel.py HELPERS_DIR"""
import os
import sys
import types
import unittest
from unittest import mock

HELPERS = sys.argv.pop(1) if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..", "..", "resources", "python")
sys.path.insert(0, os.path.abspath(HELPERS))
import torch  # noqa: E402
import inferscope_pymodel as pym  # noqa: E402


class FakeModule(torch.nn.Module):
    def __init__(self, moves):
        super().__init__()
        self.moves = moves
        self.lin = torch.nn.Linear(2, 2)

    def to(self, *args, **kwargs):
        self.moves.append(str(args[0]) if args else str(kwargs))
        return self


class FakeProgram:
    def __init__(self, device, moves, examples=True):
        self.device = device
        self.moves = moves
        self.example_inputs = ((torch.ones(1, 2),), {}) if examples else None

    def module(self):
        self.moves.append(f"module on {self.device}")
        return FakeModule(self.moves)


def fake_export(moves, with_pass=True, saved_on="cpu"):
    def load(path):
        moves.append(f"load {os.path.basename(path)}")
        return FakeProgram(saved_on, moves)

    def move_to_device_pass(program, location):
        moves.append(f"pass to {location}")
        return FakeProgram(location, moves)

    export = types.SimpleNamespace(load=load)
    if with_pass:
        export.passes = types.SimpleNamespace(move_to_device_pass=move_to_device_pass)
    return export


class ExportedProgramDevice(unittest.TestCase):
    def test_a_program_saved_on_the_cpu_is_moved_by_pytorchs_pass_before_its_module_is_taken(self):
        moves = []
        with mock.patch.object(torch, "export", fake_export(moves), create=True):
            module, examples, moved = pym.load_program("/models/bert.pt2", torch.device("cuda:0"))
        self.assertTrue(moved)
        self.assertEqual(moves, ["load bert.pt2", "pass to cuda:0", "module on cuda:0"])
        self.assertEqual(len(examples), 1)

    def test_and_the_other_way_round(self):
        moves = []
        with mock.patch.object(torch, "export", fake_export(moves, saved_on="cuda:0"), create=True):
            _, _, moved = pym.load_program("/models/m.pt2", torch.device("cpu"))
        self.assertTrue(moved)
        self.assertIn("pass to cpu", moves)

    def test_the_module_stays_where_the_pass_put_it(self):
        # Moving only the module's tensors back to the CPU would leave its constants and the
        # devices its graph names on the GPU.
        moves = []
        with mock.patch.object(torch, "export", fake_export(moves), create=True):
            pym.load_source("ep:/models/m.pt2", [], torch.device("cuda:0"))
        self.assertNotIn("cpu", [m for m in moves if not m.startswith(("load", "pass", "module"))])

    def test_without_the_pass_the_module_moves_with_its_tensors_from_the_cpu(self):
        moves = []
        with mock.patch.object(torch, "export", fake_export(moves, with_pass=False), create=True):
            _, _, moved = pym.load_program("/models/m.pt2", torch.device("cuda:0"))
            self.assertFalse(moved)
            pym.load_source("ep:/models/m.pt2", [], torch.device("cuda:0"))
        self.assertNotIn("pass to cuda:0", moves)
        self.assertIn("cpu", moves)  # load_source's move of an unmoved module to the CPU

    def test_no_device_no_move(self):
        moves = []
        with mock.patch.object(torch, "export", fake_export(moves), create=True):
            _, _, moved = pym.load_program("/models/m.pt2")
        self.assertFalse(moved)
        self.assertEqual(moves, ["load m.pt2", "module on cpu"])


class GraphDevices(unittest.TestCase):
    """A graph exported on one device names it in its calls; the worker rewrites those to the run's
    device after PyTorch's move pass (torch.fx, as in an ExportedProgram's module, on any PyTorch)."""

    @staticmethod
    def offsets():
        """x + arange(4) with both made on the CPU by name, as a CPU export's graph has them."""
        graph = torch.fx.Graph()
        x = graph.placeholder("x")
        moved = graph.call_method("to", (x, torch.device("cpu")))
        steps = graph.call_function(torch.arange, (4,), {"device": torch.device("cpu")})
        graph.output(graph.call_function(torch.add, (moved, steps)))
        return torch.fx.GraphModule(torch.nn.Module(), graph)

    def test_the_calls_device_arguments_move_to_the_runs_device(self):
        module = self.offsets()
        self.assertEqual(pym.retarget_devices(module, "meta"), 2)
        out = module(torch.zeros(4, device="meta"))
        self.assertEqual(out.device.type, "meta")

    def test_a_device_of_the_runs_type_is_left(self):
        module = self.offsets()
        self.assertEqual(pym.retarget_devices(module, "cpu"), 0)
        self.assertEqual(module(torch.zeros(4)).tolist(), [0.0, 1.0, 2.0, 3.0])


class TooOldToLoad(unittest.TestCase):
    def test_a_pytorch_without_torch_export_names_the_file_the_reason_and_the_way(self):
        with mock.patch.object(torch, "export", None, create=True):
            why = pym.program_support("/home/me/bert.pt2")
        self.assertIn("cannot load the ExportedProgram /home/me/bert.pt2", why)
        self.assertIn(f"PyTorch {torch.__version__}", why)
        self.assertIn(">= 2.1", why)
        self.assertIn("INFERSCOPE_PYTHON", why)
        self.assertIn("--model-py", why)
        self.assertNotIn("attribute", why)

    def test_this_pytorch_as_it_is(self):
        why = pym.program_support("/m.pt2")
        has_export = hasattr(getattr(torch, "export", None), "load")
        self.assertEqual(why is None, has_export, why)


class SlowModule(torch.nn.Module):
    """10 ms a forward: a config of 40 iterations runs long enough to send its series in parts."""

    def forward(self, x):
        import time
        time.sleep(0.01)
        return x * 2


class StreamedSamples(unittest.TestCase):
    CFG = {"key": "fp32", "grad": "inference", "precision": "fp32", "compile": "none"}

    def run_config(self, stream):
        plan = {"warmup": 2, "iterations": 38, "stream_samples": stream}
        lines = []
        # The memory probe is the instruments module's (tested end to end by cli.python_worker_real);
        # building it is not what these tests are about.
        with mock.patch.object(pym, "emit", lines.append), mock.patch.object(pym, "save_tensors"), \
                mock.patch.object(pym, "start_memory_probe", return_value=None):
            result = pym.run_config(SlowModule(), [torch.ones(2)], self.CFG, plan,
                                    torch.device("cpu"), "/nonexistent", pym.Deadline(0))
        return result, [line for line in lines if line.get("event") == "samples"]

    def test_the_series_goes_out_in_order_while_the_config_runs(self):
        result, batches = self.run_config(True)
        self.assertEqual(result["status"], "ok", result["message"])
        self.assertGreaterEqual(len(batches), 2)  # 400 ms of iterations, a batch a tenth of a second
        sent = []
        for batch in batches:
            self.assertEqual(batch["key"], "fp32")
            self.assertEqual(batch["from"], len(sent))  # each iteration once, in order
            self.assertEqual(len(batch["host_ms"]), len(batch["latency_ms"]))
            sent += batch["latency_ms"]
        # Each iteration at most once: the last ones come with the result unless the final batch
        # went out just as the config ended (a loaded machine), and the result holds them all.
        self.assertLessEqual(len(sent), 40)
        self.assertEqual(len(result["latency_ms"]), 40)
        self.assertEqual(sent, result["latency_ms"][:len(sent)])

    def test_nothing_is_streamed_unless_asked(self):
        result, batches = self.run_config(False)
        self.assertEqual(result["status"], "ok", result["message"])
        self.assertEqual(len(result["latency_ms"]), 40)
        self.assertEqual(batches, [])


class FakeInstruments:
    """inferscope_instruments as the worker calls it, recording the order of every call (the
    module itself is C++, built against this PyTorch; cli.python_worker_real runs it for real)."""

    def __init__(self):
        self.calls = []
        outer = self

        class MemoryProbe:
            def __init__(self, device, wait=True):
                outer.calls.append(("memory-start", wait))
                self.error = ""

            def stop(self):
                outer.calls.append(("memory-stop",))
                return 4096, 0, "cpu-allocator-hook"

        class KernelTracer:
            def __init__(self, window, warmup, wait=True):
                outer.calls.append(("trace-start", window["warmup_iterations"], window["steady_iterations"], warmup))
                self.error = ""
                self.problems = ""

            def begin(self, i, warmup):
                outer.calls.append(("begin", i, warmup))
                return i < 3

            def end(self, i):
                outer.calls.append(("end", i))

            def finish(self, path):  # once, as the real one: later calls return None
                if getattr(self, "finished", False):
                    return None
                self.finished = True
                outer.calls.append(("finish", os.path.basename(path)))
                return ""

        self.MemoryProbe = MemoryProbe
        self.KernelTracer = KernelTracer


class CountingModule(torch.nn.Module):
    calls = []  # a class attribute: each config runs on a deep copy of the model

    def forward(self, x):
        CountingModule.calls.append(("forward",))
        return x * 2


class Instruments(unittest.TestCase):
    CFG = {"key": "fp32", "grad": "inference", "precision": "fp32", "compile": "none"}

    def run_config(self, plan, deadline=0, env=None):
        fake = FakeInstruments()
        CountingModule.calls = fake.calls
        with mock.patch.dict(sys.modules, {"inferscope_instruments": fake}), \
                mock.patch.object(pym, "save_tensors"), mock.patch.dict(os.environ, env or {}):
            result = pym.run_config(CountingModule(), [torch.ones(2)], self.CFG, plan,
                                    torch.device("cpu"), "/nonexistent", pym.Deadline(deadline))
        return result, fake.calls

    def test_the_engines_memory_probe_measures_the_config(self):
        result, calls = self.run_config({"warmup": 1, "iterations": 2})
        self.assertEqual(result["status"], "ok", result["message"])
        self.assertEqual(result["peak_allocated_bytes"], 4096)
        self.assertEqual(result["memory_source"], "cpu-allocator-hook")
        self.assertNotIn("memory_error", result)
        # Started before the model's copy and its iterations, read after them; no tracer unasked.
        self.assertEqual(calls[0], ("memory-start", True))
        self.assertEqual([c[0] for c in calls[1:]], ["forward"] * 3 + ["memory-stop"] * 2)

    def test_a_run_with_a_time_budget_does_not_wait_for_the_modules_build(self):
        _, calls = self.run_config({"warmup": 1, "iterations": 2}, deadline=4e9)
        self.assertEqual(calls[0], ("memory-start", False))

    def test_the_tracer_brackets_each_iteration_as_the_engines_loop_does(self):
        plan = {"warmup": 2, "iterations": 3,
                "trace": {"warmup_iterations": 5, "steady_iterations": 20, "convolutions": False}}
        result, calls = self.run_config(plan, env={"INFERSCOPE_TRACE_SOURCE": "host-only"})
        self.assertEqual(result["status"], "ok", result["message"])
        self.assertEqual(result["trace"], f"/nonexistent/trace-fp32-{os.getpid()}.json")
        traced = [c for c in calls if c[0] not in ("memory-start", "memory-stop")]
        self.assertEqual(traced[0], ("trace-start", 5, 20, 2))
        expected = []
        for i in range(5):  # begin before the forward; end after it, only for a traced iteration
            expected += [("begin", i, i < 2), ("forward",)] + ([("end", i)] if i < 3 else [])
        self.assertEqual(traced[1:-1], expected)
        self.assertEqual(traced[-1], ("finish", f"trace-fp32-{os.getpid()}.json"))

    def test_on_the_cpu_without_the_host_only_source_nothing_is_traced(self):
        plan = {"warmup": 1, "iterations": 1, "trace": {"warmup_iterations": 1, "steady_iterations": 1}}
        result, calls = self.run_config(plan, env={"INFERSCOPE_TRACE_SOURCE": ""})
        self.assertNotIn("trace", result)
        self.assertNotIn("trace_error", result)
        self.assertFalse([c for c in calls if c[0] in ("trace-start", "begin")])


if __name__ == "__main__":
    unittest.main(verbosity=2)
