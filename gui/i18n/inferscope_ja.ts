<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AdvisorText</name>
    <message>
        <source>final</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>provisional</source>
        <translation>暫定</translation>
    </message>
    <message>
        <source>%1: torch.inference_mode() around every inference call — no autograd graph, no view tracking or version counters, faster than no_grad</source>
        <translation>%1: 推論の呼び出しをすべて torch.inference_mode() で囲む — autograd のグラフもビューの追跡もバージョンカウンタもなく、no_grad より速い</translation>
    </message>
    <message>
        <source>CPU: no Tensor Cores, and TF32 and FP16 casts are GPU settings → FP32 (strict IEEE)</source>
        <translation>CPU: Tensor Core がなく、TF32 と FP16 へのキャストは GPU の設定 → FP32 (厳密な IEEE)</translation>
    </message>
    <message>
        <source>; amp-bf16 fits the tolerance %1 a priori and is measured first among the neighbours (it pays off only on CPUs with AVX-512 BF16 or AMX)</source>
        <translation>。amp-bf16 は許容誤差 %1 に事前に収まるので、近傍のうち最初に計測する (効果があるのは AVX-512 BF16 か AMX を持つ CPU だけ)</translation>
    </message>
    <message>
        <source>CPU: TF32 is a CUDA Tensor Core mode → off</source>
        <translation>CPU: TF32 は CUDA の Tensor Core のモード → オフ</translation>
    </message>
    <message>
        <source>%1: no Tensor Cores → FP32 (strict IEEE)</source>
        <translation>%1: Tensor Core なし → FP32 (厳密な IEEE)</translation>
    </message>
    <message>
        <source>%1: no TF32 Tensor Cores (needs compute capability ≥ 8.0) → off</source>
        <translation>%1: TF32 の Tensor Core なし (計算能力 8.0 以上が必要) → オフ</translation>
    </message>
    <message>
        <source>%1: BF16 Tensor Cores → BF16 cast (FP32&apos;s exponent range, so no FP16 overflow risk) of the whole model and its inputs; %2&apos;s unit roundoff %3 is within the tolerance %4</source>
        <translation>%1: BF16 の Tensor Core → モデル全体と入力を BF16 にキャスト (指数の範囲が FP32 と同じなので FP16 のようなオーバーフローの心配はない)。%2 の単位丸め誤差 %3 は許容誤差 %4 の内側</translation>
    </message>
    <message>
        <source>%1: no BF16/TF32 Tensor Cores → FP16 cast of the whole model and its inputs; %2&apos;s unit roundoff %3 is within the tolerance %4</source>
        <translation>%1: BF16/TF32 の Tensor Core なし → モデル全体と入力を FP16 にキャスト。%2 の単位丸め誤差 %3 は許容誤差 %4 の内側</translation>
    </message>
    <message>
        <source>%1: mixed precision (%2) in use → TF32&apos;s gain is limited because the main ops run in %2; FP32 math stays strict IEEE</source>
        <translation>%1: 混合精度 (%2) を使う → 主な演算が %2 で動くので TF32 の効果は限られる。FP32 の演算は厳密な IEEE のまま</translation>
    </message>
    <message>
        <source>%1: tolerance %2 is below BF16&apos;s unit roundoff %3 (7 mantissa bits) → no mixed precision, TF32 instead (10 mantissa bits, FP32&apos;s range)</source>
        <translation>%1: 許容誤差 %2 は BF16 の単位丸め誤差 %3 (仮数 7 ビット) より小さい → 混合精度は使わず、代わりに TF32 (仮数 10 ビット、範囲は FP32 と同じ)</translation>
    </message>
    <message>
        <source>%1: no mixed precision → TF32 on for matmuls (precision &quot;high&quot;) and cuDNN convolutions</source>
        <translation>%1: 混合精度なし → 行列積 (precision &quot;high&quot;) と cuDNN の畳み込みで TF32 をオン</translation>
    </message>
    <message>
        <source>%1: tolerance %2 is below the unit roundoff of %3 (%4) and TF32 (%5) → strict FP32 (IEEE)</source>
        <translation>%1: 許容誤差 %2 は %3 (%4) と TF32 (%5) の単位丸め誤差より小さい → 厳密な FP32 (IEEE)</translation>
    </message>
    <message>
        <source>%1: tolerance %2 is below the unit roundoff of %3 (%4) and the GPU has no TF32 → strict FP32 (IEEE)</source>
        <translation>%1: 許容誤差 %2 は %3 の単位丸め誤差 (%4) より小さく、GPU に TF32 もない → 厳密な FP32 (IEEE)</translation>
    </message>
    <message>
        <source>%1: TF32 off — the tolerance is tighter than its 10 mantissa bits</source>
        <translation>%1: TF32 はオフ — 許容誤差が TF32 の仮数 10 ビットより厳しい</translation>
    </message>
    <message>
        <source>target PyTorch %1 → FP32 math set through torch.backends.cuda.matmul.fp32_precision and torch.backends.cudnn.conv.fp32_precision only, never with the legacy flags</source>
        <translation>対象の PyTorch %1 → FP32 の演算は torch.backends.cuda.matmul.fp32_precision と torch.backends.cudnn.conv.fp32_precision だけで設定し、旧来のフラグは使わない</translation>
    </message>
    <message>
        <source>target PyTorch %1 → FP32 math set through torch.set_float32_matmul_precision and torch.backends.cudnn.allow_tf32 (fp32_precision arrives in 2.9)</source>
        <translation>対象の PyTorch %1 → FP32 の演算は torch.set_float32_matmul_precision と torch.backends.cudnn.allow_tf32 で設定 (fp32_precision は 2.9 から)</translation>
    </message>
    <message>
        <source>channels_last is not one of the guide&apos;s rules → contiguous; for this CNN it is measured as a neighbour (Tensor Core convolutions often prefer NHWC)</source>
        <translation>channels_last はガイドの規則にない → contiguous。この CNN では近傍として計測する (Tensor Core の畳み込みは NHWC のほうが速いことが多い)</translation>
    </message>
    <message>
        <source>channels_last is not one of the guide&apos;s rules → contiguous; for this CNN it is measured as a neighbour (oneDNN convolutions often prefer NHWC)</source>
        <translation>channels_last はガイドの規則にない → contiguous。この CNN では近傍として計測する (oneDNN の畳み込みは NHWC のほうが速いことが多い)</translation>
    </message>
    <message>
        <source>transformer: channels_last only changes 4-D image tensors → contiguous</source>
        <translation>Transformer: channels_last が変えるのは 4 次元の画像テンソルだけ → contiguous</translation>
    </message>
    <message>
        <source>CPU: CUDA graphs need CUDA and InferScope runs AOTInductor packages on CUDA only → none; TorchScript freeze is measured as a neighbour</source>
        <translation>CPU: CUDA グラフには CUDA が要り、InferScope が AOTInductor パッケージを動かすのは CUDA の上だけ → なし。TorchScript の freeze は近傍として計測する</translation>
    </message>
    <message>
        <source>input sizes vary → no compile: CUDA graphs replay one static shape and AOTInductor packages are built for one input shape</source>
        <translation>入力サイズが変わる → コンパイルなし: CUDA グラフが再生するのは決まった 1 つの形で、AOTInductor パッケージも 1 つの入力形状向けに作られる</translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table lists no torch.compile for this generation → none; its footnote allows compile for static models, so graph/aoti variants are measured as neighbours</source>
        <translation>%1: ガイドの表はこの世代に torch.compile を挙げていない → なし。脚注は静的なモデルでのコンパイルを認めているので、graph/aoti の変種を近傍として計測する</translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table adds torch.compile; throughput goal with static shapes → AOTInductor package (torch.compile ahead of time: fused kernels pay off at large batches; target PyTorch %2 loads it from C++)</source>
        <translation>%1: ガイドの表は torch.compile を加える。形が固定でスループットが目標 → AOTInductor パッケージ (事前に行う torch.compile: 融合したカーネルは大きなバッチで効く。対象の PyTorch %2 は C++ から読み込める)</translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table adds torch.compile; latency goal with static shapes → CUDA graph replay (torch.compile mode=&quot;reduce-overhead&quot; in Python), which removes the per-kernel launch overhead that dominates small-batch latency</source>
        <translation>%1: ガイドの表は torch.compile を加える。形が固定でレイテンシが目標 → CUDA グラフの再生 (Python では torch.compile mode=&quot;reduce-overhead&quot;)。小さなバッチのレイテンシの大半を占めるカーネルごとの起動のオーバーヘッドがなくなる</translation>
    </message>
    <message>
        <source>%1: the guide&apos;s table adds torch.compile; target PyTorch %2 has no AOTInductor package loader (2.6+) → CUDA graph replay (torch.compile mode=&quot;reduce-overhead&quot; in Python), which removes the per-kernel launch overhead that dominates small-batch latency</source>
        <translation>%1: ガイドの表は torch.compile を加える。対象の PyTorch %2 には AOTInductor パッケージのローダー (2.6 以降) がない → CUDA グラフの再生 (Python では torch.compile mode=&quot;reduce-overhead&quot;)。小さなバッチのレイテンシの大半を占めるカーネルごとの起動のオーバーヘッドがなくなる</translation>
    </message>
    <message>
        <source>%1 applied before CUDA graph capture: compiling first and casting afterwards would invalidate the compiled result</source>
        <translation>%1 は CUDA グラフのキャプチャより先に適用: 先にコンパイルして後からキャストすると、コンパイルの結果が無効になる</translation>
    </message>
    <message>
        <source>%1 applied before AOTInductor compilation: compiling first and casting afterwards would invalidate the compiled result</source>
        <translation>%1 は AOTInductor のコンパイルより先に適用: 先にコンパイルして後からキャストすると、コンパイルの結果が無効になる</translation>
    </message>
    <message>
        <source>CPU: cuDNN settings do not apply → PyTorch&apos;s defaults</source>
        <translation>CPU: cuDNN の設定は関係しない → PyTorch の既定値</translation>
    </message>
    <message>
        <source>cuDNN on (PyTorch&apos;s default): its convolution kernels are what benchmark tunes</source>
        <translation>cuDNN はオン (PyTorch の既定): benchmark が調整するのはその畳み込みカーネル</translation>
    </message>
    <message>
        <source>reproducibility required → cudnn.deterministic + torch.use_deterministic_algorithms(True)</source>
        <translation>再現性が必要 → cudnn.deterministic + torch.use_deterministic_algorithms(True)</translation>
    </message>
    <message>
        <source>reproducibility required → benchmark off: autotuning may pick a different algorithm on each run</source>
        <translation>再現性が必要 → benchmark はオフ: 自動チューニングは実行のたびに別のアルゴリズムを選びうる</translation>
    </message>
    <message>
        <source>reproducibility not required → deterministic off (deterministic kernels can be slower)</source>
        <translation>再現性は不要 → deterministic はオフ (決定的なカーネルは遅いことがある)</translation>
    </message>
    <message>
        <source>input sizes vary → benchmark off: it would search algorithms again for every new size and run slower</source>
        <translation>入力サイズが変わる → benchmark はオフ: 新しいサイズのたびにアルゴリズムを探し直して遅くなる</translation>
    </message>
    <message>
        <source>fixed input sizes + CNN → benchmark on: the fastest convolution algorithm is found on the first run and reused (warm up before measuring)</source>
        <translation>入力サイズが固定 + CNN → benchmark はオン: 最速の畳み込みアルゴリズムを初回の実行で見つけて使い続ける (計測の前にウォームアップする)</translation>
    </message>
    <message>
        <source>transformer: few or no cuDNN convolutions, so benchmark has nothing to tune → off (measured as a neighbour)</source>
        <translation>Transformer: cuDNN の畳み込みがほとんどないので benchmark が調整するものがない → オフ (近傍として計測する)</translation>
    </message>
    <message>
        <source>the race&apos;s answer: %1 (%2)</source>
        <translation>レースの答え: %1 (%2)</translation>
    </message>
    <message>
        <source>%1 (the table&apos;s choice was not measured there)</source>
        <translation>%1 (表の選択はそのセッションで計測されていない)</translation>
    </message>
    <message>
        <source>the tuner&apos;s race on this device confirmed %1 (%2)</source>
        <translation>このデバイスでのチューナーのレースが %1 を確かめた (%2)</translation>
    </message>
    <message>
        <source>the tuner&apos;s race on this device answered %1 (%2) instead of %3</source>
        <translation>このデバイスでのチューナーのレースの答えは %3 ではなく %1 (%2)</translation>
    </message>
    <message>
        <source>%1 confirmed: the fastest safe config (%2 ms median)</source>
        <translation>%1 を確認: 最速の安全な設定 (中央値 %2 ms)</translation>
    </message>
    <message>
        <source>%1 kept: %2 was only %3× its speed (%4 % less time, %5 vs %6 ms median), within the measurement noise</source>
        <translation>%1 を維持: %2 の速さは %3× (時間は %4 % 短い、中央値 %5 ms 対 %6 ms) にとどまり、計測のノイズの範囲内</translation>
    </message>
    <message>
        <source>switched to %1: %2× the speed of %3 (%4 % less time, %5 vs %6 ms median)</source>
        <translation>%1 に切り替え: %3 の %2× の速さ (時間は %4 % 短い、中央値 %5 ms 対 %6 ms)</translation>
    </message>
    <message>
        <source>switched to %1, the fastest safe config (%2 ms median): the recommended %3 was rejected</source>
        <translation>最速の安全な設定 %1 (中央値 %2 ms) に切り替え: 推奨の %3 は不合格</translation>
    </message>
    <message>
        <source>switched to %1, the fastest safe config (%2 ms median): the recommended %3 was not measured</source>
        <translation>最速の安全な設定 %1 (中央値 %2 ms) に切り替え: 推奨の %3 は計測されていない</translation>
    </message>
    <message>
        <source>no measured config ran cleanly and safely; falling back to %1, the strict-IEEE reference</source>
        <translation>計測した設定はどれも正常かつ安全には動かなかった → 厳密な IEEE の基準 %1 に戻す</translation>
    </message>
    <message>
        <source>the open session (%1, %2 configs, %3)</source>
        <translation>開いているセッション (%1、%2 個の設定、%3)</translation>
    </message>
    <message>
        <source>guide %1 — “%2”</source>
        <translation>ガイド %1 — 「%2」</translation>
    </message>
    <message>
        <source>generation table (%1) — “%2”</source>
        <translation>世代表 (%1) — 「%2」</translation>
    </message>
    <message>
        <source>InferScope (outside the guide)</source>
        <translation>InferScope (ガイドの外)</translation>
    </message>
    <message>
        <source>measured: %1 on %2</source>
        <translation>計測: %2 で %1</translation>
    </message>
    <message>
        <source>measured: %1</source>
        <translation>計測: %1</translation>
    </message>
    <message>
        <source>measured on this device by the tuner</source>
        <translation>このデバイスでチューナーが計測</translation>
    </message>
    <message>
        <source>validate on the device before adopting (guide, %1): “%2”</source>
        <translation>採用する前にデバイスで検証する (ガイド %1): 「%2」</translation>
    </message>
    <message>
        <source>compute capability %1 is not in the generation table; applying the rules of %2, the newest generation before it (update resources/gpu_generations.json)</source>
        <translation>計算能力 %1 は世代表にない。それより前で最も新しい世代 %2 の規則を当てはめる (resources/gpu_generations.json を更新する)</translation>
    </message>
    <message>
        <source>%1 has no Tensor Cores; the guide&apos;s GPU techniques start at Volta (7.0)</source>
        <translation>%1 には Tensor Core がない。ガイドの GPU の手法は Volta (7.0) から</translation>
    </message>
    <message>
        <source>FP16 overflow risk: %1</source>
        <translation>FP16 のオーバーフローの危険: %1</translation>
    </message>
    <message>
        <source>the export for PyTorch %1 uses the legacy TF32 flags; re-export when moving to 2.9 or later — new and old settings must not be mixed</source>
        <translation>PyTorch %1 向けの書き出しは旧来の TF32 フラグを使う。2.9 以降に移るときは書き出し直す — 新旧の設定は混ぜられない</translation>
    </message>
    <message>
        <source>reproducibility on the CPU: InferScope&apos;s &apos;det&apos; setting is CUDA-only; keep torch.set_num_threads fixed so FP32 reductions run in the same order every time</source>
        <translation>CPU での再現性: InferScope の &apos;det&apos; 設定は CUDA 専用。FP32 の総和が毎回同じ順で計算されるよう torch.set_num_threads を固定する</translation>
    </message>
    <message>
        <source>deterministic mode can be slower, and ops without a deterministic implementation raise an error; the exports set CUBLAS_WORKSPACE_CONFIG=:4096:8, which cuBLAS needs for deterministic matmuls</source>
        <translation>決定的モードは遅くなることがあり、決定的な実装のない演算はエラーになる。書き出したファイルは、cuBLAS が決定的な行列積に必要とする CUBLAS_WORKSPACE_CONFIG=:4096:8 を設定する</translation>
    </message>
    <message>
        <source>%1 holds a race: its answer %2 instead of the table&apos;s %3</source>
        <translation>%1 にはレースがある: 表の %3 ではなくその答え %2</translation>
    </message>
    <message>
        <source>%1 overrules the table: %2 instead of %3</source>
        <translation>%1 が表を覆す: %3 ではなく %2</translation>
    </message>
    <message>
        <source>validation replaced %1 with %2</source>
        <translation>検証で %1 を %2 に置き換えた</translation>
    </message>
