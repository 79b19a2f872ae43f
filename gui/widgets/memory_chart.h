// The "Memory" page: per config, grouped bars of parameter, peak allocated and peak reserved MiB,
// in the config's palette colour (three shades of it, so the measures read apart without losing
// the config's identity). Peak reserved exists only for the CUDA caching allocator; a CPU session
// says "CPU: allocator hook" so nobody compares the two sources as if they were one. Each group
// carries its peak allocated MiB as a label; a log axis (the check box above the plot) keeps a
// 5 GiB autograd bar from flattening the rest.
#pragma once

#include <QWidget>

#include "gui/widgets/chart_style.h"
#include "gui/widgets/deferred_rebuild.h"

class QCustomPlot;
class QCPItemText;
class QCPTextElement;
class QCheckBox;

namespace inferscope::gui {

class SessionDocument;

class MemoryChart : public QWidget, public ExportableChart {
  Q_OBJECT

 public:
  explicit MemoryChart(SessionDocument* document, QWidget* parent = nullptr);

  QCustomPlot* plot() const { return deferred_->fresh(plot_); }
  QCustomPlot* exportPlot() const override { return deferred_->fresh(plot_); }
  QString exportTitle() const override { return tr("Memory per config"); }
  // Configs with a bar group (finished configs that reported memory); tests compare it.
  int configCount() const { return static_cast<int>(deferred_->fresh(rows_).size()); }
  // The line naming where the figures come from ("CPU: allocator hook …").
  QString sourceText() const;
  void setLogScale(bool on);
  bool logScale() const { return log_scale_; }
  // The value labels over the bar groups, in plot order (tests).
  QStringList valueLabels() const;
  // The bar group of a config (its x position), −1 when it has none.
  int groupOf(int series_index) const;
  // The mark over the race's answer ("★ the race's answer"; empty for a session without a race or
  // an answer without memory figures) and the group it stands over (−1: none).
  QString winnerMarkText() const;
  int winnerGroup() const;

 protected:
  void changeEvent(QEvent* event) override;  // LanguageChange: the plot's texts again

 private:
  DeferredRebuild* deferred_ = nullptr;  // document changes while hidden: rebuilt when shown
  struct Row {
    int series_index = 0;
    double parameter_mib = 0, allocated_mib = 0, reserved_mib = 0;
    bool has_reserved = false;
  };
  void rebuild();
  QString textAt(const QPointF& pixel) const;

  SessionDocument* document_;
  QCustomPlot* plot_;
  QCPTextElement* source_label_ = nullptr;
  QCheckBox* log_check_ = nullptr;
  std::vector<Row> rows_;
  std::vector<QCPItemText*> value_labels_;
  QCPItemText* winner_mark_ = nullptr;
  QString winner_label_;
  int winner_group_ = -1;
  bool log_scale_ = false;
};

}  // namespace inferscope::gui
