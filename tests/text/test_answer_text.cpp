// The EN/JA renderer of core's answers: every code renders in both languages with its values, the
// Japanese has no English sentence left in it, and a code this version does not know still says
// what it holds.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "core/analysis/fork_analysis.h"
#include "core/engine/config_result.h"
#include "text/answer_text.h"

namespace inferscope::text {
namespace {

std::set<std::string> placeholders(const std::string& pattern) {
  std::set<std::string> names;
  static const std::regex kName(R"(\{([a-z_]+)\})");
  for (std::sregex_iterator it(pattern.begin(), pattern.end(), kName), end; it != end; ++it)
    names.insert((*it)[1]);
  return names;
}

// The first English sentence left in a Japanese text, "" when none: two Latin words in a row, or a
// Latin word of four letters or more. Config keys, units, options, paths, commands and product
// names are allowed: they are not words of letters only (bf16+cl, --budget-s, torch.compile, FP32)
// or are on the list.
std::string latinSentence(const std::string& ja) {
  // Product, library and API names Japanese writes in Latin script too (the search space's
  // reasons name them: "TorchScript の freeze", "CUDA graph", "autocast").
  static const std::set<std::string> kAllowed = {"eager",
                                                 "ms",
                                                 "GiB",
                                                 "GPU",
                                                 "CPU",
                                                 "FP32",
                                                 "Python",
                                                 "AOTInductor",
                                                 "TorchScript",
                                                 "CUDA",
                                                 "Tensor",
                                                 "Core",
                                                 "LibTorch",
                                                 "Inductor",
                                                 "ExportedProgram",
                                                 "Ampere",
                                                 "AOTIModelPackageLoader",
                                                 "autocast",
                                                 "autograd",
                                                 "dtype",
                                                 "graph",
                                                 "freeze",
                                                 "benchmark",
                                                 "cuDNN"};
  static const std::regex kLetters("[A-Za-z]+");
  // Placeholders and commands in backticks are not sentences.
  std::istringstream words(std::regex_replace(ja, std::regex(R"(\{[a-z_]+\}|`[^`]*`)"), " "));
  std::string word, previous;
  while (words >> word) {
    const bool latin = std::regex_match(word, kLetters) && kAllowed.count(word) == 0;
    if (latin && word.size() >= 4) return word;
    if (latin && !previous.empty()) return previous.append(" ").append(word);
    previous = latin ? word : std::string();
  }
  return {};
}

const std::map<std::string, std::string> kValues = {{"count", "3"},
                                                    {"total", "12"},
                                                    {"keys", "bf16+cl, fp16+cl"},
                                                    {"key", "bf16+cl+aoti"},
                                                    {"leader", "fp16+cl"},
                                                    {"over", "fp16+cl+tc-ro"},
                                                    {"leader_confirmed", "no"},
                                                    {"source", "tune-memory"},
                                                    {"half_width_pct", "14"},
                                                    {"limit_pct", "10"},
                                                    {"spread_pct", "7"},
                                                    {"ran", "5"},
                                                    {"not_measured", "2"},
                                                    {"budget_s", "240"},
                                                    {"processes", "3"},
                                                    {"spread", "4.1 %"},
                                                    {"range", ""},
                                                    {"low_ms", "1.2"},
                                                    {"high_ms", "1.3"},
                                                    {"ratio", "0.91"},
                                                    {"winner_ms", "1.2"},
                                                    {"peer_ms", "1.3"},
                                                    {"basis", "x"},
                                                    {"share", "34 %"},
                                                    {"families", "fp16, aoti"},
                                                    {"what", "resnet18"},
                                                    {"state", "暫定"},
                                                    {"elapsed_s", "12.5"},
                                                    {"rounds", "4"},
                                                    {"dir", "/tmp/compiles"},
                                                    {"model", "resnet18"},
                                                    {"pid", "4242"},
                                                    {"left_s", "40"},
                                                    {"typical_s", "120"},
                                                    {"pct", "41"},
                                                    {"precision", "fp16"},
                                                    {"bound", "演算律速"},
                                                    {"detail", "fp16: 失敗"},
                                                    {"op", "aten::conv2d"},
                                                    {"winner", "fp16+cl"},
                                                    {"code", "new-code"},
                                                    {"values", "a=1"},
                                                    {"cause", "no-time-for-forks"},
                                                    {"message", "RuntimeError: 12 GiB"},
                                                    {"fallback", "amp-bf16"},
                                                    {"status", "oom"},
                                                    {"accuracy", "top-1 100 %"},
                                                    {"level", "1.2 ms [1.1, 1.3]"},
                                                    {"leader_level", "1.1 ms [1.0, 1.2]"},
                                                    {"winner_level", "1.1 ms [1.0, 1.2]"},
                                                    {"fresh_level", "1.4 ms [1.3, 1.5]"},
                                                    {"prior_level", "1.0 ms"},
                                                    {"margin_pct", "15"},
                                                    {"wait_s", "30"},
                                                    {"spent_s", "200"},
                                                    {"slower_pct", "4.2"},
                                                    {"delta_pct", "3"},
                                                    {"fresh_median_ms", "1.4"},
                                                    {"prior", "fp16+cl"},
                                                    {"reason", "遅い"},
                                                    {"remembered", "2 日前"},
                                                    {"outcome", "安定"},
                                                    {"stem", "model"},
                                                    {"prior_median_ms", "1.49"},
                                                    {"rule", "自動"},
                                                    {"iterations", "20"},
                                                    {"round", "2"},
                                                    {"forks", "3"},
                                                    {"path", "/tmp/pkg.pt2"},
                                                    {"where", "Turing 7.5"},
                                                    {"t", "1.0e-02"},
                                                    {"gross", "1.0e-01"},
                                                    {"cosine", "0.99"},
                                                    {"error", "1.2e-02"},
                                                    {"why", "一定"},
                                                    {"value", "0"},
                                                    {"class", "7"},
                                                    {"rows", "32"},
                                                    {"changed", "3.1"},
                                                    {"limit", "0.99"},
                                                    {"device", "CPU"}};

TEST(AnswerText, EveryMessageHasBothLanguagesWithTheSameValues) {
  std::set<std::string> ids;
  for (const auto& e : catalogue()) {
    SCOPED_TRACE(e.id);
    EXPECT_TRUE(ids.insert(e.id).second) << "duplicate id";
    EXPECT_FALSE(std::string(e.en).empty());
    EXPECT_FALSE(std::string(e.ja).empty());
    EXPECT_EQ(placeholders(e.en), placeholders(e.ja));
    for (const auto& name : placeholders(e.en)) EXPECT_TRUE(kValues.count(name)) << name;
  }
}

TEST(AnswerText, JapaneseHoldsNoEnglishSentence) {
  for (const auto& e : catalogue()) {
    const std::string rendered = message(e.id, Lang::Ja, kValues);
    EXPECT_EQ(latinSentence(rendered), "") << e.id << ": " << rendered;
  }
  // The check itself catches a sentence left in English.
  EXPECT_EQ(latinSentence("候補 is ok です"), "is ok");
  EXPECT_EQ(latinSentence("候補 measured です"), "measured");
  EXPECT_EQ(latinSentence("the run was cancelled"), "the run");
  EXPECT_EQ(latinSentence("bf16+cl と同着です (--budget-s を増やしてください)"), "");
}

TEST(AnswerText, EveryReasonCodeRendersItsValuesInBothLanguages) {
  for (const auto& code : reasonCodes()) {
    std::vector<TuneReason> variants{{code, kValues}};
    if (code == "not-confirmed") {
      for (const auto& cause : notConfirmedCauses()) {
        auto values = kValues;
        values["cause"] = cause;
        variants.push_back({code, values});
      }
    }
    if (code == "roofline-unplaced") {
      for (const auto& cause : rooflineUnplacedCauses()) {
        auto values = kValues;
        values["cause"] = cause;
        variants.push_back({code, values});
      }
    }
    if (code == "still-compiling") {
      auto values = kValues;
      values["recorded"] = "yes";
      variants.push_back({code, values});
    }
    if (code == "prior-kept") {
      auto values = kValues;
      values["leader_confirmed"] = "yes";
      variants.push_back({code, values});
    }
    if (code == "tie") {
      for (const char* picked :
           {"confirmed", "stable", "within-margin", "prior-answer", "fewer-moving-parts"}) {
        auto values = kValues;
        values["picked_for"] = picked;
        variants.push_back({code, values});
      }
    }
    if (code == "prior-not-kept") {
      for (const char* why :
           {"not-a-candidate", "not-measured-again", "failed", "unsafe", "moved", "measured"}) {
        auto values = kValues;
        values["cause"] = why;
        variants.push_back({code, values});
      }
    }
    for (const auto& r : variants) {
      SCOPED_TRACE(code + " " + r.value("cause") + r.value("leader_confirmed"));
      const auto en = reasonText(r, Lang::En), ja = reasonText(r, Lang::Ja);
      EXPECT_FALSE(en.empty());
      EXPECT_FALSE(ja.empty());
      EXPECT_NE(en, ja);
      EXPECT_EQ(en.find('{'), std::string::npos) << en;
      EXPECT_EQ(ja.find('{'), std::string::npos) << ja;
      EXPECT_EQ(latinSentence(ja), "") << ja;
      EXPECT_NE(en, code) << "rendered as its bare code";
    }
  }
  // Values appear as given, in both languages.
  const TuneReason wide{"interval-wide", {{"half_width_pct", "70"}, {"limit_pct", "10"}}};
  EXPECT_EQ(reasonText(wide, Lang::En),
            "the interval reaches ±70 % of the median (a final answer needs ±10 %)");
  EXPECT_NE(reasonText(wide, Lang::Ja).find("±70 %"), std::string::npos);
  const TuneReason tie{"tie", {{"keys", "bf16+cl"}}};
  EXPECT_EQ(reasonText(tie, Lang::Ja), "bf16+cl と同着です");
  // The causes of not-confirmed say different things.
  const auto cause = [](const char* c) {
    return reasonText({"not-confirmed", {{"cause", c}}}, Lang::Ja);
  };
  EXPECT_NE(cause("no-time-for-forks"), cause("second-process-cut"));
  EXPECT_EQ(cause("unrecorded"), reasonText({"not-confirmed", {}}, Lang::Ja));
  // The roofline's causes, each its own message; the English keeps the clause core wrote.
  EXPECT_EQ(reasonText(
                {"roofline-unplaced",
                 {{"cause", "pass-failed"}, {"detail", "the Python worker recorded no operators"}}},
                Lang::En),
            "Roofline not computed: counting the winner's work failed (the Python worker recorded "
            "no operators)");
  EXPECT_EQ(reasonText({"roofline-unplaced", {{"cause", "newer-cause"}}}, Lang::Ja),
            "ルーフライン未計算");
}

TEST(AnswerText, EveryCandidateReasonRendersItsValuesInBothLanguages) {
  for (const auto& code : candidateReasonCodes()) {
    auto values = kValues;
    values.erase("remembered");
    auto one_process = values;
    one_process["processes"] = "1";
    auto no_message = values;
    no_message["message"] = "";
    for (const auto& v : {values, one_process, no_message, kValues}) {
      const TuneReason r{code, v};
      SCOPED_TRACE(code + " processes=" + r.value("processes") + " message=" + r.value("message") +
                   " remembered=" + r.value("remembered"));
      const auto en = candidateReasonText(r, "the saved sentence", Lang::En);
      const auto ja = candidateReasonText(r, "the saved sentence", Lang::Ja);
      EXPECT_FALSE(en.empty());
      EXPECT_NE(en, ja);
      EXPECT_NE(en, "the saved sentence") << "a known code renders its message";
      EXPECT_EQ(en.find('{'), std::string::npos) << en;
      EXPECT_EQ(ja.find('{'), std::string::npos) << ja;
      EXPECT_EQ(latinSentence(ja), "") << ja;
    }
  }
  // The English is the sentence core saved beside the code; levels say where they were measured.
  const TuneReason winner{"winner", {{"processes", "3"}, {"level", "1.2 ms [1.1, 1.3]"}}};
  EXPECT_EQ(candidateReasonText(winner, "", Lang::En),
            "fastest safe config across 3 fresh processes: 1.2 ms [1.1, 1.3]");
  EXPECT_EQ(candidateReasonText(winner, "", Lang::Ja),
            "3 個の新しいプロセスで最速かつ安全な構成: 1.2 ms [1.1, 1.3]");
  const TuneReason in_process{"winner", {{"processes", "1"}, {"level", "1.2 ms [1.1, 1.3]"}}};
  EXPECT_EQ(candidateReasonText(in_process, "", Lang::En),
            "fastest safe config in this process: 1.2 ms [1.1, 1.3]");
  // A failure's own message is data: as PyTorch wrote it, after the translated lead-in.
  const TuneReason failed{"failed",
                          {{"status", "error"}, {"message", "RuntimeError: CUDA error: out"}}};
  EXPECT_EQ(candidateReasonText(failed, "", Lang::En), "error: RuntimeError: CUDA error: out");
  EXPECT_EQ(candidateReasonText(failed, "", Lang::Ja),
            "失敗しました (error): RuntimeError: CUDA error: out");
  EXPECT_EQ(candidateReasonText({"failed", {{"status", "oom"}}}, "", Lang::En), "oom");
  // Settled from an earlier run's memory: said so in both languages.
  const TuneReason remembered{"unsafe", {{"detail", "cosine 0.9 < 0.99"}, {"remembered", "x"}}};
  EXPECT_EQ(candidateReasonText(remembered, "", Lang::En), "remembered: cosine 0.9 < 0.99 (x)");
  EXPECT_EQ(candidateReasonText(remembered, "", Lang::Ja),
            "記憶から: 安全ではありません: コサイン類似度 0.9 < 0.99 (x)");
}

// A tie says what picked the winner; a last confirmed answer not kept says why, each its own
// message in both languages.
TEST(AnswerText, ATiesPickAndAPriorAnswersCauseAreTheirOwnMessages) {
  const auto tie = [](const char* picked, Lang lang) {
    return reasonText({"tie",
                       {{"keys", "bf16+aoti"},
                        {"winner", "bf16+graph"},
                        {"picked_for", picked},
                        {"margin_pct", "2"}}},
                      lang);
  };
  EXPECT_EQ(tie("fewer-moving-parts", Lang::En),
            "tied with bf16+aoti; bf16+graph was picked as the one with fewer moving parts "
            "(compile mode), then the lower median");
  EXPECT_EQ(tie("within-margin", Lang::Ja),
            "bf16+aoti と同着です。最速の水準から 2 % 以内の bf16+graph を選びました");
  EXPECT_NE(tie("stable", Lang::Ja), tie("confirmed", Lang::Ja));
  EXPECT_EQ(tie("newer", Lang::En), "tied with bf16+aoti");  // a pick of a newer version
  const TuneReason moved{"prior-not-kept",
                         {{"key", "fp16+graph"},
                          {"source", "run memory m.json (2 days old)"},
                          {"cause", "moved"},
                          {"prior_median_ms", "1.49"},
                          {"level", "2.5 ms [2.4, 2.6]"}}};
  EXPECT_EQ(reasonText(moved, Lang::En),
            "not the last confirmed answer fp16+graph (run memory m.json (2 days old)): its level "
            "moved, 1.49 ms then and 2.5 ms [2.4, 2.6] now");
  EXPECT_NE(reasonText(moved, Lang::Ja).find("前回 1.49 ms、今回 2.5 ms [2.4, 2.6]"),
            std::string::npos)
      << reasonText(moved, Lang::Ja);
}

// Sentences an older version wrote read back as the message they were: values out of the
// literals, the most specific message first, a shape of no message left alone.
TEST(AnswerText, OldSentencesReadBackAsTheirMessages) {
  const auto slower = candidateReasonOfSentence(
      "slower: 1.2 ms [1.1, 1.3] vs the leader fp16+cl 1.0 ms [0.9, 1.1] (beyond a 15 % margin: "
      "a compile shared the machine)");
  ASSERT_TRUE(slower);
  EXPECT_EQ(slower->code, "slower-contended");
  EXPECT_EQ(slower->value("level"), "1.2 ms [1.1, 1.3]");
  EXPECT_EQ(slower->value("leader_level"), "1.0 ms [0.9, 1.1]");
  EXPECT_EQ(slower->value("margin_pct"), "15");
  const auto plain = candidateReasonOfSentence(
      "slower: 1.2 ms [1.1, 1.3] vs the leader fp16+cl 1.0 ms [0.9, 1.1]");
  ASSERT_TRUE(plain);
  EXPECT_EQ(plain->code, "slower");
  EXPECT_EQ(candidateReasonText({}, "slower: 2 ms [1.9, 2.1] vs the leader fp16 1 ms [0.9, 1.1]",
                                Lang::Ja),
            "遅い: 2 ms [1.9, 2.1] (先頭の fp16 は 1 ms [0.9, 1.1])");
  const auto failed = candidateReasonOfSentence("error: the Python worker was stopped");
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->code, "failed");
  EXPECT_EQ(failed->value("status"), "error");
  // A status no failure has, a key with spaces: no message of that shape.
  EXPECT_FALSE(candidateReasonOfSentence("note: something else entirely"));
  EXPECT_FALSE(candidateReasonOfSentence("slower: 1.2 ms vs the leader some other words 1.0 ms"));
  // The pruned reasons, the rule and the judge's summaries.
  EXPECT_EQ(prunedReasonText("CUDA graphs need a CUDA device", Lang::Ja),
            "CUDA graph には CUDA デバイスが必要です");
  const auto bf16 = prunedReasonText(
      "BF16 needs compute capability ≥ 8.0 (Ampere or newer); Turing 7.5 has no BF16 Tensor Cores "
      "— use fp16 or amp-fp16",
      Lang::Ja);
  EXPECT_NE(bf16.find("Turing 7.5 には BF16 の Tensor Core がありません"), std::string::npos)
      << bf16;
  EXPECT_EQ(prunedReasonText("a reason of a newer version", Lang::Ja),
            "a reason of a newer version");
  const std::string rule =
      "auto (t = 1.0e-02): classifiers ≤ 1 % of top-1 classes changed and rel. L2 ≤ 1.0e-01; "
      "other outputs cosine ≥ 0.99";
  EXPECT_EQ(ruleText(rule, Lang::En), rule);
  EXPECT_EQ(ruleText(rule, Lang::Ja),
            "自動 (t = 1.0e-02): 分類器は top-1 クラスの変化が 1 % 以下かつ相対 L2 ≤ 1.0e-01。"
            "その他の出力はコサイン類似度 ≥ 0.99");
  EXPECT_EQ(ruleText("rel. L2 error ≤ 1.0e-02", Lang::Ja), "相対 L2 誤差 ≤ 1.0e-02");
  EXPECT_EQ(accuracyText("accuracy not measured", Lang::Ja), "精度は未測定");
  EXPECT_EQ(accuracyText("top-1 agreement 96.9 %, rel. L2 1.1e-02", Lang::Ja),
            "top-1 一致率 96.9 %、相対 L2 1.1e-02");
  EXPECT_EQ(accuracyText("the FP32 reference output is all zeros: accuracy cannot be judged on "
                         "this output: use real weights or another output",
                         Lang::Ja),
            "FP32 の基準の出力がすべて 0 です: この出力では精度を判定できません: "
            "実際の重みか別の出力を使ってください");
  EXPECT_EQ(accuracyText("cosine 0.999989", Lang::En), "cosine 0.999989");
  // Inside a candidate's reason, the judge's summary is rendered too.
  EXPECT_EQ(candidateReasonText({"unsafe", {{"detail", "cosine 0.9 < 0.99"}}}, "", Lang::Ja),
            "安全ではありません: コサイン類似度 0.9 < 0.99");
}

TEST(AnswerText, TheTuneProgressLinesInBothLanguages) {
  EXPECT_EQ(
      message("progress.round", Lang::En, {{"round", "2"}, {"count", "4"}, {"iterations", "40"}}),
      "round 2: 4 survivors × 40 iterations");
  EXPECT_EQ(
      message("progress.round", Lang::Ja, {{"round", "2"}, {"count", "4"}, {"iterations", "40"}}),
      "ラウンド 2: 残り 4 件 × 40 回");
  EXPECT_EQ(message("progress.finals", Lang::Ja, {{"keys", "bf16, fp16"}, {"forks", "3"}}),
            "決勝: bf16, fp16 をそれぞれ新しいプロセス 3 個で測定");
}

TEST(AnswerText, ACandidateReasonWithoutAKnownCodeShowsItsSavedSentence) {
  // Saved before the codes, of no shape core wrote: the sentence, whatever the language.
  EXPECT_EQ(candidateReasonText({}, "slower than it should be, by a lot", Lang::Ja),
            "slower than it should be, by a lot");
  // A code of a newer version: its sentence where there is one, else its code and values.
  EXPECT_EQ(candidateReasonText({"newer", {{"a", "1"}}}, "newer words", Lang::Ja), "newer words");
  EXPECT_EQ(candidateReasonText({"newer", {{"a", "1"}}}, "", Lang::En), "newer (a=1)");
  EXPECT_EQ(candidateReasonText({}, "", Lang::En), "");
}

TEST(AnswerText, AnUnknownCodeRendersItsCodeAndValues) {
  const TuneReason r{"newer-code", {{"key", "fp16"}, {"n", "4"}}};
  for (const auto lang : {Lang::En, Lang::Ja}) {
    const auto text = reasonText(r, lang);
    EXPECT_NE(text.find("newer-code"), std::string::npos) << text;
    EXPECT_NE(text.find("key=fp16"), std::string::npos) << text;
    EXPECT_NE(text.find("n=4"), std::string::npos) << text;
  }
  EXPECT_EQ(reasonText({"bare-code", {}}, Lang::Ja), "bare-code");
  EXPECT_EQ(reasonText({"", {}}, Lang::En), "?");
  EXPECT_EQ(candidateStateText("newer-state", Lang::Ja), "newer-state");
  EXPECT_EQ(compileStateText("", Lang::Ja), "?");
  EXPECT_EQ(message("no.such.id", Lang::Ja), "no.such.id");
}

TEST(AnswerText, StatesRenderInBothLanguages) {
  for (const auto& s : candidateStates()) {
    EXPECT_NE(candidateStateText(s, Lang::En), candidateStateText(s, Lang::Ja)) << s;
    EXPECT_EQ(latinSentence(candidateStateText(s, Lang::Ja)), "") << s;
  }
  for (const auto& s : compileStates()) {
    EXPECT_NE(compileStateText(s, Lang::En), compileStateText(s, Lang::Ja)) << s;
    EXPECT_EQ(latinSentence(compileStateText(s, Lang::Ja)), "") << s;
  }
  EXPECT_EQ(candidateStateText("not-measured", Lang::En), "not measured");
  EXPECT_EQ(candidateStateText("winner", Lang::Ja), "勝者");
  EXPECT_EQ(compileStateText("running", Lang::Ja), "コンパイル中");
  for (const auto* s : {"final", "provisional", "no-winner", "cancelled"})
    EXPECT_NE(answerStateText(s, Lang::En), answerStateText(s, Lang::Ja)) << s;
  EXPECT_EQ(answerStateText("", Lang::En), "no winner");
}

TuneAnswer provisionalAnswer() {
  TuneAnswer a;
  a.state = "provisional";
  a.winner = "bf16+cl+aoti";
  a.median_ms = 2.0;
  a.low_ms = 1.9;
  a.high_ms = 2.3;
  a.interval_kind = "across-processes";
  a.processes = 3;
  a.wide = true;
  a.why = {{"interval-wide", {{"half_width_pct", "15"}, {"limit_pct", "10"}}},
           {"unmeasured", {{"count", "2"}, {"total", "9"}}}};
  a.peer_key = "fp32+cl+compile";
  a.peer_ratio = 1.17;
  a.winner_peer_ms = 2.0;
  a.peer_ms = 1.71;
  a.peer_basis = "across-processes";
  a.missing = 2;
  a.candidates = 9;
  a.missing_precisions = {"fp16"};
  a.missing_compiles = {"aoti-graph"};
  a.budget_to_reach_s = 239.2;
  a.host_measured = true;
  a.host_bound = true;
  a.launch_wait_share = 0.34;
  a.notes = {{"tie", {{"keys", "fp16+cl"}}}};
  a.log_paths = {"/tmp/compile.log"};
  a.roofline_pct = 41.4;
  a.roofline_precision = "bf16";
  a.roofline_bound = "memory";
  return a;
}

TEST(AnswerText, TheAnswerBlockSaysAnswerConfidencePeerMissingAndNotes) {
  const auto a = provisionalAnswer();
  const auto en = answerBlock(a, Lang::En);
  ASSERT_EQ(en.size(), 6u);
  EXPECT_EQ(en[0].label, "Answer:");
  EXPECT_EQ(en[0].text, "bf16+cl+aoti  2 ms [1.9, 2.3] across 3 fresh processes");
  EXPECT_EQ(en[1].text,
            "provisional (±15 %, wide): the interval reaches ±15 % of the median (a final "
            "answer needs ±10 %); 2 of 9 candidates not measured");
  EXPECT_EQ(en[2].label, "vs torch.compile:");
  EXPECT_EQ(en[2].text, "1.17× fp32+cl+compile (2 against 1.71 ms, both across fresh processes)");
  EXPECT_EQ(en[3].label, "Roofline:");
  EXPECT_EQ(en[3].text, "41 % of the measured bf16 ceiling (memory-bound)");
  EXPECT_EQ(en[4].text, "2 of 9 candidates (fp16, aoti-graph): --budget-s 240 would reach them");
  EXPECT_EQ(en[5].text,
            "tied with fp16+cl; host-bound: the GPU waits for launches 34 % of the time");
  const auto ja = answerBlock(a, Lang::Ja);
  ASSERT_EQ(ja.size(), en.size());
  EXPECT_EQ(ja[0].label, "答え:");
  EXPECT_EQ(ja[1].text.rfind("暫定 (±15 %、区間が広い): ", 0), 0u) << ja[1].text;
  EXPECT_NE(ja[2].text.find("fp32+cl+compile の 1.17 倍"), std::string::npos) << ja[2].text;
  for (const auto& line : ja) {
    EXPECT_EQ(latinSentence(line.label), "") << line.label;
    EXPECT_EQ(latinSentence(line.text), "") << line.text;
  }
  // The log paths are not in the block: they have a line of their own.
  for (const auto& line : en) EXPECT_EQ(line.text.find("/tmp/compile.log"), std::string::npos);
  EXPECT_EQ(logsLabel(Lang::Ja), "ログ:");
}

TEST(AnswerText, WithoutAWinnerTheBlockHasNoPeerLine) {
  TuneAnswer a;
  a.state = "no-winner";
  a.why = {{"none-clean", {}}};
  const auto en = answerBlock(a, Lang::En);
  ASSERT_EQ(en.size(), 3u);
  EXPECT_EQ(en[0].text, "none: strict FP32 eager stands");
  EXPECT_EQ(en[1].text, "no winner: no candidate ran cleanly and safely: strict FP32 eager stands");
  EXPECT_EQ(en[2].text, "nothing: every candidate was measured, pruned or failed");
}

TEST(AnswerText, PeerSaysWhyThereIsNoRatio) {
  TuneAnswer a;
  a.winner = "fp16";
  for (const auto* missing : {"is-winner", "no-candidate", "failed", "unreached"}) {
    a.peer_missing = missing;
    EXPECT_NE(peerText(a, Lang::En), peerText(a, Lang::Ja)) << missing;
    EXPECT_EQ(latinSentence(peerText(a, Lang::Ja)), "") << missing;
  }
  a.peer_missing = "is-winner";
  EXPECT_EQ(peerText(a, Lang::En), "the answer is torch.compile itself");
  a.peer_missing.clear();
  a.peer_ratio = 0.8;
  a.peer_key = "fp16+compile";
  a.peer_basis = "in-process";
  a.peer_unsafe = true;
  EXPECT_EQ(peerText(a, Lang::En),
            "0.80× fp16+compile (0 against 0 ms, both in the tuner's process); torch.compile "
            "was unsafe");
}

TEST(AnswerText, ForkOutcomeFromItsFields) {
  ForkOutcome o;
  o.processes = 5;
  o.spread = 0.012;
  EXPECT_EQ(forkOutcomeText(o, Lang::En), "stable across 5 processes (medians within 1.2 %)");
  EXPECT_EQ(forkOutcomeText(o, Lang::Ja), "5 個のプロセスで安定 (中央値の差は 1.2 % 以内)");
  o.stable = false;
  o.spread = 0.116;
  o.low_ms = 1.63;
  o.high_ms = 1.82;
  EXPECT_EQ(forkOutcomeText(o, Lang::En),
            "unstable across 5 processes (spread 11.6 %, medians 1.63–1.82 ms): one process's "
            "interval does not predict the next");
  o.noisy = true;
  EXPECT_EQ(forkOutcomeText(o, Lang::En).rfind("noisy in every process", 0), 0u);
  EXPECT_EQ(latinSentence(forkOutcomeText(o, Lang::Ja)), "");
  o.processes = 1;
  EXPECT_EQ(forkOutcomeText(o, Lang::En), "one process: it says nothing about the next");
  o.processes = 0;
  EXPECT_EQ(forkOutcomeText(o, Lang::Ja), "定常状態に達したプロセスがありません");

  // From the analysis's summary: the range of the medians and the noisy flag come along.
  analysis::ForkSummary s;
  s.forks = 2;
  s.fork_medians = {{1.82, 0, 0}, {1.63, 0, 0}};
  s.stable = false;
  s.noisy = true;
  s.between_fork_spread = 0.11;
  const auto from = forkOutcome(s);
  EXPECT_EQ(from.processes, 2);
  EXPECT_TRUE(from.noisy);
  EXPECT_DOUBLE_EQ(from.low_ms, 1.63);
  EXPECT_DOUBLE_EQ(from.high_ms, 1.82);
  // A session's ForkStats: noisy from its outcome, the rest from its fields.
  ForkStats stats;
  stats.forks = 3;
  stats.stable = false;
  stats.spread = 0.3;
  stats.outcome = ForkAgreement::Noisy;
  EXPECT_TRUE(forkOutcome(stats).noisy);
  stats.outcome = ForkAgreement::Unstable;
  EXPECT_FALSE(forkOutcome(stats).noisy);
  EXPECT_EQ(forkOutcome(stats).processes, 3);
  // Processes remembered from the run that confirmed it are said, in both languages.
  stats.outcome = ForkAgreement::Stable;
  stats.stable = true;
  stats.spread = 0.01;
  stats.remembered_forks = 2;
  EXPECT_EQ(forkOutcomeText(forkOutcome(stats), Lang::En),
            "stable across 3 processes (medians within 1 %); 2 of the processes remembered from "
            "the run that confirmed it");
  EXPECT_EQ(forkOutcomeText(forkOutcome(stats), Lang::Ja),
            "3 個のプロセスで安定 (中央値の差は 1 % 以内)。うち 2 "
            "個は確認した実行から記憶したプロセスです");
}

TEST(AnswerText, ACompilesReadinessInBothLanguages) {
  EXPECT_EQ(etaText(80000, 120000, Lang::En),
            "ready in about 40 s (a compile of this model took 120 s; 80 s in)");
  EXPECT_EQ(etaText(130000, 120000, Lang::En),
            "130 s in, past this model's typical 120 s: ready soon");
  EXPECT_EQ(etaText(5000, 0, Lang::En).rfind("5 s in; no compile", 0), 0u);
  for (const double typical : {0.0, 120000.0, 60000.0}) {
    const auto ja = etaText(80000, typical, Lang::Ja);
    EXPECT_NE(ja, etaText(80000, typical, Lang::En));
    EXPECT_EQ(latinSentence(ja), "") << ja;
  }
}

// A race saved before its reasons were codes kept only its roofline sentence: those core wrote
// (core/roofline/roofline_place.cpp unplacedClause and verdictClause, as of then) read back into
// their cause and values; anything else (a placed winner's clause) into nothing.
TEST(AnswerText, AnOldRacesRooflineSentenceReadsBackIntoItsReason) {
  const auto python = rooflineReasonOfClause(
      "Roofline not computed: the model runs in the Python worker, whose operators the engine "
      "cannot observe");
  ASSERT_TRUE(python.has_value());
  EXPECT_EQ(python->code, "roofline-unplaced");
  EXPECT_EQ(python->value("cause"), "python-model");
  EXPECT_EQ(
      reasonText(*python, Lang::Ja),
      "ルーフライン未計算: モデルは Python ワーカーで動き、その演算をエンジンは観測できません");

  const auto package = rooflineReasonOfClause(
      "Roofline not computed: no work counted (an AOTInductor package runs no operators the "
      "engine can observe, and has no eager twin)");
  ASSERT_TRUE(package.has_value());
  EXPECT_EQ(package->value("cause"), "aoti-package");  // not "no-work" with a sentence for a key

  const auto key = rooflineReasonOfClause("Roofline not computed: no work counted (fp16+cl)");
  ASSERT_TRUE(key.has_value());
  EXPECT_EQ(key->value("cause"), "no-work");
  EXPECT_EQ(key->value("key"), "fp16+cl");

  const auto failed = rooflineReasonOfClause(
      "Roofline not computed: counting the winner's work failed (worker exited (signal 9))");
  ASSERT_TRUE(failed.has_value());
  EXPECT_EQ(failed->value("cause"), "pass-failed");
  EXPECT_EQ(failed->value("detail"), "worker exited (signal 9)");

  const auto ceiling = rooflineReasonOfClause(
      "Roofline not computed: no measured BF16 matmul ceiling for this device");
  ASSERT_TRUE(ceiling.has_value());
  EXPECT_EQ(ceiling->value("precision"), "BF16");

  EXPECT_FALSE(rooflineReasonOfClause("Roofline: at 41 % of the measured BF16 matmul ceiling "
                                      "(410 of 1000 TFLOP/s): compute-bound")
                   .has_value());
  EXPECT_FALSE(rooflineReasonOfClause("Roofline not computed: no work counted").has_value());
  EXPECT_FALSE(rooflineReasonOfClause("").has_value());
}

TEST(Lang, ParsedAndTakenFromTheEnvironment) {
  EXPECT_EQ(parseLang("ja"), Lang::Ja);
  EXPECT_EQ(parseLang("EN"), Lang::En);
  EXPECT_FALSE(parseLang("fr").has_value());
  EXPECT_FALSE(parseLang("").has_value());
  EXPECT_STREQ(toString(Lang::Ja), "ja");
  // INFERSCOPE_LANG first, then the locale in POSIX order.
  EXPECT_EQ(langFromEnvironment("en", "ja_JP.UTF-8", nullptr, "ja_JP.UTF-8"), Lang::En);
  EXPECT_EQ(langFromEnvironment("ja", nullptr, nullptr, "C"), Lang::Ja);
  EXPECT_EQ(langFromEnvironment(nullptr, nullptr, nullptr, "ja_JP.UTF-8"), Lang::Ja);
  EXPECT_EQ(langFromEnvironment("", "", "", "ja_JP.UTF-8"), Lang::Ja);
  EXPECT_EQ(langFromEnvironment(nullptr, "C.UTF-8", nullptr, "ja_JP.UTF-8"), Lang::En);
  EXPECT_EQ(langFromEnvironment(nullptr, nullptr, "ja_JP", "en_US"), Lang::Ja);
  EXPECT_EQ(langFromEnvironment("xx", nullptr, nullptr, nullptr), Lang::En);
  EXPECT_EQ(langFromEnvironment(nullptr, nullptr, nullptr, nullptr), Lang::En);
}

}  // namespace
}  // namespace inferscope::text
