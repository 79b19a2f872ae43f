// Which model a run uses: a built-in zoo model (with its options) or a user file. A plain value
// that goes into session files and back; the engine turns it into a live module (core/torch/).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model/input_spec.h"

namespace inferscope {

// ExportedProgram and PythonEntry are models that only Python can compile: InferScope's Python
// helpers (resources/python/inferscope_pymodel.py) rebuild them, measure their eager and
// torch.compile configs, and compile their AOTInductor packages, which LibTorch then runs.
enum class ModelSource { Zoo, TorchScript, AotInductor, ExportedProgram, PythonEntry };

// Whether the model is rebuilt in Python (an ExportedProgram or a --model-py entry point).
bool builtInPython(ModelSource source);

const char* toString(ModelSource source);

// Options of the BERT-base-like encoder; defaults are BERT-base's shape.
struct EncoderOptions {
  int layers = 12;
  int hidden = 768;
  int heads = 12;
  int intermediate = 3072;
  int vocab = 30522;
  int max_positions = 512;
  int seq_len = 128;
};

struct ModelRef {
  ModelSource source = ModelSource::Zoo;
  std::string name;   // zoo name ("resnet50") or the file's stem
  std::string path;   // .pt / .pt2 file, or the .py file of an entry point; empty for zoo models
  std::string entry;  // PythonEntry: the function in `path` that returns (module, example inputs)
  // ExportedProgram / PythonEntry: the folder where the Python worker's `prepare` left the example
  // inputs, the FP32 reference output and meta.json (core/runner/python_worker.h). The engine runs
  // such a model's AOTInductor packages on those inputs and compares them with that reference.
  std::string prepared_dir;
  EncoderOptions encoder;  // used by the "bert-encoder" zoo entry
  std::uint64_t seed = 0;  // weights of zoo models are drawn from this seed
  // SHA-256 of the file's bytes as the user trusted them (core/common/trust_store.h); the loader
  // refuses a file whose bytes do not hash to it. Set by the CLI or GUI from the user's decision,
  // never read from or written to a file, so no session or request file can grant trust.
  std::string trusted_sha256;

  std::string displayName() const;
};

}  // namespace inferscope
