// The ledger's cuDNN queries through the legacy convolution API
// (cudnnGetConvolutionForwardAlgorithm_v7 for the heuristic ranking,
// cudnnFindConvolutionForwardAlgorithmEx for measured times). PyTorch itself selects through the v8
// graph API (engine configs, not these enum values), so the legacy list is cuDNN's catalogue for
// the shape, and what PyTorch actually ran comes from the kernels CUPTI saw
// (core/cudnn/ledger_builder.h). The legacy API is deprecated in cuDNN 9 but present, and its
// deprecation warnings are silenced for this file only.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>

#include "core/common/error.h"
#include "core/engine/cudnn_query.h"
#include "core/torch/torch_pch.h"

#if defined(INFERSCOPE_WITH_CUDNN)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cudnn.h>
#endif

namespace inferscope::engine {

#if !defined(INFERSCOPE_WITH_CUDNN)

std::string cudnnLedgerUnavailableReason(int /*device_index*/) {
  return fmt::format(
      "requires CUDA and cuDNN: this InferScope is built against LibTorch {} without CUDA",
      TORCH_VERSION);
}

int cudnnLibraryVersion() {
  return 0;
}

cudnn::AlgorithmQuery queryConvolutionAlgorithms(const cudnn::ConvShape& /*shape*/,
                                                 bool /*allow_tf32*/, int device_index) {
  return {{}, cudnnLedgerUnavailableReason(device_index)};
}

#else

namespace {

const char* algoName(cudnnConvolutionFwdAlgo_t algo) {
  switch (algo) {
    case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM:
      return "IMPLICIT_GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM:
      return "IMPLICIT_PRECOMP_GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_GEMM:
      return "GEMM";
    case CUDNN_CONVOLUTION_FWD_ALGO_DIRECT:
      return "DIRECT";
    case CUDNN_CONVOLUTION_FWD_ALGO_FFT:
      return "FFT";
    case CUDNN_CONVOLUTION_FWD_ALGO_FFT_TILING:
      return "FFT_TILING";
    case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD:
      return "WINOGRAD";
    case CUDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED:
      return "WINOGRAD_NONFUSED";
    default:
      return "UNKNOWN";
  }
}

const char* mathName(cudnnMathType_t math) {
  switch (math) {
    case CUDNN_DEFAULT_MATH:
      return "DEFAULT_MATH";
    case CUDNN_TENSOR_OP_MATH:
      return "TENSOR_OP_MATH";
    case CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION:
      return "TENSOR_OP_MATH_ALLOW_CONVERSION";
    case CUDNN_FMA_MATH:
      return "FMA_MATH";
    default:
      return "UNKNOWN_MATH";
  }
}

// Throws with the call's text, caught by queryConvolutionAlgorithms.
void check(cudnnStatus_t status, const char* what) {
  if (status != CUDNN_STATUS_SUCCESS) {
    throw Error(ErrorKind::Runtime, fmt::format("{}: {}", what, cudnnGetErrorString(status)));
  }
}

// RAII for the descriptors: a failed query must not leak them.
struct Descriptors {
  cudnnTensorDescriptor_t x = nullptr, y = nullptr;
  cudnnFilterDescriptor_t w = nullptr;
  cudnnConvolutionDescriptor_t conv = nullptr;
  Descriptors() {
    check(cudnnCreateTensorDescriptor(&x), "cudnnCreateTensorDescriptor");
    check(cudnnCreateTensorDescriptor(&y), "cudnnCreateTensorDescriptor");
    check(cudnnCreateFilterDescriptor(&w), "cudnnCreateFilterDescriptor");
    check(cudnnCreateConvolutionDescriptor(&conv), "cudnnCreateConvolutionDescriptor");
  }
  ~Descriptors() {
    if (conv != nullptr) cudnnDestroyConvolutionDescriptor(conv);
    if (w != nullptr) cudnnDestroyFilterDescriptor(w);
    if (y != nullptr) cudnnDestroyTensorDescriptor(y);
    if (x != nullptr) cudnnDestroyTensorDescriptor(x);
  }
  Descriptors(const Descriptors&) = delete;
  Descriptors& operator=(const Descriptors&) = delete;
};

// One handle per device for the process (creating one costs milliseconds).
cudnnHandle_t handleFor(int device_index) {
  static std::map<int, cudnnHandle_t> handles;
  auto it = handles.find(device_index);
  if (it == handles.end()) {
    cudnnHandle_t h = nullptr;
    check(cudnnCreate(&h), "cudnnCreate");
    it = handles.emplace(device_index, h).first;
  }
  return it->second;
}

struct Types {
  cudnnDataType_t data, compute;
  torch::ScalarType scalar;
};

Types typesOf(const std::string& dtype) {
  // PyTorch computes half and bfloat16 convolutions with float accumulation (getConvDataType).
  if (dtype == "float16") return {CUDNN_DATA_HALF, CUDNN_DATA_FLOAT, torch::kHalf};
  if (dtype == "bfloat16") return {CUDNN_DATA_BFLOAT16, CUDNN_DATA_FLOAT, torch::kBFloat16};
  if (dtype == "float64") return {CUDNN_DATA_DOUBLE, CUDNN_DATA_DOUBLE, torch::kDouble};
  if (dtype == "float32") return {CUDNN_DATA_FLOAT, CUDNN_DATA_FLOAT, torch::kFloat};
  throw Error(ErrorKind::Unsupported,
              fmt::format("dtype {} is not a cuDNN convolution type", dtype));
}

std::vector<int> toInts(const std::vector<std::int64_t>& v) {
  return {v.begin(), v.end()};
}

// Logical NCHW sizes → the strides of the tensor as PyTorch lays it out (NCHW or NHWC).
std::vector<int> stridesOf(const std::vector<int>& sizes, bool channels_last) {
  const int nd = static_cast<int>(sizes.size());
  std::vector<int> strides(static_cast<std::size_t>(nd));
  if (!channels_last) {
    int s = 1;
    for (int i = nd - 1; i >= 0; --i) {
      strides[static_cast<std::size_t>(i)] = s;
      s *= sizes[static_cast<std::size_t>(i)];
    }
    return strides;
  }
  // N, then spatial dims, then C innermost.
  int s = 1;
  strides[1] = s;
  s *= sizes[1];
  for (int i = nd - 1; i >= 2; --i) {
    strides[static_cast<std::size_t>(i)] = s;
    s *= sizes[static_cast<std::size_t>(i)];
  }
  strides[0] = s;
  return strides;
}

}  // namespace

std::string cudnnLedgerUnavailableReason(int device_index) {
  if (!torch::cuda::is_available()) return "requires CUDA and cuDNN: no CUDA device is visible";
  if (device_index < 0 || device_index >= static_cast<int>(torch::cuda::device_count())) {
    return fmt::format("requires CUDA and cuDNN: there is no CUDA device {}", device_index);
  }
  if (!torch::cuda::cudnn_is_available())
    return "requires CUDA and cuDNN: LibTorch cannot load cuDNN";
  return "";
}

int cudnnLibraryVersion() {
  return static_cast<int>(cudnnGetVersion());
}

cudnn::AlgorithmQuery queryConvolutionAlgorithms(const cudnn::ConvShape& shape, bool allow_tf32,
                                                 int device_index) {
  cudnn::AlgorithmQuery query;
  if (auto reason = cudnnLedgerUnavailableReason(device_index); !reason.empty()) {
    query.error = reason;
    return query;
  }
  const std::size_t nd = shape.input.size();
  if (nd < 4 || nd > 5 || shape.weight.size() != nd) {
    query.error = fmt::format("only 2-d and 3-d convolutions are queried (input has {} dims)", nd);
    return query;
  }
  try {
    c10::cuda::CUDAGuard guard(static_cast<c10::DeviceIndex>(device_index));
    const Types types = typesOf(shape.dtype);
    cudnnHandle_t handle = handleFor(device_index);
    check(cudnnSetStream(handle, at::cuda::getCurrentCUDAStream().stream()), "cudnnSetStream");
    Descriptors d;
    const auto x_sizes = toInts(shape.input);
    const auto x_strides = stridesOf(x_sizes, shape.channels_last);
    check(cudnnSetTensorNdDescriptor(d.x, types.data, static_cast<int>(nd), x_sizes.data(),
                                     x_strides.data()),
          "cudnnSetTensorNdDescriptor(x)");
    const auto w_sizes = toInts(shape.weight);
    check(cudnnSetFilterNdDescriptor(d.w, types.data,
                                     shape.channels_last ? CUDNN_TENSOR_NHWC : CUDNN_TENSOR_NCHW,
                                     static_cast<int>(nd), w_sizes.data()),
          "cudnnSetFilterNdDescriptor");
    const auto pad = toInts(shape.padding), stride = toInts(shape.stride),
               dilation = toInts(shape.dilation);
    check(
        cudnnSetConvolutionNdDescriptor(d.conv, static_cast<int>(nd - 2), pad.data(), stride.data(),
                                        dilation.data(), CUDNN_CROSS_CORRELATION, types.compute),
        "cudnnSetConvolutionNdDescriptor");
    check(cudnnSetConvolutionGroupCount(d.conv, static_cast<int>(shape.groups)),
          "cudnnSetConvolutionGroupCount");
    // PyTorch's choice of math type: Tensor Cores for half types; for float, TF32 only when
    // allowed.
    const cudnnMathType_t math =
        types.data == CUDNN_DATA_HALF || types.data == CUDNN_DATA_BFLOAT16
            ? CUDNN_TENSOR_OP_MATH
            : (types.data == CUDNN_DATA_FLOAT && allow_tf32 ? CUDNN_DEFAULT_MATH : CUDNN_FMA_MATH);
    check(cudnnSetConvolutionMathType(d.conv, math), "cudnnSetConvolutionMathType");
    std::vector<int> y_sizes(nd);
    check(cudnnGetConvolutionNdForwardOutputDim(d.conv, d.x, d.w, static_cast<int>(nd),
                                                y_sizes.data()),
          "cudnnGetConvolutionNdForwardOutputDim");
    const auto y_strides = stridesOf(y_sizes, shape.channels_last);
    check(cudnnSetTensorNdDescriptor(d.y, types.data, static_cast<int>(nd), y_sizes.data(),
                                     y_strides.data()),
          "cudnnSetTensorNdDescriptor(y)");

    int max_count = 0;
    check(cudnnGetConvolutionForwardAlgorithmMaxCount(handle, &max_count),
          "cudnnGetConvolutionForwardAlgorithmMaxCount");
    std::vector<cudnnConvolutionFwdAlgoPerf_t> heuristic(static_cast<std::size_t>(max_count));
    int returned = 0;
    check(cudnnGetConvolutionForwardAlgorithm_v7(handle, d.x, d.w, d.conv, d.y, max_count,
                                                 &returned, heuristic.data()),
          "cudnnGetConvolutionForwardAlgorithm_v7");
    heuristic.resize(static_cast<std::size_t>(returned));

    // Buffers as PyTorch would hold them, and the largest workspace the heuristic list asks for
    // (capped at 1 GiB, like a generous PyTorch workspace limit).
    const auto options =
        torch::TensorOptions().dtype(types.scalar).device(torch::kCUDA, device_index);
    const auto format = shape.channels_last ? (nd == 4 ? at::MemoryFormat::ChannelsLast
                                                       : at::MemoryFormat::ChannelsLast3d)
                                            : at::MemoryFormat::Contiguous;
    auto x = torch::randn(shape.input, options).contiguous(format);
    auto w = torch::randn(shape.weight, options).contiguous(format);
    std::vector<std::int64_t> y_sizes64(y_sizes.begin(), y_sizes.end());
    auto y = torch::empty(y_sizes64, options).contiguous(format);
    constexpr std::size_t kMaxWorkspace = std::size_t{1} << 30;
    std::size_t workspace_bytes = 0;
    for (const auto& p : heuristic) {
      if (p.status == CUDNN_STATUS_SUCCESS && p.memory <= kMaxWorkspace)
        workspace_bytes = std::max(workspace_bytes, p.memory);
    }
    auto workspace =
        torch::empty({static_cast<std::int64_t>(std::max<std::size_t>(workspace_bytes, 1))},
                     torch::TensorOptions().dtype(torch::kByte).device(torch::kCUDA, device_index));
    std::vector<cudnnConvolutionFwdAlgoPerf_t> found(static_cast<std::size_t>(max_count));
    int found_count = 0;
    check(cudnnFindConvolutionForwardAlgorithmEx(
              handle, d.x, x.data_ptr(), d.w, w.data_ptr(), d.conv, d.y, y.data_ptr(), max_count,
              &found_count, found.data(), workspace.data_ptr(), workspace_bytes),
          "cudnnFindConvolutionForwardAlgorithmEx");
    found.resize(static_cast<std::size_t>(found_count));

    auto rankOf = [&](cudnnConvolutionFwdAlgo_t algo, cudnnMathType_t m) {
      for (std::size_t i = 0; i < heuristic.size(); ++i) {
        if (heuristic[i].algo == algo && heuristic[i].mathType == m) return static_cast<int>(i);
      }
      return -1;
    };
    auto toCandidate = [&](const cudnnConvolutionFwdAlgoPerf_t& p, bool measured) {
      cudnn::AlgorithmCandidate c;
      c.algo = algoName(p.algo);
      c.family = cudnn::familyOfAlgorithm(c.algo);
      c.status = p.status == CUDNN_STATUS_SUCCESS ? "ok" : cudnnGetErrorString(p.status);
      if (measured && p.status == CUDNN_STATUS_SUCCESS && p.time >= 0)
        c.time_ms = static_cast<double>(p.time);
      c.workspace_bytes = p.memory;
      c.deterministic = p.determinism == CUDNN_DETERMINISTIC;
      // DEFAULT_MATH on float only *permits* TF32; whether a kernel used it shows in the trace.
      c.tensor_core =
          p.mathType == CUDNN_TENSOR_OP_MATH || p.mathType == CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION;
      c.math_type = mathName(p.mathType);
      c.heuristic_rank = rankOf(p.algo, p.mathType);
      return c;
    };
    for (const auto& p : found) query.candidates.push_back(toCandidate(p, true));
    for (const auto& p : heuristic) {
      const bool measured = std::any_of(found.begin(), found.end(), [&](const auto& f) {
        return f.algo == p.algo && f.mathType == p.mathType;
      });
      if (!measured) query.candidates.push_back(toCandidate(p, false));
    }
    if (query.candidates.empty())
      query.error = "cuDNN returned no forward algorithm for this shape";
  } catch (const Error& e) {
    query.error = e.what();
  } catch (const c10::Error& e) {
    query.error = e.what_without_backtrace();
  }
  return query;
}

#endif

}  // namespace inferscope::engine

#if defined(INFERSCOPE_WITH_CUDNN)
#pragma GCC diagnostic pop
#endif
