// ResNet-18/50 with torchvision's topology, layer shapes and parameter names (conv1, bn1,
// layer1.0.conv1, layer1.0.downsample.0, fc, …), so its weights load into
// torchvision.models.resnet* one to one — the Python AOTInductor helper relies on that. Initialised
// as torchvision does.
#include "core/torch/model_instance.h"

namespace inferscope::torchlayer {
namespace nn = torch::nn;
namespace {

nn::Conv2d conv(int64_t in, int64_t out, int64_t k, int64_t stride, int64_t pad) {
  return nn::Conv2d(nn::Conv2dOptions(in, out, k).stride(stride).padding(pad).bias(false));
}

struct BlockImpl : nn::Module {
  nn::Conv2d conv1{nullptr}, conv2{nullptr}, conv3{nullptr};
  nn::BatchNorm2d bn1{nullptr}, bn2{nullptr}, bn3{nullptr};
  nn::Sequential downsample{nullptr};

  // Basic block (ResNet-18/34) when `bottleneck` is false, else torchvision's Bottleneck
  // (stride on the 3×3 conv, "ResNet v1.5").
  BlockImpl(int64_t in, int64_t planes, int64_t stride, bool bottleneck) {
    const int64_t expansion = bottleneck ? 4 : 1;
    if (bottleneck) {
      conv1 = register_module("conv1", conv(in, planes, 1, 1, 0));
      bn1 = register_module("bn1", nn::BatchNorm2d(planes));
      conv2 = register_module("conv2", conv(planes, planes, 3, stride, 1));
      bn2 = register_module("bn2", nn::BatchNorm2d(planes));
      conv3 = register_module("conv3", conv(planes, planes * expansion, 1, 1, 0));
      bn3 = register_module("bn3", nn::BatchNorm2d(planes * expansion));
    } else {
      conv1 = register_module("conv1", conv(in, planes, 3, stride, 1));
      bn1 = register_module("bn1", nn::BatchNorm2d(planes));
      conv2 = register_module("conv2", conv(planes, planes, 3, 1, 1));
      bn2 = register_module("bn2", nn::BatchNorm2d(planes));
    }
    if (stride != 1 || in != planes * expansion) {
      downsample =
          register_module("downsample", nn::Sequential(conv(in, planes * expansion, 1, stride, 0),
                                                       nn::BatchNorm2d(planes * expansion)));
    }
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto out = torch::relu(bn1(conv1(x)));
    out = bn2(conv2(out));
    if (conv3) out = bn3(conv3(torch::relu(out)));
    const auto identity = downsample ? downsample->forward(x) : x;
    return torch::relu(out + identity);
  }
};
TORCH_MODULE(Block);

struct ResNet : ZooModule {
  nn::Conv2d conv1{nullptr};
  nn::BatchNorm2d bn1{nullptr};
  nn::Sequential layer1{nullptr}, layer2{nullptr}, layer3{nullptr}, layer4{nullptr};
  nn::Linear fc{nullptr};

  explicit ResNet(int depth) {
    const bool bottleneck = depth >= 50;
    const std::vector<int64_t> blocks =
        depth == 18 ? std::vector<int64_t>{2, 2, 2, 2} : std::vector<int64_t>{3, 4, 6, 3};
    const int64_t expansion = bottleneck ? 4 : 1;
    conv1 = register_module("conv1", conv(3, 64, 7, 2, 3));
    bn1 = register_module("bn1", nn::BatchNorm2d(64));
    int64_t in = 64;
    auto make_layer = [&](int64_t planes, int64_t count, int64_t stride) {
      nn::Sequential layer;
      for (int64_t i = 0; i < count; ++i) {
        layer->push_back(Block(in, planes, i == 0 ? stride : 1, bottleneck));
        in = planes * expansion;
      }
      return layer;
    };
    layer1 = register_module("layer1", make_layer(64, blocks[0], 1));
    layer2 = register_module("layer2", make_layer(128, blocks[1], 2));
    layer3 = register_module("layer3", make_layer(256, blocks[2], 2));
    layer4 = register_module("layer4", make_layer(512, blocks[3], 2));
    fc = register_module("fc", nn::Linear(512 * expansion, 1000));

    // torchvision: Kaiming-normal (fan_out, ReLU) convolutions, BatchNorm γ = 1, β = 0; Linear
    // keeps its default (Kaiming-uniform), which LibTorch shares with PyTorch.
    torch::NoGradGuard no_grad;
    for (auto& m : modules(/*include_self=*/false)) {
      if (auto* c = m->as<nn::Conv2d>()) {
        nn::init::kaiming_normal_(c->weight, 0.0, torch::kFanOut, torch::kReLU);
      } else if (auto* b = m->as<nn::BatchNorm2d>()) {
        nn::init::ones_(b->weight);
        nn::init::zeros_(b->bias);
      }
    }
  }

  torch::Tensor forwardInputs(const std::vector<torch::Tensor>& inputs) override {
    auto x = torch::relu(bn1(conv1(inputs.at(0))));
    x = torch::max_pool2d(x, 3, 2, 1);
    x = layer4->forward(layer3->forward(layer2->forward(layer1->forward(x))));
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    return fc(x);
  }
};

}  // namespace

std::shared_ptr<ZooModule> makeResNet(int depth) {
  return std::make_shared<ResNet>(depth);
}

}  // namespace inferscope::torchlayer
