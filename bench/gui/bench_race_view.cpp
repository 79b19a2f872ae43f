// bench_race_view: how long a tuned session with N race candidates takes to open, offscreen, at
// 1280×800. The race is the CPU ResNet-18 fixture's, its candidates repeated under new keys (their
// states, figures and reasons as the tuner wrote them), one session file per N. For each N:
//   read    the session reader alone (loadSession), as `sweep --from` reads it
//   window  MainWindow::openSession and the Race tab shown and laid out, as a user opens it
//   view    RaceView::showRace of the race alone, shown and laid out: the table without the
//           reader's limit, so that the view's own growth is seen past it
//   sort    a click on the Median header afterwards (every row fetched, then sorted)
//   bottom  scrolling the sorted table to its last row
// and the rows the table holds after opening (it fetches more as it scrolls). A file over the
// reader's limits is refused: "window" is then the time to the banner. Results go to
// docs/PERFORMANCE.md ("GUI responsiveness"); nothing here asserts a time.
//
//   bench_race_view [--candidates 1000,10000,100000] [--skip-window] [--skip-view]
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHeaderView>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <cstdio>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/session/session_file.h"
#include "gui/lib/race_table_model.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/race_view.h"

using namespace inferscope;
using namespace inferscope::gui;

namespace {

double secondsSince(const QElapsedTimer& clock) {
  return static_cast<double>(clock.nsecsElapsed()) / 1e9;
}

// Lets the window lay out and paint what it was given (posted events, deferred layouts).
void settle() {
  for (int i = 0; i < 3; ++i) QCoreApplication::processEvents();
}

SessionResult sessionWith(const SessionResult& fixture, int candidates) {
  SessionResult s = fixture;
  auto& race = s.races.front();
  const auto originals = race.candidates;
  race.candidates.clear();
  race.candidates.reserve(static_cast<std::size_t>(candidates));
  for (int i = 0; i < candidates; ++i) {
    TuneCandidateRecord c = originals[static_cast<std::size_t>(i) % originals.size()];
    if (i >= static_cast<int>(originals.size())) c.key += "#" + std::to_string(i);
    if (c.median_ms > 0) c.median_ms *= 1.0 + 1e-6 * i;  // distinct figures: a real sort
    race.candidates.push_back(std::move(c));
  }
  return s;
}

void sortAndScroll(QTableView* table, double* sort_s, double* bottom_s) {
  QElapsedTimer clock;
  clock.start();
  table->horizontalHeader()->setSortIndicator(RaceTableModel::MedianColumn, Qt::AscendingOrder);
  settle();
  *sort_s = secondsSince(clock);
  clock.restart();
  table->scrollToBottom();
  settle();
  *bottom_s = secondsSince(clock);
}

}  // namespace

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  if (qEnvironmentVariableIsEmpty("QT_QPA_FONTDIR") &&
      QDir(QStringLiteral("/usr/share/fonts/truetype/dejavu")).exists()) {
    qputenv("QT_QPA_FONTDIR", "/usr/share/fonts/truetype/dejavu");
  }
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("InferScope"));
  QCoreApplication::setApplicationName(QStringLiteral("InferScope-bench"));
  QStandardPaths::setTestModeEnabled(true);
  QSettings().clear();

  QCommandLineParser parser;
  parser.addHelpOption();
  const QCommandLineOption counts_opt(QStringLiteral("candidates"),
                                      QStringLiteral("race sizes, comma-separated"),
                                      QStringLiteral("n,…"), QStringLiteral("1000,10000,100000"));
  const QCommandLineOption skip_window_opt(QStringLiteral("skip-window"),
                                           QStringLiteral("no MainWindow::openSession"));
  const QCommandLineOption skip_view_opt(QStringLiteral("skip-view"),
                                         QStringLiteral("no RaceView::showRace on its own"));
  parser.addOptions({counts_opt, skip_window_opt, skip_view_opt});
  parser.process(app);

  const std::string fixture_path =
      INFERSCOPE_SOURCE_DIR "/tests/fixtures/cpu_resnet18_tuned.inferscope.json";
  const SessionResult fixture = loadSession(fixture_path);
  QTemporaryDir dir;
  std::printf("%10s %10s %8s %9s %9s %7s %8s %9s %8s %8s\n", "candidates", "file MB", "read s",
              "window s", "rows", "view s", "rows", "sort s", "bottom s", "rows");
  for (const QString& text : parser.value(counts_opt).split(QLatin1Char(','))) {
    const int n = text.toInt();
    if (n <= 0) continue;
    const SessionResult session = sessionWith(fixture, n);
    const std::string path =
        QDir(dir.path()).filePath(QStringLiteral("race-%1.inferscope.json").arg(n)).toStdString();
    saveSession(session, path);
    const double file_mb =
        static_cast<double>(QFileInfo(QString::fromStdString(path)).size()) / 1e6;

    QElapsedTimer clock;
    clock.start();
    std::string refused;
    try {
      (void)loadSession(path);
    } catch (const Error& e) {
      refused = e.what();
    }
    const double read_s = secondsSince(clock);

    double window_s = -1;
    int window_rows = -1;
    if (!parser.isSet(skip_window_opt)) {
      MainWindow window;
      window.resize(1280, 800);
      window.show();
      settle();
      clock.restart();
      const bool opened = window.openSession(QString::fromStdString(path));
      if (opened) window.chartTabs()->setCurrentWidget(window.racePage());
      settle();
      window_s = secondsSince(clock);
      window_rows = opened ? window.racePage()->raceView()->model()->rowCount() : 0;
    }

    double view_s = -1, sort_s = -1, bottom_s = -1;
    int view_rows = -1, sorted_rows = -1;
    if (!parser.isSet(skip_view_opt)) {
      RaceView view;
      view.resize(1280, 800);
      view.show();
      settle();
      clock.restart();
      view.showRace(session.races.front());
      settle();
      view_s = secondsSince(clock);
      view_rows = view.table()->model()->rowCount();
      sortAndScroll(view.table(), &sort_s, &bottom_s);
      sorted_rows = view.table()->model()->rowCount();
    }
    std::printf("%10d %10.1f %8.2f %9.2f %9d %7.2f %8d %9.2f %8.2f %8d\n", n, file_mb, read_s,
                window_s, window_rows, view_s, view_rows, sort_s, bottom_s, sorted_rows);
    if (!refused.empty()) std::printf("%10s refused: %.300s\n", "", refused.c_str());
    std::fflush(stdout);
  }
  return 0;
}
