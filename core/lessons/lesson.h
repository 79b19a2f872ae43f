// A teaching lesson as plain data (resources/lessons/*.lesson.json, docs/TEACHING.md): narrated
// steps that each point at something on a real chart, a question with its answer, and how to run
// it live. Every number a lesson says is a metric computed from the sessions it ships with
// (lesson_metrics.h) and every claim it makes is a check over those metrics, so a lesson whose
// data stops showing its point fails its test instead of telling the room something untrue.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace inferscope::lessons {

enum class Language { English, Japanese };
const char* toString(Language language);  // "en", "ja"

// One text in both languages; templates ("{speedup:.1f}× faster") are filled by lesson_text.h.
struct LocalizedText {
  std::string en, ja;
  const std::string& in(Language language) const {
    return language == Language::Japanese ? ja : en;
  }
};

// Where a lesson's data comes from: a session file, or a cuDNN ledger file (`inferscope-cli cudnn
// --json`), relative to the lesson file.
enum class SourceKind { Session, Ledger };
struct Source {
  std::string name;  // how metrics and steps refer to it
  SourceKind kind = SourceKind::Session;
  std::string file;
};

// A number or the name of a metric; metrics are resolved when the lesson is evaluated.
using NumberRef = std::variant<double, std::string>;

// One named number derived from the sources. Exactly one way of computing it:
//  - a field of a config of a session   (source, config, field: "median_ms", "iteration0_ms", …)
//  - a field of a mode of a ledger      (source, mode, field: "first_iteration_ms", …)
//  - a ledger summary field             (source, field: "benchmark_differs", …)
//  - a session header field             (source, field: "libtorch_major_minor")
//  - an operation over other metrics    (op: ratio, diff, percent_change, product, min, max, sum,
//  ms_to_s,
//                                        bytes_to_mib; args: metric names or numbers)
struct MetricDef {
  std::string name;
  std::string source;
  std::string config;  // session config key
  std::string mode;    // ledger selection mode: heuristic | benchmark | deterministic
  std::string field;
  std::string op;
  std::vector<NumberRef> args;
};

// A claim the lesson makes, checked on its data: lhs op rhs (× factor).
struct Claim {
  std::string metric;
  std::string op;  // "<", "<=", ">", ">=" (equality is never a claim about measurements)
  NumberRef rhs;
  double factor = 1.0;
  LocalizedText says;  // the sentence the claim supports, for the failure message and the docs
};

// Cumulative: the total time of a job of N inferences on two configs of a session (set-up, a
// compile included, then N steady medians), where a compile's break-even is a crossing.
enum class View { Latency, Memory, Speed, Cudnn, Kernels, Cumulative };
// "latency", "memory", "speed", "cudnn", "kernels", "cumulative"
const char* toString(View view);
std::optional<View> viewFromString(const std::string& text);

enum class TargetKind { Region, Point, Row, Config };
const char* toString(TargetKind kind);  // "region", "point", "row", "config"

// What a step highlights on its chart:
//  Region — iterations [from, to] of a config's latency series (latency) or its kernel timeline
//  Point  — one config (a speed × accuracy point, a memory bar group, one latency iteration
//           `from`, the break-even of a cumulative view)
//  Row    — a row of the view's table (a cuDNN layer by index, a config's kernel lane)
//  Config — the config itself, brought forward
struct Target {
  View view = View::Latency;
  TargetKind kind = TargetKind::Config;
  std::string source;  // the session (or ledger) the view shows
  std::string config;  // config key; empty for cuDNN rows
  // Cumulative views: the config `config` is weighed against (a compiled config's eager twin).
  std::string against;
  std::optional<NumberRef> from, to;
  std::optional<NumberRef> row;  // Row targets: the row's index (a number or a metric)
  // Optional: the step's point written on the chart beside its highlight ("compile 89 s · pays
  // off after 1,203,773 images"), a template over the metrics; empty when the step has none.
  LocalizedText note;
};

struct Step {
  LocalizedText title;
  LocalizedText text;  // a template over the lesson's metrics
  Target target;
};

struct Question {
  LocalizedText text;    // asked to the room
  LocalizedText answer;  // revealed; a template over the metrics
};

// "Run it live on this machine": the CLI command that records the lesson's data, and what it needs.
struct LiveRun {
  std::vector<std::string> cli_args;  // after `inferscope-cli`
  bool needs_gpu = true;
  LocalizedText note;
};

struct Lesson {
  std::string id;  // "cold-start": the --lesson name
  LocalizedText title;
  LocalizedText summary;
  LocalizedText guide_ref;  // the guide's section the lesson follows
  std::vector<Source> sources;
  std::vector<MetricDef> metrics;
  std::vector<Claim> claims;
  std::vector<Step> steps;
  Question question;
  LiveRun live;
  int key_step = 0;  // the step the docs' screenshot shows
  // Set when the data has not been recorded yet (bench/gpu/h200_run.sh phase `lessons`): the
  // sources it names are not shipped, and the lesson is listed but cannot be shown.
  std::string pending_phase;

  const Source* source(const std::string& name) const;
};

}  // namespace inferscope::lessons