</context>
<context>
    <name>AnswerShapes</name>
    <message>
        <source>none ran safely</source>
        <translation>安全に動いた構成なし</translation>
    </message>
    <message>
        <source>uniform over the shapes</source>
        <translation>形状に一様</translation>
    </message>
    <message>
        <source>mix %1</source>
        <translation>配分 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): none ran safely at every shape.</source>
        <translation>&lt;b&gt;全形状に一つの構成&lt;/b&gt;（%1）: すべての形状で安全に動いた構成はない。</translation>
    </message>
    <message>
        <source>%1 at B=%2</source>
        <translation>%1 は B=%2</translation>
    </message>
    <message>
        <source>◆ Knees (the smallest batch reaching %1 % of the config&apos;s peak items/s): %2.</source>
        <translation>◆ ニー（構成のピーク items/s の %1 % に達する最小のバッチ）: %2。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Largest batch that fits&lt;/b&gt;: %1.</source>
        <translation>&lt;b&gt;収まる最大バッチ&lt;/b&gt;: %1。</translation>
    </message>
    <message>
        <source>The Shapes tab draws latency against throughput, the knees and the memory per precision.</source>
        <translation>「形状」タブに、レイテンシ対スループット、ニー、精度ごとのメモリを描いている。</translation>
    </message>
    <message>
        <source>%1: none fits</source>
        <translation>%1: 収まるバッチなし</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Across %n shapes&lt;/b&gt;, each ranked on its own — the fastest safe config per shape (a router&apos;s table):</source>
        <translation>
            <numerusform>&lt;b&gt;%n 個の形状&lt;/b&gt;それぞれを個別に順位付け — 形状ごとの安全で最速の構成（ルーターの表）:</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): ★ &lt;b&gt;%2&lt;/b&gt;, weighted median %3, ×%4 of the router&apos;s %5.</source>
        <translation>&lt;b&gt;全形状に一つの構成&lt;/b&gt;（%1）: ★ &lt;b&gt;%2&lt;/b&gt;、加重中央値 %3、ルーターの %5 の ×%4。</translation>
    </message>
</context>
<context>
    <name>ChartStyle</name>
    <message numerus="yes">
        <source>+%n more (see the table)</source>
        <translation>
            <numerusform>ほか %n 件（表を参照）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConfigMarks</name>
    <message>
        <source>%1 → %2 (fallback)</source>
        <translation>%1 → %2（代替）</translation>
    </message>
    <message>
        <source>★ the tuner&apos;s winner</source>
        <translation>★ チューナーの勝者</translation>
    </message>
    <message>
        <source>≈ tied with it</source>
        <translation>≈ 勝者と同等</translation>
    </message>
    <message>
        <source>asked → ran: a fallback ran in the config&apos;s place</source>
        <translation>指定 → 実行: 指定の構成の代わりに代替が実行された</translation>
    </message>
    <message>
        <source>%1 ← %2 (fallback)</source>
        <translation>%1 ← %2（代替）</translation>
    </message>
</context>
<context>
    <name>ConfigText</name>
    <message>
        <source>FP32, strict IEEE (matmul highest, cuDNN conv TF32 off)</source>
        <translation>FP32、厳密な IEEE (行列積は highest、cuDNN の畳み込みの TF32 はオフ)</translation>
    </message>
    <message>
        <source>TF32 for cuDNN convolutions only (PyTorch&apos;s default)</source>
        <translation>TF32 は cuDNN の畳み込みだけ (PyTorch の既定)</translation>
    </message>
    <message>
        <source>matmul precision medium (BF16-based) + cuDNN conv TF32</source>
        <translation>行列積の精度 medium (BF16 ベース) + cuDNN の畳み込みは TF32</translation>
    </message>
    <message>
        <source>matmul precision medium only (conv strict)</source>
        <translation>行列積の精度 medium だけ (畳み込みは厳密)</translation>
    </message>
    <message>
        <source>TF32: matmul precision high + cuDNN conv TF32</source>
        <translation>TF32: 行列積の精度 high + cuDNN の畳み込みも TF32</translation>
    </message>
    <message>
        <source>TF32 for matmul only (cuDNN conv strict FP32)</source>
        <translation>TF32 は行列積だけ (cuDNN の畳み込みは厳密な FP32)</translation>
    </message>
    <message>
        <source>whole model cast to FP16 (model.half())</source>
        <translation>モデル全体を FP16 にキャスト (model.half())</translation>
    </message>
    <message>
        <source>whole model cast to BF16</source>
        <translation>モデル全体を BF16 にキャスト</translation>
    </message>
    <message>
        <source>autocast FP16, weights stay FP32</source>
        <translation>autocast FP16、重みは FP32 のまま</translation>
    </message>
    <message>
        <source>autocast BF16, weights stay FP32</source>
        <translation>autocast BF16、重みは FP32 のまま</translation>
    </message>
    <message>
        <source>TorchScript freeze + optimize_for_inference</source>
        <translation>TorchScript の freeze + optimize_for_inference</translation>
    </message>
    <message>
        <source>AOTInductor package (torch.compile ahead of time)</source>
        <translation>AOTInductor パッケージ (事前に行う torch.compile)</translation>
    </message>
    <message>
        <source>AOTInductor package, max-autotune</source>
        <translation>AOTInductor パッケージ、max-autotune</translation>
    </message>
    <message>
        <source>CUDA graph capture + replay</source>
        <translation>CUDA グラフのキャプチャ + 再生</translation>
    </message>
    <message>
        <source>AOTInductor package replayed in a CUDA graph</source>
        <translation>CUDA グラフで再生する AOTInductor パッケージ</translation>
    </message>
    <message>
        <source>torch.compile (default mode), in Python</source>
        <translation>torch.compile (既定のモード)、Python で</translation>
    </message>
    <message>
        <source>torch.compile reduce-overhead (CUDA graphs), in Python</source>
        <translation>torch.compile reduce-overhead (CUDA グラフ)、Python で</translation>
    </message>
    <message>
        <source>torch.compile max-autotune, in Python</source>
        <translation>torch.compile max-autotune、Python で</translation>
    </message>
    <message>
        <source>autograd on</source>
        <translation>autograd オン</translation>
    </message>
    <message>
        <source>cuDNN disabled</source>
        <translation>cuDNN 無効</translation>
    </message>
    <message>
        <source>cuDNN benchmark</source>
        <translation>cuDNN benchmark</translation>
    </message>
    <message>
        <source>cuDNN deterministic</source>
        <translation>cuDNN deterministic</translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>BF16 needs compute capability ≥ 8.0 (Ampere or newer); %1 has no BF16 Tensor Cores — use fp16 or amp-fp16</source>
        <translation>BF16 には計算能力 8.0 以上 (Ampere 以降) が必要。%1 には BF16 の Tensor Core がない — fp16 か amp-fp16 を使う</translation>
    </message>
    <message>
        <source>TF32 needs compute capability ≥ 8.0 (Ampere or newer); %1 has no TF32 Tensor Cores</source>
        <translation>TF32 には計算能力 8.0 以上 (Ampere 以降) が必要。%1 には TF32 の Tensor Core がない</translation>
    </message>
    <message>
        <source>cuDNN settings need a LibTorch build with cuDNN</source>
        <translation>cuDNN の設定には cuDNN 付きでビルドした LibTorch が必要</translation>
    </message>
    <message>
        <source>TF32 is a CUDA Tensor Core mode; the CPU has none</source>
        <translation>TF32 は CUDA の Tensor Core のモードで、CPU にはない</translation>
    </message>
    <message>
        <source>FP16 cast is a GPU setting: many CPU kernels have no FP16 implementation</source>
        <translation>FP16 へのキャストは GPU の設定: CPU のカーネルの多くには FP16 の実装がない</translation>
    </message>
    <message>
        <source>cuDNN settings apply to CUDA only</source>
        <translation>cuDNN の設定は CUDA だけに効く</translation>
    </message>
    <message>
        <source>CUDA graphs need a CUDA device</source>
        <translation>CUDA グラフには CUDA デバイスが必要</translation>
    </message>
    <message>
        <source>torch.compile reduce-overhead replays CUDA graphs: it needs a CUDA device</source>
        <translation>torch.compile reduce-overhead は CUDA グラフを再生する: CUDA デバイスが必要</translation>
    </message>
    <message>
        <source>AOTInductor packages need LibTorch ≥ 2.6 (this build has no AOTIModelPackageLoader)</source>
        <translation>AOTInductor パッケージには LibTorch 2.6 以上が必要 (このビルドには AOTIModelPackageLoader がない)</translation>
    </message>
    <message>
        <source>CUDA graph capture of a forward that records autograd history is not supported here; use inference_mode</source>
        <translation>autograd の履歴を記録する順伝播の CUDA グラフのキャプチャはここでは対応していない。inference_mode を使う</translation>
    </message>
</context>
<context>
    <name>EnginePool</name>
    <message>
        <source>the main window&apos;s run</source>
        <translation>メインウィンドウの実行</translation>
    </message>
    <message>
        <source>the wizard&apos;s validation</source>
        <translation>ウィザードの検証</translation>
    </message>
    <message>
        <source>a lesson&apos;s live run</source>
        <translation>レッスンのライブ実行</translation>
    </message>
    <message>
        <source>Waiting for %1 to finish: the engine runs one job at a time, because torch&apos;s settings are process-wide.</source>
        <translation>%1 の終了を待っています: torch の設定はプロセス全体に効くため、エンジンは一度に一つのジョブしか実行しません。</translation>
    </message>
</context>
<context>
    <name>LessonHandout</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>フォルダ %1 を作成できません</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 に書き込めません</translation>
    </message>
