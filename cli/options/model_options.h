// The options every command that runs a model shares — model, inputs, device, iterations,
// adaptive stopping, isolation, trust — as CLI11 definitions and as the ProfileRequest they make.
// A library of their own (inferscope_cli_options, no LibTorch), so that the GUI's lesson live run
// reads a lesson's command line with the very definitions and checks inferscope-cli uses.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/run_files.h"
#include "core/engine/accuracy_rule.h"
#include "core/engine/profile_request.h"
#include "core/model/shape_set.h"

namespace inferscope::cli {

// Options that pick a model, its inputs and a device; filled by addModelOptions, turned into a
// ProfileRequest (with validation and clear errors) by toRequest.
struct ModelOptions {
  std::string model = "resnet18";
  std::string model_file;
  std::string model_py;       // FILE.py:FUNCTION returning (module, example inputs), run in Python
  bool max_autotune = false;  // tune: torch.compile max-autotune as a candidate (minutes each)
  std::vector<std::string> inputs;  // may name symbolic dimensions ("Bx3x224x224"), given by dims
  // --batch: one size, or a shape set's list or range ("1,8,32", "1..256"; core/model/shape_set.h).
  std::string batch = "1";
  std::vector<std::string> dims;  // --dims NAME=VALUES for symbolic --input dimensions
  // Set by the commands that measure a shape set (sweep); the others refuse one, naming it.
  bool shape_sets = false;
  std::string device = "cpu";
  int warmup = 10;
  int iters = 100;
  std::uint64_t seed = 0;
  EncoderOptions encoder;
  bool no_accuracy = false;
  bool adaptive = false;
  bool roofline = false;  // the roofline pass: work per config, device ceilings (MEASUREMENT.md)
  double target_ci = 0.01;
  int min_iters = 100;
  int max_iters = 10000;
  double config_budget_s = 0;
  double budget_s = 0;
  std::vector<std::string> cycle_inputs;  // extra input sets, iterations cycle through them
  bool isolate = false;                   // each config in a fresh child process (true cold starts)
  double isolate_timeout_s = 900;
  int forks = 1;  // > 1: each config in this many fresh processes (implies isolation)
  std::vector<std::string> trust_files;  // --trust: model files the user trusts (remembered)
  bool verbose = false;                  // LibTorch errors with their whole text (C++ backtrace)
};

void addModelOptions(CLI::App& app, ModelOptions& options);

// --metric and --tolerance: what "safe" means (core/engine/accuracy_rule.h), the same for sweep,
// tune and recommend.
struct AccuracyOptions {
  std::string metric = "auto";
  double tolerance = kDefaultTolerance;
  AccuracyRule rule() const;  // throws Error(InvalidInput) for a bad metric or tolerance
};
void addAccuracyOptions(CLI::App& app, AccuracyOptions& options);

// The request the options describe, checked: throws Error(InvalidInput) naming the option for a
// bad value, Error(ModelLoad) for a model path that is not a file. Applies the model's trust
// (applyModelTrust) last, once every option is valid.
// The request is at the first shape of the options' shape set; a command without shape_sets refuses
// a set of several shapes.
ProfileRequest toRequest(const ModelOptions& options);
// The shapes --batch, --input and --dims describe (one for a plain run). Throws Error(InvalidInput)
// naming the option.
ShapeSet shapeSetOf(const ModelOptions& options);
// A model file must be trusted before it loads (docs/SECURITY.md): trusts `trust_files` (and
// remembers them), then sets request.model.trusted_sha256 from the user's trust store, or throws
// Error(InvalidInput) saying how to trust the file. Zoo models need no trust.
void applyModelTrust(ProfileRequest& request, const std::vector<std::string>& trust_files);
// The run's input files (--model-file, --trust) for the output check (core/common/run_files.h).
void addModelInputs(RunFiles& files, const ModelOptions& options);

// `path` made absolute and normal, as the trust store records it; `path` itself when the working
// folder cannot be read.
std::string absolutePath(const std::string& path);

}  // namespace inferscope::cli
