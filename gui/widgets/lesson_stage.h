// The charts a lesson points at: one page per (source, view) of the lesson, each the real chart
// widget (LatencyChart, MemoryChart, SpeedAccuracyChart, CudnnChart, KernelsView) over its own
// SessionDocument, and the current step's highlight drawn on that chart's plot — a region of a
// latency series, a point, a table row or a config brought forward — in one colour that reads on
// the presentation's black. The highlight is a plot item, so it is in every grab and export.
#pragma once

#include <qcustomplot.h>

#include <QPointer>
#include <QStackedWidget>
#include <map>
#include <utility>
#include <vector>

#include "core/lessons/lesson_library.h"

namespace inferscope::gui {

class SessionDocument;

class LessonStage : public QStackedWidget {
  Q_OBJECT

 public:
  // The colour of every highlight.
  static QColor highlightColour();

  // `lesson` must outlive the stage (the presentation window owns both).
  explicit LessonStage(const lessons::LoadedLesson& lesson, QWidget* parent = nullptr);

  // Shows the target's chart; with `highlight`, marks the target on it.
  void showTarget(const lessons::Target& target, bool highlight);
  // What the current highlight is on (tests): its plot, the number of items drawn and, for rows,
  // the row selected in the page's table or combo.
  QCustomPlot* highlightPlot() const { return highlight_plot_; }
  int highlightItemCount() const;
  QWidget* currentChart() const { return currentWidget(); }
  // Every plot of every page, for replotting before a grab.
  std::vector<QCustomPlot*> plots() const;

 private:
  struct Page {
    SessionDocument* document = nullptr;
    QWidget* chart = nullptr;
  };
  Page& page(const std::string& source, lessons::View view);
  SessionDocument* document(const std::string& source);
  void clearHighlight();
  void addItem(QCPAbstractItem* item);
  int seriesIndex(const SessionDocument* document, const std::string& key) const;
  // A band across the plot: `vertical` spans x [low, high] over the whole height, else y.
  void band(QCustomPlot* plot, double low, double high, bool vertical);
  void ring(QCustomPlot* plot, double x, double y);
  void enlargeTexts(QCustomPlot* plot);

  const lessons::LoadedLesson& lesson_;
  std::map<std::string, SessionDocument*> documents_;
  std::map<std::pair<std::string, int>, Page> pages_;
  std::vector<QPointer<QCPAbstractItem>> items_;
  QPointer<QCustomPlot> highlight_plot_;
};

}  // namespace inferscope::gui
