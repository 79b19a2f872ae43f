// Lesson files through the project's one JSON reader (core/common/json_reader.h).
#include "core/lessons/lesson_json.h"

#include <fmt/format.h>

#include <set>

#include "core/common/json_reader.h"

namespace inferscope::lessons {
namespace {

LocalizedText readText(const JsonReader& r) {
  r.expectObject({"en", "ja"});
  LocalizedText t;
  t.en = r.at("en").string();
  t.ja = r.at("ja").string();
  if (t.en.empty() || t.ja.empty())
    r.fail(fmt::format("{} needs a non-empty text in both 'en' and 'ja'", r.where()));
  return t;
}

LocalizedText readTextOr(const JsonReader& r, const char* key) {
  return r.has(key) ? readText(r.at(key)) : LocalizedText{};
}

NumberRef readRef(const JsonReader& r) {
  if (r.isObject()) r.fail(fmt::format("{} must be a number or a metric name", r.where()));
  try {
    return r.number();
  } catch (const Error&) {
    return r.string();
  }
}

const std::vector<std::string> kOps = {"ratio", "diff",    "percent_change", "min",         "max",
                                       "sum",   "product", "ms_to_s",        "bytes_to_mib"};

MetricDef readMetric(const JsonReader& r) {
  r.expectObject({"name", "source", "config", "mode", "field", "op", "args"});
  MetricDef m;
  m.name = r.at("name").string();
  if (r.has("op")) {
    m.op = r.at("op").oneOf(kOps);
    for (const auto& a : r.at("args").elements()) m.args.push_back(readRef(a));
    const std::size_t n = m.args.size();
    const bool unary = m.op == "ms_to_s" || m.op == "bytes_to_mib";
    const bool binary =
        m.op == "ratio" || m.op == "diff" || m.op == "percent_change" || m.op == "product";
    if ((unary && n != 1) || (binary && n != 2) || n == 0) {
      r.fail(fmt::format("metric '{}': operation '{}' takes {} argument(s), got {}", m.name, m.op,
                         unary    ? "1"
                         : binary ? "2"
                                  : "1 or more",
                         n));
    }
    if (r.has("source") || r.has("field"))
      r.fail(fmt::format("metric '{}': either 'op' or 'source'/'field', not both", m.name));
  } else {
    m.source = r.at("source").string();
    m.field = r.at("field").string();
    m.config = r.stringOr("config", "");
    m.mode = r.has("mode") ? r.at("mode").oneOf({"heuristic", "benchmark", "deterministic"}) : "";
  }
  return m;
}

Target readTarget(const JsonReader& r) {
  r.expectObject({"view", "kind", "source", "config", "against", "from", "to", "row", "note"});
  Target t;
  const auto view = r.at("view");
  t.view =
      *viewFromString(view.oneOf({"latency", "memory", "speed", "cudnn", "kernels", "cumulative"}));
  const auto kind = r.at("kind").oneOf({"region", "point", "row", "config"});
  for (auto k : {TargetKind::Region, TargetKind::Point, TargetKind::Row, TargetKind::Config})
    if (kind == toString(k)) t.kind = k;
  t.source = r.at("source").string();
  t.config = r.stringOr("config", "");
  t.against = r.stringOr("against", "");
  if (r.has("from")) t.from = readRef(r.at("from"));
  if (r.has("to")) t.to = readRef(r.at("to"));
  if (r.has("row")) t.row = readRef(r.at("row"));
  t.note = readTextOr(r, "note");
  if (t.kind == TargetKind::Region && (!t.from || !t.to))
    r.fail(fmt::format("{}: a region needs 'from' and 'to'", r.where()));
  if (t.kind == TargetKind::Row && t.view == View::Cudnn && !t.row)
    r.fail(fmt::format("{}: a cuDNN row needs 'row'", r.where()));
  if (t.view != View::Cudnn && t.config.empty())
    r.fail(fmt::format("{}: a {} target needs 'config'", r.where(), toString(t.view)));
  if (t.view == View::Cumulative && t.against.empty())
    r.fail(fmt::format("{}: a cumulative target needs 'against', the config it is weighed against",
                       r.where()));
  if (t.view != View::Cumulative && !t.against.empty())
    r.fail(fmt::format("{}: 'against' belongs to a cumulative target, not a {} one", r.where(),
                       toString(t.view)));
  return t;
}

}  // namespace

Lesson lessonFromJson(std::string_view text, const std::string& origin) {
  const auto doc = JsonReader::parseText(text, origin);
  const JsonReader r(doc, origin);
  r.expectObject({"schema", "id", "title", "summary", "guide", "sources", "metrics", "claims",
                  "steps", "question", "live", "key_step", "pending_phase"});
  if (r.at("schema").integer() != 1)
    r.fail("'schema' must be 1 (a lesson file of another version)");
  Lesson l;
  l.id = r.at("id").string();
  l.title = readText(r.at("title"));
  l.summary = readText(r.at("summary"));
  l.guide_ref = readTextOr(r, "guide");
  l.pending_phase = r.stringOr("pending_phase", "");

  for (const auto& s : r.at("sources").elements()) {
    s.expectObject({"name", "kind", "file"});
    Source src;
    src.name = s.at("name").string();
    src.kind = s.at("kind").oneOf({"session", "ledger"}) == "ledger" ? SourceKind::Ledger
                                                                     : SourceKind::Session;
    src.file = s.at("file").string();
    if (src.file.find("..") != std::string::npos || (!src.file.empty() && src.file[0] == '/'))
      s.fail(fmt::format("{}: source files lie beside the lesson (got '{}')", s.where(), src.file));
    if (l.source(src.name)) s.fail(fmt::format("source '{}' is declared twice", src.name));
    l.sources.push_back(src);
  }

  std::set<std::string> names;
  for (const auto& m : r.at("metrics").elements()) {
    auto def = readMetric(m);
    if (!def.source.empty() && !l.source(def.source))
      m.fail(fmt::format("metric '{}' reads source '{}', which the lesson does not declare",
                         def.name, def.source));
    for (const auto& a : def.args) {
      if (const auto* n = std::get_if<std::string>(&a); n && !names.count(*n))
        m.fail(fmt::format("metric '{}' uses '{}' before it is defined", def.name, *n));
    }
    if (!names.insert(def.name).second)
      m.fail(fmt::format("metric '{}' is defined twice", def.name));
    l.metrics.push_back(std::move(def));
  }
  auto checkRef = [&](const JsonReader& at, const NumberRef& ref) {
    if (const auto* n = std::get_if<std::string>(&ref); n && !names.count(*n))
      at.fail(fmt::format("{}: unknown metric '{}'", at.where(), *n));
  };

  for (const auto& c : r.at("claims").elements()) {
    c.expectObject({"metric", "op", "rhs", "factor", "says"});
    Claim claim;
    claim.metric = c.at("metric").string();
    checkRef(c, claim.metric);
    claim.op = c.at("op").oneOf({"<", "<=", ">", ">="});
    claim.rhs = readRef(c.at("rhs"));
    checkRef(c, claim.rhs);
    claim.factor = c.numberOr("factor", 1.0);
    claim.says = readText(c.at("says"));
    l.claims.push_back(std::move(claim));
  }
  if (l.claims.empty()) r.fail("a lesson needs at least one claim checked on its data");

  for (const auto& s : r.at("steps").elements()) {
    s.expectObject({"title", "text", "target"});
    Step step;
    step.title = readText(s.at("title"));
    step.text = readText(s.at("text"));
    step.target = readTarget(s.at("target"));
    if (!l.source(step.target.source))
      s.fail(fmt::format("{}: unknown source '{}'", s.where(), step.target.source));
    if (step.target.from) checkRef(s, *step.target.from);
    if (step.target.to) checkRef(s, *step.target.to);
    if (step.target.row) checkRef(s, *step.target.row);
    l.steps.push_back(std::move(step));
  }
  if (l.steps.empty()) r.fail("a lesson needs at least one step");
  l.key_step = r.integerOr("key_step", 0);
  if (l.key_step < 0 || l.key_step >= static_cast<int>(l.steps.size()))
    r.fail("'key_step' is not a step index");

  const auto q = r.at("question");
  q.expectObject({"text", "answer"});
  l.question.text = readText(q.at("text"));
  l.question.answer = readText(q.at("answer"));

  const auto live = r.at("live");
  live.expectObject({"cli", "needs_gpu", "note"});
  l.live.cli_args = live.at("cli").strings();
  l.live.needs_gpu = live.at("needs_gpu").boolean();
  l.live.note = readTextOr(live, "note");
  return l;
}

std::vector<std::string> lessonIndexFromJson(std::string_view text, const std::string& origin) {
  const auto doc = JsonReader::parseText(text, origin);
  const JsonReader r(doc, origin);
  r.expectObject({"schema", "lessons"});
  if (r.at("schema").integer() != 1) r.fail("'schema' must be 1");
  return r.at("lessons").strings();
}

}  // namespace inferscope::lessons
