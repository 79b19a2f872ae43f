// The charts a lesson points at: one page per (source, view) of the lesson, each the real chart
// widget (LatencyChart, MemoryChart, SpeedAccuracyChart, CudnnChart, KernelsView, BreakEvenChart)
// over its own SessionDocument, and the current step's highlight drawn on that chart's plot — a
// region of a latency series, a point, a table row, a config brought forward or a compile's
// break-even — in one colour that reads on the presentation's black. The highlight is a plot item,
// so it is in every grab and export.
#pragma once

#include <qcustomplot.h>

#include <QPersistentModelIndex>
#include <QPointer>
#include <QStackedWidget>
#include <QTableView>
#include <map>
#include <utility>
#include <vector>

#include "core/lessons/lesson_library.h"

namespace inferscope::gui {

class KernelTimeline;
class SessionDocument;

class LessonStage : public QStackedWidget {
  Q_OBJECT

 public:
  // The diameter of the ring around a highlighted point.
  static constexpr int kRingSizePx = 46;
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
  // The step's note as written on the chart; empty when it has none (or it is not highlighted).
  QString noteText() const { return note_text_; }
  // Brings the highlighted table row into view again, once the table has its final size (a row
  // scrolled to before the layout settled ended up under the table's edge).
  void settle();
  // Every plot of every page, for replotting before a grab.
  std::vector<QCustomPlot*> plots() const;
  // The smallest text the stage lets its charts draw, in pixels: its font's size, which the
  // presentation sets to 1/54 of the screen's height (20 px at 1080 lines).
  int minimumTextPx() const;

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
  // The step's point in the corner `corner` of the plot's axis rect (top or bottom, left or right).
  void note(QCustomPlot* plot, const QString& text, Qt::Alignment corner);
  // The speed-up axis around the point and ×1, with an arrow from the reference to the point.
  void zoomToReference(QCustomPlot* plot, const QPointF& at);
  // The timeline's x axis over its steady (not warm-up) iterations.
  void zoomToSteady(KernelTimeline* timeline);
  // Brings every text of a page (labels, tables, combos, and the plots' axes, legends and items)
  // up to minimumTextPx(), gives table rows the height their font needs (kernel names keep their
  // underscores), and lets the plots shrink below their one-row legends' width, so that a 4:3
  // projector gets the whole slide. The charts are the main window's, sized for a desktop.
  void fitForRoom(QWidget* page);
  void fitPlotTexts(QCustomPlot* plot);
  static void widenToHeaders(QTableView* table);
  // Widens the x axis so that notes beside data points end inside the plot (settle()).
  void keepTextsInside(QCustomPlot* plot);
  // Widens a plot's axes so that each ring lies whole inside its axis rect: a ring around a
  // first iteration at the top of the axis was cut by the plot's top and covered its tick labels.
  void keepRingsInside(QCustomPlot* plot);
  // Makes room under the timeline's stream rows for the note at its bottom: at 1024×768 the note
  // covered the kernels of the iteration it describes.
  void keepNoteOffRows(QCustomPlot* plot);

  const lessons::LoadedLesson& lesson_;
  std::map<std::string, SessionDocument*> documents_;
  std::map<std::pair<std::string, int>, Page> pages_;
  std::vector<QPointer<QCPAbstractItem>> items_;
  QPointer<QCustomPlot> highlight_plot_;
  QString note_text_;
  QPointer<QCPItemText> note_item_;
  QCPRange band_iterations_;  // a latency band's iterations; empty when there is none
  QPointer<QTableView> scroll_table_;
  QPersistentModelIndex scroll_index_;
};

}  // namespace inferscope::gui
