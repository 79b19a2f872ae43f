// The lesson format: templates, number formatting, metric operations, claims and the reader's
// errors, on small lessons written in the test.
#include <gtest/gtest.h>

#include <string>

#include "core/common/error.h"
#include "core/lessons/lesson_json.h"
#include "core/lessons/lesson_library.h"
#include "core/lessons/lesson_metrics.h"
#include "core/lessons/lesson_text.h"
#include "core/session/session_file.h"

namespace inferscope::lessons {
namespace {

std::string lessonText(
    const std::string& metrics, const std::string& claims,
    const std::string& target =
        R"({"view": "latency", "kind": "config", "source": "s", "config": "fp32"})") {
  return R"({"schema": 1, "id": "t", "title": {"en": "T", "ja": "T"}, "summary": {"en": "S", "ja": "S"},
    "sources": [{"name": "s", "kind": "session", "file": "s.inferscope.json"}],
    "metrics": )" +
         metrics + R"(, "claims": )" + claims + R"(,
    "steps": [{"title": {"en": "a", "ja": "a"}, "text": {"en": "{fast:.1f}x", "ja": "{fast:.1f}倍"}, "target": )" +
         target + R"(}],
    "question": {"text": {"en": "q", "ja": "q"}, "answer": {"en": "a", "ja": "a"}},
    "live": {"cli": ["profile"], "needs_gpu": false}})";
}

const char* kMetrics = R"([
  {"name": "slow", "source": "s", "config": "fp32", "field": "median_ms"},
  {"name": "quick", "source": "s", "config": "bf16", "field": "median_ms"},
  {"name": "fast", "op": "ratio", "args": ["slow", "quick"]}])";
const char* kClaim =
    R"([{"metric": "fast", "op": ">", "rhs": 2, "says": {"en": "2x", "ja": "2倍"}}])";

SessionResult twoConfigs(double fp32_ms, double bf16_ms) {
  SessionResult s;
  for (auto [key, ms] : {std::pair{"fp32", fp32_ms}, std::pair{"bf16", bf16_ms}}) {
    ConfigResult c;
    c.config = OptimizationConfig::parse(key);
    c.stats.median_ms = ms;
    c.latency_ms = {ms * 10, ms, ms};
    s.configs.push_back(c);
  }
  return s;
}

FileReader memoryReader(const std::string& lesson, const SessionResult& session) {
  const std::string session_text = sessionToJson(session);
  return [=](const std::string& name) -> std::optional<std::string> {
    if (name == "t.lesson.json") return lesson;
    if (name == "s.inferscope.json") return session_text;
    return std::nullopt;
  };
}

TEST(LessonText, FillsPlaceholdersWithTheirFormats) {
  const MetricValues v{{"x", 3.857}, {"big", 37716.4}, {"err", 0.000551}};
  EXPECT_EQ(fillTemplate("{x:.1f}× faster", v), "3.9× faster");
  EXPECT_EQ(fillTemplate("{big:.0f} inferences", v), "37,716 inferences");
  EXPECT_EQ(fillTemplate("error {err:.1e}", v), "error 5.5e-04");
  EXPECT_EQ(fillTemplate("{{literal}} {x:.2g}", v), "{literal} 3.9");
  EXPECT_EQ(formatNumberPlain(-1234.5, 'f', 1), "-1,234.5");
  EXPECT_EQ(formatNumberPlain(999.0, 'f', 0), "999");
}

