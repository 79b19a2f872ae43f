#include "text/answer_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <exception>
#include <utility>

#include "core/analysis/fork_analysis.h"
#include "core/engine/config_result.h"

namespace inferscope::text {
namespace {

// Below 1 % in tenths: "±0 %" would read as no interval at all.
std::string pct(double share) {
  return share < 0.01 ? fmt::format("{:.1f} %", 100 * share) : fmt::format("{:.0f} %", 100 * share);
}

std::string ms(double value) {
  return fmt::format("{:.4g}", value);
}

// A list as the language writes it.
std::string joined(const std::vector<std::string>& items, Lang lang) {
  return fmt::format("{}", fmt::join(items, lang == Lang::Ja ? "、" : ", "));
}

std::string sentences(const std::vector<std::string>& items, Lang lang) {
  return fmt::format("{}", fmt::join(items, lang == Lang::Ja ? "。" : "; "));
}

}  // namespace

const std::vector<CatalogueEntry>& catalogue() {
  // Ids: "reason.<code>[.<variant>]" for the reasons, the rest by what they render.
  static const std::vector<CatalogueEntry> kEntries = {
      {"reason.not-confirmed", "not confirmed in fresh processes",
       "新しいプロセスでは確認されていません"},
      {"reason.not-confirmed.no-time-for-forks",
       "not confirmed in fresh processes: the budget left no time for them (raise --budget-s)",
       "新しいプロセスでは確認されていません: 予算に確認の時間が残りませんでした"
       " (--budget-s を増やしてください)"},
      {"reason.not-confirmed.forks-for-leader-only",
       "not confirmed in fresh processes: the budget left them for the leader only, and this "
       "config matched it in this process (raise --budget-s)",
       "新しいプロセスでは確認されていません: 予算は先頭の構成の確認にしか残らず、"
       "この構成は同じプロセス内では先頭と同等でした (--budget-s を増やしてください)"},
      {"reason.not-confirmed.second-process-cut",
       "not confirmed in fresh processes: the budget ended before its second process (raise "
       "--budget-s)",
       "新しいプロセスでは確認されていません: 2 つ目のプロセスの前に予算が尽きました"
       " (--budget-s を増やしてください)"},
      {"reason.unmeasured", "{count} of {total} candidates not measured",
       "候補 {total} 件のうち {count} 件は未測定です"},
      {"reason.late-rivals",
       "{keys} ran as fast after the finals and was not confirmed (raise --budget-s)",
       "{keys} は決勝の後に同等の速さで走りましたが、確認されていません"
       " (--budget-s を増やしてください)"},
      {"reason.cancelled", "the run was cancelled", "実行は取り消されました"},
      {"reason.rival-forked",
       "{key} was forked after the finals with the time left and ran faster across fresh processes "
       "than the finals' winner {over}",
       "{key} を決勝の後に残り時間で新しいプロセスで測り、決勝の勝者 {over} "
       "より速かったため答えとしました"},
      {"reason.prior-kept.confirmed",
       "the last confirmed answer {key} stands over {leader}, which ran slower across processes",
       "前回確認された答え {key} を維持します: {leader} はプロセスをまたぐと遅かったためです"},
      {"reason.prior-kept",
       "the last confirmed answer {key} stands over {leader}, which was not confirmed in fresh "
       "processes",
       "前回確認された答え {key} を維持します: {leader} "
       "は新しいプロセスで確認されていないためです"},
      {"reason.interval-wide",
       "the interval reaches ±{half_width_pct} % of the median (a final answer needs "
       "±{limit_pct} %)",
       "区間が中央値の ±{half_width_pct} % に及びます (確定には ±{limit_pct} % 以内が必要です)"},
      {"reason.processes-disagree", "its fresh processes disagree ({spread_pct} % apart)",
       "新しいプロセスどうしの結果が一致しません ({spread_pct} % の差)"},
      {"reason.reference-failed", "the FP32 reference {key} failed",
       "FP32 の基準 {key} が失敗しました"},
      {"reason.budget-no-winner",
       "{ran} candidates ran and none was clean and safe; {not_measured} were not measured "
       "(raise --budget-s)",
       "{ran} 件の候補を実行しましたが、正常かつ安全なものはありませんでした。"
       "{not_measured} 件は未測定です (--budget-s を増やしてください)"},
      {"reason.none-clean", "no candidate ran cleanly and safely: strict FP32 eager stands",
       "正常かつ安全に動いた候補はありません: 厳密な FP32 の eager 実行のままです"},
      {"reason.unrecorded", "saved before the reasons were recorded",
       "理由が記録されるより前に保存されたセッションです"},
      {"reason.tie", "tied with {keys}", "{keys} と同着です"},
      {"reason.tie.confirmed",
       "tied with {keys}; {winner} was picked as the one confirmed in fresh processes",
       "{keys} と同着です。新しいプロセスで確認された {winner} を選びました"},
      {"reason.tie.stable",
       "tied with {keys}; {winner} was picked as the one whose fresh processes agree",
       "{keys} と同着です。新しいプロセスどうしの結果が一致する {winner} を選びました"},
      {"reason.tie.within-margin",
       "tied with {keys}; {winner} was picked as the one within {margin_pct} % of the fastest "
       "level",
       "{keys} と同着です。最速の水準から {margin_pct} % 以内の {winner} を選びました"},
      {"reason.tie.prior-answer", "tied with {keys}; {winner}, the earlier run's answer, stays",
       "{keys} と同着です。前回の答えである {winner} のままとします"},
      {"reason.tie.fewer-moving-parts",
       "tied with {keys}; {winner} was picked as the one with fewer moving parts (compile mode), "
       "then the lower median",
       "{keys} と同着です。可動部分 (コンパイル方式) が少なく、次に中央値の低い {winner} "
       "を選びました"},
      {"reason.second-finals",
       "second finals: {key} led at {level} in this process, but its {processes} fresh processes "
       "ran it at {fresh_level}; the candidates screened out against it that ran faster here were "
       "raced again",
       "再決勝: {key} はこのプロセス内で {level} と先頭でしたが、{processes} "
       "個の新しいプロセスでは "
       "{fresh_level} でした。それに対して除外され、このプロセス内でより速かった候補を"
       "もう一度競わせました"},
      {"reason.torchscript-no-inductor",
       "a TorchScript file cannot reach Inductor (AOTInductor packages, torch.compile), which is "
       "often the fastest: save the model with `torch.export.save(torch.export.export(model, "
       "example_inputs), \"{stem}.pt2\")` and `tune --model-file {stem}.pt2`, or write a function "
       "that returns (model, example_inputs) and `tune --model-py FILE.py:FUNCTION`",
       "TorchScript ファイルは Inductor (AOTInductor パッケージ、torch.compile) を使えません。"
       "多くの場合それが最速です: `torch.export.save(torch.export.export(model, example_inputs), "
       "\"{stem}.pt2\")` でモデルを保存して `tune --model-file {stem}.pt2` を実行するか、"
       "(model, example_inputs) を返す関数を書いて `tune --model-py FILE.py:FUNCTION` "
       "を実行してください"},
      {"reason.accuracy-unjudgeable", "the FP32 reference cannot judge accuracy",
       "FP32 の基準では精度を判定できません"},
      {"reason.prior-not-kept", "not the last confirmed answer {key} ({source})",
       "前回確認された答え {key} とは異なります ({source})"},
      {"reason.prior-not-kept.not-a-candidate",
       "not the last confirmed answer {key} ({source}): it is no candidate of this run",
       "前回確認された答え {key} ({source}) ではありません: この実行の候補に含まれていません"},
      {"reason.prior-not-kept.not-measured-again",
       "not the last confirmed answer {key} ({source}): it could not be measured again",
       "前回確認された答え {key} ({source}) ではありません: 再測定できませんでした"},
      {"reason.prior-not-kept.failed",
       "not the last confirmed answer {key} ({source}): it failed this time",
       "前回確認された答え {key} ({source}) ではありません: 今回は失敗しました"},
      {"reason.prior-not-kept.unsafe",
       "not the last confirmed answer {key} ({source}): it was unsafe this time",
       "前回確認された答え {key} ({source}) ではありません: 今回は安全ではありませんでした"},
      {"reason.prior-not-kept.moved",
       "not the last confirmed answer {key} ({source}): its level moved, {prior_median_ms} ms "
       "then and {level} now",
       "前回確認された答え {key} ({source}) ではありません: 水準が変わりました (前回 "
       "{prior_median_ms} ms、今回 {level})"},
      {"reason.prior-not-kept.measured",
       "not the last confirmed answer {key} ({source}): it measured {level} now",
       "前回確認された答え {key} ({source}) ではありません: 今回の測定は {level} でした"},
      {"reason.still-compiling", "{keys} still compiling", "{keys} はまだコンパイル中です"},
      {"reason.still-compiling.recorded",
       "{keys} still compiling in the background; the next run uses the packages once done "
       "(`inferscope-cli tune --status` lists them, `tune --stop-compiles` stops them)",
       "{keys} はバックグラウンドでまだコンパイル中です。完成したパッケージは次の実行で使われます"
       " (`inferscope-cli tune --status` で一覧、`tune --stop-compiles` で停止)"},
      {"reason.roofline-unplaced", "Roofline not computed", "ルーフライン未計算"},
      {"reason.roofline-unplaced.python-model",
       "Roofline not computed: the model runs in the Python worker, whose operators the engine "
       "cannot observe",
       "ルーフライン未計算: モデルは Python ワーカーで動き、その演算をエンジンは観測できません"},
      {"reason.roofline-unplaced.aoti-package",
       "Roofline not computed: no work counted (an AOTInductor package runs no operators the "
       "engine "
       "can observe, and has no eager twin)",
       "ルーフライン未計算: 演算量を数えられません (AOTInductor パッケージの演算はエンジンから"
       "観測できず、対応する eager の構成もありません)"},
      {"reason.roofline-unplaced.aoti-winner",
       "Roofline not computed: no work counted (an AOTInductor package runs no operators the "
       "engine "
       "can observe; count the eager configs with `profile --roofline`)",
       "ルーフライン未計算: 演算量を数えられません (AOTInductor パッケージの演算はエンジンから"
       "観測できません。eager の構成を`profile --roofline`で数えてください)"},
      {"reason.roofline-unplaced.no-time",
       "Roofline not computed: nothing was left of the budget to count the winner's work (raise "
       "--budget-s)",
       "ルーフライン未計算: 勝者の演算量を数える予算が残りませんでした"
       " (--budget-s を増やしてください)"},
      {"reason.roofline-unplaced.pass-failed",
       "Roofline not computed: counting the winner's work failed ({detail})",
       "ルーフライン未計算: 勝者の演算量の計数に失敗しました ({detail})"},
      {"reason.roofline-unplaced.no-work", "Roofline not computed: no work counted ({key})",
       "ルーフライン未計算: {key} の演算量を数えられませんでした"},
      {"reason.roofline-unplaced.no-matmul-ceiling",
       "Roofline not computed: no measured {precision} matmul ceiling for this device",
       "ルーフライン未計算: このデバイスの {precision} 行列積の上限が計測されていません"},
      {"reason.roofline-unplaced.no-bandwidth",
       "Roofline not computed: no measured copy bandwidth for this device",
       "ルーフライン未計算: このデバイスのコピー帯域が計測されていません"},
      {"reason.roofline-unplaced.uncounted-ops",
       "Roofline not computed: no work counted (its operators are not counted, first: {op})",
       "ルーフライン未計算: 演算量を数えられません (数えられない演算があります。最初のもの: {op})"},
      {"reason.unknown", "{code} ({values})", "{code} ({values})"},

      // A race candidate's reason ("fate.<code>[.<variant>]"): values are config keys, levels
      // ("1.2 ms [1.1, 1.3]"), numbers, and what another part said as is (a failure's message,
      // the accuracy check's summary).
      {"fate.fallback", "{message} (the fallback {fallback} is measured as a candidate of its own)",
       "{message} (代替の {fallback} は別の候補として測定します)"},
      {"fate.failed", "{status}: {message}", "失敗しました ({status}): {message}"},
      {"fate.failed.bare", "{status}", "失敗しました ({status})"},
      {"fate.accuracy-not-measured",
       "accuracy not measured against the FP32 reference: measured for speed only, never the "
       "winner",
       "FP32 の基準と出力を比較していません: 速度のみ測定し、勝者にはなりません"},
      {"fate.unsafe", "{detail}", "安全ではありません: {detail}"},
      {"fate.accuracy", "{accuracy}", "精度: {accuracy}"},
      {"fate.slower", "slower: {level} vs the leader {leader} {leader_level}",
       "遅い: {level} (先頭の {leader} は {leader_level})"},
      {"fate.slower-contended",
       "slower: {level} vs the leader {leader} {leader_level} (beyond a {margin_pct} % margin: a "
       "compile shared the machine)",
       "遅い: {level} (先頭の {leader} は {leader_level}。コンパイルとマシンを共有していたため、"
       "{margin_pct} % の余裕を超えた差です)"},
      {"fate.late-no-winner", "measured after the finals, which had no winner to compare it with",
       "決勝の後に測定しましたが、比べる勝者がいませんでした"},
      {"fate.late-slower",
       "measured after the finals: slower than the winner {winner} in this process ({level} vs "
       "{winner_level})",
       "決勝の後に測定: このプロセス内で勝者 {winner} より遅い ({level} 対 {winner_level})"},
      {"fate.late-unconfirmed",
       "measured after the finals, {level} in this process against the winner's {winner_level}: "
       "not confirmed in fresh processes (raise --budget-s)",
       "決勝の後に測定: このプロセス内で {level} (勝者は {winner_level})。"
       "新しいプロセスでは確認されていません (--budget-s を増やしてください)"},
      {"fate.cancelled", "cancelled", "取り消されました"},
      {"fate.still-compiling",
       "not measured: its package was still compiling when the budget ran out (the next run "
       "measures it once it is compiled; or raise --budget-s)",
       "未測定: 予算が尽きた時点でパッケージはまだコンパイル中でした"
       " (次の実行でコンパイル後に測定します。または --budget-s を増やしてください)"},
      {"fate.ready-after-wait",
       "not measured: its package was ready after the wait for compiles ({wait_s} s) had ended; "
       "the next run finds it cached",
       "未測定: パッケージの完成がコンパイル待ち ({wait_s} s) の終了後でした。"
       "次の実行ではキャッシュから使われます"},
      {"fate.budget-out",
       "not measured: the budget ran out before it was reached ({spent_s} s of {budget_s} s spent)",
       "未測定: 順番が来る前に予算が尽きました ({budget_s} s のうち {spent_s} s を使用)"},
      {"fate.not-finalist.overlap",
       "not a finalist: {slower_pct} % slower than the leader ({level} vs {leader_level}); the "
       "intervals overlap, so this process could not tell them apart",
       "決勝に進みません: 先頭より {slower_pct} % 遅い ({level} 対 {leader_level})。"
       "区間が重なり、このプロセスでは区別できませんでした"},
      {"fate.not-finalist.fewer-places",
       "not a finalist: {slower_pct} % slower than the leader ({level} vs {leader_level}); the "
       "budget left fresh processes for fewer finalists",
       "決勝に進みません: 先頭より {slower_pct} % 遅い ({level} 対 {leader_level})。"
       "予算で新しいプロセスを割り当てられる決勝の枠が減りました"},
      {"fate.fresh-process", "in a fresh process: {detail}", "新しいプロセスで: {detail}"},
      {"fate.winner.across", "fastest safe config across {processes} fresh processes: {level}",
       "{processes} 個の新しいプロセスで最速かつ安全な構成: {level}"},
      {"fate.winner.in-process", "fastest safe config in this process: {level}",
       "このプロセス内で最速かつ安全な構成: {level}"},
      {"fate.tied.across", "tied with the winner across {processes} fresh processes: {level}",
       "{processes} 個の新しいプロセスで勝者と同着: {level}"},
      {"fate.tied.in-process", "tied with the winner in this process: {level}",
       "このプロセス内で勝者と同着: {level}"},
      {"fate.finalist-slower.across",
       "finalist, slower across {processes} fresh processes: {level} vs {winner_level}",
       "決勝に進み、{processes} 個の新しいプロセスで遅い: {level} 対 {winner_level}"},
      {"fate.finalist-slower.in-process",
       "finalist, slower in this process: {level} vs {winner_level}",
       "決勝に進み、このプロセス内で遅い: {level} 対 {winner_level}"},
      {"fate.second-finals",
       "in the second finals: it ran faster in this process than the winner of the first ran "
       "across fresh processes ({level} in this process, {fresh_level} across {processes} fresh "
       "processes)",
       "再決勝に進みます: 最初の決勝の勝者が新しいプロセスで出した速さより、このプロセス内で"
       "速く走りました (勝者はこのプロセス内で {level}、{processes} 個の新しいプロセスで "
       "{fresh_level})"},
      {"fate.late-fork-cut",
       "forked after the finals: the budget ended before its second fresh process ({level} in "
       "this process)",
       "決勝の後に新しいプロセスで測定: 2 つ目のプロセスの前に予算が尽きました"
       " (このプロセス内で {level})"},
      {"fate.late-fork-not-faster",
       "forked after the finals: {level} across {processes} fresh processes, not faster than the "
       "winner {winner} ({winner_level}) beyond {delta_pct} %",
       "決勝の後に新しいプロセスで測定: {processes} 個のプロセスで {level}。"
       "勝者 {winner} ({winner_level}) より {delta_pct} % を超えて速くはありません"},
      {"fate.winner-late",
       "fastest safe config across {processes} fresh processes: {level} (forked after the "
       "finals)",
       "{processes} 個の新しいプロセスで最速かつ安全な構成: {level} (決勝の後に測定)"},
      {"fate.prior-stands.slower",
       "ran at {fresh_median_ms} ms across {processes} fresh processes ({level} in this process), "
       "slower than the last confirmed answer {prior} across its processes; the last confirmed "
       "answer {prior} stands",
       "{processes} 個の新しいプロセスで {fresh_median_ms} ms (このプロセス内では {level}) "
       "で、前回確認された答え {prior} より遅かったため、{prior} を維持します"},
      {"fate.prior-stands.unconfirmed",
       "ran faster in this process ({level}) but could not be confirmed in fresh processes within "
       "the budget: the next run measures it first (or raise --budget-s); the last confirmed "
       "answer {prior} stands",
       "このプロセス内では速く走りました ({level}) が、予算内に新しいプロセスで確認できません"
       "でした。次の実行で最初に測定します (または --budget-s を増やしてください)。"
       "前回確認された答え {prior} を維持します"},
      {"fate.prior-answer", "the last confirmed answer ({prior_level}), measured again: {level}",
       "前回確認された答え ({prior_level}) を再測定: {level}"},
      {"fate.remembered", "remembered: {reason} ({remembered})",
       "記憶から: {reason} ({remembered})"},

      {"state.final", "final", "確定"},
      {"state.provisional", "provisional", "暫定"},
      {"state.no-winner", "no winner", "勝者なし"},
      {"state.cancelled", "cancelled", "取り消し"},
      {"mark.wide", "wide", "区間が広い"},
      {"mark.processes-disagree", "processes disagree", "プロセス間で不一致"},
      {"interval.across-processes", "across {processes} fresh processes",
       "新しいプロセス {processes} 個で測定"},
      {"interval.in-process", "in the tuner's process", "チューナーのプロセス内で測定"},
      {"answer.none", "none: strict FP32 eager stands",
       "なし: 厳密な FP32 の eager 実行のままです"},

      {"peer.ratio", "{ratio}× {key} ({winner_ms} against {peer_ms} ms, both {basis})",
       "{key} の {ratio} 倍 ({winner_ms} ms 対 {peer_ms} ms、どちらも{basis})"},
      {"peer.basis.across-processes", "across fresh processes", "新しいプロセスで測定"},
      {"peer.basis.in-process", "in the tuner's process", "チューナーのプロセス内で測定"},
      {"peer.unsafe", "torch.compile was unsafe", "torch.compile は安全ではありませんでした"},
      {"peer.is-winner", "the answer is torch.compile itself", "答えは torch.compile そのものです"},
      {"peer.no-candidate", "not compared: no torch.compile candidate in this run",
       "比較なし: この実行には torch.compile の候補がありません"},
      {"peer.failed", "not compared: its candidates failed",
       "比較なし: torch.compile の候補は失敗しました"},
      {"peer.unreached", "not compared: no torch.compile candidate was reached (raise --budget-s)",
       "比較なし: torch.compile の候補まで届きませんでした (--budget-s を増やしてください)"},

      {"missing.count", "{count} of {total} candidates ({families})",
       "候補 {total} 件のうち {count} 件 ({families})"},
      {"missing.budget", "--budget-s {budget_s} would reach them",
       "--budget-s {budget_s} で届きます"},
      {"missing.nothing", "nothing: every candidate was measured, pruned or failed",
       "なし: どの候補も測定済み、除外、失敗のいずれかです"},

      {"host.bound", "host-bound: the GPU waits for launches {share} of the time",
       "ホスト律速: GPU は時間の {share} をカーネル起動待ちに費やしています"},
      {"host.not-bound", "not host-bound (launch wait {share})",
       "ホスト律速ではありません (起動待ち {share})"},

      {"roofline.place", "{pct} % of the measured {precision} ceiling ({bound})",
       "計測した {precision} の上限の {pct} % ({bound})"},
      {"bound.compute", "compute-bound", "演算律速"},
      {"bound.memory", "memory-bound", "メモリ律速"},
      {"bound.launch-host", "launch- or host-bound", "起動またはホスト律速"},
      {"bound.mixed", "mixed", "混在"},

      {"label.answer", "Answer:", "答え:"},
      {"label.confidence", "Confidence:", "確かさ:"},
      {"label.peer", "vs torch.compile:", "torch.compile 比:"},
      {"label.missing", "Missing:", "未測定:"},
      {"label.roofline", "Roofline:", "ルーフライン:"},
      {"label.notes", "Notes:", "注記:"},
      {"label.logs", "logs:", "ログ:"},
      {"label.accuracy", "Accuracy:", "精度:"},

      {"summary.run",
       "{state} ({elapsed_s} s of a {budget_s} s budget, {rounds} in-process rounds)",
       "{state} (予算 {budget_s} s のうち {elapsed_s} s、プロセス内ラウンド {rounds} 回)"},
      {"summary.saved-race", "Tuned {what}: {state} ({elapsed_s} s of a {budget_s} s budget)",
       "チューニング結果 {what}: {state} (予算 {budget_s} s のうち {elapsed_s} s)"},
      {"summary.rules-agree", "Today's rules agree with the race.",
       "現在の規則はレースの結果と一致しています。"},
      {"summary.rules-differ", "Today's rules differ from the race ({count}):",
       "現在の規則はレースの結果と異なります ({count} 件):"},
      {"label.verdict", "Verdict:", "判定:"},
      {"validate.confirmed", "{key} confirmed on the device: {state}",
       "{key} はこのデバイスで確認されました: {state}"},
      {"validate.replaced", "the device overrules the table: {winner} replaces {key}: {state}",
       "デバイスでの測定が表の推奨を覆しました: {key} に代わり {winner}: {state}"},
      {"validate.no-winner", "no config beat {key} cleanly on the device: {state}",
       "このデバイスで {key} を正常に上回る構成はありませんでした: {state}"},
      {"summary.pruned",
       "Pruned before anything ran ({count} configs):", "実行前に除外した構成 ({count} 件):"},
      {"compiles.none", "No background compiles are running.",
       "実行中のバックグラウンドコンパイルはありません。"},
      {"compiles.none-in", "No background compiles are running (records: {dir}).",
       "実行中のバックグラウンドコンパイルはありません (記録: {dir})。"},
      {"compiles.left.one", "1 background compile left running by earlier tunes (records: {dir}):",
       "以前のチューニングが残したバックグラウンドコンパイルが 1 件実行中です (記録: {dir}):"},
      {"compiles.left",
       "{count} background compiles left running by earlier tunes (records: {dir}):",
       "以前のチューニングが残したバックグラウンドコンパイルが {count} 件実行中です (記録: "
       "{dir}):"},
      {"compiles.log", "log", "ログ"},
      {"compiles.next",
       "The next tune of the model uses each package once it is ready and confirms it. "
       "`inferscope-cli tune --stop-compiles` stops them all.",
       "次に同じモデルをチューニングするとき、準備のできたパッケージから使って確認します。"
       "すべて止めるには `inferscope-cli tune --stop-compiles` を実行してください。"},
      {"compiles.stopped",
       "stopped: {model} {key} (pid {pid}, {elapsed_s} s in); its package is compiled again by "
       "the next tune that needs it",
       "停止: {model} {key} (pid {pid}、開始から {elapsed_s} s)。そのパッケージは、次に必要と"
       "するチューニングで再びコンパイルされます"},
      {"eta.unknown", "{elapsed_s} s in; no compile of this run finished to say how long one takes",
       "開始から {elapsed_s} "
       "s。この実行ではまだコンパイルが終わっておらず、所要時間は分かりません"},
      {"eta.overdue", "{elapsed_s} s in, past this model's typical {typical_s} s: ready soon",
       "開始から {elapsed_s} s、このモデルの標準の {typical_s} s を超えました: まもなく完了します"},
      {"eta.left",
       "ready in about {left_s} s (a compile of this model took {typical_s} s; {elapsed_s} s in)",
       "あと約 {left_s} s で完了 (このモデルのコンパイルは {typical_s} s かかりました。"
       "開始から {elapsed_s} s)"},
      {"table.state", "state", "状態"},
      {"table.config", "config", "構成"},
      {"table.median-ms", "median ms", "中央値 ms"},
      {"table.interval-ms", "interval ms", "区間 ms"},
      {"table.compile-s", "compile s", "コンパイル s"},
      {"table.reason", "accuracy · reason", "精度 · 理由"},
      {"fork.label", "  across processes", "  プロセス間"},
      {"fork.next", "next process [{low_ms}, {high_ms}] ms",
       "次のプロセス [{low_ms}, {high_ms}] ms"},

      {"progress.start", "Tuning {model} on {device} · budget {budget_s} s · safe: {rule}",
       "{model} を {device} でチューニング · 予算 {budget_s} s · 安全の条件: {rule}"},
      {"progress.screening", "screening {count} candidates × {iterations} iterations",
       "候補 {count} 件を選別中 × {iterations} 回"},
      {"progress.round", "round {round}: {count} survivors × {iterations} iterations",
       "ラウンド {round}: 残り {count} 件 × {iterations} 回"},
      {"progress.finals", "finals: {keys} in {forks} fresh processes each",
       "決勝: {keys} をそれぞれ新しいプロセス {forks} 個で測定"},
      {"progress.compile", "compile {key} {state}: {path} ({elapsed_s} s)",
       "コンパイル {key} {state}: {path} ({elapsed_s} s)"},

      // Why the search space left a config out before anything ran ("prune.<code>"): the English
      // is core/tuner/search_space.cpp's and core/config/optimization_config.cpp's, word for word,
      // so that a saved race's sentence reads back as its message (prunedReasonText).
      {"prune.tc-needs-python-model",
       "torch.compile needs a model Python can rebuild: save it with torch.export.save (a .pt2 "
       "ExportedProgram) or pass --model-py FILE.py:FUNCTION (a TorchScript file cannot reach "
       "Inductor)",
       "torch.compile には Python で再構築できるモデルが必要です: torch.export.save で保存する "
       "(.pt2 の ExportedProgram) か --model-py FILE.py:FUNCTION を指定してください "
       "(TorchScript ファイルは Inductor を使えません)"},
      {"prune.tc-max-needs-flag",
       "torch.compile max-autotune takes minutes per compile: add --max-autotune to race it",
       "torch.compile の max-autotune は 1 回のコンパイルに数分かかります: "
       "競わせるには --max-autotune を付けてください"},
      {"prune.tc-casts-only",
       "torch.compile is raced on the FP16 and BF16 casts, where it is fastest; FP32, TF32 and "
       "autocast run eager and as AOTInductor packages",
       "torch.compile は最も速い FP16 と BF16 のキャストで競わせます。FP32、TF32、autocast は "
       "eager と AOTInductor パッケージで測ります"},
      {"prune.tc-no-cudnn-benchmark",
       "torch.compile candidates keep cuDNN's default algorithm choice; cuDNN benchmark is raced "
       "on the eager and AOTInductor configs",
       "torch.compile の候補は cuDNN の既定のアルゴリズム選択のままです。cuDNN benchmark は "
       "eager と AOTInductor の構成で競わせます"},
      {"prune.graph-python-model",
       "eager CUDA-graph capture of a model rebuilt in Python is torch.compile reduce-overhead's "
       "job (tc-ro) and the AOTInductor package's (aoti-graph)",
       "Python で再構築したモデルの CUDA graph 取り込みは torch.compile reduce-overhead (tc-ro) "
       "と AOTInductor パッケージ (aoti-graph) が受け持ちます"},
      {"prune.fp32-package",
       "a strict-FP32 package is the reference's numerics at a package's cost: its TF32 twin is "
       "raced",
       "厳密な FP32 のパッケージは基準と同じ数値をパッケージのコストで得るだけです: "
       "TF32 の対になる構成を競わせます"},
      {"prune.autocast-fp16-on-cpu",
       "autocast FP16 is a GPU setting: CPU autocast casts to BF16 (and few CPU kernels have "
       "FP16)",
       "autocast FP16 は GPU 向けの設定です: CPU の autocast は BF16 にキャストします "
       "(FP16 を持つ CPU カーネルはわずかです)"},
      {"prune.grad-mode", "inference_mode is never slower than no_grad or autograd",
       "inference_mode が no_grad や autograd より遅いことはありません"},
      {"prune.aoti-max",
       "max-autotune packages take minutes each to compile: outside a time-budgeted search",
       "max-autotune のパッケージはコンパイルにそれぞれ数分かかります: "
       "時間予算のある探索の対象外です"},
      {"prune.pt2-own-modes",
       "a .pt2 package runs as it was compiled: only its own modes (aoti, aoti-graph) apply",
       ".pt2 パッケージはコンパイルされたとおりに動きます: 使えるのはそれ自身の方式 "
       "(aoti、aoti-graph) だけです"},
      {"prune.pt2-precision",
       "a .pt2 package's precision was fixed when it was compiled: its inputs run as given",
       ".pt2 パッケージの精度はコンパイル時に決まっています: 入力は与えられたまま使います"},
      {"prune.pt2-memory-format", "a .pt2 package's memory format was fixed when it was compiled",
       ".pt2 パッケージのメモリ形式はコンパイル時に決まっています"},
      {"prune.aoti-autocast",
       "autocast is runtime state that torch.export does not capture: an AOTInductor package is "
       "compiled for one dtype (the bf16/fp16 cast with aoti is in the space)",
       "autocast は torch.export が取り込まない実行時の状態です: AOTInductor パッケージは 1 つの "
       "dtype 向けにコンパイルされます (aoti 付きの bf16/fp16 キャストは探索範囲にあります)"},
      {"prune.torchscript-no-aoti",
       "a TorchScript file cannot be re-exported for AOTInductor: export the model with "
       "torch.export in Python and tune the .pt2 package",
       "TorchScript ファイルは AOTInductor 向けに再エクスポートできません: Python で "
       "torch.export によりモデルをエクスポートし、その .pt2 パッケージをチューニングしてください"},
      {"prune.ts-freeze", "TorchScript freeze applies to TorchScript (.pt) files only",
       "TorchScript の freeze は TorchScript (.pt) ファイルにだけ適用できます"},
      {"prune.shapes-vary",
       "CUDA graphs and AOTInductor packages are compiled for one input shape; the sizes vary",
       "CUDA graph と AOTInductor パッケージは 1 つの入力形状向けに作られます。"
       "入力のサイズが変わります"},
      {"prune.channels-last", "no 4-D input: channels_last changes nothing for this model",
       "4 次元の入力がありません: このモデルでは channels_last は何も変えません"},
      {"prune.cudnn-benchmark",
       "no input of 3–5 dimensions: no convolution for cuDNN benchmark to autotune",
       "3〜5 次元の入力がありません: cuDNN benchmark が調整する畳み込みがありません"},
      {"prune.cudnn-deterministic",
       "deterministic or disabled cuDNN trades speed for reproducibility: not a speed candidate",
       "決定的または無効な cuDNN は速度と引き換えに再現性を得ます: 速度の候補ではありません"},
      {"prune.bf16-needs-ampere",
       "BF16 needs compute capability ≥ 8.0 (Ampere or newer); {where} has no BF16 Tensor Cores "
       "— use fp16 or amp-fp16",
       "BF16 には演算能力 (CC) 8.0 以上 (Ampere 以降) が必要です。{where} には BF16 の "
       "Tensor Core がありません — fp16 か amp-fp16 を使ってください"},
      {"prune.tf32-needs-ampere",
       "TF32 needs compute capability ≥ 8.0 (Ampere or newer); {where} has no TF32 Tensor Cores",
       "TF32 には演算能力 (CC) 8.0 以上 (Ampere 以降) が必要です。{where} には TF32 の "
       "Tensor Core がありません"},
      {"prune.cudnn-needs-build", "cuDNN settings need a LibTorch build with cuDNN",
       "cuDNN の設定には cuDNN 付きでビルドされた LibTorch が必要です"},
      {"prune.tf32-on-cpu", "TF32 is a CUDA Tensor Core mode; the CPU has none",
       "TF32 は CUDA の Tensor Core の動作モードです。CPU にはありません"},
      {"prune.fp16-on-cpu",
       "FP16 cast is a GPU setting: many CPU kernels have no FP16 implementation",
       "FP16 キャストは GPU 向けの設定です: 多くの CPU カーネルには FP16 の実装がありません"},
      {"prune.cudnn-on-cpu", "cuDNN settings apply to CUDA only",
       "cuDNN の設定は CUDA にだけ適用されます"},
      {"prune.graph-on-cpu", "CUDA graphs need a CUDA device",
       "CUDA graph には CUDA デバイスが必要です"},
      {"prune.tc-ro-on-cpu",
       "torch.compile reduce-overhead replays CUDA graphs: it needs a CUDA device",
       "torch.compile の reduce-overhead は CUDA graph を再生します: CUDA デバイスが必要です"},
      {"prune.aoti-needs-2.6",
       "AOTInductor packages need LibTorch ≥ 2.6 (this build has no AOTIModelPackageLoader)",
       "AOTInductor パッケージには LibTorch 2.6 以上が必要です (このビルドには "
       "AOTIModelPackageLoader がありません)"},
      {"prune.graph-with-autograd",
       "CUDA graph capture of a forward that records autograd history is not supported here; use "
       "inference_mode",
       "autograd の履歴を記録する順伝播の CUDA graph 取り込みはここでは扱えません。"
       "inference_mode を使ってください"},

      // The accuracy rule as core describes it (AccuracyRule::describe) and the judge's summaries
      // and notes (judgeAccuracy, core/engine/accuracy_rule.cpp; the reference's own problems,
      // core/torch/accuracy.cpp): the same English, word for word, read back by ruleText and
      // accuracyText.
      {"rule.auto",
       "auto (t = {t}): classifiers ≤ {pct} % of top-1 classes changed and rel. L2 ≤ {gross}; "
       "other outputs cosine ≥ {cosine}",
       "自動 (t = {t}): 分類器は top-1 クラスの変化が {pct} % 以下かつ相対 L2 ≤ {gross}。"
       "その他の出力はコサイン類似度 ≥ {cosine}"},
      {"rule.top1", "≤ {pct} % of top-1 classes changed and rel. L2 ≤ {gross}",
       "top-1 クラスの変化が {pct} % 以下かつ相対 L2 ≤ {gross}"},
      {"rule.cosine", "cosine ≥ {cosine}", "コサイン類似度 ≥ {cosine}"},
      {"rule.rel-l2", "rel. L2 error ≤ {t}", "相対 L2 誤差 ≤ {t}"},
      {"acc.reference", "FP32 reference", "FP32 の基準"},
      {"acc.not-measured", "accuracy not measured", "精度は未測定"},
      {"acc.not-measured-note", "accuracy not measured against the FP32 reference",
       "FP32 の基準と出力を比較していません"},
      {"acc.fp16-overflow-values", "FP16 overflow: {count} NaN/Inf values in the output — use BF16",
       "FP16 のオーバーフロー: 出力に NaN/Inf が {count} 個 — BF16 を使ってください"},
      {"acc.fp16-overflow-error", "FP16 overflow: rel. L2 error {error} — use BF16",
       "FP16 のオーバーフロー: 相対 L2 誤差 {error} — BF16 を使ってください"},
      {"acc.nan", "{count} NaN/Inf values in the output", "出力に NaN/Inf が {count} 個"},
      {"acc.unjudgeable",
       "{why}: accuracy cannot be judged on this output: use real weights or another output",
       "{why}: この出力では精度を判定できません: 実際の重みか別の出力を使ってください"},
      {"acc.why.nan", "the FP32 reference output holds {count} NaN/Inf values",
       "FP32 の基準の出力に NaN/Inf が {count} 個あります"},
      {"acc.why.zeros", "the FP32 reference output is all zeros",
       "FP32 の基準の出力がすべて 0 です"},
      {"acc.why.constant", "the FP32 reference output is constant ({value})",
       "FP32 の基準の出力が一定です ({value})"},
      {"acc.why.one-class",
       "class {class} is the FP32 reference's top-1 for every one of its {rows} rows",
       "FP32 の基準では {rows} 行すべての top-1 がクラス {class} です"},
      {"acc.top1", "top-1 agreement {pct} %, rel. L2 {error}",
       "top-1 一致率 {pct} %、相対 L2 {error}"},
      {"acc.top1-changed", "{changed} % of top-1 classes changed > {t} %",
       "top-1 クラスの変化 {changed} % > {t} %"},
      {"acc.top1-gross", "rel. L2 error {error} > {limit}", "相対 L2 誤差 {error} > {limit}"},
      {"acc.cosine-switched", "cosine {cosine} (cosine, not top-1: {why})",
       "コサイン類似度 {cosine} (top-1 ではなくコサイン類似度で判定: {why})"},
      {"acc.cosine-low", "cosine {cosine} < {limit}", "コサイン類似度 {cosine} < {limit}"},
      {"acc.cosine", "cosine {cosine}", "コサイン類似度 {cosine}"},
      {"acc.rel-l2-high", "error {error} > tolerance {limit}", "誤差 {error} > 許容値 {limit}"},
      {"acc.rel-l2", "rel. L2 {error}", "相対 L2 {error}"},

      {"candidate.waiting", "waiting", "待機中"},
      {"candidate.running", "running", "実行中"},
      {"candidate.in-the-race", "in the race", "レース中"},
      {"candidate.winner", "winner", "勝者"},
      {"candidate.tied", "tied", "同着"},
      {"candidate.finalist", "finalist", "決勝進出"},
      {"candidate.eliminated", "eliminated", "脱落"},
      {"candidate.failed", "failed", "失敗"},
      {"candidate.unsafe", "unsafe", "安全でない"},
      {"candidate.not-measured", "not measured", "未測定"},
      {"candidate.accuracy-not-measured", "accuracy not measured", "精度は未測定"},

      {"compile.queued", "queued", "待機中"},
      {"compile.running", "compiling", "コンパイル中"},
      {"compile.done", "compiled", "コンパイル済み"},
      {"compile.cached", "cached", "キャッシュ済み"},
      {"compile.failed", "failed", "失敗"},

      {"fork.none", "no process had a steady part", "定常状態に達したプロセスがありません"},
      {"fork.one", "one process: it says nothing about the next",
       "プロセスが 1 つだけです: 次のプロセスについては何も言えません"},
      {"fork.stable", "stable across {processes} processes (medians within {spread})",
       "{processes} 個のプロセスで安定 (中央値の差は {spread} 以内)"},
      {"fork.noisy",
       "noisy in every process: {processes} processes, spread {spread}{range}, no further apart "
       "than each process's own spread allows; the level is known only roughly",
       "どのプロセスもばらつきが大きい: {processes} 個のプロセスで差 {spread}{range}、"
       "各プロセス自身のばらつきの範囲内です。水準はおおまかにしか分かりません"},
      {"fork.unstable",
       "unstable across {processes} processes (spread {spread}{range}): one process's interval "
       "does not predict the next",
       "{processes} 個のプロセスで不安定 (差 {spread}{range}): "
       "1 つのプロセスの区間から次のプロセスは予測できません"},
      {"fork.range", ", medians {low_ms}–{high_ms} ms", "、中央値 {low_ms}–{high_ms} ms"},
      {"fork.remembered",
       "{outcome}; {remembered} of the processes remembered from the run that confirmed it",
       "{outcome}。うち {remembered} 個は確認した実行から記憶したプロセスです"},
  };
  return kEntries;
}

std::string message(const std::string& id, Lang lang,
                    const std::map<std::string, std::string>& values) {
  const auto& entries = catalogue();
  const auto it = std::find_if(entries.begin(), entries.end(),
                               [&](const CatalogueEntry& e) { return id == e.id; });
  if (it == entries.end()) return id;
  const std::string pattern = lang == Lang::Ja ? it->ja : it->en;
  std::string out;
  out.reserve(pattern.size());
  for (std::size_t i = 0; i < pattern.size();) {
    const auto close = pattern[i] == '{' ? pattern.find('}', i) : std::string::npos;
    if (close != std::string::npos) {
      const auto name = pattern.substr(i + 1, close - i - 1);
      const auto value = values.find(name);
      out += value != values.end() ? value->second : pattern.substr(i, close - i + 1);
      i = close + 1;
    } else {
      out += pattern[i++];
    }
  }
  return out;
}

namespace {

// Values that may hold spaces: levels ("1.2 ms [1.1, 1.3]") and what another part wrote. Any other
// value is one token (a key, a number, a status), which keeps a sentence from matching a message
// whose literals it merely contains.
bool mayHoldSpaces(const std::string& name) {
  static const char* const kNames[] = {
      "level",  "leader_level", "winner_level", "fresh_level", "prior_level", "message", "detail",
      "reason", "accuracy",     "remembered",   "keys",        "why",         "where"};
  return std::any_of(std::begin(kNames), std::end(kNames),
                     [&](const char* n) { return name == n; });
}

bool acceptable(const std::string& name, const std::string& value) {
  if (value.empty()) return false;
  if (!mayHoldSpaces(name) && value.find(' ') != std::string::npos) return false;
  // A level is a figure ("1.2 ms [1.1, 1.3]"), never words.
  if (name.find("level") != std::string::npos &&
      !std::isdigit(static_cast<unsigned char>(value.front())))
    return false;
  if (name == "status") {
    static const char* const kStatuses[] = {"unsupported", "oom", "error", "cancelled"};
    return std::any_of(std::begin(kStatuses), std::end(kStatuses),
                       [&](const char* s) { return value == s; });
  }
  return true;
}

// `text` from `at` as `pattern` from `p` (literals and `{name}`s), values into `values`; tries
// each place a value may end (a value may hold the next literal's text), longest first.
bool matchFrom(const std::string& pattern, std::size_t p, const std::string& text, std::size_t at,
               std::map<std::string, std::string>& values) {
  if (p == pattern.size()) return at == text.size();
  if (pattern[p] != '{') {
    const auto open = pattern.find('{', p);
    const auto literal = pattern.substr(p, open == std::string::npos ? open : open - p);
    if (text.compare(at, literal.size(), literal) != 0) return false;
    return matchFrom(pattern, p + literal.size(), text, at + literal.size(), values);
  }
  const auto close = pattern.find('}', p);
  if (close == std::string::npos) return false;
  const auto name = pattern.substr(p + 1, close - p - 1);
  const auto next = close + 1;
  if (next == pattern.size()) {
    const auto value = text.substr(at);
    if (!acceptable(name, value)) return false;
    values[name] = value;
    return true;
  }
  if (pattern[next] == '{') return false;  // two values in a row: no literal to end the first
  const auto open = pattern.find('{', next);
  const auto literal = pattern.substr(next, open == std::string::npos ? open : open - next);
  for (auto end = text.rfind(literal); end != std::string::npos && end > at;
       end = end == 0 ? std::string::npos : text.rfind(literal, end - 1)) {
    const auto value = text.substr(at, end - at);
    if (!acceptable(name, value)) continue;
    auto tried = values;
    tried[name] = value;
    if (matchFrom(pattern, next, text, end, tried)) {
      values = std::move(tried);
      return true;
    }
  }
  return false;
}

std::size_t literalLength(const char* pattern) {
  std::size_t n = 0;
  bool in_value = false;
  for (const char* c = pattern; *c; ++c) {
    if (*c == '{') in_value = true;
    if (!in_value) ++n;
    if (*c == '}') in_value = false;
  }
  return n;
}

}  // namespace

std::optional<MatchedMessage> matchMessage(const std::string& family, const std::string& sentence) {
  if (sentence.empty()) return std::nullopt;
  // The most specific message first: "slower: … (beyond a … margin …)" is also "slower: …" with a
  // longer last value.
  std::vector<const CatalogueEntry*> entries;
  for (const auto& e : catalogue()) {
    if (std::string(e.id).rfind(family, 0) == 0 && literalLength(e.en) > 0) entries.push_back(&e);
  }
  std::stable_sort(entries.begin(), entries.end(), [](const auto* a, const auto* b) {
    return literalLength(a->en) > literalLength(b->en);
  });
  for (const auto* e : entries) {
    std::map<std::string, std::string> values;
    if (matchFrom(e->en, 0, sentence, 0, values)) return MatchedMessage{e->id, std::move(values)};
  }
  return std::nullopt;
}

std::string ruleText(const std::string& described, Lang lang) {
  const auto m = matchMessage("rule.", described);
  return m ? message(m->id, lang, m->values) : described;
}

std::string accuracyText(const std::string& summary, Lang lang) {
  const auto m = matchMessage("acc.", summary);
  if (!m) return summary;
  auto values = m->values;
  // The reference's own problem, inside the note, is one of the judge's sentences too.
  if (const auto why = values.find("why"); why != values.end())
    why->second = accuracyText(why->second, lang);
  return message(m->id, lang, values);
}

std::string prunedReasonText(const std::string& sentence, Lang lang) {
  const auto m = matchMessage("prune.", sentence);
  return m ? message(m->id, lang, m->values) : sentence;
}

std::optional<TuneReason> candidateReasonOfSentence(const std::string& sentence) {
  const auto m = matchMessage("fate.", sentence);
  if (!m) return std::nullopt;
  std::string code = m->id.substr(std::string("fate.").size());
  auto values = m->values;
  if (code == "remembered") {
    // Settled from an earlier run's memory: the reason it was settled with, and when.
    auto inner = candidateReasonOfSentence(values["reason"]);
    if (!inner) return std::nullopt;
    inner->values["remembered"] = values["remembered"];
    return inner;
  }
  const auto dot = code.find('.');
  const auto variant = dot == std::string::npos ? std::string() : code.substr(dot + 1);
  if (variant == "across" || variant == "in-process") {
    code.resize(dot);
    if (variant == "in-process") values["processes"] = "1";
  } else if (code == "failed.bare") {
    code = "failed";
  }
  return TuneReason{code, std::move(values)};
}

const std::vector<std::string>& reasonCodes() {
  static const std::vector<std::string> kCodes = {"not-confirmed",
                                                  "unmeasured",
                                                  "late-rivals",
                                                  "cancelled",
                                                  "prior-kept",
                                                  "interval-wide",
                                                  "processes-disagree",
                                                  "reference-failed",
                                                  "budget-no-winner",
                                                  "none-clean",
                                                  "unrecorded",
                                                  "tie",
                                                  "accuracy-unjudgeable",
                                                  "prior-not-kept",
                                                  "still-compiling",
                                                  "roofline-unplaced",
                                                  "rival-forked",
                                                  "second-finals",
                                                  "torchscript-no-inductor"};
  return kCodes;
}

const std::vector<std::string>& rooflineUnplacedCauses() {
  static const std::vector<std::string> kCauses = {
      "python-model", "aoti-package",      "aoti-winner",  "no-time",      "pass-failed",
      "no-work",      "no-matmul-ceiling", "no-bandwidth", "uncounted-ops"};
  return kCauses;
}

std::optional<TuneReason> rooflineReasonOfClause(const std::string& clause) {
  // Causes whose sentence has no value first: a value may hold any text ("no work counted ({key})"
  // would take the AOTInductor package's whole sentence as its key), so a key, a precision and an
  // operator are single tokens, and only a failure's detail may be a sentence of its own.
  std::vector<const CatalogueEntry*> entries;
  for (bool with_values : {false, true}) {
    for (const auto& cause : rooflineUnplacedCauses()) {
      const std::string id = "reason.roofline-unplaced." + cause;
      for (const auto& e : catalogue()) {
        if (id == e.id && (std::string(e.en).find('{') != std::string::npos) == with_values)
          entries.push_back(&e);
      }
    }
  }
  const std::string prefix = "reason.roofline-unplaced.";
  for (const auto* e : entries) {
    const std::string pattern = e->en;
    std::map<std::string, std::string> values;
    std::size_t at = 0, in = 0;  // in the pattern, in the clause
    bool matched = true;
    while (matched && at < pattern.size()) {
      const auto open = pattern.find('{', at);
      const std::string literal = pattern.substr(at, open == std::string::npos ? open : open - at);
      if (clause.compare(in, literal.size(), literal) != 0) {
        matched = false;
        break;
      }
      in += literal.size();
      if (open == std::string::npos) {
        at = pattern.size();
        break;
      }
      const auto close = pattern.find('}', open);
      const std::string name = pattern.substr(open + 1, close - open - 1);
      at = close + 1;
      // The value runs to where the pattern's next literal stands last (the sentence ends with it).
      const std::string next = pattern.substr(at, pattern.find('{', at) - at);
      const auto end = next.empty() ? clause.size() : clause.rfind(next);
      if (end == std::string::npos || end <= in) {
        matched = false;
        break;
      }
      const std::string value = clause.substr(in, end - in);
      if (name != "detail" && value.find(' ') != std::string::npos) matched = false;
      values[name] = value;
      in = end;
    }
    if (!matched || in != clause.size()) continue;
    values["cause"] = std::string(e->id).substr(prefix.size());
    return TuneReason{"roofline-unplaced", std::move(values)};
  }
  return std::nullopt;
}

const std::vector<std::string>& notConfirmedCauses() {
  static const std::vector<std::string> kCauses = {"no-time-for-forks", "forks-for-leader-only",
                                                   "second-process-cut", "unrecorded"};
  return kCauses;
}

std::string reasonText(const TuneReason& r, Lang lang) {
  const auto& codes = reasonCodes();
  if (std::find(codes.begin(), codes.end(), r.code) == codes.end()) {
    // A code of a newer version: what it says, as data.
    std::vector<std::string> values;
    for (const auto& [name, value] : r.values) values.push_back(fmt::format("{}={}", name, value));
    if (values.empty()) return r.code.empty() ? std::string("?") : r.code;
    return message("reason.unknown", lang,
                   {{"code", r.code}, {"values", fmt::format("{}", fmt::join(values, ", "))}});
  }
  std::string id = "reason." + r.code;
  if (r.code == "not-confirmed") {
    const auto cause = r.value("cause");
    if (cause == "no-time-for-forks" || cause == "forks-for-leader-only" ||
        cause == "second-process-cut")
      id += "." + cause;
  }
  if (r.code == "prior-kept" && r.value("leader_confirmed") == "yes") id += ".confirmed";
  if (r.code == "tie" || r.code == "prior-not-kept") {
    static const std::vector<std::string> kVariants = {"confirmed",
                                                       "stable",
                                                       "within-margin",
                                                       "prior-answer",
                                                       "fewer-moving-parts",
                                                       "not-a-candidate",
                                                       "not-measured-again",
                                                       "failed",
                                                       "unsafe",
                                                       "moved",
                                                       "measured"};
    const auto v = r.value(r.code == "tie" ? "picked_for" : "cause");
    if (std::find(kVariants.begin(), kVariants.end(), v) != kVariants.end() &&
        std::any_of(catalogue().begin(), catalogue().end(),
                    [&](const CatalogueEntry& e) { return id + "." + v == e.id; }))
      id += "." + v;
  }
  if (r.code == "still-compiling" && r.value("recorded") == "yes") id += ".recorded";
  if (r.code == "roofline-unplaced") {
    const auto& causes = rooflineUnplacedCauses();
    const auto cause = r.value("cause");
    if (std::find(causes.begin(), causes.end(), cause) != causes.end()) id += "." + cause;
  }
  return message(id, lang, r.values);
}

const std::vector<std::string>& candidateReasonCodes() {
  static const std::vector<std::string> kCodes = {"fallback",
                                                  "failed",
                                                  "accuracy-not-measured",
                                                  "unsafe",
                                                  "accuracy",
                                                  "slower",
                                                  "slower-contended",
                                                  "late-no-winner",
                                                  "late-slower",
                                                  "late-unconfirmed",
                                                  "cancelled",
                                                  "still-compiling",
                                                  "ready-after-wait",
                                                  "budget-out",
                                                  "not-finalist.overlap",
                                                  "not-finalist.fewer-places",
                                                  "fresh-process",
                                                  "winner",
                                                  "tied",
                                                  "finalist-slower",
                                                  "second-finals",
                                                  "late-fork-cut",
                                                  "late-fork-not-faster",
                                                  "winner-late",
                                                  "prior-stands.slower",
                                                  "prior-stands.unconfirmed",
                                                  "prior-answer"};
  return kCodes;
}

std::string candidateReasonText(const TuneReason& code, const std::string& sentence, Lang lang) {
  const auto& codes = candidateReasonCodes();
  // A race saved before the codes: its sentence read back as the message core wrote it as.
  if (code.code.empty()) {
    if (const auto read = candidateReasonOfSentence(sentence))
      return candidateReasonText(*read, std::string(), lang);
  }
  if (std::find(codes.begin(), codes.end(), code.code) == codes.end()) {
    // Saved before the codes, or a code of a newer version: the sentence saved beside it.
    if (!sentence.empty() || code.code.empty()) return sentence;
    return reasonText(code, lang);  // an unknown code renders as its code and values
  }
  std::string id = "fate." + code.code;
  // Levels across fresh processes, or in the tuner's own process (one process).
  if (code.code == "winner" || code.code == "tied" || code.code == "finalist-slower") {
    int processes = 0;
    try {
      processes = std::stoi(code.value("processes"));
    } catch (const std::exception&) {
      processes = 0;  // not a number: the comparison is read as one of this process
    }
    id += processes >= 2 ? ".across" : ".in-process";
  }
  if (code.code == "failed" && code.value("message").empty()) id += ".bare";
  // The judge's summary or unsafe reason inside a reason is a sentence of its own.
  auto values = code.values;
  for (const char* name : {"accuracy", "detail"}) {
    if (const auto v = values.find(name); v != values.end())
      v->second = accuracyText(v->second, lang);
  }
  auto text = message(id, lang, values);
  // Settled from an earlier run's memory: said so, with when.
  if (!code.value("remembered").empty())
    text = message("fate.remembered", lang,
                   {{"reason", text}, {"remembered", code.value("remembered")}});
  return text;
}

std::string answerStateText(const std::string& state, Lang lang) {
  if (state == "final" || state == "provisional" || state == "cancelled")
    return message("state." + state, lang);
  if (state.empty() || state == "no-winner") return message("state.no-winner", lang);
  return state;
}

std::string intervalKindText(const TuneAnswer& a, Lang lang) {
  if (a.interval_kind == "across-processes")
    return message("interval.across-processes", lang, {{"processes", std::to_string(a.processes)}});
  if (a.interval_kind == "in-process") return message("interval.in-process", lang);
  return {};
}

std::string answerText(const TuneAnswer& a, Lang lang) {
  if (a.winner.empty()) return message("answer.none", lang);
  if (!(a.median_ms > 0)) return a.winner;
  auto text =
      fmt::format("{}  {} ms [{}, {}]", a.winner, ms(a.median_ms), ms(a.low_ms), ms(a.high_ms));
  const auto kind = intervalKindText(a, lang);
  if (!kind.empty()) text += " " + kind;
  return text;
}

std::string confidenceText(const TuneAnswer& a, Lang lang) {
  std::string text = answerStateText(a.state, lang);
  if (a.median_ms > 0) {
    const double reach = std::max(a.high_ms - a.median_ms, a.median_ms - a.low_ms) / a.median_ms;
    std::vector<std::string> marks{"±" + pct(reach)};
    if (a.wide) marks.push_back(message("mark.wide", lang));
    if (a.unstable) marks.push_back(message("mark.processes-disagree", lang));
    text += fmt::format(" ({})", joined(marks, lang));
  }
  std::vector<std::string> why;
  for (const auto& r : a.why) why.push_back(reasonText(r, lang));
  if (!why.empty()) text += ": " + sentences(why, lang);
  return text;
}

std::string peerText(const TuneAnswer& a, Lang lang) {
  if (a.peer_ratio > 0) {
    auto text = message(
        "peer.ratio", lang,
        {{"ratio", fmt::format("{:.2f}", a.peer_ratio)},
         {"key", a.peer_key},
         {"winner_ms", ms(a.winner_peer_ms)},
         {"peer_ms", ms(a.peer_ms)},
         {"basis", message(a.peer_basis == "across-processes" ? "peer.basis.across-processes"
                                                              : "peer.basis.in-process",
                           lang)}});
    if (a.peer_unsafe) text += (lang == Lang::Ja ? "。" : "; ") + message("peer.unsafe", lang);
    return text;
  }
  if (a.peer_missing == "is-winner") return message("peer.is-winner", lang);
  if (a.peer_missing == "no-candidate") return message("peer.no-candidate", lang);
  if (a.peer_missing == "failed") return message("peer.failed", lang);
  return message("peer.unreached", lang);
}

std::string missingText(const TuneAnswer& a, Lang lang) {
  if (a.missing <= 0) return message("missing.nothing", lang);
  std::vector<std::string> families = a.missing_precisions;
  families.insert(families.end(), a.missing_compiles.begin(), a.missing_compiles.end());
  auto text = message("missing.count", lang,
                      {{"count", std::to_string(a.missing)},
                       {"total", std::to_string(a.candidates)},
                       {"families", joined(families, lang)}});
  if (a.budget_to_reach_s > 0) {
    text += (lang == Lang::Ja ? "。" : ": ") +
            message("missing.budget", lang,
                    {{"budget_s", fmt::format("{:.0f}", std::ceil(a.budget_to_reach_s))}});
  }
  return text;
}

std::string hostText(const TuneAnswer& a, Lang lang) {
  if (!a.host_measured) return {};
  return message(a.host_bound ? "host.bound" : "host.not-bound", lang,
                 {{"share", pct(a.launch_wait_share)}});
}

std::string boundText(const std::string& bound, Lang lang) {
  if (bound == "compute" || bound == "memory" || bound == "launch-host" || bound == "mixed")
    return message("bound." + bound, lang);
  return bound;
}

std::string rooflineText(const TuneAnswer& a, Lang lang) {
  if (a.roofline_pct < 0) return {};
  return message("roofline.place", lang,
                 {{"pct", fmt::format("{:.0f}", a.roofline_pct)},
                  {"precision", a.roofline_precision},
                  {"bound", boundText(a.roofline_bound, lang)}});
}

std::vector<AnswerLine> answerBlock(const TuneAnswer& a, Lang lang) {
  std::vector<AnswerLine> lines;
  lines.push_back({message("label.answer", lang), answerText(a, lang)});
  lines.push_back({message("label.confidence", lang), confidenceText(a, lang)});
  if (!a.winner.empty()) lines.push_back({message("label.peer", lang), peerText(a, lang)});
  if (a.roofline_pct >= 0)
    lines.push_back({message("label.roofline", lang), rooflineText(a, lang)});
  lines.push_back({message("label.missing", lang), missingText(a, lang)});
  std::vector<std::string> notes;
  for (const auto& r : a.notes) notes.push_back(reasonText(r, lang));
  if (a.host_measured && a.host_bound) notes.push_back(hostText(a, lang));
  if (!notes.empty()) lines.push_back({message("label.notes", lang), sentences(notes, lang)});
  return lines;
}

std::string logsLabel(Lang lang) {
  return message("label.logs", lang);
}

const std::vector<std::string>& candidateStates() {
  static const std::vector<std::string> kStates = {
      "waiting", "running",      "in-the-race",          "winner",
      "tied",    "finalist",     "eliminated",           "failed",
      "unsafe",  "not-measured", "accuracy-not-measured"};
  return kStates;
}

const std::vector<std::string>& compileStates() {
  static const std::vector<std::string> kStates = {"queued", "running", "done", "cached", "failed"};
  return kStates;
}

std::string candidateStateText(const std::string& state, Lang lang) {
  const auto& known = candidateStates();
  if (std::find(known.begin(), known.end(), state) == known.end())
    return state.empty() ? std::string("?") : state;
  return message("candidate." + state, lang);
}

std::string compileStateText(const std::string& state, Lang lang) {
  const auto& known = compileStates();
  if (std::find(known.begin(), known.end(), state) == known.end())
    return state.empty() ? std::string("?") : state;
  return message("compile." + state, lang);
}

std::string etaText(double elapsed_ms, double typical_ms, Lang lang) {
  const auto s = [](double value_ms) { return fmt::format("{:.0f}", value_ms / 1000.0); };
  if (!(typical_ms > 0)) return message("eta.unknown", lang, {{"elapsed_s", s(elapsed_ms)}});
  const double left_ms = typical_ms - elapsed_ms;
  if (left_ms <= 0)
    return message("eta.overdue", lang,
                   {{"elapsed_s", s(elapsed_ms)}, {"typical_s", s(typical_ms)}});
  return message(
      "eta.left", lang,
      {{"left_s", s(left_ms)}, {"typical_s", s(typical_ms)}, {"elapsed_s", s(elapsed_ms)}});
}

ForkOutcome forkOutcome(const ForkStats& stats) {
  ForkOutcome o;
  o.processes = stats.forks;
  o.stable = stats.stable;
  o.spread = stats.spread;
  o.noisy = stats.outcome == ForkAgreement::Noisy;
  o.remembered = stats.remembered_forks;
  return o;
}

ForkOutcome forkOutcome(const analysis::ForkSummary& summary) {
  ForkOutcome o;
  o.processes = static_cast<int>(summary.forks);
  o.stable = summary.stable;
  o.noisy = summary.noisy;
  o.spread = summary.between_fork_spread;
  if (!summary.fork_medians.empty()) {
    const auto [lo, hi] =
        std::minmax_element(summary.fork_medians.begin(), summary.fork_medians.end(),
                            [](const analysis::ForkMedian& a, const analysis::ForkMedian& b) {
                              return a.median_ms < b.median_ms;
                            });
    o.low_ms = lo->median_ms;
    o.high_ms = hi->median_ms;
  }
  return o;
}

std::string forkOutcomeText(const ForkOutcome& o, Lang lang) {
  if (o.processes <= 0) return message("fork.none", lang);
  if (o.processes == 1) return message("fork.one", lang);
  const std::string spread = o.spread < 0.1 ? fmt::format("{:.2g} %", 100 * o.spread)
                                            : fmt::format("{:.3g} %", 100 * o.spread);
  const std::string range =
      o.low_ms > 0 && o.high_ms > 0
          ? message("fork.range", lang, {{"low_ms", ms(o.low_ms)}, {"high_ms", ms(o.high_ms)}})
          : std::string();
  const std::map<std::string, std::string> values{
      {"processes", std::to_string(o.processes)}, {"spread", spread}, {"range", range}};
  auto text = message(o.stable  ? "fork.stable"
                      : o.noisy ? "fork.noisy"
                                : "fork.unstable",
                      lang, values);
  if (o.remembered <= 0) return text;
  return message("fork.remembered", lang,
                 {{"outcome", text}, {"remembered", std::to_string(o.remembered)}});
}

}  // namespace inferscope::text
