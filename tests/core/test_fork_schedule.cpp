#include <gtest/gtest.h>

#include <climits>
#include <utility>
#include <vector>

#include "core/engine/fork_schedule.h"

using inferscope::ForkSchedule;

namespace {

std::vector<std::pair<int, int>> order(ForkSchedule& s, const std::vector<int>& fits) {
  std::vector<std::pair<int, int>> out;
  for (int f : fits) {
    const auto p = s.next(f);
    if (!p) break;
    out.emplace_back(p->config, p->round);
  }
  return out;
}

}  // namespace

TEST(ForkSchedule, RoundByRoundWhenEverythingFits) {
  ForkSchedule s(3, 2);
  const auto got = order(s, std::vector<int>(7, INT_MAX));
  const std::vector<std::pair<int, int>> want{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(s.remaining(), 0);
  EXPECT_FALSE(s.next(INT_MAX));
}

TEST(ForkSchedule, TheLeaderGetsItsSecondProcessFirstWhenTimeIsShort) {
  // The H200 encoder run: two finalists × two forks, time for three after the first process.
  ForkSchedule s(2, 2);
  const auto got = order(s, {INT_MAX, 2, 1});
  const std::vector<std::pair<int, int>> want{{0, 0}, {0, 1}, {1, 0}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(s.started(0), 2);
  EXPECT_EQ(s.started(1), 1);
}

TEST(ForkSchedule, ShortOfTimeItFillsConfigsToTwoInOrderThenGoesRoundByRound) {
  ForkSchedule s(3, 4);  // 12 processes, the deadline always short
  const auto got = order(s, std::vector<int>(12, 0));
  ASSERT_EQ(got.size(), 12u);
  const std::vector<std::pair<int, int>> head{{0, 0}, {0, 1}, {1, 0}, {1, 1},
                                              {2, 0}, {2, 1}, {0, 2}, {1, 2}};
  const std::vector<std::pair<int, int>> got_head(got.begin(), got.begin() + 8);
  EXPECT_EQ(got_head, head);
}

TEST(ForkSchedule, EachConfigsRoundsStartInOrderAndPlanIndicesAreUnique) {
  ForkSchedule s(4, 3);
  std::vector<int> seen(12, 0), last_round(4, -1);
  const std::vector<int> fits{INT_MAX, 5, 11, 2, 0, INT_MAX, 1, 3, 0, 0, 9, 1};
  for (int f : fits) {
    const auto p = s.next(f);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->round, last_round[static_cast<std::size_t>(p->config)] + 1);
    last_round[static_cast<std::size_t>(p->config)] = p->round;
    ++seen[static_cast<std::size_t>(p->planIndex(4))];
  }
  for (int n : seen) EXPECT_EQ(n, 1);
}

TEST(ForkSchedule, ProcessesThatFitJudgeByTheMeanSoFar) {
  EXPECT_EQ(inferscope::processesThatFit(0, 0, 1000), INT_MAX);  // none ended yet
  EXPECT_EQ(inferscope::processesThatFit(15000, 2, 23000), 3);   // 7.5 s each, 23 s left
  EXPECT_EQ(inferscope::processesThatFit(15000, 2, 7500), 1);    // exactly one more
  EXPECT_EQ(inferscope::processesThatFit(15000, 2, 7000), 0);    // the next would end past it
  EXPECT_EQ(inferscope::processesThatFit(15000, 2, -10), 0);     // the deadline has passed
}

TEST(ForkSchedule, OneForkOrNoConfigs) {
  ForkSchedule one(2, 1);
  const std::vector<std::pair<int, int>> want{{0, 0}, {1, 0}};
  EXPECT_EQ(order(one, {0, 0, 0}), want);
  ForkSchedule none(0, 3);
  EXPECT_FALSE(none.next(INT_MAX));
}
