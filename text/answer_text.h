// Core's answers rendered for a reader, in English or Japanese, from their codes and fields: the
// tuning answer (core/engine/tune_answer.h: state, reasons, notes, the ratio to torch.compile,
// what is missing, the host), the race's candidate and compile states, and the outcome of a config
// measured in fresh processes. Core builds no sentence for display; the CLI (--lang) and the GUI
// (View → Language) both render through these, so the two say the same thing. One catalogue holds
// every message in both languages (UTF-8); values (config keys, numbers, paths) are put in as
// given. A code this version does not know renders as its code and values, never as nothing.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/tune_answer.h"
#include "text/lang.h"

namespace inferscope {
struct ForkStats;
namespace analysis {
struct ForkSummary;
}
}  // namespace inferscope

namespace inferscope::text {

// One message of the catalogue: its id and its text in each language, with `{name}` where a
// value goes (both languages name the same values).
struct CatalogueEntry {
  const char* id;
  const char* en;
  const char* ja;
};
const std::vector<CatalogueEntry>& catalogue();

// The message `id` in `lang` with its `{name}`s replaced by `values` (a missing value stays
// `{name}`, visibly). An unknown id renders as itself.
std::string message(const std::string& id, Lang lang,
                    const std::map<std::string, std::string>& values = {});

// The reason codes the catalogue renders (core/tuner/race.cpp and core/runner/tuning.cpp give
// them; docs/ADVISOR.md lists them), and the causes of "not-confirmed".
const std::vector<std::string>& reasonCodes();
const std::vector<std::string>& notConfirmedCauses();
// The causes of "roofline-unplaced": why the winner has no place on the roofline.
const std::vector<std::string>& rooflineUnplacedCauses();
// The "roofline-unplaced" reason of a race saved before its reasons were codes, read back from the
// one sentence it kept (TuneRecord::roofline), which core wrote as this catalogue's English says:
// nothing when the sentence is no such cause's (a placed winner's clause, another version's).
std::optional<TuneReason> rooflineReasonOfClause(const std::string& clause);

// One reason: its message with its values, or, for a code of a newer version, "code (name=value,
// …)".
std::string reasonText(const TuneReason& reason, Lang lang);

// A race candidate's reason (CandidateOutcome::reason_code, TuneCandidateRecord::reason_code) in
// `lang`, with its values as given (a failure's own message stays as PyTorch wrote it, after a
// translated lead-in). `sentence` is the English reason saved beside the code: what is shown for a
// race saved before the codes ("" code), or for a code of a newer version.
std::string candidateReasonText(const TuneReason& code, const std::string& sentence, Lang lang);
// The codes it renders (core/tuner/race.cpp gives them; docs/ADVISOR.md lists them).
const std::vector<std::string>& candidateReasonCodes();

// A sentence an older version wrote for a reader, read back as the catalogue message it was: the
// message of `family` (an id prefix: "fate.", "prune.") whose English, with values put in, is the
// sentence; nullopt when none is (a shape of another version stays data, shown as written).
// Values other than levels and quoted text are single tokens, so that a sentence never matches a
// message whose words it merely contains.
struct MatchedMessage {
  std::string id;
  std::map<std::string, std::string> values;
};
std::optional<MatchedMessage> matchMessage(const std::string& family, const std::string& sentence);
// A candidate's reason saved before the codes (TuneCandidateRecord::reason with no reason_code),
// as its code and values: the race's English of every shape core wrote matches a "fate." message
// (candidateReasonText reads such sentences so). nullopt for a shape it does not know.
std::optional<TuneReason> candidateReasonOfSentence(const std::string& sentence);
// Why the search space left a config out (TunePrunedRecord::reason, PrunedConfig::reason) in
// `lang`: core writes one of a finite set of sentences ("prune." messages, the same English), read
// back as its message; a sentence of another version is shown as written.
std::string prunedReasonText(const std::string& sentence, Lang lang);
// The accuracy rule as core describes it (AccuracyRule::describe, TuneRecord::rule) in `lang`,
// read back from its four shapes ("auto (t = …): …", top1, cosine, rel-l2); as given otherwise.
std::string ruleText(const std::string& described, Lang lang);
// judgeAccuracy's summary, unsafe reason or note (a candidate's accuracy,
// TuneRecord::accuracy_note) in `lang`, read back from the finite set of shapes core writes; as
// given otherwise (a Python worker's own wording, another version's).
std::string accuracyText(const std::string& summary, Lang lang);

// "final", "provisional", "no-winner", "cancelled" → the word ("no-winner" for an empty state).
std::string answerStateText(const std::string& state, Lang lang);
// The kind of the answer's interval: across N fresh processes, or in the tuner's process.
std::string intervalKindText(const TuneAnswer& answer, Lang lang);
// The answer itself: "KEY  1.23 ms [1.2, 1.3] across 3 fresh processes", or "none: …".
std::string answerText(const TuneAnswer& answer, Lang lang);
// The state, the interval's half-width and its marks, then the reasons: "provisional (±4 %): …".
std::string confidenceText(const TuneAnswer& answer, Lang lang);
// The ratio to torch.compile, like for like, or why there is none.
std::string peerText(const TuneAnswer& answer, Lang lang);
// What the budget did not reach, and the budget that would.
std::string missingText(const TuneAnswer& answer, Lang lang);
// The host-bound diagnosis ("" when not measured).
std::string hostText(const TuneAnswer& answer, Lang lang);

// roofline::toString(Bound) → "compute-bound", …; the winner's share of its ceiling ("" when not
// placed).
std::string boundText(const std::string& bound, Lang lang);
std::string rooflineText(const TuneAnswer& answer, Lang lang);

// The console's answer block: label and text per line (answer, confidence, vs torch.compile when
// there is a winner, the roofline when placed, missing, notes when any), in that order. The log
// paths are not in it: they go on a line of their own (logsLabel()).
struct AnswerLine {
  std::string label, text;
};
std::vector<AnswerLine> answerBlock(const TuneAnswer& answer, Lang lang);
std::string logsLabel(Lang lang);

// A race candidate's state (tuner::toString(CandidateState), and "waiting", "running", "in the
// race" as the GUI shows live rows) and a background compile's (toString(CompileStatus::State)).
std::string candidateStateText(const std::string& state, Lang lang);
std::string compileStateText(const std::string& state, Lang lang);
const std::vector<std::string>& candidateStates();
const std::vector<std::string>& compileStates();

// When a background compile left running will be ready (runner::etaText's figures): `typical_ms`
// is what a compile of the model took (0: none finished yet).
std::string etaText(double elapsed_ms, double typical_ms, Lang lang);

// A config measured in fresh processes: stable, unstable (the process decides the level) or
// noisy (every process is noisy), from its fields.
struct ForkOutcome {
  int processes = 0;   // processes with a steady part
  bool stable = true;  // the medians agree within δ
  bool noisy = false;  // unstable because every process is noisy (analysis::ForkSummary::noisy)
  double spread = 0;   // (max − min) / median of the processes' medians
  double low_ms = 0, high_ms = 0;  // the range of the processes' medians (0 when not known)
  int remembered = 0;  // of `processes`, those remembered from the run that confirmed the config
};
ForkOutcome forkOutcome(const ForkStats& stats);
ForkOutcome forkOutcome(const analysis::ForkSummary& summary);
std::string forkOutcomeText(const ForkOutcome& outcome, Lang lang);

}  // namespace inferscope::text