TEST(LessonText, BadPlaceholdersNameThemselves) {
  const MetricValues v{{"x", 1.0}};
  try {
    fillTemplate("{y:.1f}", v);
    FAIL() << "an unknown metric must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no metric 'y'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(fillTemplate("{x:.1q}", v), Error);
  EXPECT_THROW(fillTemplate("{x", v), Error);
  EXPECT_THROW(fillTemplate("x}", v), Error);
  EXPECT_EQ(templateMetrics("{a} and {b:.1f}"), (std::vector<std::string>{"a", "b"}));
}

TEST(LessonReader, RejectsWhatCannotBeEvaluated) {
  auto message = [](const std::string& text) {
    try {
      lessonFromJson(text, "t.lesson.json");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  EXPECT_NE(message(lessonText(R"([{"name": "a", "op": "ratio", "args": ["b", 1]}])", kClaim))
                .find("before it is defined"),
            std::string::npos);
  EXPECT_NE(message(lessonText(R"([{"name": "a", "op": "ratio", "args": [1]}])", kClaim))
                .find("takes 2 argument(s)"),
            std::string::npos);
  EXPECT_NE(message(lessonText(kMetrics, "[]")).find("at least one claim"), std::string::npos);
  EXPECT_NE(
      message(lessonText(
                  kMetrics,
                  R"([{"metric": "nope", "op": ">", "rhs": 1, "says": {"en": "x", "ja": "x"}}])"))
          .find("unknown metric 'nope'"),
      std::string::npos);
  EXPECT_NE(
      message(
          lessonText(kMetrics, kClaim,
                     R"({"view": "latency", "kind": "region", "source": "s", "config": "fp32"})"))
          .find("needs 'from' and 'to'"),
      std::string::npos);
  EXPECT_NE(
      message(lessonText(
                  kMetrics, kClaim,
                  R"({"view": "latency", "kind": "config", "source": "other", "config": "fp32"})"))
          .find("unknown source 'other'"),
      std::string::npos);
  // A cumulative view weighs its config against another one, named; no other view takes one.
  EXPECT_NE(
      message(
          lessonText(kMetrics, kClaim,
                     R"({"view": "cumulative", "kind": "point", "source": "s", "config": "bf16"})"))
          .find("needs 'against'"),
      std::string::npos);
  EXPECT_NE(message(lessonText(kMetrics, kClaim,
                               R"({"view": "speed", "kind": "point", "source": "s", )"
                               R"("config": "bf16", "against": "fp32"})"))
                .find("'against' belongs to a cumulative target"),
            std::string::npos);
  EXPECT_EQ(message(lessonText(kMetrics, kClaim,
                               R"({"view": "cumulative", "kind": "point", "source": "s", )"
                               R"("config": "bf16", "against": "fp32"})")),
            "(no error)");
  // Text in one language only is a lesson half translated.
  auto text = lessonText(kMetrics, kClaim);
  text.replace(text.find(R"({"en": "T", "ja": "T"})"), 22, R"({"en": "T", "ja": ""})");
  EXPECT_NE(message(text).find("both 'en' and 'ja'"), std::string::npos);
}

TEST(LessonClaims, HoldOrFailWithTheData) {
  const auto text = lessonText(kMetrics, kClaim);
  const auto holds = loadLesson("t.lesson.json", memoryReader(text, twoConfigs(12.0, 4.0)));
  ASSERT_TRUE(holds.available);
  EXPECT_DOUBLE_EQ(holds.values.at("fast"), 3.0);
  EXPECT_EQ(fillTemplate(holds.lesson.steps[0].text.in(Language::Japanese), holds.values), "3.0倍");
  const auto ok = checkClaims(holds.lesson, holds.values);
  ASSERT_EQ(ok.size(), 1u);
  EXPECT_TRUE(ok[0].holds) << ok[0].description;

  // The same lesson over data that no longer shows its point: the claim fails and says so.
  const auto broken = loadLesson("t.lesson.json", memoryReader(text, twoConfigs(12.0, 8.0)));
  const auto bad = checkClaims(broken.lesson, broken.values);
  EXPECT_FALSE(bad[0].holds);
  EXPECT_NE(bad[0].description.find("does NOT hold"), std::string::npos) << bad[0].description;
}

// judged_deviation quotes what the Speed × accuracy chart draws: the share of rows whose top-1
// class changed for a classifier's output, 1 − cosine for any other, never the relative L2 error
// (which the chart does not draw); NaN/Inf outputs have no number to quote.
TEST(LessonMetrics, JudgedDeviationIsTheChartsMetric) {
  const std::string metrics = R"([
    {"name": "fast", "source": "s", "config": "bf16", "field": "judged_deviation"},
    {"name": "l2", "source": "s", "config": "bf16", "field": "rel_l2_error"}])";
  SessionResult s = twoConfigs(12.0, 4.0);
  for (auto& c : s.configs) {
    c.accuracy.measured = true;
    c.accuracy.rel_l2_error = 0.02;
    c.accuracy.cosine_similarity = 0.9996;
  }
  const auto text = lessonText(
      metrics, R"([{"metric": "l2", "op": ">", "rhs": 0, "says": {"en": "e", "ja": "e"}}])");
  const auto encoder = loadLesson("t.lesson.json", memoryReader(text, s));
  EXPECT_NEAR(encoder.values.at("fast"), 4e-4, 1e-12);  // 1 − cosine
  EXPECT_DOUBLE_EQ(encoder.values.at("l2"), 0.02);
  for (auto& c : s.configs) c.accuracy.top1_agreement = 0.75;  // a classifier's output
  const auto classifier = loadLesson("t.lesson.json", memoryReader(text, s));
  EXPECT_DOUBLE_EQ(classifier.values.at("fast"), 0.25);  // a quarter of the rows changed
  s.configs[1].accuracy.inf_count = 3;
  try {
    loadLesson("t.lesson.json", memoryReader(text, s));
    FAIL() << "an output with Inf has no deviation to quote";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("NaN/Inf"), std::string::npos) << e.what();
  }
}

TEST(LessonClaims, MissingConfigOrSourceIsNamed) {
  const auto text = lessonText(kMetrics, kClaim);
  SessionResult one = twoConfigs(12.0, 4.0);
  one.configs.pop_back();
  try {
    loadLesson("t.lesson.json", memoryReader(text, one));
    FAIL() << "a config the session lacks must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("has no config 'bf16'"), std::string::npos) << e.what();
  }
  // A source that is not there (not recorded yet) leaves the lesson listed but unavailable.
  const auto absent =
      loadLesson("t.lesson.json", [&](const std::string& name) -> std::optional<std::string> {
        if (name == "t.lesson.json") return text;
        return std::nullopt;
      });
  EXPECT_FALSE(absent.available);
  EXPECT_NE(absent.unavailable_reason.find("s.inferscope.json"), std::string::npos);
}

}  // namespace
}  // namespace inferscope::lessons
