// A BERT-base-like Transformer encoder with Hugging Face BertModel's module tree and parameter
// names (embeddings.word_embeddings, encoder.layer.N.attention.self.query, …, pooler.dense), so its
// weights load into transformers.BertModel one to one. Eval-mode forward, no attention mask.
#include "core/torch/model_instance.h"
#include "core/torch/torch_compat.h"

namespace inferscope::torchlayer {
namespace nn = torch::nn;
namespace {

// A linear layer as Python's nn.Linear runs it: aten::linear, which folds 3-D activations to 2-D
// and adds the bias inside the GEMM (addmm). nn::Linear's forward in the C++ frontend goes through
// torch::nn::functional::linear instead, which for 3-D input is a matmul and then a separate
// in-place bias add: on the H200 those adds were 31.5 % of the BF16 encoder's GPU time
// (docs/PERFORMANCE.md, "Roofline on the H200").
torch::Tensor linear(const nn::Linear& layer, const torch::Tensor& x) {
  return torch::linear(x, layer->weight, layer->bias);
}

nn::LayerNorm layerNorm(int64_t hidden) {
  return nn::LayerNorm(nn::LayerNormOptions({hidden}).eps(1e-12));
}

struct EmbeddingsImpl : nn::Module {
  nn::Embedding word_embeddings{nullptr}, position_embeddings{nullptr},
      token_type_embeddings{nullptr};
  nn::LayerNorm norm{nullptr};
  explicit EmbeddingsImpl(const EncoderOptions& o) {
    word_embeddings = register_module("word_embeddings", nn::Embedding(o.vocab, o.hidden));
    position_embeddings =
        register_module("position_embeddings", nn::Embedding(o.max_positions, o.hidden));
    token_type_embeddings = register_module("token_type_embeddings", nn::Embedding(2, o.hidden));
    norm = register_module("LayerNorm", layerNorm(o.hidden));
  }
  torch::Tensor forward(const torch::Tensor& ids) {
    const auto positions = torch::arange(ids.size(1), ids.options()).unsqueeze(0);
    const auto types = torch::zeros_like(positions);
    return norm(word_embeddings(ids) + position_embeddings(positions) +
                token_type_embeddings(types));
  }
};
TORCH_MODULE(Embeddings);

struct SelfAttentionImpl : nn::Module {
  nn::Linear query{nullptr}, key{nullptr}, value{nullptr};
  int64_t heads;
  SelfAttentionImpl(int64_t hidden, int64_t heads_) : heads(heads_) {
    query = register_module("query", nn::Linear(hidden, hidden));
    key = register_module("key", nn::Linear(hidden, hidden));
    value = register_module("value", nn::Linear(hidden, hidden));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    const auto b = x.size(0), s = x.size(1), h = x.size(2);
    auto split = [&](const torch::Tensor& t) {
      return t.view({b, s, heads, h / heads}).transpose(1, 2);
    };
    auto ctx = compat::scaledDotProductAttention(split(linear(query, x)), split(linear(key, x)),
                                                 split(linear(value, x)));
    return ctx.transpose(1, 2).reshape({b, s, h});
  }
};
TORCH_MODULE(SelfAttention);

// dense + residual + LayerNorm: HF's BertSelfOutput and BertOutput share this shape.
struct DenseResidualNormImpl : nn::Module {
  nn::Linear dense{nullptr};
  nn::LayerNorm norm{nullptr};
  DenseResidualNormImpl(int64_t in, int64_t hidden) {
    dense = register_module("dense", nn::Linear(in, hidden));
    norm = register_module("LayerNorm", layerNorm(hidden));
  }
  torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& residual) {
    return norm(linear(dense, x) + residual);
  }
};
TORCH_MODULE(DenseResidualNorm);

struct AttentionImpl : nn::Module {
  SelfAttention self_attention{nullptr};
  DenseResidualNorm output{nullptr};
  AttentionImpl(int64_t hidden, int64_t heads) {
    self_attention = register_module("self", SelfAttention(hidden, heads));
    output = register_module("output", DenseResidualNorm(hidden, hidden));
  }
  torch::Tensor forward(const torch::Tensor& x) { return output(self_attention(x), x); }
};
TORCH_MODULE(Attention);

struct IntermediateImpl : nn::Module {
  nn::Linear dense{nullptr};
  IntermediateImpl(int64_t hidden, int64_t inter) {
    dense = register_module("dense", nn::Linear(hidden, inter));
  }
  torch::Tensor forward(const torch::Tensor& x) { return torch::gelu(linear(dense, x)); }
};
TORCH_MODULE(Intermediate);

struct LayerImpl : nn::Module {
  Attention attention{nullptr};
  Intermediate intermediate{nullptr};
  DenseResidualNorm output{nullptr};
  explicit LayerImpl(const EncoderOptions& o) {
    attention = register_module("attention", Attention(o.hidden, o.heads));
    intermediate = register_module("intermediate", Intermediate(o.hidden, o.intermediate));
    output = register_module("output", DenseResidualNorm(o.intermediate, o.hidden));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    const auto a = attention(x);
    return output(intermediate(a), a);
  }
};
TORCH_MODULE(Layer);

struct EncoderImpl : nn::Module {
  nn::ModuleList layer{nullptr};
  explicit EncoderImpl(const EncoderOptions& o) {
    layer = register_module("layer", nn::ModuleList());
    for (int i = 0; i < o.layers; ++i) layer->push_back(Layer(o));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (const auto& l : *layer) x = l->as<LayerImpl>()->forward(x);
    return x;
  }
};
TORCH_MODULE(Encoder);

struct BertEncoderModel : ZooModule {
  Embeddings embeddings{nullptr};
  Encoder encoder{nullptr};
  nn::Linear pooler{nullptr};

  explicit BertEncoderModel(const EncoderOptions& o) {
    if (o.hidden % o.heads != 0) {
      throw std::invalid_argument("hidden size must be a multiple of the head count");
    }
    embeddings = register_module("embeddings", Embeddings(o));
    encoder = register_module("encoder", Encoder(o));
    auto pooler_module = std::make_shared<nn::Module>();
    pooler = pooler_module->register_module("dense", nn::Linear(o.hidden, o.hidden));
    register_module("pooler", pooler_module);
    // BERT's initialiser: N(0, 0.02) weights, zero biases, LayerNorm γ = 1.
    torch::NoGradGuard no_grad;
    for (auto& p : named_parameters()) {
      const auto& name = p.key();
      if (name.find("LayerNorm.weight") != std::string::npos) {
        p.value().fill_(1.0);
      } else if (name.size() > 4 && name.compare(name.size() - 4, 4, "bias") == 0) {
        p.value().zero_();
      } else {
        p.value().normal_(0.0, 0.02);
      }
    }
  }

  // Returns the last hidden state [batch, seq, hidden] (the pooler is part of the parameters, as in
  // BertModel, but the sequence output is what downstream heads and accuracy checks use).
  torch::Tensor forwardInputs(const std::vector<torch::Tensor>& inputs) override {
    return encoder(embeddings(inputs.at(0)));
  }
};

}  // namespace

std::shared_ptr<ZooModule> makeBertEncoder(const EncoderOptions& options) {
  return std::make_shared<BertEncoderModel>(options);
}

}  // namespace inferscope::torchlayer
