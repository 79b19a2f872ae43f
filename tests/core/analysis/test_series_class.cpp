// SeriesClass names used in reports and their parser.
#include <gtest/gtest.h>

#include "core/analysis/series_class.h"

using namespace inferscope::analysis;

TEST(SeriesClass, NamesRoundTrip) {
  for (SeriesClass c : {SeriesClass::Flat, SeriesClass::Warmup, SeriesClass::Slowdown,
                        SeriesClass::Drift, SeriesClass::NoSteadyState}) {
    const auto parsed = parseSeriesClass(toString(c));
    ASSERT_TRUE(parsed.has_value()) << toString(c);
    EXPECT_EQ(*parsed, c);
  }
}

TEST(SeriesClass, SpellingUsedInReports) {
  EXPECT_STREQ(toString(SeriesClass::Flat), "flat");
  EXPECT_STREQ(toString(SeriesClass::Warmup), "warmup");
  EXPECT_STREQ(toString(SeriesClass::Slowdown), "slowdown");
  EXPECT_STREQ(toString(SeriesClass::Drift), "drift");
  EXPECT_STREQ(toString(SeriesClass::NoSteadyState), "no-steady-state");
}

TEST(SeriesClass, RejectsUnknownText) {
  EXPECT_FALSE(parseSeriesClass("Flat").has_value());
  EXPECT_FALSE(parseSeriesClass("").has_value());
  EXPECT_FALSE(parseSeriesClass("no_steady_state").has_value());
}
