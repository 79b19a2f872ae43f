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
        with mock.patch.object(pym, "emit", lines.append), mock.patch.object(pym, "save_tensors"):
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


if __name__ == "__main__":
    unittest.main(verbosity=2)
