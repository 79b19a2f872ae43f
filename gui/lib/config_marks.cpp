#include "gui/lib/config_marks.h"

#include <QHash>
#include <algorithm>
#include <limits>

#include "gui/lib/session_document.h"

namespace inferscope::gui {

ConfigMarks ConfigMarks::of(const SessionResult* session) {
  ConfigMarks marks;
  if (!session || session->races.empty()) return marks;
  const auto& race = session->races.front();
  marks.winner_ = QString::fromStdString(race.winner);
  if (marks.winner_.isEmpty()) return marks;  // no winner: its "ties" tie with nothing
  for (const auto& key : race.tied_with) marks.tied_.insert(QString::fromStdString(key));
  return marks;
}

ConfigMarks::Mark ConfigMarks::markOf(const QString& key) const {
  if (winner_.isEmpty() || key.isEmpty()) return Mark::None;
  if (key == winner_) return Mark::Winner;
  return tied_.contains(key) ? Mark::Tied : Mark::None;
}

namespace {

// A name with its mark in front: ★ the race's answer, ≈ tied with it.
QString marked(ConfigMarks::Mark mark, const QString& name) {
  switch (mark) {
    case ConfigMarks::Mark::Winner:
      return QStringLiteral("★ ") + name;
    case ConfigMarks::Mark::Tied:
      return QStringLiteral("≈ ") + name;
    case ConfigMarks::Mark::None:
      break;
  }
  return name;
}

}  // namespace

QString ConfigMarks::label(const QString& key, const QString& fallback_from) const {
  // The race names a config by the key it was asked for: a fallback's row by that key only (its
  // fallback's own row, under the key that ran, may have won or tied on its own).
  const Mark mark = markOf(fallback_from.isEmpty() ? key : fallback_from);
  const QString name =
      fallback_from.isEmpty() ? key : tr("%1 → %2 (fallback)").arg(fallback_from, key);
  return marked(mark, name);
}

QString ConfigMarks::label(const ConfigSeries& series) const {
  if (series.result && !series.result->fallback_from.empty())
    return label(QString::fromStdString(series.result->config.key()),
                 QString::fromStdString(series.result->fallback_from));
  return label(series.key);
}

QString ConfigMarks::mergedLabel(const QString& ran, const QStringList& asked, bool own_run) const {
  if (asked.isEmpty()) return label(ran);
  // The strongest mark of the keys the row stands for: the race may have named the config by the
  // key that ran or by one asked for.
  Mark mark = own_run ? markOf(ran) : Mark::None;
  for (const auto& key : asked) {
    const Mark m = markOf(key);
    if (m == Mark::Winner || (m == Mark::Tied && mark == Mark::None)) mark = m;
  }
  const QString keys = asked.join(QStringLiteral(", "));
  const QString name =
      own_run ? tr("%1 ← %2 (fallback)").arg(ran, keys) : tr("%1 → %2 (fallback)").arg(keys, ran);
  return marked(mark, name);
}

QString ConfigMarks::label(const ConfigSeries& s, const std::vector<ConfigSeries>& all,
                           const std::vector<int>& merged) const {
  if (merged.empty() || !s.result) return label(s);
  QStringList asked;
  const auto ask = [&](const std::string& key) {
    const QString k = QString::fromStdString(key);
    if (!k.isEmpty() && !asked.contains(k)) asked << k;
  };
  ask(s.result->fallback_from);
  for (int m : merged) {
    const auto& other = all[static_cast<std::size_t>(m)];
    if (other.result) ask(other.result->fallback_from);
  }
  return mergedLabel(QString::fromStdString(s.result->config.key()), asked,
                     s.result->fallback_from.empty());
}

QString ConfigMarks::legendNote(bool any_fallback) const {
  QStringList parts;
  if (any()) {
    parts << tr("★ the tuner's winner");
    if (!tied_.isEmpty()) parts << tr("≈ tied with it");
  }
  if (any_fallback) parts << tr("asked → ran: a fallback ran in the config's place");
  return parts.join(QStringLiteral(" · "));
}

std::vector<int> mergeFallbacks(const std::vector<const ConfigResult*>& results) {
  std::vector<int> into(results.size(), -1);
  // Per config that ran (and how it ended): the row that stays.
  QHash<QString, int> kept;
  const auto group = [&](std::size_t i) {
    return QString::fromStdString(results[i]->config.key()) + QLatin1Char('\n') +
           QString::number(static_cast<int>(results[i]->status));
  };
  // The config's own runs first: the row a fallback joins where there is one.
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i] || !results[i]->fallback_from.empty()) continue;
    const QString g = group(i);
    if (!kept.contains(g)) kept.insert(g, static_cast<int>(i));
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i] || results[i]->fallback_from.empty()) continue;
    const QString g = group(i);
    if (const auto it = kept.constFind(g); it != kept.constEnd())
      into[i] = *it;
    else
      kept.insert(g, static_cast<int>(i));
  }
  return into;
}

