// MainWindow's docks: "Model & input" (the RunSetupPanel in a scroll area) and the log, with the
// bar above it that offers a crashed run's autosave (SessionExportController's). Layout of the
// centre is in main_window.cpp.
#include <QDockWidget>
#include <QListView>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include "gui/lib/log_model.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/run_setup_panel.h"
#include "gui/widgets/session_export_controller.h"
#include "gui/widgets/translated_text.h"

namespace inferscope::gui {

void MainWindow::createDocks() {
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  auto* scroll = new QScrollArea;
  scroll->setWidget(setup_panel_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  // The panel scrolls vertically on short screens, never sideways: the dock is at least as wide
  // as the panel's widest row plus the scroll bar (a clipped combo box reads as broken).
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setMinimumWidth(setup_panel_->minimumSizeHint().width() +
                          scroll->verticalScrollBar()->sizeHint().width() + 2);
  setup_dock_ = newTr<QDockWidget>(this, QT_TR_NOOP("Model & input"), this);
  setup_dock_->setObjectName(QStringLiteral("setupDock"));
  setup_dock_->setWidget(scroll);
  setup_dock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  addDockWidget(Qt::LeftDockWidgetArea, setup_dock_);

  log_view_ = new QListView;
  log_view_->setObjectName(QStringLiteral("logView"));
  log_view_->setModel(log_model_);
  log_view_->setUniformItemSizes(true);
  log_view_->setWordWrap(false);
  connect(log_model_, &QAbstractItemModel::rowsInserted, log_view_, &QListView::scrollToBottom);
  log_dock_ = newTr<QDockWidget>(this, QT_TR_NOOP("Log"), this);
  log_dock_->setObjectName(QStringLiteral("logDock"));
  auto* log_panel = new QWidget;
  auto* log_layout = new QVBoxLayout(log_panel);
  log_layout->setContentsMargins(0, 0, 0, 0);
  log_layout->setSpacing(0);
  log_layout->addWidget(exports_->offerBar());  // a crashed run's autosave, when there is one
  log_layout->addWidget(log_view_, 1);
  log_dock_->setWidget(log_panel);
  addDockWidget(Qt::BottomDockWidgetArea, log_dock_);
  resizeDocks({log_dock_}, {90}, Qt::Vertical);
  resizeDocks({setup_dock_}, {265}, Qt::Horizontal);
  // Problems surface without a modal dialog: the log comes into view and keeps the message.
  connect(log_model_, &LogModel::entryAdded, this, [this](LogLevel level, const QString&) {
    if (level != LogLevel::Info) {
      log_dock_->show();
      log_dock_->raise();
    }
  });
}

}  // namespace inferscope::gui
