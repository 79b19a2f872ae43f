// The row above a per-config chart of many configs (Latency, Speed × accuracy): a filter field —
// words each config's name must contain — shown once a session has more configs than a legend
// lists (ChartStyle::kLegendTopN), and a line saying what the legend holds ("the legend lists the
// 16 fastest of 60 configs") and what the marks mean (★ ≈ fallback). Which configs are drawn and
// listed is chooseLegend's (gui/lib/config_marks.h), over the text this row holds; each chart
// applies the choice to its own plottables.
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

#include "gui/lib/config_marks.h"

class QLabel;
class QLineEdit;

namespace inferscope::gui {

struct ConfigSeries;

class LegendFilter : public QWidget {
  Q_OBJECT

 public:
  // `name`: the chart's prefix for the children's object names ("latency": latencyFilter).
  LegendFilter(const QString& name, QWidget* parent = nullptr);

  // Chooses the configs for a legend of at most ChartStyle::kLegendTopN over the filter's text
  // (the field shows past that many configs; with fewer the legend lists them all), and writes
  // the line for the choice. `eligible`: the configs the legend may hold at all.
  LegendChoice choose(const std::vector<ConfigSeries>& series, const std::vector<bool>& eligible,
                      const ConfigMarks& marks);
  // The line again once the chart has settled how many it lists (a config it always lists, such
  // as the one selected in the table, added to the choice).
  void describe(int listed);
  // How many of the listed entries the legend hid for lack of height ("+N more"): the line says
  // the chart draws them and the legend names fewer (ChartStyle::hiddenLegendEntries, after
  // every fit).
  void setHiddenEntries(int hidden);

  void setText(const QString& text);
  QString text() const;
  bool filterShown() const;
  QString noteText() const;

 signals:
  void textChanged();

 private:
  QLineEdit* field_;
  QLabel* note_;
  bool filtering_ = false;
  // Of the last choice: configs it may list, that match the filter, in the session; the marks.
  int may_list_ = 0, matching_ = 0, total_ = 0;
  // Of the last line: the configs listed, and those of them the legend hid.
  int listed_ = 0, hidden_ = 0;
  bool any_fallback_ = false;
  ConfigMarks marks_;
};

}  // namespace inferscope::gui
