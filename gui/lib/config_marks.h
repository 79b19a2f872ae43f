// How every view names a config, so the table, the legends and the direct labels never disagree
// about what a tuned session chose or what ran in a config's place: the winner of the session's
// race `★ key`, each config tied with it `≈ key`, and a config that ran as its fallback (a failed
// FP16 cast → autocast) `asked → ran (fallback)`, so that it never reads as the fallback's own row.
// And which configs a chart's legend lists when a session has dozens: the ones matching the
// user's filter, the fastest first, at most a handful, the winner always.
#pragma once

#include <QCoreApplication>
#include <QSet>
#include <QString>
#include <QStringList>
#include <map>
#include <vector>

#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"

namespace inferscope::gui {

struct ConfigSeries;

class ConfigMarks {
  Q_DECLARE_TR_FUNCTIONS(ConfigMarks)

 public:
  enum class Mark { None, Winner, Tied };

  // The answer of the session's race (a tuned session's record, SessionResult::races; the first
  // race where a merged session holds one per shard, as the Race tab opens it). No marks for a
  // session that was not tuned: the ranking's fastest config is not a verdict.
  static ConfigMarks of(const SessionResult* session);

  Mark markOf(const QString& key) const;
  bool any() const { return !winner_.isEmpty(); }
  const QString& winner() const { return winner_; }
  // The key as the views write it: "★ key", "≈ key", "asked → ran (fallback)", or the key.
  QString label(const QString& key, const QString& fallback_from = {}) const;
  QString label(const ConfigSeries& series) const;
  // A row that stands for several that ran the same config (mergeFallbacks): `ran`, the configs
  // asked for that fell back to it, and whether one of the rows was its own run. "ran ← asked
  // (fallback)" beside its own run, "asked → ran (fallback)" when every row was a fallback; marked
  // ★ or ≈ when the race's answer is any of those keys.
  QString mergedLabel(const QString& ran, const QStringList& asked, bool own_run) const;
  // The label of a shown row with the rows `merged` into it (series indices into `all`): label(s)
  // when none, else mergedLabel.
  QString label(const ConfigSeries& s, const std::vector<ConfigSeries>& all,
                const std::vector<int>& merged) const;
  // The convention in one line, for the line above a chart ("★ winner · ≈ tied with it").
  QString legendNote(bool any_fallback) const;

 private:
  QString winner_;
  QSet<QString> tied_;  // looked up for every config of every view: a set, not a list to scan
};

// Rows that ran the same config, merged into one. A config asked for that could not run (a failed
// FP16 cast) runs its fallback (autocast) in its place; a tuned session keeps that result for the
// config asked for and, where the race measured the fallback through it, again for the fallback's
// own candidate, and a session that asked for both holds two runs of one config. A table listed
// them as rows of identical numbers, and the ranking took the first as its reference: a tuned
// GPT-2's winner read "1.07×" over a fallback of itself. Per entry of `results` (null: no result):
// −1 where its row is shown, else the position of the row it is merged into — the config's own run
// where there is one, else its first fallback. Only rows that ended alike merge (an out-of-memory
// fallback stays beside an Ok run), and a config's own runs never merge with each other.
std::vector<int> mergeFallbacks(const std::vector<const ConfigResult*>& results);

// mergeFallbacks over a document's series, both ways round.
struct FallbackGroups {
  std::vector<int> into;                    // per series: −1 where shown (or no result yet)
  std::map<int, std::vector<int>> members;  // shown series → the series merged into it
  bool merged(int series_index) const {
    return series_index >= 0 && series_index < static_cast<int>(into.size()) &&
           into[static_cast<std::size_t>(series_index)] >= 0;
  }
  const std::vector<int>& membersOf(int series_index) const;
};
FallbackGroups groupFallbacks(const std::vector<ConfigSeries>& series);

// A session ranked as its table lists it: the rows mergeFallbacks merges left out, so that a
// fallback of a config is not ranked beside the config's own run (a winner "1.07×" over itself).
struct MergedRanking {
  SessionResult session;      // the rows shown, ConfigResult::index renumbered by position
  SessionRanking ranking;     // RankedConfig::index: a position in session.configs
  std::vector<int> original;  // per row of `session`: its position in the given session's configs
  // Per row: the configs asked for that ran as it, its own and those of the rows merged into it
  // (fallback_from), and whether one of them was the config's own run.
  std::vector<QStringList> asked;
  std::vector<bool> own_run;
  // The key as the views name a merged row (ConfigMarks::mergedLabel), else the row's label.
  QString label(int row, const ConfigMarks& marks) const;
  // The first config that ran cleanly and passes the accuracy rule (the ranked summary's answer),
  // as a row of `session`; −1 when none.
  int fastestSafe() const;
};
MergedRanking rankMerged(const SessionResult& session, const RankingOptions& options = {});

// Which configs a per-config chart lists, given a filter typed by the user.
struct LegendChoice {
  std::vector<bool> plotted;  // per series: drawn (matches the filter, or the winner)
  std::vector<int> listed;    // series indices in the legend, in legend order
  int matching = 0;           // series the filter matches (all when it is empty)
};

// `filter`: words separated by spaces, each of which the config's key must contain (case
// ignored); empty matches every config. Of the matching configs the legend lists at most
// `limit`: the winner and its ties first, then the finished configs by median (fastest first),
// then the failed ones and those not run yet in plan order. The winner is listed and drawn even
// when the filter does not match it, as the line the others are read against. `eligible`: the
// configs a legend may hold at all (a finished session leaves out configs that never started).
LegendChoice chooseLegend(const std::vector<ConfigSeries>& series,
                          const std::vector<bool>& eligible, const ConfigMarks& marks,
                          const QString& filter, int limit);

}  // namespace inferscope::gui