const std::vector<int>& FallbackGroups::membersOf(int series_index) const {
  static const std::vector<int> kNone;
  const auto it = members.find(series_index);
  return it == members.end() ? kNone : it->second;
}

FallbackGroups groupFallbacks(const std::vector<ConfigSeries>& series) {
  std::vector<const ConfigResult*> results;
  results.reserve(series.size());
  for (const auto& s : series) results.push_back(s.result.get());
  FallbackGroups groups;
  groups.into = mergeFallbacks(results);
  for (std::size_t i = 0; i < groups.into.size(); ++i) {
    if (groups.into[i] >= 0) groups.members[groups.into[i]].push_back(static_cast<int>(i));
  }
  return groups;
}

MergedRanking rankMerged(const SessionResult& session, const RankingOptions& options) {
  std::vector<const ConfigResult*> results;
  results.reserve(session.configs.size());
  for (const auto& c : session.configs) results.push_back(&c);
  const auto into = mergeFallbacks(results);
  MergedRanking out;
  out.session = session;
  std::vector<ConfigResult> shown;
  std::vector<int> row_of(session.configs.size(), -1);
  for (std::size_t i = 0; i < session.configs.size(); ++i) {
    if (into[i] >= 0) continue;
    row_of[i] = static_cast<int>(shown.size());
    shown.push_back(std::move(out.session.configs[i]));
    shown.back().index = row_of[i];
    out.original.push_back(static_cast<int>(i));
    out.asked.emplace_back();
    if (!shown.back().fallback_from.empty())
      out.asked.back() << QString::fromStdString(shown.back().fallback_from);
    out.own_run.push_back(shown.back().fallback_from.empty());
  }
  for (std::size_t i = 0; i < into.size(); ++i) {
    if (into[i] < 0) continue;
    auto& asked = out.asked[static_cast<std::size_t>(row_of[static_cast<std::size_t>(into[i])])];
    const QString from = QString::fromStdString(session.configs[i].fallback_from);
    if (!from.isEmpty() && !asked.contains(from)) asked << from;
  }
  out.session.configs = std::move(shown);
  out.ranking = rankSession(out.session, options);
  return out;
}

QString MergedRanking::label(int row, const ConfigMarks& marks) const {
  const auto r = static_cast<std::size_t>(row);
  return marks.mergedLabel(QString::fromStdString(session.configs[r].config.key()), asked[r],
                           own_run[r]);
}

int MergedRanking::fastestSafe() const {
  for (const auto& r : ranking.configs) {
    if (r.rank > 0 && r.accuracy_state != AccuracyState::Unsafe) return r.index;
  }
  return -1;
}

namespace {

// Every word of the filter in the key, case ignored.
bool matches(const QString& key, const QStringList& words) {
  return std::all_of(words.begin(), words.end(),
                     [&](const QString& word) { return key.contains(word, Qt::CaseInsensitive); });
}

}  // namespace

LegendChoice chooseLegend(const std::vector<ConfigSeries>& series,
                          const std::vector<bool>& eligible, const ConfigMarks& marks,
                          const QString& filter, int limit) {
  LegendChoice choice;
  choice.plotted.assign(series.size(), false);
  const QStringList words = filter.split(QLatin1Char(' '), Qt::SkipEmptyParts);
  struct Candidate {
    int index;
    int group;  // 0 winner, 1 tied, 2 finished ok (by median), 3 the rest (plan order)
    double median_ms;
  };
  std::vector<Candidate> candidates;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const ConfigSeries& s = series[i];
    QString asked;
    if (s.result && !s.result->fallback_from.empty())
      asked = QString::fromStdString(s.result->fallback_from);
    const ConfigMarks::Mark mark = marks.markOf(asked.isEmpty() ? s.key : asked);
    const bool winner = mark == ConfigMarks::Mark::Winner;
    // The label is searched too: "★" finds the winner, "fallback" the configs that fell back.
    const bool match = matches(s.key, words) || matches(marks.label(s), words);
    if (match) ++choice.matching;
    if (!match && !winner) continue;
    choice.plotted[i] = true;
    if (i >= eligible.size() || !eligible[i]) continue;
    const bool ok =
        s.result && s.result->status == ConfigStatus::Ok && s.result->stats.median_ms > 0;
    const int group = winner ? 0 : mark == ConfigMarks::Mark::Tied ? 1 : ok ? 2 : 3;
    candidates.push_back(
        {static_cast<int>(i), group,
         ok ? s.result->stats.median_ms : std::numeric_limits<double>::infinity()});
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) {
                     if (a.group != b.group) return a.group < b.group;
                     return a.group == 2 && a.median_ms < b.median_ms;
                   });
  const std::size_t keep =
      std::min(candidates.size(), static_cast<std::size_t>(std::max(0, limit)));
  for (std::size_t k = 0; k < keep; ++k) choice.listed.push_back(candidates[k].index);
  return choice;
}

}  // namespace inferscope::gui
