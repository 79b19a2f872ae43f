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
#include <vector>

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
  // The convention in one line, for the line above a chart ("★ winner · ≈ tied with it").
  QString legendNote(bool any_fallback) const;

 private:
  QString winner_;
  QSet<QString> tied_;  // looked up for every config of every view: a set, not a list to scan
};

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
