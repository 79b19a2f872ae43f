// Every lesson in resources/lessons/ on its shipped data: its claims hold, every text fills in both
// languages, every step's target exists in the data it points at. A lesson whose session has not
// been recorded yet (bench/gpu/h200_run.sh phase `lessons`) is skipped with that reason.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "core/lessons/lesson_library.h"
#include "core/lessons/lesson_text.h"

namespace inferscope::lessons {
namespace {

const FileReader& reader() {
  static const FileReader r = directoryReader(INFERSCOPE_LESSONS_DIR);
  return r;
}

std::vector<std::string> shippedLessonFiles() {
  return lessonFiles(reader());
}

class ShippedLesson : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    loaded_ = loadLesson(GetParam(), reader());
    if (!loaded_.available) GTEST_SKIP() << loaded_.unavailable_reason;
  }
  LoadedLesson loaded_;
};

TEST_P(ShippedLesson, ClaimsHoldOnItsData) {
  const auto results = checkClaims(loaded_.lesson, loaded_.values);
  ASSERT_FALSE(results.empty());
  for (const auto& r : results) {
    EXPECT_TRUE(r.holds) << r.description;
    if (std::getenv("PRINT_LESSONS")) std::printf("%s\n", r.description.c_str());
  }
}

TEST_P(ShippedLesson, EveryTextFillsInBothLanguages) {
  const auto& l = loaded_.lesson;
  for (auto lang : {Language::English, Language::Japanese}) {
    std::vector<const LocalizedText*> texts{&l.title, &l.summary, &l.question.text,
                                            &l.question.answer};
    for (const auto& s : l.steps) {
      texts.push_back(&s.title);
      texts.push_back(&s.text);
      if (!s.target.note.en.empty()) texts.push_back(&s.target.note);
    }
    for (const auto* t : texts) {
      std::string filled;
      EXPECT_NO_THROW(filled = fillTemplate(t->in(lang), loaded_.values)) << t->in(lang);
      if (std::getenv("PRINT_LESSONS")) std::printf("%s\n", filled.c_str());
      EXPECT_EQ(filled.find("nan"), std::string::npos) << filled;
    }
  }
}

TEST_P(ShippedLesson, TargetsExistInTheirData) {
  for (const auto& step : loaded_.lesson.steps) {
    const auto& t = step.target;
    const auto& title = step.title.en;
    const auto session = loaded_.data.sessions.find(t.source);
    const auto ledger = loaded_.data.ledgers.find(t.source);
    if (t.view == View::Cudnn) {
      ASSERT_NE(ledger, loaded_.data.ledgers.end())
          << title << ": the cuDNN view shows a ledger source";
      if (t.row) {
        const double row = resolve(*t.row, loaded_.values);
        EXPECT_GE(row, 0) << title;
        EXPECT_LT(row, static_cast<double>(ledger->second.layers.size())) << title;
      }
      continue;
    }
    ASSERT_NE(session, loaded_.data.sessions.end())
        << title << ": a " << toString(t.view) << " view shows a session";
    const ConfigResult* c = session->second.find(t.config);
    for (const auto& r : session->second.configs)
      if (!c && r.fallback_from == t.config) c = &r;
    ASSERT_NE(c, nullptr) << title << ": no config '" << t.config << "' in " << t.source;
    if (t.view == View::Kernels) {
      EXPECT_TRUE(c->timeline.has_value()) << title << ": the kernel view needs a timeline";
    }
    if (t.view == View::Speed) {
      EXPECT_TRUE(c->accuracy.measured) << title << ": a speed × accuracy point needs an error";
    }
    if (t.view == View::Cumulative) {
      // Both configs ran, with a set-up time and a steady median to add up.
      const ConfigResult* against = session->second.find(t.against);
      ASSERT_NE(against, nullptr) << title << ": no config '" << t.against << "' in " << t.source;
      for (const ConfigResult* r : {c, against}) {
        EXPECT_EQ(r->status, ConfigStatus::Ok) << title << ": " << r->config.key();
        EXPECT_GT(r->setup_ms, 0) << title << ": " << r->config.key() << " has no set-up time";
        EXPECT_GT(r->stats.median_ms, 0) << title << ": " << r->config.key();
      }
    }
    const double n = static_cast<double>(c->latency_ms.size());
    if (t.from) {
      EXPECT_LT(resolve(*t.from, loaded_.values), n) << title;
    }
    if (t.to) {
      EXPECT_LE(resolve(*t.to, loaded_.values), n) << title;
      EXPECT_LE(resolve(*t.from, loaded_.values), resolve(*t.to, loaded_.values)) << title;
    }
  }
}

TEST_P(ShippedLesson, OffersALiveRun) {
  EXPECT_FALSE(loaded_.lesson.live.cli_args.empty());
  EXPECT_EQ(loaded_.lesson.id + ".lesson.json", GetParam())
      << "a lesson file is named after its id";
}

INSTANTIATE_TEST_SUITE_P(Resources, ShippedLesson, ::testing::ValuesIn(shippedLessonFiles()),
                         [](const auto& param_info) {
                           std::string name =
                               param_info.param.substr(0, param_info.param.find('.'));
                           for (auto& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

TEST(ShippedLessons, AtLeastSevenWithDistinctIds) {
  const auto files = shippedLessonFiles();
  EXPECT_GE(files.size(), 7u);
  std::set<std::string> ids;
  for (const auto& f : files) ids.insert(f);
  EXPECT_EQ(ids.size(), files.size());
}

}  // namespace
}  // namespace inferscope::lessons
