"""Public models as a user hands them to `inferscope-cli tune --model-py FILE.py:FUNCTION`: each
function returns (module, example_inputs), random weights (the GPU machine has no network).
Used by bench/gpu/user_models.sh; nothing in InferScope's own tests imports it."""
import torch


def _calibrated(model, inputs):
    """Batch-norm running statistics from a few batches, as training leaves them: with a fresh
    init's (mean 0, variance 1) nothing is normalised in eval mode, activations grow layer by layer,
    and EfficientNet-B0 overflows FP16 (rel. L2 error 1 on the H200) — an artefact of random
    weights, not of the settings being compared."""
    if any(isinstance(m, torch.nn.modules.batchnorm._BatchNorm) for m in model.modules()):
        model.train()
        with torch.no_grad():
            for _ in range(4):
                model(*inputs)
    return model.eval()


def _vision(name, batch=32, size=224):
    import torchvision
    torch.manual_seed(0)
    inputs = (torch.randn(batch, 3, size, size),)
    return _calibrated(getattr(torchvision.models, name)(weights=None), inputs), inputs


def efficientnet_b0():
    return _vision("efficientnet_b0")


def mobilenet_v3_large():
    return _vision("mobilenet_v3_large")


def regnet_y_800mf():
    return _vision("regnet_y_800mf")


def vit_b_16():
    model, inputs = _vision("vit_b_16")
    # torchvision zero-initialises the classifier head: its output would be all zeros and accuracy
    # could not be judged, so the head gets random weights, as trained weights would be.
    torch.nn.init.normal_(model.heads.head.weight, std=0.02)
    return model, inputs


def convnext_tiny():
    import timm
    torch.manual_seed(0)
    inputs = (torch.randn(32, 3, 224, 224),)
    return _calibrated(timm.create_model("convnext_tiny", pretrained=False), inputs), inputs


class _HiddenState(torch.nn.Module):
    """The last hidden state as one tensor, as a user exports a Hugging Face model for serving."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, ids):
        return self.model(input_ids=ids, return_dict=False)[0]


def distilbert():
    import transformers
    torch.manual_seed(0)
    model = transformers.DistilBertModel(transformers.DistilBertConfig())
    return _HiddenState(model).eval(), (torch.randint(0, 30522, (16, 128)),)


def gpt2():
    import transformers
    torch.manual_seed(0)
    model = transformers.GPT2Model(transformers.GPT2Config(use_cache=False))
    return _HiddenState(model).eval(), (torch.randint(0, 50257, (8, 256)),)


def densenet121():
    """A CNN whose AOTInductor packages take longer to compile than a cold tune's budget (about
    3 minutes each on the H200): the run memory and `--resume` are judged on it."""
    return _vision("densenet121")


def swin_t():
    return _vision("swin_t")


def llama_decoder():
    """A Llama-style decoder (RMSNorm, rotary embeddings, SwiGLU, grouped-query attention) of
    8 sequences x 256 tokens, its last hidden state as one tensor."""
    import transformers
    torch.manual_seed(0)
    config = transformers.LlamaConfig(vocab_size=32000, hidden_size=1024, intermediate_size=2816,
                                      num_hidden_layers=8, num_attention_heads=16,
                                      num_key_value_heads=4, max_position_embeddings=1024,
                                      use_cache=False)
    model = transformers.LlamaModel(config)
    return _HiddenState(model).eval(), (torch.randint(0, 32000, (8, 256)),)


def vit_small():
    """timm's ViT-S/16 (a vision transformer not in InferScope's own tests), 32 images."""
    import timm
    torch.manual_seed(0)
    inputs = (torch.randn(32, 3, 224, 224),)
    return timm.create_model("vit_small_patch16_224", pretrained=False).eval(), inputs
