// MainWindow's docks: "Model & input" (the RunSetupPanel in a scroll area) and the log, with the
// bar above it that offers a crashed run's autosave. Layout of the centre is in main_window.cpp.
#include <QDockWidget>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include "gui/lib/log_model.h"
#include "gui/widgets/main_window.h"
#include "gui/widgets/run_setup_panel.h"

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
  scroll->setMinimumWidth(setup_panel_->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 2);
  setup_dock_ = new QDockWidget(tr("Model & input"), this);
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
  log_dock_ = new QDockWidget(tr("Log"), this);
  log_dock_->setObjectName(QStringLiteral("logDock"));
  // The log panel hosts offers a message alone cannot act on (a crashed run's autosave): a slim
  // bar above the list, hidden until there is something to offer.
  offer_bar_ = new QWidget;
  offer_bar_->setObjectName(QStringLiteral("offerBar"));
  auto* offer_layout = new QHBoxLayout(offer_bar_);
  offer_layout->setContentsMargins(4, 2, 4, 2);
  offer_label_ = new QLabel;
  offer_layout->addWidget(offer_label_, 1);
  offer_open_button_ = new QPushButton(tr("Open"));
  offer_open_button_->setObjectName(QStringLiteral("offerOpenButton"));
  auto* discard = new QPushButton(tr("Discard"));
  discard->setObjectName(QStringLiteral("offerDiscardButton"));
  offer_layout->addWidget(offer_open_button_);
  offer_layout->addWidget(discard);
  offer_bar_->setVisible(false);
  connect(offer_open_button_, &QPushButton::clicked, this, [this] { openSessionAsync(autosavePath()); });
  connect(this, &MainWindow::sessionOpened, offer_bar_, [this](const QString& path) {
    if (path == autosavePath()) offer_bar_->hide();
  });
  connect(discard, &QPushButton::clicked, this, [this] {
    QFile::remove(autosavePath());
    recover_action_->setEnabled(false);
    offer_bar_->hide();
  });
  auto* log_panel = new QWidget;
  auto* log_layout = new QVBoxLayout(log_panel);
  log_layout->setContentsMargins(0, 0, 0, 0);
  log_layout->setSpacing(0);
  log_layout->addWidget(offer_bar_);
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
