// cuDNN's own view of a convolution, for the algorithm ledger (core/cudnn/). Implemented in
// core/torch/cudnn_algorithm_query.cpp with cuDNN's legacy Find/Get API (still in cuDNN 9): every
// forward algorithm with its status, time, workspace, determinism and math type, in the config's
// dtype and TF32 setting. CPU builds and machines without a CUDA device answer with the reason.
#pragma once

#include <string>

#include "core/cudnn/ledger_builder.h"

namespace inferscope::engine {

// "" when ledgers can be built on CUDA device `device_index`; otherwise why not ("requires CUDA
// and cuDNN: this LibTorch 1.13.1 is a CPU build").
std::string cudnnLedgerUnavailableReason(int device_index);

// cudnnGetVersion() of the loaded library; 0 without cuDNN.
int cudnnLibraryVersion();

// Every forward algorithm for `shape`: Find's measured list (time order) merged with Get_v7's
// heuristic ranking. Errors (unsupported shape, cuDNN failure) come back in AlgorithmQuery::error.
cudnn::AlgorithmQuery queryConvolutionAlgorithms(const cudnn::ConvShape& shape, bool allow_tf32,
                                                 int device_index);

}  // namespace inferscope::engine
