<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AdvisorText</name>
    <message>
        <source>final</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>provisional</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: torch.inference_mode() around every inference call — no autograd graph, no view tracking or version counters, faster than no_grad</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: no Tensor Cores, and TF32 and FP16 casts are GPU settings → FP32 (strict IEEE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; amp-bf16 fits the tolerance %1 a priori and is measured first among the neighbours (it pays off only on CPUs with AVX-512 BF16 or AMX)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: TF32 is a CUDA Tensor Core mode → off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no Tensor Cores → FP32 (strict IEEE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no TF32 Tensor Cores (needs compute capability ≥ 8.0) → off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: BF16 Tensor Cores → BF16 cast (FP32&apos;s exponent range, so no FP16 overflow risk) of the whole model and its inputs; %2&apos;s unit roundoff %3 is within the tolerance %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no BF16/TF32 Tensor Cores → FP16 cast of the whole model and its inputs; %2&apos;s unit roundoff %3 is within the tolerance %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: mixed precision (%2) in use → TF32&apos;s gain is limited because the main ops run in %2; FP32 math stays strict IEEE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tolerance %2 is below BF16&apos;s unit roundoff %3 (7 mantissa bits) → no mixed precision, TF32 instead (10 mantissa bits, FP32&apos;s range)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no mixed precision → TF32 on for matmuls (precision &quot;high&quot;) and cuDNN convolutions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tolerance %2 is below the unit roundoff of %3 (%4) and TF32 (%5) → strict FP32 (IEEE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tolerance %2 is below the unit roundoff of %3 (%4) and the GPU has no TF32 → strict FP32 (IEEE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: TF32 off — the tolerance is tighter than its 10 mantissa bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target PyTorch %1 → FP32 math set through torch.backends.cuda.matmul.fp32_precision and torch.backends.cudnn.conv.fp32_precision only, never with the legacy flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>target PyTorch %1 → FP32 math set through torch.set_float32_matmul_precision and torch.backends.cudnn.allow_tf32 (fp32_precision arrives in 2.9)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels_last is not one of the guide&apos;s rules → contiguous; for this CNN it is measured as a neighbour (Tensor Core convolutions often prefer NHWC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels_last is not one of the guide&apos;s rules → contiguous; for this CNN it is measured as a neighbour (oneDNN convolutions often prefer NHWC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transformer: channels_last only changes 4-D image tensors → contiguous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: CUDA graphs need CUDA and InferScope runs AOTInductor packages on CUDA only → none; TorchScript freeze is measured as a neighbour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input sizes vary → no compile: CUDA graphs replay one static shape and AOTInductor packages are built for one input shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table lists no torch.compile for this generation → none; its footnote allows compile for static models, so graph/aoti variants are measured as neighbours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table adds torch.compile; throughput goal with static shapes → AOTInductor package (torch.compile ahead of time: fused kernels pay off at large batches; target PyTorch %2 loads it from C++)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table adds torch.compile; latency goal with static shapes → CUDA graph replay (torch.compile mode=&quot;reduce-overhead&quot; in Python), which removes the per-kernel launch overhead that dominates small-batch latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table adds torch.compile; target PyTorch %2 has no AOTInductor package loader (2.6+) → CUDA graph replay (torch.compile mode=&quot;reduce-overhead&quot; in Python), which removes the per-kernel launch overhead that dominates small-batch latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applied before CUDA graph capture: compiling first and casting afterwards would invalidate the compiled result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 applied before AOTInductor compilation: compiling first and casting afterwards would invalidate the compiled result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: cuDNN settings do not apply → PyTorch&apos;s defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN on (PyTorch&apos;s default): its convolution kernels are what benchmark tunes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reproducibility required → cudnn.deterministic + torch.use_deterministic_algorithms(True)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reproducibility required → benchmark off: autotuning may pick a different algorithm on each run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reproducibility not required → deterministic off (deterministic kernels can be slower)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input sizes vary → benchmark off: it would search algorithms again for every new size and run slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed input sizes + CNN → benchmark on: the fastest convolution algorithm is found on the first run and reused (warm up before measuring)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transformer: few or no cuDNN convolutions, so benchmark has nothing to tune → off (measured as a neighbour)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the race&apos;s answer: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the table&apos;s choice was not measured there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tuner&apos;s race on this device confirmed %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the tuner&apos;s race on this device answered %1 (%2) instead of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 confirmed: the fastest safe config (%2 ms median)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kept: %2 was only %3× its speed (%4 % less time, %5 vs %6 ms median), within the measurement noise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switched to %1: %2× the speed of %3 (%4 % less time, %5 vs %6 ms median)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switched to %1, the fastest safe config (%2 ms median): the recommended %3 was rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switched to %1, the fastest safe config (%2 ms median): the recommended %3 was not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no measured config ran cleanly and safely; falling back to %1, the strict-IEEE reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the open session (%1, %2 configs, %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guide %1 — “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>generation table (%1) — “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>InferScope (outside the guide)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured on this device by the tuner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validate on the device before adopting (guide, %1): “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute capability %1 is not in the generation table; applying the rules of %2, the newest generation before it (update resources/gpu_generations.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no Tensor Cores; the guide&apos;s GPU techniques start at Volta (7.0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16 overflow risk: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the export for PyTorch %1 uses the legacy TF32 flags; re-export when moving to 2.9 or later — new and old settings must not be mixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reproducibility on the CPU: InferScope&apos;s &apos;det&apos; setting is CUDA-only; keep torch.set_num_threads fixed so FP32 reductions run in the same order every time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deterministic mode can be slower, and ops without a deterministic implementation raise an error; the exports set CUBLAS_WORKSPACE_CONFIG=:4096:8, which cuBLAS needs for deterministic matmuls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds a race: its answer %2 instead of the table&apos;s %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 overrules the table: %2 instead of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>validation replaced %1 with %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AnswerShapes</name>
    <message numerus="yes">
        <source>&lt;b&gt;Across %n shapes&lt;/b&gt;, each ranked on its own — the fastest safe config per shape (a router&apos;s table):</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>none ran safely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uniform over the shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mix %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): ★ &lt;b&gt;%2&lt;/b&gt;, weighted median %3, ×%4 of the router&apos;s %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): none ran safely at every shape.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at B=%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◆ Knees (the smallest batch reaching %1 % of the config&apos;s peak items/s): %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: none fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Largest batch that fits&lt;/b&gt;: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Shapes tab draws latency against throughput, the knees and the memory per precision.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartStyle</name>
    <message numerus="yes">
        <source>+%n more (see the table)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfigMarks</name>
    <message>
        <source>%1 → %2 (fallback)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>★ the tuner&apos;s winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>≈ tied with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>asked → ran: a fallback ran in the config&apos;s place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ← %2 (fallback)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConfigText</name>
    <message>
        <source>FP32, strict IEEE (matmul highest, cuDNN conv TF32 off)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32 for cuDNN convolutions only (PyTorch&apos;s default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matmul precision medium (BF16-based) + cuDNN conv TF32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matmul precision medium only (conv strict)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32: matmul precision high + cuDNN conv TF32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32 for matmul only (cuDNN conv strict FP32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole model cast to FP16 (model.half())</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole model cast to BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>autocast FP16, weights stay FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>autocast BF16, weights stay FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TorchScript freeze + optimize_for_inference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AOTInductor package (torch.compile ahead of time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AOTInductor package, max-autotune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graph capture + replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AOTInductor package replayed in a CUDA graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile (default mode), in Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile reduce-overhead (CUDA graphs), in Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile max-autotune, in Python</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 needs compute capability ≥ 8.0 (Ampere or newer); %1 has no BF16 Tensor Cores — use fp16 or amp-fp16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32 needs compute capability ≥ 8.0 (Ampere or newer); %1 has no TF32 Tensor Cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN settings need a LibTorch build with cuDNN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32 is a CUDA Tensor Core mode; the CPU has none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16 cast is a GPU setting: many CPU kernels have no FP16 implementation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN settings apply to CUDA only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graphs need a CUDA device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile reduce-overhead replays CUDA graphs: it needs a CUDA device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AOTInductor packages need LibTorch ≥ 2.6 (this build has no AOTIModelPackageLoader)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA graph capture of a forward that records autograd history is not supported here; use inference_mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>autograd on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN disabled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN deterministic</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnginePool</name>
    <message>
        <source>the main window&apos;s run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the wizard&apos;s validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a lesson&apos;s live run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for %1 to finish: the engine runs one job at a time, because torch&apos;s settings are process-wide.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LessonHandout</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QWizard</name>
    <message>
        <source>&lt; &amp;Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::ModelZoo</name>
    <message>
        <source>ResNet-18 (torchvision topology), 224×224 images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ResNet-50 (torchvision topology), 224×224 images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BERT-base-like Transformer encoder over token ids</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::AnswerView</name>
    <message numerus="yes">
        <source>Logs: %n file(s) (hover to see the paths)</source>
        <translation>
            <numerusform>Logs: %n file (hover to see the path)</numerusform>
            <numerusform>Logs: %n files (hover to see the paths)</numerusform>
        </translation>
    </message>
    <message>
        <source>Export this config:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vs torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cosine %1, relative L2 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-1 agreement %1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not compared with the FP32 reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak %1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open or run a session to see its answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest configs that pass the accuracy rule, ranked:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms median, %2× the FP32 reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy not measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No config ran cleanly and safely.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C++…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy rule: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ this session holds no race answer to export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ %1 is the open session&apos;s own file: choose another</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ %1 of %2 written to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export this config</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::BreakEvenChart</name>
    <message>
        <source>Total time of a job of N inferences: %1 against %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inferences since the program started (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total time, set-up included (s, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pick a compiled config and the config to weigh it against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no finished result with a steady median in this session: there is no time to add up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session recorded no compile time for %1: its set-up took %2 s, no longer than %3&apos;s %4 s, so there is nothing to win back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not faster than %2 (%3 ms against %4 ms per inference): its compile never pays for itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (eager)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 s before the first result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>break-even after
%1 inferences</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::CudnnChart</name>
    <message>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conv layers in execution order · dots: Find time per algorithm, by kernel family · rings: each mode&apos;s pick · lines: GPU time that ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN algorithms: %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN algorithms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (unavailable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No cuDNN ledger in this session.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;A ledger lists, for every convolution shape of a model, the forward algorithms cuDNN offers (with their Find times) and the kernels that actually ran with &lt;code&gt;cudnn.benchmark&lt;/code&gt; off, on, and with deterministic algorithms.&lt;/p&gt;&lt;p&gt;Record one on a machine with CUDA and cuDNN, then open the session file it writes here:&lt;br&gt;&lt;code&gt;inferscope-cli cudnn --model resnet50 --batch 32 --device cuda --config bf16+cl --out resnet50-cudnn.inferscope.json&lt;/code&gt;&lt;/p&gt;&lt;p&gt;&lt;code&gt;--model&lt;/code&gt; takes a zoo model or a TorchScript file, &lt;code&gt;--config&lt;/code&gt; a config key without cuDNN tokens; requires CUDA and cuDNN.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No cuDNN ledger for %1 · %2&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1 · %2 runs no convolutions&lt;/b&gt;: there is nothing for cuDNN to choose.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precomp. implicit GEMM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heuristic&apos;s pick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>benchmark&apos;s pick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs per call (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs per call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 call(s) per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no module names)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran with %1: %2%3 · %4 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (Tensor Cores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran with %1: not observed%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no candidates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, workspace %1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, non-deterministic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 unique conv shapes&lt;/b&gt;, %2&amp;nbsp;calls/&amp;#8288;it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>benchmark changed the kernel on %1 (&lt;span style=&apos;color:%4&apos;&gt;%2&amp;nbsp;faster&lt;/span&gt;, &lt;span style=&apos;color:%5&apos;&gt;%3&amp;nbsp;slower&lt;/span&gt; by&amp;nbsp;&amp;gt;&amp;nbsp;2&amp;nbsp;%; gain&amp;nbsp;%6&amp;nbsp;µs/&amp;#8288;it, autotune&amp;nbsp;%7&amp;nbsp;ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deterministic changed it on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 non-deterministic choice(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no layout transposes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layout transposes/&amp;#8288;it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN&amp;nbsp;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32&amp;nbsp;on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32&amp;nbsp;off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per iteration, %1: steady median &lt;b&gt;%2&lt;/b&gt;&amp;nbsp;ms · conv GPU time %3&amp;nbsp;µs · first iteration %4&amp;nbsp;ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>benchmark re-tunes at %1: first iteration %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heuristic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch selects through cuDNN&apos;s v8 graph API (engine configs); the candidate list is cuDNN&apos;s legacy Find/Get catalogue for the same shape, dtype and math type, and what ran is read from the kernels CUPTI saw beneath each convolution.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>re-tune: the first iteration at each new input size, in a worker that has just run the original size (iterations alternate between the two)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU run with the host-only trace source: the convolutions the model executes, without kernels or cuDNN&apos;s candidates (those need CUDA and cuDNN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>★ %1 (the race&apos;s answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the fastest safe config)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::CudnnLayerTableModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>calls/it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran: heuristic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran: benchmark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gain (µs/call)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ran: deterministic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>autotune (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heuristic algo (Get)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fastest algo (Find)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>benchmark&apos;s gain: heuristic GPU time − benchmark GPU time per call; positive when benchmark&apos;s choice is faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN&apos;s legacy catalogue for the shape (cudnnGetConvolutionForwardAlgorithm_v7 / cudnnFindConvolutionForwardAlgorithm); PyTorch itself selects through the v8 API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first call&apos;s host time beyond a steady call&apos;s, with cudnn.benchmark on (cudnnFind)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mode not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (TC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 % of the heuristic&apos;s time; %2 µs per iteration over %3 call(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>benchmark differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>non-deterministic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deterministic differs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 transpose(s)/call (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transposed conv</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not queried</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::DevicePage</name>
    <message>
        <source>This machine&apos;s device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulate a GPU generation (for teaching: no such GPU needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which device should the settings be chosen for?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A simulated device gets the same advice as the real one, but cannot be checked by measurement.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::DeviceTableModel</name>
    <message>
        <source>unsupported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2 slower than %3 (95 % CI %4–%5, %6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 +%2 vs %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured on one device only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>within the intervals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>within the intervals: for every pair of GPUs of one model the 95 % interval of the ratio of medians reaches inside ±%1 % — not shown to differ (a wide interval can hide a small difference)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not compared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>different GPU models: shown side by side, not compared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 did not run on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 on %2&lt;/b&gt;: %3&lt;br&gt;%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 on %2&lt;/b&gt;&lt;br&gt;median %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (95 % CI %1–%2 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (no interval: the steady part was too short or noisy for one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 results of this config here; the first one is shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;— beyond both intervals: a real difference between these GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>beyond the intervals
(GPUs of one model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs of GPUs of the same model whose ratio of medians has a 95 % interval outside ±%1 %: the difference is real, not noise. GPUs of different models are not compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2 · median ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::DevicesView</name>
    <message>
        <source>median vs the first GPU of its model (%, 95 % CI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No results yet. Sessions measured on several GPUs (&lt;code&gt;sweep --devices&lt;/code&gt;, or &lt;code&gt;merge&lt;/code&gt; of several hosts&apos; sessions) show their devices side by side here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session has one device, so there is nothing to compare side by side. Sessions measured on several GPUs (&lt;code&gt;sweep --devices&lt;/code&gt;, or &lt;code&gt;merge&lt;/code&gt; of several hosts&apos; sessions) show each config on each device here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 devices · %2 of %3 configs measured on more than one · comparing the GPUs of each model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 devices · %2 of %3 configs measured on more than one · %4 differ beyond their intervals between GPUs of one model (▲ slower, ▼ faster; hover for the comparison)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same configs on each device</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::EngineBridge</name>
    <message>
        <source>run cancelled before it started</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::EntryPointDialog</name>
    <message>
        <source>Which function builds the model?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; defines no function at its top level. Name the function that returns &lt;code&gt;(model, example_inputs)&lt;/code&gt;:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which function of &lt;b&gt;%1&lt;/b&gt; returns &lt;code&gt;(model, example_inputs)&lt;/code&gt;? The window runs it in the Python worker, on those inputs, as &lt;code&gt;inferscope-cli profile --model-py %1:FUNCTION&lt;/code&gt; does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>function name, e.g. build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use this function</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ExportPage</name>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the recommended config as files that apply it: leave a path empty to skip that format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C++ (LibTorch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C++ (*.cpp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ %1 written to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::FileActions</name>
    <message>
        <source>InferScope sessions (*.inferscope.json);;JSON files (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 was analysed again with this version&apos;s rules; %n result(s) differ from the file: %2</source>
        <translation>
            <numerusform>%1 was analysed again with this version&apos;s rules; %n result differs from the file: %2</numerusform>
            <numerusform>%1 was analysed again with this version&apos;s rules; %n results differ from the file: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Finish or cancel the run before opening a session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped opening %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · recorded %3 on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · recorded %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · recorded on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 configs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not save %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Python entry point (.py) or an ExportedProgram (.pt2) to run in the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models (*.py *.pt2);;Python entry points (*.py);;ExportedPrograms (*.pt2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finish or cancel the run before opening a model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the window runs Python entry points (.py) and ExportedPrograms (.pt2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not trusted: only its hash was read, and nothing of it ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is an AOTInductor package, which needs its input shapes: profile it with inferscope-cli profile --model-file %1 --input SHAPE:DTYPE --out run.inferscope.json, then open the session here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is neither an ExportedProgram (torch.export.save) nor an AOTInductor package: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no entry point of %1 chosen: nothing runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the model for the next run: Start measures it in the Python worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a TorchScript file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window runs zoo models, Python entry points (.py) and ExportedPrograms (.pt2). A TorchScript file needs its input shapes: profile it with inferscope-cli profile --model-file %1 --input SHAPE:DTYPE --out run.inferscope.json, then drop the session file here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::GoalsPage</name>
    <message>
        <source>Bit-for-bit reproducible results (deterministic cuDNN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What matters for this model in production?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency — one request at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput — large batches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed input sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Varying input sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CNN (convolutions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer (matmuls, attention)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The accepted deviation from FP32, in the metric&apos;s unit. Auto: classifiers may change at most this share of top-1 predictions (with rel. L2 ≤ 10×), other outputs keep a cosine similarity ≥ 1 − this. The default 1e-2 accepts BF16&apos;s rounding, not an FP16 overflow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto (top-1 for classifiers, cosine otherwise)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cosine similarity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-1 agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative L2 error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PyTorch version the exported code will run with (decides the TF32 API, AOTInductor)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Goal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accuracy metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target PyTorch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::KernelTimeline</name>
    <message>
        <source>time in the trace window (ms) · wheel zooms, drag pans</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it %1%2 · %3 kernels · %4 % busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (warm-up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 more (hover)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the session file: %1 iterations, %2 kernels and copies; %3 more iterations (%4 items) were traced but not kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3 µs · iteration %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no operator)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::KernelsView</name>
    <message>
        <source>GPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>launch gaps (GPU idle between kernels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host overhead (before the first / after the last kernel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>operator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kernel time (µs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top operators</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host wall time per steady traced iteration (ms) = GPU busy + launch gaps + host overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not traced: kernel tracing needs a CUDA device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not traced (turn on “Trace kernels (CUDA)”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>traced %1 ms · median %2 ms (%3%4 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not traced — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel traces yet: run on a CUDA device with “Trace kernels (CUDA)” checked, or open a traced session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel traces: this session ran on the CPU, and kernel tracing needs a CUDA device. Open a session traced on a GPU to see this page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No kernel traces: this session was run without “Trace kernels (CUDA)”; check it and run again, or open a traced session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel timeline: none kept for this config in this session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel timeline: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2 iterations, %3)&lt;br&gt;GPU busy %4 ms (%5 %)&lt;br&gt;launch gaps %6 ms (longest %7 µs)&lt;br&gt;host overhead %8 ms&lt;br&gt;%9 kernels/iteration · Tensor Cores %10 % of kernel time · %11 stream(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU time per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 kernels/it · busy %3 % · TC %4 %</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LatencyChart</name>
    <message>
        <source>iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◂ configured warm-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press Start to measure, or open a session file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session holds no measured iterations (%1 configs planned, none ran)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steady from %1 (provisional)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ %1 runs to iteration %2 — drag or zoom the axis, or select it in the table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▲ warm-up reaches %1 ms, above this axis — Log Scale shows every point</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency (ms, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency per iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: steady from iteration %2 (detected)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ticks on the axis: each config&apos;s detected steady start · hollow: measured but left out by the warm-up analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ticks on the axis: each config&apos;s detected steady start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 further processes dashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · across processes %1 ms (95 % CI %2 – %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LegendFilter</name>
    <message>
        <source>Filter configs (e.g. bf16 graph)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words each config&apos;s name must contain: the chart and its legend narrow to the configs that match; the tuner&apos;s winner stays</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the legend lists the %1 fastest of %2 configs (the table lists every one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 configs match, the legend lists %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the chart draws the %1 fastest of %2 configs, the legend names %3 of them (the table lists every one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 configs match, the chart draws %3, the legend names %4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LessonsMenu</name>
    <message>
        <source>&amp;Lessons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(data not recorded yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no lesson &apos;%1&apos; (lessons: %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LiveRun</name>
    <message>
        <source>the run ended but its session could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LiveRunPanel</name>
    <message>
        <source>Run: this machine has no CUDA GPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run needs %1 (not in %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create a folder for the session: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the run … · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config %1 of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled after %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed after %1 (exit code %2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed after %1:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished in %1 — medians: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The new session is open in the main window (Esc goes there): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run (R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in the main window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping the run … · %1 elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LogModel</name>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::MainWindow</name>
    <message>
        <source>&amp;Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure the checked configs (Ctrl+R)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after the current iteration (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Log Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logarithmic latency axis: a slow first iteration no longer flattens the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chart Only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The current chart fills the window — for a projector (F11 again returns)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed × accuracy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Results&lt;/b&gt; — statistics over the measured iterations; hover a greyed row for the reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recommendation Wizard…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About InferScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About InferScope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;InferScope %1&lt;/h3&gt;&lt;p&gt;A profiler and tuner for PyTorch inference settings.&lt;/p&gt;&lt;p&gt;LibTorch %2 · Qt %3&lt;br&gt;This machine: %4&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check at least one config in “Model &amp; input” before starting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting %1 on %2: %3 (%4 warm-up + %5 measured iterations each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelling: the engine stops after the current iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run cancelled: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run finished: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of 1 config ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 configs ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, 1 not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the first config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model &amp; input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::MemoryChart</name>
    <message>
        <source>parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak reserved (CUDA caching allocator)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Logarithmic MiB axis: one large config no longer flattens the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory (MiB, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory figures yet: they appear as configs finish</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source: CUDA caching allocator (torch.cuda.max_memory_allocated / reserved), per config after reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: allocator hook (peak bytes allocated by LibTorch&apos;s CPU allocator); no reserved pool on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>★ the race&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide this message (it stays in the log)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::PresentationWindow</name>
    <message>
        <source>This machine has no CUDA GPU: run it on a GPU machine and open its session here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run it live:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This lesson&apos;s data is not recorded yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run it live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its sessions are recorded on a GPU machine by bench/gpu/h200_run.sh, phase “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This machine has a CUDA GPU: Run (R) runs it here and opens the session it writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It runs on this machine&apos;s CPU: Run (R) runs it here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RacePage</name>
    <message>
        <source>%1 · shard %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session holds no race. &lt;code&gt;inferscope-cli tune … -o FILE.inferscope.json&lt;/code&gt; records one: every candidate&apos;s state and reason, the pruned configs, the finals, the budget and the verdict — or use the wizard&apos;s &lt;i&gt;Validate on this device&lt;/i&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The race as the tuner recorded it when this session was tuned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue this race</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The continued race&apos;s budget (tune --budget-s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the race with this budget, as inferscope-cli tune --resume %1 does: what it measured is kept, the rest is screened and the finals run again; the continued session is written to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the session first: the continued race is written beside it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continued: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The continued race wrote no session (nothing was measured).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The continued race failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continuing the race…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RaceView</name>
    <message>
        <source>Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interval (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compile (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 forks)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tuning %1 on %2 · budget %3 s · safe: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 configs pruned before anything ran (hover for the reasons)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Screening %1 candidates × %2 iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round %1: %2 survivors × %3 iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finals: %1, each in %2 fresh processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spent %1 s of %2 s (%3 s left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spent %1 s of the %2 s budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tied with the winner: no difference the race could show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No safe winner&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Winner ★ %1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · tied ≈ %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 across %2 processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vs torch.compile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not measured:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiling %1 packages in the background: %2 (hover for each)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RecommendationPage</name>
    <message>
        <source>Recommendation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The settings for your device and goals, each with the guide&apos;s rule behind it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Setting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule (source on hover)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; for %2%3&lt;br&gt;%4&lt;br&gt;&lt;span style=&apos;color:gray&apos;&gt;Measured around it when checking: %5&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (simulated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>table&apos;s choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — the rules below explain it; measured, %2 replaced it (see the evidence row)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The table&apos;s rule for %1 (not the recommended config): %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RecommendationWizard</name>
    <message>
        <source>Recommendation wizard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ResultsTableModel</name>
    <message>
        <source>%1 proc</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Across %1 processes: median %2 ms, 95 % CI %3 – %4 ms; one more process is expected at %5 – %6 ms.%7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median 95 % CI %1 – %2 ms (%3), within this process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No confidence interval: the steady part is too noisy, short or drifting for one. Shown is the range of its values, %1 – %2 ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1× (ref)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no NaN/Inf, error within the tolerance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× (no interval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1× (%2 %3–%4×)%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range over both runs, which drifted:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — ≈: no real difference from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Safe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median
(ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CI
±%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rel. error
vs FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak
(MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Steady
state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean
(ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P90
(ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min
(ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max
(ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cold start
(ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Items/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up
×ref</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up
×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median latency of the measured (steady) iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration 0 on its own: allocation, autotuning, compilation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput: batch size ÷ median latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak memory allocated while the config ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative L2 error of the output against the FP32-IEEE reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Half-width of the median&apos;s 95% confidence interval, in % of the median. “N proc”: across N fresh processes; “range”: no CI could be had, the range of the steady values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reference median ÷ this median (no reference config finished yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 median ÷ this median, CI on hover; “≈”: the interval includes no difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the warm-up analysis found: where the steady state starts (warm-up included), or that the series switches, drifts or never settles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠: NaN/Inf in the output, error over the tolerance, or the config did not run — reason on hover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked for %1; it could not run, so its fallback %2 ran in its place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory. The allocator said: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak allocated %1 MiB, reserved %2 MiB (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsafe: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>accuracy not measured against the FP32 reference: never the winner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was asked for too; it could not run, so %2 ran in its place: this same run, listed once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was asked for too; it could not run, so %2 ran in its place in a run of its own: median %3 ms over %4 iterations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was asked for too; it could not run, so %2 ran in its place.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ResultsView</name>
    <message>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RooflineChart</name>
    <message>
        <source>compute-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>launch/host-bound</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed (near the ridge)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound not known</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>arithmetic intensity (FLOPs per byte moved, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>achieved TFLOP/s (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 TFLOP/s · %3 GB/s · %4 FLOP/B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 % of the %2 ceiling (%3 TFLOP/s), %4 % of the copy bandwidth</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 GFLOP and %2 MB per iteration, median %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;work: the eager count of %1%2 (this config&apos;s operators are not observed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, bytes rescaled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (eager count)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 roof: %2 TFLOP/s%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (datasheet %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No config placed yet: each one is placed when it finishes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a session run with the roofline on (inferscope-cli profile/sweep --roofline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The race recorded no roofline for its answer %1: profile it with the roofline on (inferscope-cli profile --config %1 --roofline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The race&apos;s answer %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 configs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · ceilings of %1 measured %2 · copy %3 GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · no ceilings in this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · hollow dot: work from an eager config&apos;s count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline: achieved TFLOP/s vs arithmetic intensity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>★ %1 (the race&apos;s answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The race&apos;s answer %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RunSetupPanel</name>
    <message>
        <source>CPU — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>guide — the guide&apos;s combinations for this device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>grid — every precision × layout × compile × cuDNN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom — the checked configs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trace kernels (CUDA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUPTI window over the first warm-up and steady iterations: fills the Kernels tab.
Only on a CUDA device; the iterations after the window run untraced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iterations run first and shown, never part of the statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured iterations per config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare outputs with FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adaptive stop (median ±1 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adaptive stopping: each config runs until its steady median&apos;s 95 % CI is within ±1 % (at least 100 iterations), with warm-up + measured as its budget. The chart marks the provisional steady start while it runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iterations per config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Input %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session: %1
Input %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session&apos;s model: %1 (%2, not a zoo model)
Input %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model&apos;s example inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 LibTorch thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 LibTorch threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute capability %1 · %2 · %3 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Not on this device: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 config · est. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 configs · est. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configs × (warm-up + measured) × %1 ms per iteration (%2); excludes model loading and compilation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from the last run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conservative default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run your own model: a Python entry point (.py, a function returning the model and its example inputs) or an ExportedProgram (.pt2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Roofline (FLOPs and bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counts each config&apos;s FLOPs and bytes (one extra, untimed forward per config) and places it under the device&apos;s measured ceilings: fills the Roofline tab, as inferscope-cli profile --roofline does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python entry point %1:%2, built by your code in the Python worker
Input: the example inputs it returns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ExportedProgram %1, run in the Python worker
Input: its stored example inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch of a model file is its example inputs&apos; batch</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RunStatusBar</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop opening the file; the window keeps what it shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>preparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 elapsed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>finished · %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled · %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::SessionExportController</name>
    <message>
        <source>Export Chart as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Chart as P&amp;DF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples as &amp;CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chrome Trace of Selected Config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Autosaved Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a finished config in the results table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no trace window: Chrome traces come from live runs with “Trace kernels (CUDA)” (session files keep the aggregates and a few iterations of the timeline, not the window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome/Perfetto trace of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chart exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write %1 (is the folder writable?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 samples exported to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No trace window to export: select a config traced in this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace of %1 written to %2 (open in ui.perfetto.dev)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>InferScope sessions (*.inferscope.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>autosave failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run did not finish last time; its results so far were autosaved. Run → Open Autosaved Run opens them (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ Results of an unfinished run were autosaved (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this page has no chart to export; File → Save keeps the whole session</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ShapesView</name>
    <message>
        <source>shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Per shape, the fastest safe config&lt;/b&gt; (a router&apos;s table)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency per item (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>throughput (items/s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak memory (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>batch size (log₂ scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No shape set in this session: measure one with &lt;tt&gt;inferscope-cli sweep --batch 1,8,32&lt;/tt&gt; (or &lt;tt&gt;--dims&lt;/tt&gt;, &lt;tt&gt;--max-batch&lt;/tt&gt;) and open its file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n shapes&lt;/b&gt;, each a whole run of the plan. ◆ knee: the smallest batch reaching %1 % of the config&apos;s peak items/s; past it, a larger batch buys little throughput and every request waits longer.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>(Answers derived on opening: this file was written before sessions kept them.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>◆ knee B=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: largest batch %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none ran safely)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>uniform over the shapes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mix %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): ★ &lt;b&gt;%2&lt;/b&gt;, weighted median %3, ×%4 of the router&apos;s %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt;: the mix %1 names a shape this session did not measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): none ran safely at every shape.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>out of memory at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no out-of-memory stop up to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2): &lt;b&gt;%3&lt;/b&gt; — %4; %n probe(s), ended: %5</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Largest batch per config&lt;/b&gt; (doubling from %1, then bisection; limit %2; each probe a whole run through the out-of-memory path):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput across batch sizes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::SpeedAccuracyChart</name>
    <message>
        <source>relative L2 error vs FP32 (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (unsafe)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>★ %1 (the race&apos;s answer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs finished configs with “Compare outputs with FP32” on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 configs · %2 on the Pareto front · %3 unsafe (grey ✕, reason on hover)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 (identical to FP32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;on the Pareto front</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;unsafe:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top-1 classes changed vs FP32 (share of rows, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 − cosine similarity to FP32 (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed-up over the reference (×, 95 % CI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speed-up over %1 (×, 95 % CI)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up vs deviation from FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed-up over %1 vs deviation from FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>t, in the unit of the metric that judges this output: the share of rows whose top-1 class changed (classifiers; their relative L2 error may reach 10·t), 1 − cosine similarity (other outputs), or the relative L2 error. Over it a config counts as unsafe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tolerance t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (cannot be judged)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tolerance t = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 with accuracy not measured (not drawn)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;speed-up %2× over %3 (95 % CI %4–%5×)&lt;br&gt;judged: %6&lt;br&gt;rel. L2 error %7</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::SteadyStateText</name>
    <message>
        <source>flat from the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flat from iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steady from iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slows down at iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drifts from iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switches %1 / %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no steady state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 from iteration %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (unsure)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block bootstrap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>range of the values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flat: no warm-up trend was found; statistics from iteration %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warm-up detected: latency settles at iteration %1; the %2 iterations before it are left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slowdown: a later level is slower than an earlier one (throttling?); statistics from iteration %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drift: latency keeps trending from iteration %1; the median describes a moving level.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switching: the series alternates between %1 ms and %2 ms, %3 % of the steady iterations at the slow level (runs of %4 iterations on average).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No steady state: the last level is too short to measure; statistics over what there is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 iterations after the configured warm-up of %2 are excluded (drawn hollow on the Latency chart).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Low confidence: two detection methods disagree on where steady state starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median 95 % CI %1 – %2 ms (%3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 outliers flagged, none dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::TrustPrompt</name>
    <message>
        <source>Trust this model file?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SHA-256: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trust and run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running a model file runs its author&apos;s code with your rights. A Python file (an entry point) is imported and run by InferScope&apos;s Python worker, and an ExportedProgram is loaded there by PyTorch; a TorchScript file&apos;s graph can read and overwrite your files, and a damaged or crafted one can crash InferScope; an AOTInductor package is a native library that is loaded into InferScope. Until you trust it, nothing of the file is read but this hash. Trust this file only if you trust where it came from.&lt;br&gt;&lt;br&gt;InferScope remembers this exact content (by its hash) for the GUI and the command line; if the file changes, it asks again. &lt;code&gt;inferscope-cli trust --list&lt;/code&gt; and &lt;code&gt;--revoke&lt;/code&gt; manage the list.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ValidationPage</name>
    <message>
        <source>Validate on this device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open as session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Validation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tuner races the whole space on this device, starting from the recommendation; the finalists run in fresh processes, and the fastest safe config wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tunes %1 on %2 in this program, seeded with %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking needs the real device: this recommendation is for a simulated %1. Go back and pick this machine&apos;s device to measure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No safe winner&lt;/b&gt; (exit %1): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; → %2&lt;br&gt;%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>switched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not checked: %1 was not trusted, and nothing of it ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ValueFormat</name>
    <message>
        <source>driver</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