</context>
<context>
    <name>QWizard</name>
    <message>
        <source>&lt; &amp;Back</source>
        <translation>&lt; 戻る(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next &gt;</source>
        <translation>次へ(&amp;N) &gt;</translation>
    </message>
    <message>
        <source>Commit</source>
        <translation>確定</translation>
    </message>
    <message>
        <source>&amp;Finish</source>
        <translation>完了(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
</context>
<context>
    <name>inferscope::ModelZoo</name>
    <message>
        <source>ResNet-18 (torchvision topology), 224×224 images</source>
        <translation>ResNet-18（torchvision の構造）、224×224 画像</translation>
    </message>
    <message>
        <source>ResNet-50 (torchvision topology), 224×224 images</source>
        <translation>ResNet-50（torchvision の構造）、224×224 画像</translation>
    </message>
    <message>
        <source>BERT-base-like Transformer encoder over token ids</source>
        <translation>トークン ID を入力とする BERT-base 相当の Transformer エンコーダ</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::AnswerView</name>
    <message>
        <source>Export this config:</source>
        <translation>この設定をエクスポート:</translation>
    </message>
    <message>
        <source>JSON…</source>
        <translation>JSON…</translation>
    </message>
    <message>
        <source>Python…</source>
        <translation>Python…</translation>
    </message>
    <message>
        <source>C++…</source>
        <translation>C++…</translation>
    </message>
    <message>
        <source>Export this config</source>
        <translation>この設定をエクスポート</translation>
    </message>
    <message>
        <source>✗ this session holds no race answer to export</source>
        <translation>✗ このセッションにはエクスポートする競争の答えがありません</translation>
    </message>
    <message>
        <source>✗ %1 is the open session&apos;s own file: choose another</source>
        <translation>✗ %1 は開いているセッション自身のファイルです。別のファイルを選んでください</translation>
    </message>
    <message>
        <source>✓ %1 of %2 written to %3</source>
        <translation>✓ %2 の %1 を %3 に書き出しました</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
    <message>
        <source>cosine %1, relative L2 %2</source>
        <translation>コサイン類似度 %1、相対 L2 誤差 %2</translation>
    </message>
    <message>
        <source>top-1 agreement %1 %</source>
        <translation>top-1 一致率 %1 %</translation>
    </message>
    <message>
        <source>not compared with the FP32 reference</source>
        <translation>FP32 基準と未比較</translation>
    </message>
    <message>
        <source>Accuracy rule: %1</source>
        <translation>精度規則：%1</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>答え</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>確度</translation>
    </message>
    <message>
        <source>vs torch.compile</source>
        <translation>torch.compile との比較</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>peak %1 GiB</source>
        <translation>ピーク %1 GiB</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>ルーフライン</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>Not measured</source>
        <translation>未測定</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>注記</translation>
    </message>
    <message>
        <source>Open or run a session to see its answer.</source>
        <translation>セッションを開くか実行すると答えが表示されます。</translation>
    </message>
    <message>
        <source>Fastest configs that pass the accuracy rule, ranked:</source>
        <translation>精度規則を満たす最速の構成（順位順）：</translation>
    </message>
    <message>
        <source>%1 ms median, %2× the FP32 reference</source>
        <translation>中央値 %1 ms、FP32 基準の %2 倍</translation>
    </message>
    <message>
        <source>accuracy not measured</source>
        <translation>精度は未測定</translation>
    </message>
    <message>
        <source>No config ran cleanly and safely.</source>
        <translation>正常かつ安全に走った構成はありません。</translation>
    </message>
    <message numerus="yes">
        <source>Logs: %n file(s) (hover to see the paths)</source>
        <translation>
            <numerusform>ログ：%n 件（ポインタを重ねるとパスを表示）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>inferscope::gui::BreakEvenChart</name>
    <message>
        <source>Total time of a job of N inferences: %1 against %2</source>
        <translation>N 回の推論にかかる合計時間: %1 と %2</translation>
    </message>
    <message>
        <source>inferences since the program started (log scale)</source>
        <translation>プログラム開始からの推論回数（対数目盛）</translation>
    </message>
    <message>
        <source>total time, set-up included (s, log scale)</source>
        <translation>セットアップを含む合計時間（秒、対数目盛）</translation>
    </message>
    <message>
        <source>Pick a compiled config and the config to weigh it against</source>
        <translation>コンパイルした構成と、比べる構成を選んでください</translation>
    </message>
    <message>
        <source>%1 has no finished result with a steady median in this session: there is no time to add up</source>
        <translation>このセッションには定常中央値のある %1 の結果がなく、足し合わせる時間がない</translation>
    </message>
    <message>
        <source>This session recorded no compile time for %1: its set-up took %2 s, no longer than %3&apos;s %4 s, so there is nothing to win back</source>
        <translation>このセッションには %1 のコンパイル時間が記録されていない: セットアップは %2 秒で、%3 の %4 秒より長くないので、取り戻すものがない</translation>
    </message>
    <message>
        <source>%1 is not faster than %2 (%3 ms against %4 ms per inference): its compile never pays for itself</source>
        <translation>%1 は %2 より速くない（推論 1 回あたり %3 ms 対 %4 ms）: コンパイルの元は取れない</translation>
    </message>
    <message>
        <source>%1 (eager)</source>
        <translation>%1（eager）</translation>
    </message>
    <message>
        <source>%1: %2 s before the first result</source>
        <translation>%1: 最初の結果まで %2 秒</translation>
    </message>
    <message>
        <source>break-even after
%1 inferences</source>
        <translation>損益分岐点
推論 %1 回</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::CudnnChart</name>
    <message>
        <source>Log scale</source>
        <translation>対数軸</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>台帳</translation>
    </message>
    <message>
        <source>conv layers in execution order · dots: Find time per algorithm, by kernel family · rings: each mode&apos;s pick · lines: GPU time that ran</source>
        <translation>実行順の畳み込み層 · 点: アルゴリズムごとの Find 時間（カーネル系統別）· 輪: 各モードの選択 · 線: 実行された GPU 時間</translation>
    </message>
    <message>
        <source>cuDNN algorithms: %1 · %2</source>
        <translation>cuDNN アルゴリズム: %1 · %2</translation>
    </message>
    <message>
        <source>cuDNN algorithms</source>
        <translation>cuDNN アルゴリズム</translation>
    </message>
    <message>
        <source> (unavailable)</source>
        <translation>（利用不可）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No cuDNN ledger in this session.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;A ledger lists, for every convolution shape of a model, the forward algorithms cuDNN offers (with their Find times) and the kernels that actually ran with &lt;code&gt;cudnn.benchmark&lt;/code&gt; off, on, and with deterministic algorithms.&lt;/p&gt;&lt;p&gt;Record one on a machine with CUDA and cuDNN, then open the session file it writes here:&lt;br&gt;&lt;code&gt;inferscope-cli cudnn --model resnet50 --batch 32 --device cuda --config bf16+cl --out resnet50-cudnn.inferscope.json&lt;/code&gt;&lt;/p&gt;&lt;p&gt;&lt;code&gt;--model&lt;/code&gt; takes a zoo model or a TorchScript file, &lt;code&gt;--config&lt;/code&gt; a config key without cuDNN tokens; requires CUDA and cuDNN.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;このセッションには cuDNN 台帳がありません。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;台帳は、モデルの畳み込み形状ごとに、cuDNN が提供する順方向アルゴリズム（Find 時間付き）と、&lt;code&gt;cudnn.benchmark&lt;/code&gt; オフ・オン・決定論的アルゴリズムで実際に実行されたカーネルを一覧にします。&lt;/p&gt;&lt;p&gt;CUDA と cuDNN のあるマシンで記録し、書き出されたセッションファイルをここで開いてください:&lt;br&gt;&lt;code&gt;inferscope-cli cudnn --model resnet50 --batch 32 --device cuda --config bf16+cl --out resnet50-cudnn.inferscope.json&lt;/code&gt;&lt;/p&gt;&lt;p&gt;&lt;code&gt;--model&lt;/code&gt; には Zoo のモデルか TorchScript ファイル、&lt;code&gt;--config&lt;/code&gt; には cuDNN トークンを除いた設定キーを指定します。CUDA と cuDNN が必要です。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No cuDNN ledger for %1 · %2&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1 · %2 の cuDNN 台帳はありません&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1 · %2 runs no convolutions&lt;/b&gt;: there is nothing for cuDNN to choose.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1 · %2 は畳み込みを実行しません&lt;/b&gt;: cuDNN が選ぶものはありません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>precomp. implicit GEMM</source>
        <translation>事前計算 implicit GEMM</translation>
    </message>
    <message>
        <source>heuristic&apos;s pick</source>
        <translation>ヒューリスティックの選択</translation>
    </message>
    <message>
        <source>benchmark&apos;s pick</source>
        <translation>benchmark の選択</translation>
    </message>
    <message>
        <source>heuristic</source>
        <translation>ヒューリスティック</translation>
    </message>
    <message>
        <source>PyTorch selects through cuDNN&apos;s v8 graph API (engine configs); the candidate list is cuDNN&apos;s legacy Find/Get catalogue for the same shape, dtype and math type, and what ran is read from the kernels CUPTI saw beneath each convolution.</source>
        <translation>PyTorch は cuDNN の v8 グラフ API（エンジン設定）で選択する。候補の一覧は同じ形状・dtype・演算型に対する cuDNN の旧来の Find/Get カタログであり、実行されたものは各畳み込みの下で CUPTI が観測したカーネルから読み取っている。</translation>
    </message>
    <message>
        <source>re-tune: the first iteration at each new input size, in a worker that has just run the original size (iterations alternate between the two)</source>
        <translation>再チューニング: 元のサイズを実行した直後のワーカーでの、新しい入力サイズごとの最初の反復（反復は 2 つのサイズを交互に実行）</translation>
    </message>
    <message>
        <source>CPU run with the host-only trace source: the convolutions the model executes, without kernels or cuDNN&apos;s candidates (those need CUDA and cuDNN)</source>
        <translation>ホストのみのトレースソースによる CPU 実行: モデルが実行する畳み込みのみで、カーネルや cuDNN の候補は含まない（それらには CUDA と cuDNN が必要）</translation>
    </message>
    <message>
        <source>µs per call (log)</source>
        <translation>1 回あたりの µs（対数）</translation>
    </message>
    <message>
        <source>µs per call</source>
        <translation>1 回あたりの µs</translation>
    </message>
    <message>
        <source>&lt;b&gt;#%1&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;#%1&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>%1 · %2 call(s) per iteration</source>
        <translation>%1 · 反復あたり %2 回の呼び出し</translation>
    </message>
    <message>
        <source>(no module names)</source>
        <translation>（モジュール名なし）</translation>
    </message>
    <message>
        <source>ran with %1: %2%3 · %4 µs</source>
        <translation>%1 で実行: %2%3 · %4 µs</translation>
    </message>
    <message>
        <source> (Tensor Cores)</source>
        <translation>（Tensor Core）</translation>
    </message>
    <message>
        <source>ran with %1: not observed%2</source>
        <translation>%1 で実行: 観測されず%2</translation>
    </message>
    <message>
        <source>no candidates: %1</source>
        <translation>候補なし: %1</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… ほか %1 件</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>, workspace %1 MiB</source>
        <translation>、ワークスペース %1 MiB</translation>
    </message>
    <message>
        <source>, non-deterministic</source>
        <translation>、非決定論的</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 unique conv shapes&lt;/b&gt;, %2&amp;nbsp;calls/&amp;#8288;it</source>
        <translation>&lt;b&gt;畳み込み形状 %1 種類&lt;/b&gt;、%2&amp;nbsp;回/&amp;#8288;反復</translation>
    </message>
    <message>
        <source>benchmark changed the kernel on %1 (&lt;span style=&apos;color:%4&apos;&gt;%2&amp;nbsp;faster&lt;/span&gt;, &lt;span style=&apos;color:%5&apos;&gt;%3&amp;nbsp;slower&lt;/span&gt; by&amp;nbsp;&amp;gt;&amp;nbsp;2&amp;nbsp;%; gain&amp;nbsp;%6&amp;nbsp;µs/&amp;#8288;it, autotune&amp;nbsp;%7&amp;nbsp;ms)</source>
        <translation>benchmark が %1 個でカーネルを変更（&lt;span style=&apos;color:%4&apos;&gt;%2&amp;nbsp;個が速く&lt;/span&gt;、&lt;span style=&apos;color:%5&apos;&gt;%3&amp;nbsp;個が遅く&lt;/span&gt;、差 2&amp;nbsp;% 超; 利得&amp;nbsp;%6&amp;nbsp;µs/&amp;#8288;反復、自動チューニング&amp;nbsp;%7&amp;nbsp;ms）</translation>
    </message>
    <message>
        <source>deterministic changed it on %1</source>
        <translation>deterministic が %1 個で変更</translation>
    </message>
    <message>
        <source>%1 non-deterministic choice(s)</source>
        <translation>非決定論的な選択 %1 個</translation>
    </message>
    <message>
        <source>no layout transposes</source>
        <translation>レイアウト変換なし</translation>
    </message>
    <message>
        <source>layout transposes/&amp;#8288;it: %1</source>
        <translation>レイアウト変換/&amp;#8288;反復: %1</translation>
    </message>
    <message>
        <source>cuDNN&amp;nbsp;%1</source>
        <translation>cuDNN&amp;nbsp;%1</translation>
    </message>
    <message>
        <source>TF32&amp;nbsp;on</source>
        <translation>TF32&amp;nbsp;オン</translation>
    </message>
    <message>
        <source>TF32&amp;nbsp;off</source>
        <translation>TF32&amp;nbsp;オフ</translation>
    </message>
    <message>
        <source>%1 failed — %2</source>
        <translation>%1 が失敗 — %2</translation>
    </message>
    <message>
        <source>per iteration, %1: steady median &lt;b&gt;%2&lt;/b&gt;&amp;nbsp;ms · conv GPU time %3&amp;nbsp;µs · first iteration %4&amp;nbsp;ms</source>
        <translation>反復あたり、%1: 定常中央値 &lt;b&gt;%2&lt;/b&gt;&amp;nbsp;ms · 畳み込み GPU 時間 %3&amp;nbsp;µs · 最初の反復 %4&amp;nbsp;ms</translation>
    </message>
    <message>
        <source>benchmark re-tunes at %1: first iteration %2 ms</source>
        <translation>benchmark は %1 で再チューニング: 最初の反復 %2 ms</translation>
    </message>
    <message>
        <source>★ %1 (the race&apos;s answer)</source>
        <translation>★ %1（レースの答え）</translation>
    </message>
    <message>
        <source>%1 (the fastest safe config)</source>
        <translation>%1（最速の安全な設定）</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::CudnnLayerTableModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>calls/it</source>
        <translation>回/反復</translation>
    </message>
    <message>
        <source>ran: heuristic</source>
        <translation>実行: ヒューリスティック</translation>
    </message>
    <message>
        <source>ran: benchmark</source>
        <translation>実行: benchmark</translation>
    </message>
    <message>
        <source>gain (µs/call)</source>
        <translation>利得（µs/回）</translation>
    </message>
    <message>
        <source>ran: deterministic</source>
        <translation>実行: deterministic</translation>
    </message>
    <message>
        <source>autotune (ms)</source>
        <translation>自動チューニング（ms）</translation>
    </message>
    <message>
        <source>flags</source>
        <translation>フラグ</translation>
    </message>
    <message>
        <source>heuristic algo (Get)</source>
        <translation>ヒューリスティックのアルゴリズム（Get）</translation>
    </message>
    <message>
        <source>fastest algo (Find)</source>
        <translation>最速アルゴリズム（Find）</translation>
    </message>
    <message>
        <source>benchmark&apos;s gain: heuristic GPU time − benchmark GPU time per call; positive when benchmark&apos;s choice is faster</source>
        <translation>benchmark の利得: 1 回あたりのヒューリスティックの GPU 時間 − benchmark の GPU 時間。benchmark の選択が速いとき正</translation>
    </message>
    <message>
        <source>cuDNN&apos;s legacy catalogue for the shape (cudnnGetConvolutionForwardAlgorithm_v7 / cudnnFindConvolutionForwardAlgorithm); PyTorch itself selects through the v8 API</source>
        <translation>この形状に対する cuDNN の従来のカタログ（cudnnGetConvolutionForwardAlgorithm_v7 / cudnnFindConvolutionForwardAlgorithm）。PyTorch 自体は v8 API で選択する</translation>
    </message>
    <message>
        <source>the first call&apos;s host time beyond a steady call&apos;s, with cudnn.benchmark on (cudnnFind)</source>
        <translation>cudnn.benchmark オン（cudnnFind）での、最初の呼び出しのホスト時間のうち定常の呼び出しを超える分</translation>
    </message>
    <message>
        <source>mode not run</source>
        <translation>モード未実行</translation>
    </message>
    <message>
        <source> (TC)</source>
        <translation>（TC）</translation>
    </message>
    <message>
        <source>%1 % of the heuristic&apos;s time; %2 µs per iteration over %3 call(s)</source>
        <translation>ヒューリスティックの時間の %1 %。%3 回の呼び出しで反復あたり %2 µs</translation>
    </message>
    <message>
        <source>benchmark differs</source>
        <translation>benchmark が異なる</translation>
    </message>
    <message>
        <source>non-deterministic</source>
        <translation>非決定論的</translation>
    </message>
    <message>
        <source>deterministic differs</source>
        <translation>deterministic が異なる</translation>
    </message>
    <message>
        <source>%1 transpose(s)/call (%2)</source>
        <translation>変換 %1 回/呼び出し（%2）</translation>
    </message>
    <message>
        <source>transposed conv</source>
        <translation>転置畳み込み</translation>
    </message>
    <message>
        <source>not queried</source>
        <translation>未問い合わせ</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::DevicePage</name>
    <message>
        <source>This machine&apos;s device</source>
        <translation>このマシンのデバイス</translation>
    </message>
    <message>
        <source>Simulate a GPU generation (for teaching: no such GPU needed)</source>
        <translation>GPU 世代をシミュレートする（教育用: その GPU は不要）</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>Which device should the settings be chosen for?</source>
        <translation>どのデバイス向けに設定を選びますか？</translation>
    </message>
    <message>
        <source>CPU — %1</source>
        <translation>CPU — %1</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>A simulated device gets the same advice as the real one, but cannot be checked by measurement.</source>
        <translation>シミュレートしたデバイスにも実機と同じ助言が出ますが、計測による確認はできません。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::DeviceTableModel</name>
    <message>
        <source>unsupported</source>
        <translation>非対応</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>メモリ不足</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>no latency</source>
        <translation>レイテンシなし</translation>
    </message>
    <message>
        <source>%1 is %2 slower than %3 (95 % CI %4–%5, %6)</source>
        <translation>%1 は %3 より %2 遅い（95 % CI %4–%5、%6）</translation>
    </message>
    <message>
        <source>%1 +%2 vs %3</source>
        <translation>%1 +%2（%3 比）</translation>
    </message>
    <message>
        <source>one device</source>
        <translation>デバイス 1 台</translation>
    </message>
    <message>
        <source>measured on one device only</source>
        <translation>1 台のデバイスでのみ測定</translation>
    </message>
    <message>
        <source>within the intervals</source>
        <translation>区間内</translation>
    </message>
    <message>
        <source>within the intervals: for every pair of GPUs of one model the 95 % interval of the ratio of medians reaches inside ±%1 % — not shown to differ (a wide interval can hide a small difference)</source>
        <translation>区間内：同じモデルの GPU の各組で、中央値の比の 95 % 区間が ±%1 % の内側に届いています — 差があるとは示されていません（広い区間は小さな差を隠すことがあります）</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>比較なし</translation>
    </message>
    <message>
        <source>different GPU models: shown side by side, not compared</source>
        <translation>GPU のモデルが異なります：並べて表示し、比較はしません</translation>
    </message>
    <message>
        <source>%1 did not run on %2</source>
        <translation>%1 は %2 で実行されていません</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 on %2&lt;/b&gt;: %3&lt;br&gt;%4</source>
        <translation>&lt;b&gt;%2 の %1&lt;/b&gt;：%3&lt;br&gt;%4</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 on %2&lt;/b&gt;&lt;br&gt;median %3</source>
        <translation>&lt;b&gt;%2 の %1&lt;/b&gt;&lt;br&gt;中央値 %3</translation>
    </message>
    <message>
        <source> (95 % CI %1–%2 ms)</source>
        <translation>（95 % CI %1–%2 ms）</translation>
    </message>
    <message>
        <source> (no interval: the steady part was too short or noisy for one)</source>
        <translation>（区間なし：定常部分が短すぎるか、ばらつきが大きすぎます）</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 results of this config here; the first one is shown</source>
        <translation>&lt;br&gt;この設定の結果はここに %1 件あり、最初のものを表示しています</translation>
    </message>
    <message>
        <source>&lt;br&gt;— beyond both intervals: a real difference between these GPUs</source>
        <translation>&lt;br&gt;— 両方の区間を超えています：これらの GPU の間の実際の差です</translation>
    </message>
    <message>
        <source>config</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>beyond the intervals
(GPUs of one model)</source>
        <translation>区間を超える差
（同じモデルの GPU）</translation>
    </message>
    <message>
        <source>Pairs of GPUs of the same model whose ratio of medians has a 95 % interval outside ±%1 %: the difference is real, not noise. GPUs of different models are not compared.</source>
        <translation>同じモデルの GPU の組で、中央値の比の 95 % 区間が ±%1 % の外にあるもの：差はノイズではなく実際の差です。異なるモデルの GPU は比較しません。</translation>
    </message>
    <message>
        <source>%1
%2 · median ms</source>
        <translation>%1
%2 · 中央値 ms</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::DevicesView</name>
    <message>
        <source>median vs the first GPU of its model (%, 95 % CI)</source>
        <translation>同じモデルの最初の GPU に対する中央値（%、95 % CI）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>No results yet. Sessions measured on several GPUs (&lt;code&gt;sweep --devices&lt;/code&gt;, or &lt;code&gt;merge&lt;/code&gt; of several hosts&apos; sessions) show their devices side by side here.</source>
        <translation>まだ結果がありません。複数の GPU で測定したセッション（&lt;code&gt;sweep --devices&lt;/code&gt;、または複数ホストのセッションの &lt;code&gt;merge&lt;/code&gt;）は、ここにデバイスを並べて表示します。</translation>
    </message>
    <message>
        <source>This session has one device, so there is nothing to compare side by side. Sessions measured on several GPUs (&lt;code&gt;sweep --devices&lt;/code&gt;, or &lt;code&gt;merge&lt;/code&gt; of several hosts&apos; sessions) show each config on each device here.</source>
        <translation>このセッションのデバイスは 1 台なので、並べて比較するものはありません。複数の GPU で測定したセッション（&lt;code&gt;sweep --devices&lt;/code&gt;、または複数ホストのセッションの &lt;code&gt;merge&lt;/code&gt;）は、各設定を各デバイスごとにここに表示します。</translation>
    </message>
    <message>
        <source>%1 devices · %2 of %3 configs measured on more than one · comparing the GPUs of each model…</source>
        <translation>デバイス %1 台 · %3 設定のうち %2 設定を複数台で測定 · モデルごとに GPU を比較中…</translation>
    </message>
    <message>
        <source>%1 devices · %2 of %3 configs measured on more than one · %4 differ beyond their intervals between GPUs of one model (▲ slower, ▼ faster; hover for the comparison)</source>
        <translation>デバイス %1 台 · %3 設定のうち %2 設定を複数台で測定 · 同じモデルの GPU 間で区間を超えて異なるもの %4（▲ 遅い、▼ 速い。比較はマウスを重ねて表示）</translation>
    </message>
    <message>
        <source>The same configs on each device</source>
        <translation>各デバイスでの同じ設定</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::EngineBridge</name>
    <message>
        <source>run cancelled before it started</source>
        <translation>開始前に実行が取り消されました</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::EntryPointDialog</name>
    <message>
        <source>Which function builds the model?</source>
        <translation>どの関数がモデルを作りますか？</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; defines no function at its top level. Name the function that returns &lt;code&gt;(model, example_inputs)&lt;/code&gt;:</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; のトップレベルには関数の定義がありません。&lt;code&gt;(model, example_inputs)&lt;/code&gt; を返す関数の名前を入力してください:</translation>
    </message>
    <message>
        <source>Which function of &lt;b&gt;%1&lt;/b&gt; returns &lt;code&gt;(model, example_inputs)&lt;/code&gt;? The window runs it in the Python worker, on those inputs, as &lt;code&gt;inferscope-cli profile --model-py %1:FUNCTION&lt;/code&gt; does.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; のどの関数が &lt;code&gt;(model, example_inputs)&lt;/code&gt; を返しますか？ ウィンドウはそれを Python ワーカーで、その入力に対して実行します（&lt;code&gt;inferscope-cli profile --model-py %1:FUNCTION&lt;/code&gt; と同じです）。</translation>
    </message>
    <message>
        <source>function name, e.g. build</source>
        <translation>関数名（例: build）</translation>
    </message>
    <message>
        <source>Use this function</source>
        <translation>この関数を使う</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ExportPage</name>
    <message>
        <source>Export</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <source>Write the recommended config as files that apply it: leave a path empty to skip that format.</source>
        <translation>推奨設定を、それを適用するファイルとして書き出します。不要な形式はパスを空のままにしてください。</translation>
    </message>
    <message>
        <source>JSON config</source>
        <translation>JSON 設定</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Python script</source>
        <translation>Python スクリプト</translation>
    </message>
    <message>
        <source>Python (*.py)</source>
        <translation>Python (*.py)</translation>
    </message>
    <message>
        <source>C++ (LibTorch)</source>
        <translation>C++（LibTorch）</translation>
    </message>
    <message>
        <source>C++ (*.cpp)</source>
        <translation>C++ (*.cpp)</translation>
    </message>
    <message>
        <source>Write files</source>
        <translation>ファイルを書き出す</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>✓ %1 written to %2</source>
        <translation>✓ %1 を %2 に書き出しました</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::FileActions</name>
    <message>
        <source>InferScope sessions (*.inferscope.json);;JSON files (*.json)</source>
        <translation>InferScope セッション (*.inferscope.json);;JSON ファイル (*.json)</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>セッションを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save Session…</source>
        <translation>セッションを保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message numerus="yes">
        <source>%1 was analysed again with this version&apos;s rules; %n result(s) differ from the file: %2</source>
        <translation>
            <numerusform>%1 はこのバージョンの規則で再解析されました。%n 件の結果がファイルと異なります: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Finish or cancel the run before opening a session.</source>
        <translation>セッションを開く前に、実行を終えるか取り消してください。</translation>
    </message>
    <message>
        <source>stopped opening %1</source>
        <translation>%1 を開くのを中止しました</translation>
    </message>
    <message>
        <source>opened %1</source>
        <translation>%1 を開きました</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>%1 を開けませんでした</translation>
    </message>
    <message>
        <source>%1 · %2 · recorded %3 on %4</source>
        <translation>%1 · %2 · %3 に %4 で記録</translation>
    </message>
    <message>
        <source>%1 · %2 · recorded %3</source>
        <translation>%1 · %2 · %3 に記録</translation>
    </message>
    <message>
        <source>%1 · %2 · recorded on %3</source>
        <translation>%1 · %2 · %3 で記録</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>1 config</source>
        <translation>1 設定</translation>
    </message>
    <message>
        <source>%1 configs</source>
        <translation>%1 設定</translation>
    </message>
    <message>
        <source>could not save %1: %2</source>
        <translation>%1 を保存できませんでした: %2</translation>
    </message>
    <message>
        <source>session saved to %1</source>
        <translation>セッションを %1 に保存しました</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>セッションを開く</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>セッションを保存</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>一覧を消去(&amp;C)</translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation>モデルを開く(&amp;M)…</translation>
    </message>
    <message>
        <source>A Python entry point (.py) or an ExportedProgram (.pt2) to run in the window</source>
        <translation>ウィンドウで実行する Python エントリポイント（.py）または ExportedProgram（.pt2）</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>モデルを開く</translation>
    </message>
    <message>
        <source>Models (*.py *.pt2);;Python entry points (*.py);;ExportedPrograms (*.pt2)</source>
        <translation>モデル (*.py *.pt2);;Python エントリポイント (*.py);;ExportedProgram (*.pt2)</translation>
    </message>
    <message>
        <source>Cannot run %1</source>
        <translation>%1 を実行できません</translation>
    </message>
    <message>
        <source>Finish or cancel the run before opening a model.</source>
        <translation>モデルを開く前に、実行を終えるか取り消してください。</translation>
    </message>
    <message>
        <source>the window runs Python entry points (.py) and ExportedPrograms (.pt2)</source>
        <translation>ウィンドウが実行するのは Python エントリポイント（.py）と ExportedProgram（.pt2）です</translation>
    </message>
    <message>
        <source>%1 was not trusted: only its hash was read, and nothing of it ran</source>
        <translation>%1 は信頼されませんでした: 読んだのはハッシュのみで、何も実行されていません</translation>
    </message>
    <message>
        <source>it is an AOTInductor package, which needs its input shapes: profile it with inferscope-cli profile --model-file %1 --input SHAPE:DTYPE --out run.inferscope.json, then open the session here</source>
        <translation>これは AOTInductor パッケージで、入力形状の指定が必要です: inferscope-cli profile --model-file %1 --input SHAPE:DTYPE --out run.inferscope.json でプロファイルし、そのセッションをここで開いてください</translation>
    </message>
    <message>
        <source>it is neither an ExportedProgram (torch.export.save) nor an AOTInductor package: %1</source>
        <translation>ExportedProgram（torch.export.save）でも AOTInductor パッケージでもありません: %1</translation>
    </message>
    <message>
        <source>it cannot be read: %1</source>
        <translation>読み込めません: %1</translation>
    </message>
    <message>
        <source>no entry point of %1 chosen: nothing runs</source>
        <translation>%1 のエントリポイントが選ばれていません: 何も実行しません</translation>
    </message>
    <message>
        <source>%1 is the model for the next run: Start measures it in the Python worker</source>
        <translation>%1 が次の実行のモデルです: 「開始」で Python ワーカーが測定します</translation>
    </message>
    <message>
        <source>%1 is a TorchScript file</source>
        <translation>%1 は TorchScript ファイルです</translation>
    </message>
    <message>
        <source>The window runs zoo models, Python entry points (.py) and ExportedPrograms (.pt2). A TorchScript file needs its input shapes: profile it with inferscope-cli profile --model-file %1 --input SHAPE:DTYPE --out run.inferscope.json, then drop the session file here.</source>
        <translation>ウィンドウが実行するのは Zoo モデル、Python エントリポイント（.py）、ExportedProgram（.pt2）です。TorchScript ファイルには入力形状の指定が必要です: inferscope-cli profile --model-file %1 --input SHAPE:DTYPE --out run.inferscope.json でプロファイルし、そのセッションファイルをここにドロップしてください。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::GoalsPage</name>
    <message>
        <source>Bit-for-bit reproducible results (deterministic cuDNN)</source>
        <translation>ビット単位で再現可能な結果（決定論的 cuDNN）</translation>
    </message>
    <message>
        <source>Goals</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>What matters for this model in production?</source>
        <translation>本番環境でこのモデルに重要なことは？</translation>
    </message>
    <message>
        <source>Latency — one request at a time</source>
        <translation>レイテンシ — 1 回に 1 リクエスト</translation>
    </message>
    <message>
        <source>Throughput — large batches</source>
        <translation>スループット — 大きなバッチ</translation>
    </message>
    <message>
        <source>Fixed input sizes</source>
        <translation>固定の入力サイズ</translation>
    </message>
    <message>
        <source>Varying input sizes</source>
        <translation>可変の入力サイズ</translation>
    </message>
    <message>
        <source>CNN (convolutions)</source>
        <translation>CNN（畳み込み）</translation>
    </message>
    <message>
        <source>Transformer (matmuls, attention)</source>
        <translation>Transformer（行列積、アテンション）</translation>
    </message>
    <message>
        <source>The accepted deviation from FP32, in the metric&apos;s unit. Auto: classifiers may change at most this share of top-1 predictions (with rel. L2 ≤ 10×), other outputs keep a cosine similarity ≥ 1 − this. The default 1e-2 accepts BF16&apos;s rounding, not an FP16 overflow.</source>
        <translation>FP32 からの許容誤差（指標の単位）。自動: 分類器は top-1 予測のうち最大でこの割合まで変わってよく（相対 L2 ≤ 10 倍）、その他の出力はコサイン類似度 ≥ 1 − この値を保つ。既定の 1e-2 は BF16 の丸めを許容し、FP16 のオーバーフローは許容しない。</translation>
    </message>
    <message>
        <source>Auto (top-1 for classifiers, cosine otherwise)</source>
        <translation>自動（分類器は top-1、それ以外はコサイン）</translation>
    </message>
    <message>
        <source>Cosine similarity</source>
        <translation>コサイン類似度</translation>
    </message>
    <message>
        <source>Top-1 agreement</source>
        <translation>top-1 一致率</translation>
    </message>
    <message>
        <source>Relative L2 error</source>
        <translation>相対 L2 誤差</translation>
    </message>
    <message>
        <source>The PyTorch version the exported code will run with (decides the TF32 API, AOTInductor)</source>
        <translation>エクスポートしたコードを実行する PyTorch のバージョン（TF32 API と AOTInductor を決める）</translation>
    </message>
    <message>
        <source>Goal</source>
        <translation>目標</translation>
    </message>
    <message>
        <source>Input sizes</source>
        <translation>入力サイズ</translation>
    </message>
    <message>
        <source>Accuracy metric</source>
        <translation>精度の指標</translation>
    </message>
    <message>
        <source>Tolerance</source>
        <translation>許容誤差</translation>
    </message>
    <message>
        <source>Model family</source>
        <translation>モデルの系統</translation>
    </message>
    <message>
        <source>Target PyTorch</source>
        <translation>対象の PyTorch</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::KernelTimeline</name>
    <message>
        <source>time in the trace window (ms) · wheel zooms, drag pans</source>
        <translation>トレース区間内の時刻（ms）· ホイールで拡大、ドラッグで移動</translation>
    </message>
    <message>
        <source>it %1%2 · %3 kernels · %4 % busy</source>
        <translation>反復 %1%2 · カーネル %3 個 · 稼働 %4 %</translation>
    </message>
    <message>
        <source> (warm-up)</source>
        <translation>（ウォームアップ）</translation>
    </message>
    <message>
        <source>%1 more (hover)</source>
        <translation>ほか %1 個（マウスを合わせる）</translation>
    </message>
    <message>
        <source>no operator</source>
        <translation>演算子なし</translation>
    </message>
    <message>
        <source>from the session file: %1 iterations, %2 kernels and copies; %3 more iterations (%4 items) were traced but not kept</source>
        <translation>セッションファイルから: %1 反復、カーネルとコピー %2 個。さらに %3 反復（%4 項目）がトレースされたが保存されていない</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3 µs · iteration %4</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2&lt;br&gt;%3 µs · 反復 %4</translation>
    </message>
    <message>
        <source>(no operator)</source>
        <translation>（演算子なし）</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::KernelsView</name>
    <message>
        <source>GPU busy</source>
        <translation>GPU 稼働</translation>
    </message>
    <message>
        <source>launch gaps (GPU idle between kernels)</source>
        <translation>起動の隙間（カーネル間で GPU が待機）</translation>
    </message>
    <message>
        <source>host overhead (before the first / after the last kernel)</source>
        <translation>ホストのオーバーヘッド（最初のカーネルの前 / 最後のカーネルの後）</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>count</source>
        <translation>回数</translation>
    </message>
    <message>
        <source>total (µs)</source>
        <translation>合計（µs）</translation>
    </message>
    <message>
        <source>share</source>
        <translation>割合</translation>
    </message>
    <message>
        <source>TC</source>
        <translation>TC</translation>
    </message>
    <message>
        <source>operator</source>
        <translation>演算子</translation>
    </message>
    <message>
        <source>kernels</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>kernel time (µs)</source>
        <translation>カーネル時間（µs）</translation>
    </message>
    <message>
        <source>Top kernels</source>
        <translation>上位のカーネル</translation>
    </message>
    <message>
        <source>Top operators</source>
        <translation>上位の演算子</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>host wall time per steady traced iteration (ms) = GPU busy + launch gaps + host overhead</source>
        <translation>トレースした定常反復あたりのホスト経過時間（ms）= GPU 稼働 + 起動の隙間 + ホストのオーバーヘッド</translation>
    </message>
    <message>
        <source>not traced: kernel tracing needs a CUDA device</source>
        <translation>トレースなし: カーネルのトレースには CUDA デバイスが必要</translation>
    </message>
    <message>
        <source>not traced (turn on “Trace kernels (CUDA)”)</source>
        <translation>トレースなし（「カーネルをトレース（CUDA）」をオンにする）</translation>
    </message>
    <message>
        <source>traced %1 ms · median %2 ms (%3%4 %)</source>
        <translation>トレース時 %1 ms · 中央値 %2 ms（%3%4 %）</translation>
    </message>
    <message>
        <source>Not traced — %1</source>
        <translation>トレースなし — %1</translation>
    </message>
    <message>
        <source>No kernel traces yet: run on a CUDA device with “Trace kernels (CUDA)” checked, or open a traced session</source>
        <translation>カーネルのトレースはまだありません: CUDA デバイスで「カーネルをトレース（CUDA）」をオンにして実行するか、トレース済みのセッションを開いてください</translation>
    </message>
    <message>
        <source>No kernel traces: this session ran on the CPU, and kernel tracing needs a CUDA device. Open a session traced on a GPU to see this page.</source>
        <translation>カーネルのトレースはありません: このセッションは CPU で実行されており、カーネルのトレースには CUDA デバイスが必要です。このページを見るには GPU でトレースしたセッションを開いてください。</translation>
    </message>
    <message>
        <source>No kernel traces: this session was run without “Trace kernels (CUDA)”; check it and run again, or open a traced session</source>
        <translation>カーネルのトレースはありません: このセッションは「カーネルをトレース（CUDA）」なしで実行されました。オンにして再実行するか、トレース済みのセッションを開いてください</translation>
    </message>
    <message>
        <source>Kernel timeline: none kept for this config in this session.</source>
        <translation>カーネルのタイムライン: このセッションにはこの設定の分は保存されていません。</translation>
    </message>
    <message>
        <source>Kernel timeline: %1</source>
        <translation>カーネルのタイムライン: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2 iterations, %3)&lt;br&gt;GPU busy %4 ms (%5 %)&lt;br&gt;launch gaps %6 ms (longest %7 µs)&lt;br&gt;host overhead %8 ms&lt;br&gt;%9 kernels/iteration · Tensor Cores %10 % of kernel time · %11 stream(s)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2 反復、%3）&lt;br&gt;GPU 稼働 %4 ms（%5 %）&lt;br&gt;起動の隙間 %6 ms（最長 %7 µs）&lt;br&gt;ホストのオーバーヘッド %8 ms&lt;br&gt;カーネル %9 個/反復 · Tensor Core はカーネル時間の %10 % · ストリーム %11 本</translation>
    </message>
    <message>
        <source>GPU time per iteration</source>
        <translation>反復あたりの GPU 時間</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 ほか %2 件</translation>
    </message>
    <message>
        <source>%1 · %2 kernels/it · busy %3 % · TC %4 %</source>
        <translation>%1 · カーネル %2 個/反復 · 稼働 %3 % · TC %4 %</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>システムの既定</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LatencyChart</name>
    <message>
        <source>iteration</source>
        <translation>反復</translation>
    </message>
    <message>
        <source>latency (ms)</source>
        <translation>レイテンシ（ms）</translation>
    </message>
    <message>
        <source>◂ configured warm-up</source>
        <translation>◂ 設定したウォームアップ</translation>
    </message>
    <message>
        <source>Press Start to measure, or open a session file</source>
        <translation>「開始」で計測するか、セッションファイルを開いてください</translation>
    </message>
    <message>
        <source>This session holds no measured iterations (%1 configs planned, none ran)</source>
        <translation>このセッションには計測された反復がありません（%1 設定を予定、実行なし）</translation>
    </message>
    <message>
        <source>steady from %1 (provisional)</source>
        <translation>%1 から定常（暫定）</translation>
    </message>
    <message>
        <source>▶ %1 runs to iteration %2 — drag or zoom the axis, or select it in the table</source>
        <translation>▶ %1 は反復 %2 まで続く — 軸をドラッグかズームするか、表で選択してください</translation>
    </message>
    <message>
        <source>▲ warm-up reaches %1 ms, above this axis — Log Scale shows every point</source>
        <translation>▲ ウォームアップは %1 ms に達し、この軸の上にある — 対数軸ですべての点が見える</translation>
    </message>
    <message>
        <source>latency (ms, log scale)</source>
        <translation>レイテンシ（ms、対数軸）</translation>
    </message>
    <message>
        <source>Latency per iteration</source>
        <translation>反復ごとのレイテンシ</translation>
    </message>
    <message>
        <source>%1: steady from iteration %2 (detected)</source>
        <translation>%1: 反復 %2 から定常（検出）</translation>
    </message>
    <message>
        <source>ticks on the axis: each config&apos;s detected steady start · hollow: measured but left out by the warm-up analysis</source>
        <translation>軸上の目盛り: 各設定で検出した定常の開始 · 白抜き: 計測したがウォームアップ解析で除外した点</translation>
    </message>
    <message>
        <source>ticks on the axis: each config&apos;s detected steady start</source>
        <translation>軸上の目盛り: 各設定で検出した定常の開始</translation>
    </message>
    <message>
        <source>%1: %2 further processes dashed</source>
        <translation>%1: ほか %2 プロセスを破線で表示</translation>
    </message>
    <message>
        <source> · across processes %1 ms (95 % CI %2 – %3)</source>
        <translation> · プロセス間 %1 ms（95 % CI %2 – %3）</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LegendFilter</name>
    <message>
        <source>Filter configs (e.g. bf16 graph)</source>
        <translation>構成を絞り込む（例: bf16 graph）</translation>
    </message>
    <message>
        <source>Words each config&apos;s name must contain: the chart and its legend narrow to the configs that match; the tuner&apos;s winner stays</source>
        <translation>構成名に含まれるべき語: グラフと凡例が一致する構成に絞られる。チューナーの勝者は残る</translation>
    </message>
    <message>
        <source>the legend lists the %1 fastest of %2 configs (the table lists every one)</source>
        <translation>凡例は %2 構成のうち速い %1 個を表示（表にはすべての構成）</translation>
    </message>
    <message>
        <source>%1 of %2 configs match, the legend lists %3</source>
        <translation>%2 構成のうち %1 個が一致、凡例に %3 個</translation>
    </message>
    <message>
        <source>the chart draws the %1 fastest of %2 configs, the legend names %3 of them (the table lists every one)</source>
        <translation>グラフは %2 構成のうち速い %1 個を描き、凡例はそのうち %3 個を表示（表にはすべての構成）</translation>
    </message>
    <message>
        <source>%1 of %2 configs match, the chart draws %3, the legend names %4</source>
        <translation>%2 構成のうち %1 個が一致、グラフに %3 個、凡例に %4 個</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LessonsMenu</name>
    <message>
        <source>&amp;Lessons</source>
        <translation>レッスン(&amp;L)</translation>
    </message>
    <message>
        <source>(data not recorded yet)</source>
        <translation>（データ未記録）</translation>
    </message>
    <message>
        <source>no lesson &apos;%1&apos; (lessons: %2)</source>
        <translation>レッスン &apos;%1&apos; はありません（レッスン: %2）</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LiveRun</name>
    <message>
        <source>the run ended but its session could not be read: %1</source>
        <translation>実行は終わったが、そのセッションを読めない: %1</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LiveRunPanel</name>
    <message>
        <source>Run: this machine has no CUDA GPU.</source>
        <translation>実行: このマシンには CUDA GPU がない。</translation>
    </message>
    <message>
        <source>Run needs %1 (not in %2).</source>
        <translation>実行には %1 が必要（%2 にない）。</translation>
    </message>
    <message>
        <source>cannot create a folder for the session: %1</source>
        <translation>セッション用のフォルダーを作れない: %1</translation>
    </message>
    <message>
        <source>%1 elapsed</source>
        <translation>経過 %1</translation>
    </message>
    <message>
        <source>Starting the run … · %1</source>
        <translation>実行を開始中 … · %1</translation>
    </message>
    <message>
        <source>config %1 of %2: %3</source>
        <translation>構成 %1 / %2: %3</translation>
    </message>
    <message>
        <source>Cancelled after %1.</source>
        <translation>%1 でキャンセルした。</translation>
    </message>
    <message>
        <source>Failed after %1 (exit code %2):</source>
        <translation>%1 で失敗（終了コード %2）:</translation>
    </message>
    <message>
        <source>Failed after %1:</source>
        <translation>%1 で失敗:</translation>
    </message>
    <message>
        <source>Finished in %1 — medians: %2</source>
        <translation>%1 で完了 — 中央値: %2</translation>
    </message>
    <message>
        <source>The new session is open in the main window (Esc goes there): %1</source>
        <translation>新しいセッションをメインウィンドウで開いた（Esc でそこへ戻る）: %1</translation>
    </message>
    <message>
        <source>Session written to %1</source>
        <translation>セッションの書き出し先: %1</translation>
    </message>
    <message>
        <source>Run (R)</source>
        <translation>実行 (R)</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>キャンセル (Esc)</translation>
    </message>
    <message>
        <source>Open in the main window</source>
        <translation>メインウィンドウで開く</translation>
    </message>
    <message>
        <source>Stopping the run … · %1 elapsed</source>
        <translation>実行を停止中 … · 経過 %1</translation>
    </message>
    <message>
        <source>iteration %1 of %2</source>
        <translation>反復 %1 / %2</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::LogModel</name>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>info</source>
        <translation>情報</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::MainWindow</name>
    <message>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <source>Measure the checked configs (Ctrl+R)</source>
        <translation>チェックした設定を計測する（Ctrl+R）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取り消し(&amp;C)</translation>
    </message>
    <message>
        <source>Stop after the current iteration (Esc)</source>
        <translation>現在の反復の後で停止する（Esc）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Log Scale</source>
        <translation>対数軸(&amp;L)</translation>
    </message>
    <message>
        <source>Logarithmic latency axis: a slow first iteration no longer flattens the rest</source>
        <translation>レイテンシの対数軸: 遅い最初の反復で残りが平らにならない</translation>
    </message>
    <message>
        <source>&amp;Chart Only</source>
        <translation>グラフのみ(&amp;C)</translation>
    </message>
    <message>
        <source>The current chart fills the window — for a projector (F11 again returns)</source>
        <translation>現在のグラフをウィンドウ全体に表示 — プロジェクター用（もう一度 F11 で戻る）</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>レイテンシ</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Speed × accuracy</source>
        <translation>速度 × 精度</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>カーネル</translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <source>&lt;b&gt;Results&lt;/b&gt; — statistics over the measured iterations; hover a greyed row for the reason</source>
        <translation>&lt;b&gt;結果&lt;/b&gt; — 計測した反復の統計。灰色の行にマウスを合わせると理由が出ます</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>ツール(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Recommendation Wizard…</source>
        <translation>推奨ウィザード(&amp;R)…</translation>
    </message>
    <message>
        <source>E&amp;xport</source>
        <translation>エクスポート(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About InferScope</source>
        <translation>InferScope について(&amp;A)</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>PNG をエクスポート</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>About InferScope</source>
        <translation>InferScope について</translation>
    </message>
    <message>
        <source>&lt;h3&gt;InferScope %1&lt;/h3&gt;&lt;p&gt;A profiler and tuner for PyTorch inference settings.&lt;/p&gt;&lt;p&gt;LibTorch %2 · Qt %3&lt;br&gt;This machine: %4&lt;/p&gt;</source>
        <translation>&lt;h3&gt;InferScope %1&lt;/h3&gt;&lt;p&gt;PyTorch 推論設定のプロファイラー兼チューナー。&lt;/p&gt;&lt;p&gt;LibTorch %2 · Qt %3&lt;br&gt;このマシン: %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Check at least one config in “Model &amp; input” before starting.</source>
        <translation>開始する前に「モデルと入力」で設定を 1 つ以上チェックしてください。</translation>
    </message>
    <message>
        <source>starting %1 on %2: %3 (%4 warm-up + %5 measured iterations each)</source>
        <translation>%1 を %2 で開始: %3（各 %4 回のウォームアップ + %5 回の計測反復）</translation>
    </message>
    <message>
        <source>cancelling: the engine stops after the current iteration</source>
        <translation>取り消し中: エンジンは現在の反復の後で停止します</translation>
    </message>
    <message>
        <source>run cancelled: %1</source>
        <translation>実行を取り消しました: %1</translation>
    </message>
    <message>
        <source>run finished: %1</source>
        <translation>実行が終了しました: %1</translation>
    </message>
    <message>
        <source>%1 of 1 config ok</source>
        <translation>1 設定中 %1 が成功</translation>
    </message>
    <message>
        <source>%1 of %2 configs ok</source>
        <translation>%2 設定中 %1 が成功</translation>
    </message>
    <message>
        <source>, 1 not run</source>
        <translation>、1 件は未実行</translation>
    </message>
    <message>
        <source>, %1 not run</source>
        <translation>、%1 件は未実行</translation>
    </message>
    <message>
        <source>before the first config</source>
        <translation>最初の設定の前</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>バッチ %1</translation>
    </message>
    <message>
        <source>recorded on %1</source>
        <translation>%1 で記録</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>このマシン</translation>
    </message>
    <message>
        <source>Model &amp; input</source>
        <translation>モデルと入力</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>ログ</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>ルーフライン</translation>
    </message>
    <message>
        <source>Race</source>
        <translation>競争</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>答え</translation>
    </message>
    <message>
        <source>The run could not start</source>
        <translation>実行を開始できませんでした</translation>
    </message>
    <message>
        <source>Shapes</source>
        <translation>形状</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::MemoryChart</name>
    <message>
        <source>parameters</source>
        <translation>パラメータ</translation>
    </message>
    <message>
        <source>peak allocated</source>
        <translation>最大確保量</translation>
    </message>
    <message>
        <source>peak reserved (CUDA caching allocator)</source>
        <translation>最大予約量（CUDA キャッシングアロケータ）</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>対数軸</translation>
    </message>
    <message>
        <source>Logarithmic MiB axis: one large config no longer flattens the others</source>
        <translation>MiB の対数軸: 大きな設定 1 つで他が平らにならない</translation>
    </message>
    <message>
        <source>memory (MiB)</source>
        <translation>メモリ（MiB）</translation>
    </message>
    <message>
        <source>config</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>memory (MiB, log scale)</source>
        <translation>メモリ（MiB、対数軸）</translation>
    </message>
    <message>
        <source>No memory figures yet: they appear as configs finish</source>
        <translation>メモリの数値はまだありません: 設定が終わると表示されます</translation>
    </message>
    <message>
        <source>Source: CUDA caching allocator (torch.cuda.max_memory_allocated / reserved), per config after reset</source>
        <translation>出典: CUDA キャッシングアロケータ（torch.cuda.max_memory_allocated / reserved）、設定ごとにリセット後</translation>
    </message>
    <message>
        <source>CPU: allocator hook (peak bytes allocated by LibTorch&apos;s CPU allocator); no reserved pool on the CPU</source>
        <translation>CPU: アロケータフック（LibTorch の CPU アロケータが確保した最大バイト数）。CPU には予約プールがない</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3 MiB</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2: %3 MiB</translation>
    </message>
    <message>
        <source>Memory per config</source>
        <translation>設定ごとのメモリ</translation>
    </message>
    <message>
        <source>★ the race&apos;s answer</source>
        <translation>★ レースの答え</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Hide this message (it stays in the log)</source>
        <translation>このメッセージを隠す（ログには残る）</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::PresentationWindow</name>
    <message>
        <source>This machine has no CUDA GPU: run it on a GPU machine and open its session here.</source>
        <translation>このマシンには CUDA GPU がない: GPU のあるマシンで実行し、そのセッションをここで開く。</translation>
    </message>
    <message>
        <source>Run it live:</source>
        <translation>その場で実行する:</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Copy the command</source>
        <translation>コマンドをコピー</translation>
    </message>
    <message>
        <source>This lesson&apos;s data is not recorded yet.</source>
        <translation>このレッスンのデータはまだ記録されていない。</translation>
    </message>
    <message>
        <source>Run it live</source>
        <translation>その場で実行する</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>質問</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>答え</translation>
    </message>
    <message>
        <source>Its sessions are recorded on a GPU machine by bench/gpu/h200_run.sh, phase “%1”.</source>
        <translation>このレッスンのセッションは GPU マシン上で bench/gpu/h200_run.sh のフェーズ「%1」が記録する。</translation>
    </message>
    <message>
        <source>This machine has a CUDA GPU: Run (R) runs it here and opens the session it writes.</source>
        <translation>このマシンには CUDA GPU がある: 実行 (R) でここで実行し、書き出されたセッションを開く。</translation>
    </message>
    <message>
        <source>It runs on this machine&apos;s CPU: Run (R) runs it here.</source>
        <translation>このマシンの CPU で実行できる: 実行 (R) でここで実行する。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RacePage</name>
    <message>
        <source>%1 · shard %2</source>
        <translation>%1 · シャード %2</translation>
    </message>
    <message>
        <source>This session holds no race. &lt;code&gt;inferscope-cli tune … -o FILE.inferscope.json&lt;/code&gt; records one: every candidate&apos;s state and reason, the pruned configs, the finals, the budget and the verdict — or use the wizard&apos;s &lt;i&gt;Validate on this device&lt;/i&gt;.</source>
        <translation>このセッションには競争の記録がありません。&lt;code&gt;inferscope-cli tune … -o FILE.inferscope.json&lt;/code&gt; で記録できます: 各候補の状態と理由、除外した設定、決勝、予算と判定。ウィザードの&lt;i&gt;このデバイスで検証&lt;/i&gt;でも記録できます。</translation>
    </message>
    <message>
        <source>The race as the tuner recorded it when this session was tuned.</source>
        <translation>このセッションをチューニングしたときにチューナーが記録した競争。</translation>
    </message>
    <message>
        <source>Continue this race</source>
        <translation>この競争を続ける</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>The continued race&apos;s budget (tune --budget-s)</source>
        <translation>続ける競争の予算 (tune --budget-s)</translation>
    </message>
    <message>
        <source>Continue the race with this budget, as inferscope-cli tune --resume %1 does: what it measured is kept, the rest is screened and the finals run again; the continued session is written to %2</source>
        <translation>この予算で競争を続けます (inferscope-cli tune --resume %1 と同じ): 測定済みの結果は保持し、残りを選別して決勝をやり直します。続きのセッションは %2 に書き込みます</translation>
    </message>
    <message>
        <source>Save the session first: the continued race is written beside it</source>
        <translation>先にセッションを保存してください: 続きの競争はその隣に書き込みます</translation>
    </message>
    <message>
        <source>Continued: %1</source>
        <translation>続きを記録しました: %1</translation>
    </message>
    <message>
        <source>The continued race wrote no session (nothing was measured).</source>
        <translation>続きの競争はセッションを書き込みませんでした (何も測定されませんでした)。</translation>
    </message>
    <message>
        <source>The continued race failed: %1</source>
        <translation>続きの競争が失敗しました: %1</translation>
    </message>
    <message>
        <source>Continuing the race…</source>
        <translation>競争を続けています…</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RaceView</name>
    <message>
        <source>%1 across %2 processes</source>
        <translation>%1（%2 プロセス間）</translation>
    </message>
    <message>
        <source>%1 in process</source>
        <translation>%1（プロセス内）</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Median (ms)</source>
        <translation>中央値（ms）</translation>
    </message>
    <message>
        <source>Interval (ms)</source>
        <translation>区間（ms）</translation>
    </message>
    <message>
        <source>Compile (s)</source>
        <translation>コンパイル（秒）</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>%1 (%2 forks)</source>
        <translation>%1（%2 フォーク）</translation>
    </message>
    <message>
        <source>Tuning %1 on %2 · budget %3 s · safe: %4</source>
        <translation>%2 で %1 をチューニング · 予算 %3 秒 · 安全の条件: %4</translation>
    </message>
    <message>
        <source>%1 configs pruned before anything ran (hover for the reasons)</source>
        <translation>実行前に %1 設定を除外（理由はマウスを合わせると表示）</translation>
    </message>
    <message>
        <source>Screening %1 candidates × %2 iterations</source>
        <translation>%1 候補 × %2 反復で選別</translation>
    </message>
    <message>
        <source>Round %1: %2 survivors × %3 iterations</source>
        <translation>ラウンド %1: 残り %2 × %3 反復</translation>
    </message>
    <message>
        <source>%1 and %2 more</source>
        <translation>%1 ほか %2 件</translation>
    </message>
    <message>
        <source>… %1 more</source>
        <translation>… ほか %1 件</translation>
    </message>
    <message>
        <source>Finals: %1, each in %2 fresh processes</source>
        <translation>決勝: %1、それぞれ新しいプロセス %2 個で</translation>
    </message>
    <message>
        <source>Spent %1 s of %2 s (%3 s left)</source>
        <translation>%2 秒中 %1 秒を使用（残り %3 秒）</translation>
    </message>
    <message>
        <source>Spent %1 s of the %2 s budget.</source>
        <translation>予算 %2 秒のうち %1 秒を使用。</translation>
    </message>
    <message>
        <source>the winner</source>
        <translation>勝者</translation>
    </message>
    <message>
        <source>tied with the winner: no difference the race could show</source>
        <translation>勝者と同等: 競争では差を示せなかった</translation>
    </message>
    <message>
        <source>&lt;b&gt;No safe winner&lt;/b&gt;</source>
        <translation>&lt;b&gt;安全な勝者なし&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Winner ★ %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;勝者 ★ %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · tied ≈ %1</source>
        <translation> · 同等 ≈ %1</translation>
    </message>
    <message>
        <source>vs torch.compile:</source>
        <translation>torch.compile 比:</translation>
    </message>
    <message>
        <source>Not measured:</source>
        <translation>未測定:</translation>
    </message>
    <message>
        <source>Compiling %1 packages in the background: %2 (hover for each)</source>
        <translation>バックグラウンドで %1 個のパッケージをコンパイル中: %2（各パッケージはマウスを合わせると表示）</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RecommendationPage</name>
    <message>
        <source>Recommendation</source>
        <translation>推奨</translation>
    </message>
    <message>
        <source>The settings for your device and goals, each with the guide&apos;s rule behind it.</source>
        <translation>デバイスと目標に合った設定と、それぞれの根拠になるガイドの規則。</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>設定項目</translation>
    </message>
    <message>
        <source>Rule (source on hover)</source>
        <translation>規則（マウスを合わせると出典）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; for %2%3&lt;br&gt;%4&lt;br&gt;&lt;span style=&apos;color:gray&apos;&gt;Measured around it when checking: %5&lt;/span&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2%3 向け）&lt;br&gt;%4&lt;br&gt;&lt;span style=&apos;color:gray&apos;&gt;確認時にその周辺で計測: %5&lt;/span&gt;</translation>
    </message>
    <message>
        <source> (simulated)</source>
        <translation>（シミュレーション）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>table&apos;s choice</source>
        <translation>表の選択</translation>
    </message>
    <message>
        <source>%1 — the rules below explain it; measured, %2 replaced it (see the evidence row)</source>
        <translation>%1 — 以下の規則はこの設定の説明。計測の結果、%2 に置き換えた（evidence の行を参照）</translation>
    </message>
    <message>
        <source>The table&apos;s rule for %1 (not the recommended config): %2</source>
        <translation>表が %1 を選んだ規則（推奨する設定のものではない）: %2</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RecommendationWizard</name>
    <message>
        <source>Recommendation wizard</source>
        <translation>推奨ウィザード</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ResultsTableModel</name>
    <message>
        <source>%1 proc</source>
        <translation>%1 プロセス</translation>
    </message>
    <message>
        <source>Across %1 processes: median %2 ms, 95 % CI %3 – %4 ms; one more process is expected at %5 – %6 ms.%7</source>
        <translation>%1 プロセスにわたって: 中央値 %2 ms、95 % CI %3 – %4 ms。もう 1 プロセスなら %5 – %6 ms と予想される。%7</translation>
    </message>
    <message>
        <source>Median 95 % CI %1 – %2 ms (%3), within this process.</source>
        <translation>中央値の 95 % CI %1 – %2 ms（%3）、このプロセス内。</translation>
    </message>
    <message>
        <source>range</source>
        <translation>範囲</translation>
    </message>
    <message>
        <source>No confidence interval: the steady part is too noisy, short or drifting for one. Shown is the range of its values, %1 – %2 ms.</source>
        <translation>信頼区間なし: 定常部分のばらつき・短さ・ドリフトのため求められない。表示は値の範囲 %1 – %2 ms。</translation>
    </message>
    <message>
        <source>1× (ref)</source>
        <translation>1×（基準）</translation>
    </message>
    <message>
        <source>no NaN/Inf, error within the tolerance</source>
        <translation>NaN/Inf なし、誤差は許容範囲内</translation>
    </message>
    <message>
        <source>%1× (no interval)</source>
        <translation>%1×（区間なし）</translation>
    </message>
    <message>
        <source>%1× (%2 %3–%4×)%5</source>
        <translation>%1×（%2 %3–%4×）%5</translation>
    </message>
    <message>
        <source>range over both runs, which drifted:</source>
        <translation>ドリフトした 2 回の実行にわたる範囲:</translation>
    </message>
    <message>
        <source>95% CI</source>
        <translation>95% CI</translation>
    </message>
    <message>
        <source> — ≈: no real difference from %1</source>
        <translation> — ≈: %1 と実質的な差なし</translation>
    </message>
    <message>
        <source>Config</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Safe</source>
        <translation>安全</translation>
    </message>
    <message>
        <source>Median
(ms)</source>
        <translation>中央値
(ms)</translation>
    </message>
    <message>
        <source>CI
±%</source>
        <translation>CI
±%</translation>
    </message>
    <message>
        <source>Speed-up</source>
        <translation>高速化</translation>
    </message>
    <message>
        <source>Rel. error
vs FP32</source>
        <translation>相対誤差
(対 FP32)</translation>
    </message>
    <message>
        <source>Peak
(MiB)</source>
        <translation>最大
(MiB)</translation>
    </message>
    <message>
        <source>Steady
state</source>
        <translation>定常
状態</translation>
    </message>
    <message>
        <source>Mean
(ms)</source>
        <translation>平均
(ms)</translation>
    </message>
    <message>
        <source>P90
(ms)</source>
        <translation>P90
(ms)</translation>
    </message>
    <message>
        <source>Min
(ms)</source>
        <translation>最小
(ms)</translation>
    </message>
    <message>
        <source>Max
(ms)</source>
        <translation>最大
(ms)</translation>
    </message>
    <message>
        <source>Cold start
(ms)</source>
        <translation>コールド
スタート (ms)</translation>
    </message>
    <message>
        <source>Items/s</source>
        <translation>件/秒</translation>
    </message>
    <message>
        <source>Speed-up
×ref</source>
        <translation>高速化
×基準</translation>
    </message>
    <message>
        <source>Speed-up
×%1</source>
        <translation>高速化
×%1</translation>
    </message>
    <message>
        <source>Median latency of the measured (steady) iterations</source>
        <translation>計測した（定常の）反復のレイテンシの中央値</translation>
    </message>
    <message>
        <source>Iteration 0 on its own: allocation, autotuning, compilation</source>
        <translation>反復 0 単独: メモリ確保、自動チューニング、コンパイル</translation>
    </message>
    <message>
        <source>Throughput: batch size ÷ median latency</source>
        <translation>スループット: バッチサイズ ÷ レイテンシの中央値</translation>
    </message>
    <message>
        <source>Peak memory allocated while the config ran</source>
        <translation>設定の実行中に確保されたメモリの最大値</translation>
    </message>
    <message>
        <source>Relative L2 error of the output against the FP32-IEEE reference</source>
        <translation>FP32-IEEE の基準に対する出力の相対 L2 誤差</translation>
    </message>
    <message>
        <source>Half-width of the median&apos;s 95% confidence interval, in % of the median. “N proc”: across N fresh processes; “range”: no CI could be had, the range of the steady values</source>
        <translation>中央値の 95% 信頼区間の半幅（中央値に対する %）。「N プロセス」: N 個の新しいプロセスにわたる値。「範囲」: CI が得られず、定常値の範囲</translation>
    </message>
    <message>
        <source>Reference median ÷ this median (no reference config finished yet)</source>
        <translation>基準の中央値 ÷ この中央値（基準の設定はまだ終わっていない）</translation>
    </message>
    <message>
        <source>%1 median ÷ this median, CI on hover; “≈”: the interval includes no difference</source>
        <translation>%1 の中央値 ÷ この中央値。CI はマウスを合わせると表示。「≈」: 区間が差なしを含む</translation>
    </message>
    <message>
        <source>What the warm-up analysis found: where the steady state starts (warm-up included), or that the series switches, drifts or never settles</source>
        <translation>ウォームアップ解析の結果: 定常状態の始まり（ウォームアップを含む）、または系列が切り替わる・ドリフトする・安定しないこと</translation>
    </message>
    <message>
        <source>⚠: NaN/Inf in the output, error over the tolerance, or the config did not run — reason on hover</source>
        <translation>⚠: 出力に NaN/Inf、誤差が許容範囲超え、または設定が実行されなかった — 理由はマウスを合わせると表示</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>unsupported</source>
        <translation>非対応</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>メモリ不足</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — %2 · %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — %2 · %3</translation>
    </message>
    <message>
        <source>Asked for %1; it could not run, so its fallback %2 ran in its place.</source>
        <translation>%1 を指定したが実行できず、代わりに代替の %2 が実行された。</translation>
    </message>
    <message>
        <source>Out of memory. The allocator said: %1</source>
        <translation>メモリ不足。アロケータの報告: %1</translation>
    </message>
    <message>
        <source>Peak allocated %1 MiB, reserved %2 MiB (%3)</source>
        <translation>ピーク割り当て %1 MiB、予約 %2 MiB（%3）</translation>
    </message>
    <message>
        <source>Unsafe: %1</source>
        <translation>安全でない: %1</translation>
    </message>
    <message>
        <source>accuracy not measured against the FP32 reference: never the winner</source>
        <translation>FP32 の基準に対する精度は未計測: 勝者にはならない</translation>
    </message>
    <message>
        <source>%1 was asked for too; it could not run, so %2 ran in its place: this same run, listed once.</source>
        <translation>%1 も指定されたが実行できず、代わりに %2 が実行された。同じ実行なので 1 行にまとめた。</translation>
    </message>
    <message>
        <source>%1 was asked for too; it could not run, so %2 ran in its place in a run of its own: median %3 ms over %4 iterations.</source>
        <translation>%1 も指定されたが実行できず、代わりに %2 が別の実行で動いた: %4 反復で中央値 %3 ms。</translation>
    </message>
    <message>
        <source>%1 was asked for too; it could not run, so %2 ran in its place.</source>
        <translation>%1 も指定されたが実行できず、代わりに %2 が実行された。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ResultsView</name>
    <message>
        <source>&amp;Copy</source>
        <translation>コピー(&amp;C)</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RooflineChart</name>
    <message>
        <source>compute-bound</source>
        <translation>演算律速</translation>
    </message>
    <message>
        <source>memory-bound</source>
        <translation>メモリ律速</translation>
    </message>
    <message>
        <source>launch/host-bound</source>
        <translation>起動／ホスト律速</translation>
    </message>
    <message>
        <source>mixed (near the ridge)</source>
        <translation>混在（リッジ付近）</translation>
    </message>
    <message>
        <source>bound not known</source>
        <translation>律速要因は不明</translation>
    </message>
    <message>
        <source>arithmetic intensity (FLOPs per byte moved, log scale)</source>
        <translation>演算強度（移動 1 バイトあたりの FLOP、対数目盛）</translation>
    </message>
    <message>
        <source>achieved TFLOP/s (log scale)</source>
        <translation>達成 TFLOP/s（対数目盛）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 TFLOP/s · %3 GB/s · %4 FLOP/B</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 TFLOP/s · %3 GB/s · %4 FLOP/B</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 % of the %2 ceiling (%3 TFLOP/s), %4 % of the copy bandwidth</source>
        <translation>&lt;br&gt;%2 の上限（%3 TFLOP/s）の %1 %、コピー帯域の %4 %</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 GFLOP and %2 MB per iteration, median %3</source>
        <translation>&lt;br&gt;1 反復あたり %1 GFLOP・%2 MB、中央値 %3</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;: %2</source>
        <translation>&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;：%2</translation>
    </message>
    <message>
        <source>&lt;br&gt;work: the eager count of %1%2 (this config&apos;s operators are not observed)</source>
        <translation>&lt;br&gt;仕事量：%1 の eager 計数%2（この設定の演算子は観測されません）</translation>
    </message>
    <message>
        <source>, bytes rescaled</source>
        <translation>、バイト数は換算</translation>
    </message>
    <message>
        <source>%1 (eager count)</source>
        <translation>%1（eager 計数）</translation>
    </message>
    <message>
        <source>%1 roof: %2 TFLOP/s%3</source>
        <translation>%1 の上限：%2 TFLOP/s%3</translation>
    </message>
    <message>
        <source> (datasheet %1)</source>
        <translation>（データシート %1）</translation>
    </message>
    <message>
        <source>No config placed yet: each one is placed when it finishes</source>
        <translation>まだ設定が配置されていません：各設定は終了時に配置されます</translation>
    </message>
    <message>
        <source>Needs a session run with the roofline on (inferscope-cli profile/sweep --roofline)</source>
        <translation>ルーフラインを有効にして実行したセッションが必要です（inferscope-cli profile/sweep --roofline）</translation>
    </message>
    <message>
        <source>The race recorded no roofline for its answer %1: profile it with the roofline on (inferscope-cli profile --config %1 --roofline)</source>
        <translation>レースは答え %1 のルーフラインを記録していません。ルーフラインを有効にしてプロファイルしてください（inferscope-cli profile --config %1 --roofline）</translation>
    </message>
    <message>
        <source>The race&apos;s answer %1 — %2</source>
        <translation>レースの答え %1 — %2</translation>
    </message>
    <message>
        <source>%1 configs</source>
        <translation>%1 設定</translation>
    </message>
    <message>
        <source> · ceilings of %1 measured %2 · copy %3 GB/s</source>
        <translation> · %1 の上限は %2 に測定 · コピー %3 GB/s</translation>
    </message>
    <message>
        <source> · no ceilings in this session</source>
        <translation> · このセッションには上限がありません</translation>
    </message>
    <message>
        <source> · hollow dot: work from an eager config&apos;s count</source>
        <translation> · 白抜きの点：仕事量は eager 設定の計数から</translation>
    </message>
    <message>
        <source>Roofline: achieved TFLOP/s vs arithmetic intensity</source>
        <translation>ルーフライン：達成 TFLOP/s と演算強度</translation>
    </message>
    <message>
        <source>★ %1 (the race&apos;s answer)</source>
        <translation>★ %1（レースの答え）</translation>
    </message>
    <message>
        <source>The race&apos;s answer %1</source>
        <translation>レースの答え %1</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RunSetupPanel</name>
    <message>
        <source>CPU — %1</source>
        <translation>CPU — %1</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>バッチ</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>guide — the guide&apos;s combinations for this device</source>
        <translation>ガイド — このデバイス向けのガイドの組み合わせ</translation>
    </message>
    <message>
        <source>grid — every precision × layout × compile × cuDNN</source>
        <translation>グリッド — 精度 × レイアウト × コンパイル × cuDNN のすべて</translation>
    </message>
    <message>
        <source>custom — the checked configs</source>
        <translation>カスタム — チェックした設定</translation>
    </message>
    <message>
        <source>Trace kernels (CUDA)</source>
        <translation>カーネルをトレース（CUDA）</translation>
    </message>
    <message>
        <source>CUPTI window over the first warm-up and steady iterations: fills the Kernels tab.
Only on a CUDA device; the iterations after the window run untraced.</source>
        <translation>最初のウォームアップ反復と定常反復にわたる CUPTI の区間: カーネルタブに表示する。
CUDA デバイスのみ。区間の後の反復はトレースなしで実行する。</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>計画</translation>
    </message>
    <message>
        <source>Iterations run first and shown, never part of the statistics</source>
        <translation>最初に実行して表示する反復。統計には含めない</translation>
    </message>
    <message>
        <source>Measured iterations per config</source>
        <translation>設定ごとの計測反復数</translation>
    </message>
    <message>
        <source>Compare outputs with FP32</source>
        <translation>出力を FP32 と比較</translation>
    </message>
    <message>
        <source>Adaptive stop (median ±1 %)</source>
        <translation>適応停止（中央値 ±1 %）</translation>
    </message>
    <message>
        <source>Adaptive stopping: each config runs until its steady median&apos;s 95 % CI is within ±1 % (at least 100 iterations), with warm-up + measured as its budget. The chart marks the provisional steady start while it runs.</source>
        <translation>適応停止: 各設定は定常中央値の 95 % CI が ±1 % 以内になるまで実行する（最低 100 反復）。予算はウォームアップ + 計測反復。実行中は暫定の定常開始をグラフに表示する。</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>ウォームアップ</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>計測</translation>
    </message>
    <message>
        <source>Iterations per config</source>
        <translation>設定ごとの反復数</translation>
    </message>
    <message>
        <source>%1
Input %2</source>
        <translation>%1
入力 %2</translation>
    </message>
    <message>
        <source>This session: %1
Input %2</source>
        <translation>このセッション: %1
入力 %2</translation>
    </message>
    <message>
        <source>This session&apos;s model: %1 (%2, not a zoo model)
Input %3</source>
        <translation>このセッションのモデル: %1（%2、Zoo モデルではありません）
入力 %3</translation>
    </message>
    <message>
        <source>the model&apos;s example inputs</source>
        <translation>モデルの入力例</translation>
    </message>
    <message>
        <source>1 LibTorch thread</source>
        <translation>LibTorch スレッド 1 本</translation>
    </message>
    <message>
        <source>%1 LibTorch threads</source>
        <translation>LibTorch スレッド %1 本</translation>
    </message>
    <message>
        <source>compute capability %1 · %2 · %3 GiB</source>
        <translation>compute capability %1 · %2 · %3 GiB</translation>
    </message>
    <message>
        <source>%1
Not on this device: %2</source>
        <translation>%1
このデバイスでは不可: %2</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>1 config · est. %1</source>
        <translation>1 設定 · 見積もり %1</translation>
    </message>
    <message>
        <source>%1 configs · est. %2</source>
        <translation>%1 設定 · 見積もり %2</translation>
    </message>
    <message>
        <source>configs × (warm-up + measured) × %1 ms per iteration (%2); excludes model loading and compilation</source>
        <translation>設定数 ×（ウォームアップ + 計測）× 反復あたり %1 ms（%2）。モデルの読み込みとコンパイルは含まない</translation>
    </message>
    <message>
        <source>from the last run</source>
        <translation>前回の実行から</translation>
    </message>
    <message>
        <source>conservative default</source>
        <translation>控えめな既定値</translation>
    </message>
    <message>
        <source>File…</source>
        <translation>ファイル…</translation>
    </message>
    <message>
        <source>Run your own model: a Python entry point (.py, a function returning the model and its example inputs) or an ExportedProgram (.pt2)</source>
        <translation>自分のモデルを実行: Python エントリポイント（.py、モデルと入力例を返す関数）または ExportedProgram（.pt2）</translation>
    </message>
    <message>
        <source>Python entry point %1:%2, built by your code in the Python worker
Input: the example inputs it returns</source>
        <translation>Python エントリポイント %1:%2（あなたのコードが Python ワーカー内で構築）
入力: 関数が返す入力例</translation>
    </message>
    <message>
        <source>ExportedProgram %1, run in the Python worker
Input: its stored example inputs</source>
        <translation>ExportedProgram %1（Python ワーカーで実行）
入力: 保存されている入力例</translation>
    </message>
    <message>
        <source>The batch of a model file is its example inputs&apos; batch</source>
        <translation>モデルファイルのバッチは入力例のバッチです</translation>
    </message>
    <message>
        <source>Roofline (FLOPs and bytes)</source>
        <translation>ルーフライン（FLOP 数とバイト数）</translation>
    </message>
    <message>
        <source>Counts each config&apos;s FLOPs and bytes (one extra, untimed forward per config) and places it under the device&apos;s measured ceilings: fills the Roofline tab, as inferscope-cli profile --roofline does.</source>
        <translation>各構成の FLOP 数とバイト数を数え（構成ごとに計測しない順伝播を 1 回追加）、デバイスで測定した上限の下に配置します。inferscope-cli profile --roofline と同じく「ルーフライン」タブを埋めます。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::RunStatusBar</name>
    <message>
        <source>Cancel</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>Stop opening the file; the window keeps what it shows</source>
        <translation>ファイルを開くのを中止する。ウィンドウは表示中の内容を保つ</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>opening %1…</source>
        <translation>%1 を開いています…</translation>
    </message>
    <message>
        <source>config %1 of %2</source>
        <translation>設定 %1 / %2</translation>
    </message>
    <message>
        <source>iteration %1/%2</source>
        <translation>反復 %1/%2</translation>
    </message>
    <message>
        <source>preparing</source>
        <translation>準備中</translation>
    </message>
    <message>
        <source>%1 elapsed</source>
        <translation>経過 %1</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>取り消し中…</translation>
    </message>
    <message>
        <source>finished · %1 · %2</source>
        <translation>終了 · %1 · %2</translation>
    </message>
    <message>
        <source>cancelled · %1 · %2</source>
        <translation>取り消し · %1 · %2</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失敗: %1</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::SessionExportController</name>
    <message>
        <source>Export Chart as &amp;PNG…</source>
        <translation>グラフを PNG でエクスポート(&amp;P)…</translation>
    </message>
    <message>
        <source>Export Chart as P&amp;DF…</source>
        <translation>グラフを PDF でエクスポート(&amp;D)…</translation>
    </message>
    <message>
        <source>Samples as &amp;CSV…</source>
        <translation>サンプルを CSV で(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Chrome Trace of Selected Config…</source>
        <translation>選択した設定の Chrome トレース(&amp;C)…</translation>
    </message>
    <message>
        <source>Session &amp;JSON…</source>
        <translation>セッション JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Open &amp;Autosaved Run</source>
        <translation>自動保存された実行を開く(&amp;A)</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>破棄</translation>
    </message>
    <message>
        <source>Select a finished config in the results table</source>
        <translation>結果の表で終了した設定を選択してください</translation>
    </message>
    <message>
        <source>%1 has no trace window: Chrome traces come from live runs with “Trace kernels (CUDA)” (session files keep the aggregates and a few iterations of the timeline, not the window)</source>
        <translation>%1 にはトレース区間がない: Chrome トレースは「カーネルをトレース（CUDA）」付きのその場の実行から得られる（セッションファイルには集計とタイムラインの数反復だけが残り、区間そのものは残らない）</translation>
    </message>
    <message>
        <source>Chrome/Perfetto trace of %1</source>
        <translation>%1 の Chrome/Perfetto トレース</translation>
    </message>
    <message>
        <source>chart exported to %1</source>
        <translation>グラフを %1 にエクスポートしました</translation>
    </message>
    <message>
        <source>could not write %1 (is the folder writable?)</source>
        <translation>%1 に書き込めませんでした（フォルダは書き込み可能ですか？）</translation>
    </message>
    <message>
        <source>%1 samples exported to %2</source>
        <translation>%1 個のサンプルを %2 にエクスポートしました</translation>
    </message>
    <message>
        <source>No trace window to export: select a config traced in this run.</source>
        <translation>エクスポートするトレース区間がありません: この実行でトレースした設定を選択してください。</translation>
    </message>
    <message>
        <source>Chrome trace of %1 written to %2 (open in ui.perfetto.dev)</source>
        <translation>%1 の Chrome トレースを %2 に書き出しました（ui.perfetto.dev で開く）</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Chrome trace JSON (*.json)</source>
        <translation>Chrome トレース JSON (*.json)</translation>
    </message>
    <message>
        <source>InferScope sessions (*.inferscope.json)</source>
        <translation>InferScope セッション (*.inferscope.json)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>エクスポート</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文書 (*.pdf)</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>グラフをエクスポート</translation>
    </message>
    <message>
        <source>autosave failed: %1</source>
        <translation>自動保存に失敗しました: %1</translation>
    </message>
    <message>
        <source>A run did not finish last time; its results so far were autosaved. Run → Open Autosaved Run opens them (%1).</source>
        <translation>前回、実行が終わりませんでした。それまでの結果は自動保存されています。「実行 → 自動保存された実行を開く」で開けます（%1）。</translation>
    </message>
    <message>
        <source>⚠ Results of an unfinished run were autosaved (%1).</source>
        <translation>⚠ 終わらなかった実行の結果が自動保存されました（%1）。</translation>
    </message>
    <message>
        <source>this page has no chart to export; File → Save keeps the whole session</source>
        <translation>このページにはエクスポートするグラフがありません。ファイル → 保存でセッション全体を保存できます</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ShapesView</name>
    <message>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>バッチ</translation>
    </message>
    <message>
        <source>config</source>
        <translation>構成</translation>
    </message>
    <message>
        <source>median ms</source>
        <translation>中央値 ms</translation>
    </message>
    <message>
        <source>&lt;b&gt;Per shape, the fastest safe config&lt;/b&gt; (a router&apos;s table)</source>
        <translation>&lt;b&gt;形状ごとの安全で最速の構成&lt;/b&gt;（ルーターの表）</translation>
    </message>
    <message>
        <source>latency per item (ms)</source>
        <translation>1 件あたりのレイテンシ（ms）</translation>
    </message>
    <message>
        <source>throughput (items/s)</source>
        <translation>スループット（items/s）</translation>
    </message>
    <message>
        <source>peak memory (MiB)</source>
        <translation>ピークメモリ（MiB）</translation>
    </message>
    <message>
        <source>batch size (log₂ scale)</source>
        <translation>バッチサイズ（log₂ 目盛）</translation>
    </message>
    <message>
        <source>No shape set in this session: measure one with &lt;tt&gt;inferscope-cli sweep --batch 1,8,32&lt;/tt&gt; (or &lt;tt&gt;--dims&lt;/tt&gt;, &lt;tt&gt;--max-batch&lt;/tt&gt;) and open its file.</source>
        <translation>このセッションに形状セットはない: &lt;tt&gt;inferscope-cli sweep --batch 1,8,32&lt;/tt&gt;（または &lt;tt&gt;--dims&lt;/tt&gt;、&lt;tt&gt;--max-batch&lt;/tt&gt;）で測定し、そのファイルを開いてください。</translation>
    </message>
    <message>
        <source>(Answers derived on opening: this file was written before sessions kept them.)</source>
        <translation>（答えは開いたときに導出: このファイルはセッションが答えを保存する前に書かれた。）</translation>
    </message>
    <message>
        <source>◆ knee B=%1</source>
        <translation>◆ ニー B=%1</translation>
    </message>
    <message>
        <source>%1: largest batch %2</source>
        <translation>%1: 最大バッチ %2</translation>
    </message>
    <message>
        <source>(none ran safely)</source>
        <translation>（安全に動いた構成なし）</translation>
    </message>
    <message>
        <source>uniform over the shapes</source>
        <translation>形状に一様</translation>
    </message>
    <message>
        <source>mix %1</source>
        <translation>配分 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt;: the mix %1 names a shape this session did not measure.</source>
        <translation>&lt;b&gt;全形状に一つの構成&lt;/b&gt;: 配分 %1 は、このセッションで測定していない形状を指している。</translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): none ran safely at every shape.</source>
        <translation>&lt;b&gt;全形状に一つの構成&lt;/b&gt;（%1）: すべての形状で安全に動いた構成はない。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>out of memory at %1</source>
        <translation>%1 でメモリ不足</translation>
    </message>
    <message>
        <source>no out-of-memory stop up to %1</source>
        <translation>%1 までメモリ不足なし</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2): &lt;b&gt;%3&lt;/b&gt; — %4; %n probe(s), ended: %5</source>
        <translation>
            <numerusform>%1（%2）: &lt;b&gt;%3&lt;/b&gt; — %4、試行 %n 回、終了理由: %5</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Largest batch per config&lt;/b&gt; (doubling from %1, then bisection; limit %2; each probe a whole run through the out-of-memory path):</source>
        <translation>&lt;b&gt;構成ごとの最大バッチ&lt;/b&gt;（%1 から倍々に増やし、その後二分探索。上限 %2。各試行はメモリ不足の経路を通る 1 回の実行）:</translation>
    </message>
    <message>
        <source>Throughput across batch sizes</source>
        <translation>バッチサイズごとのスループット</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n shapes&lt;/b&gt;, each a whole run of the plan. ◆ knee: the smallest batch reaching %1 % of the config&apos;s peak items/s; past it, a larger batch buys little throughput and every request waits longer.</source>
        <translation>
            <numerusform>&lt;b&gt;%n 個の形状&lt;/b&gt;、それぞれプラン全体を 1 回実行。◆ ニー: 構成のピーク items/s の %1 % に達する最小のバッチ。これを超えると、バッチを大きくしてもスループットはほとんど増えず、どのリクエストも長く待つ。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;One config for every shape&lt;/b&gt; (%1): ★ &lt;b&gt;%2&lt;/b&gt;, weighted median %3, ×%4 of the router&apos;s %5.</source>
        <translation>&lt;b&gt;全形状に一つの構成&lt;/b&gt;（%1）: ★ &lt;b&gt;%2&lt;/b&gt;、加重中央値 %3、ルーターの %5 の ×%4。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::SpeedAccuracyChart</name>
    <message>
        <source>relative L2 error vs FP32 (log scale)</source>
        <translation>FP32 に対する相対 L2 誤差（対数軸）</translation>
    </message>
    <message>
        <source>%1 (unsafe)</source>
        <translation>%1（安全でない）</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>パレートフロント</translation>
    </message>
    <message>
        <source>= FP32</source>
        <translation>= FP32</translation>
    </message>
    <message>
        <source>★ %1 (the race&apos;s answer)</source>
        <translation>★ %1（レースの答え）</translation>
    </message>
    <message>
        <source>Needs finished configs with “Compare outputs with FP32” on</source>
        <translation>「出力を FP32 と比較」をオンにして終了した設定が必要です</translation>
    </message>
    <message>
        <source>%1 configs · %2 on the Pareto front · %3 unsafe (grey ✕, reason on hover)</source>
        <translation>%1 設定 · パレートフロント上 %2 · 安全でない %3（灰色の ✕、理由はマウスを合わせると表示）</translation>
    </message>
    <message>
        <source>0 (identical to FP32)</source>
        <translation>0（FP32 と同一）</translation>
    </message>
    <message>
        <source>&lt;br&gt;on the Pareto front</source>
        <translation>&lt;br&gt;パレートフロント上</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;unsafe:&lt;/b&gt; %1</source>
        <translation>&lt;br&gt;&lt;b&gt;安全でない:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>top-1 classes changed vs FP32 (share of rows, log scale)</source>
        <translation>FP32 から top-1 クラスが変わった行の割合（対数目盛）</translation>
    </message>
    <message>
        <source>1 − cosine similarity to FP32 (log scale)</source>
        <translation>1 − FP32 とのコサイン類似度（対数目盛）</translation>
    </message>
    <message>
        <source>speed-up over the reference (×, 95 % CI)</source>
        <translation>基準に対する高速化（×、95 % CI）</translation>
    </message>
    <message>
        <source>speed-up over %1 (×, 95 % CI)</source>
        <translation>%1 に対する高速化（×、95 % CI）</translation>
    </message>
    <message>
        <source>Speed-up vs deviation from FP32</source>
        <translation>高速化と FP32 からのずれ</translation>
    </message>
    <message>
        <source>Speed-up over %1 vs deviation from FP32</source>
        <translation>%1 に対する高速化と FP32 からのずれ</translation>
    </message>
    <message>
        <source>t, in the unit of the metric that judges this output: the share of rows whose top-1 class changed (classifiers; their relative L2 error may reach 10·t), 1 − cosine similarity (other outputs), or the relative L2 error. Over it a config counts as unsafe.</source>
        <translation>t はこの出力を判定する指標の単位: top-1 クラスが変わった行の割合（分類器。相対 L2 誤差は 10·t まで）、1 − コサイン類似度（その他の出力）、または相対 L2 誤差。これを超える設定は安全でないとみなす。</translation>
    </message>
    <message>
        <source>Tolerance t</source>
        <translation>許容値 t</translation>
    </message>
    <message>
        <source>%1 (cannot be judged)</source>
        <translation>%1（判定不能）</translation>
    </message>
    <message>
        <source>tolerance t = %1</source>
        <translation>許容値 t = %1</translation>
    </message>
    <message>
        <source> · %1 with accuracy not measured (not drawn)</source>
        <translation> · 精度未計測 %1（描画なし）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;speed-up %2× over %3 (95 % CI %4–%5×)&lt;br&gt;judged: %6&lt;br&gt;rel. L2 error %7</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%3 に対する高速化 %2×（95 % CI %4–%5×）&lt;br&gt;判定: %6&lt;br&gt;相対 L2 誤差 %7</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::SteadyStateText</name>
    <message>
        <source>flat from the start</source>
        <translation>最初から平坦</translation>
    </message>
    <message>
        <source>flat from iteration %1</source>
        <translation>反復 %1 から平坦</translation>
    </message>
    <message>
        <source>steady from iteration %1</source>
        <translation>反復 %1 から定常</translation>
    </message>
    <message>
        <source>slows down at iteration %1</source>
        <translation>反復 %1 で遅くなる</translation>
    </message>
    <message>
        <source>drifts from iteration %1</source>
        <translation>反復 %1 からドリフト</translation>
    </message>
    <message>
        <source>switches %1 / %2 ms</source>
        <translation>%1 / %2 ms を行き来する</translation>
    </message>
    <message>
        <source>no steady state</source>
        <translation>定常状態なし</translation>
    </message>
    <message>
        <source>%1 from iteration %2</source>
        <translation>反復 %2 から %1</translation>
    </message>
    <message>
        <source> (unsure)</source>
        <translation>（不確か）</translation>
    </message>
    <message>
        <source>order statistics</source>
        <translation>順序統計量</translation>
    </message>
    <message>
        <source>block bootstrap</source>
        <translation>ブロックブートストラップ</translation>
    </message>
    <message>
        <source>range of the values</source>
        <translation>値の範囲</translation>
    </message>
    <message>
        <source>no interval</source>
        <translation>区間なし</translation>
    </message>
    <message>
        <source>Flat: no warm-up trend was found; statistics from iteration %1.</source>
        <translation>平坦: ウォームアップの傾向は見つからなかった。統計は反復 %1 から。</translation>
    </message>
    <message>
        <source>Warm-up detected: latency settles at iteration %1; the %2 iterations before it are left out.</source>
        <translation>ウォームアップを検出: レイテンシは反復 %1 で落ち着く。それより前の %2 反復は除外する。</translation>
    </message>
    <message>
        <source>Slowdown: a later level is slower than an earlier one (throttling?); statistics from iteration %1.</source>
        <translation>減速: 後の水準が前より遅い（スロットリング？）。統計は反復 %1 から。</translation>
    </message>
    <message>
        <source>Drift: latency keeps trending from iteration %1; the median describes a moving level.</source>
        <translation>ドリフト: レイテンシは反復 %1 から傾向を持ち続ける。中央値は動いている水準を表す。</translation>
    </message>
    <message>
        <source>Switching: the series alternates between %1 ms and %2 ms, %3 % of the steady iterations at the slow level (runs of %4 iterations on average).</source>
        <translation>切り替わり: 系列は %1 ms と %2 ms を行き来し、定常反復の %3 % が遅い水準にある（平均 %4 反復の連続）。</translation>
    </message>
    <message>
        <source>No steady state: the last level is too short to measure; statistics over what there is.</source>
        <translation>定常状態なし: 最後の水準が短すぎて測れない。統計はあるものすべてで計算。</translation>
    </message>
    <message>
        <source>%1 iterations after the configured warm-up of %2 are excluded (drawn hollow on the Latency chart).</source>
        <translation>設定したウォームアップ %2 回の後の %1 反復を除外した（レイテンシのグラフで白抜き）。</translation>
    </message>
    <message>
        <source>Low confidence: two detection methods disagree on where steady state starts.</source>
        <translation>信頼度が低い: 2 つの検出法で定常状態の始まりが一致しない。</translation>
    </message>
    <message>
        <source>Median 95 % CI %1 – %2 ms (%3).</source>
        <translation>中央値の 95 % CI %1 – %2 ms（%3）。</translation>
    </message>
    <message>
        <source>%1 outliers flagged, none dropped.</source>
        <translation>外れ値 %1 個に印を付けた（除外はしていない）。</translation>
    </message>
    <message>
        <source>Stopped: %1.</source>
        <translation>停止: %1。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::TrustPrompt</name>
    <message>
        <source>Trust this model file?</source>
        <translation>このモデルファイルを信頼しますか？</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>SHA-256: &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>SHA-256: &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>Trust and run</source>
        <translation>信頼して実行</translation>
    </message>
    <message>
        <source>Running a model file runs its author&apos;s code with your rights. A Python file (an entry point) is imported and run by InferScope&apos;s Python worker, and an ExportedProgram is loaded there by PyTorch; a TorchScript file&apos;s graph can read and overwrite your files, and a damaged or crafted one can crash InferScope; an AOTInductor package is a native library that is loaded into InferScope. Until you trust it, nothing of the file is read but this hash. Trust this file only if you trust where it came from.&lt;br&gt;&lt;br&gt;InferScope remembers this exact content (by its hash) for the GUI and the command line; if the file changes, it asks again. &lt;code&gt;inferscope-cli trust --list&lt;/code&gt; and &lt;code&gt;--revoke&lt;/code&gt; manage the list.</source>
        <translation>モデルファイルを実行すると、その作者のコードがあなたの権限で実行されます。Python ファイル（エントリポイント）は InferScope の Python ワーカーが import して実行し、ExportedProgram はそこで PyTorch が読み込みます。TorchScript ファイルのグラフはあなたのファイルを読み書きでき、壊れたものや細工されたものは InferScope をクラッシュさせることがあります。AOTInductor パッケージは InferScope に読み込まれるネイティブライブラリです。信頼するまで、このハッシュ以外にファイルの内容は読まれません。出所を信頼できる場合に限り、このファイルを信頼してください。&lt;br&gt;&lt;br&gt;InferScope はこの内容（ハッシュ）を GUI とコマンドラインのために記憶します。ファイルが変わると再び確認します。一覧は &lt;code&gt;inferscope-cli trust --list&lt;/code&gt; と &lt;code&gt;--revoke&lt;/code&gt; で管理できます。</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ValidationPage</name>
    <message>
        <source>Validate on this device</source>
        <translation>このデバイスで検証</translation>
    </message>
    <message>
        <source>Open as session</source>
        <translation>セッションとして開く</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>検証</translation>
    </message>
    <message>
        <source>The tuner races the whole space on this device, starting from the recommendation; the finalists run in fresh processes, and the fastest safe config wins.</source>
        <translation>チューナーは推奨から始めて、このデバイスで空間全体を競わせる。決勝は新しいプロセスで実行し、最速の安全な設定が勝つ。</translation>
    </message>
    <message>
        <source>Tunes %1 on %2 in this program, seeded with %3.</source>
        <translation>%2 で %1 をこのプログラム内でチューニングする（%3 から開始）。</translation>
    </message>
    <message>
        <source>Checking needs the real device: this recommendation is for a simulated %1. Go back and pick this machine&apos;s device to measure.</source>
        <translation>確認には実際のデバイスが必要: この推奨はシミュレートした %1 向けです。戻ってこのマシンのデバイスを選ぶと計測できます。</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>計測中…</translation>
    </message>
    <message>
        <source>&lt;b&gt;No safe winner&lt;/b&gt; (exit %1): %2</source>
        <translation>&lt;b&gt;安全な勝者なし&lt;/b&gt;（終了コード %1）: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; → %2&lt;br&gt;%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; → %2&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation>確認済み</translation>
    </message>
    <message>
        <source>switched</source>
        <translation>切り替え</translation>
    </message>
    <message>
        <source>Not checked: %1 was not trusted, and nothing of it ran</source>
        <translation>確認していません: %1 は信頼されず、その内容は何も実行されていません</translation>
    </message>
    <message>
        <source>the CPU</source>
        <translation>CPU</translation>
    </message>
</context>
<context>
    <name>inferscope::gui::ValueFormat</name>
    <message>
        <source>driver</source>
        <translation>ドライバ</translation>
    </message>
</context>
</TS>
