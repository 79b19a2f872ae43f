#include "gui/widgets/deferred_rebuild.h"

#include <QEvent>
#include <QWidget>

namespace inferscope::gui {

DeferredRebuild::DeferredRebuild(QWidget* page, std::function<void()> rebuild)
    : QObject(page), page_(page), rebuild_(std::move(rebuild)) {
  page_->installEventFilter(this);
}

void DeferredRebuild::request() {
  // A page whose window is not shown yet (being set up, a test's bare widget, an export) builds at
  // once: there is no frame to keep, and whoever made it expects it built.
  if (page_->window()->isVisible() && !page_->isVisible()) {
    pending_ = true;
    return;
  }
  pending_ = false;
  rebuild_();
}

void DeferredRebuild::flush() {
  if (!pending_) return;
  pending_ = false;  // first: the rebuild may read the page's own accessors, which flush
  rebuild_();
}

bool DeferredRebuild::eventFilter(QObject* watched, QEvent* event) {
  // Show arrives before the page's first paint, so it is never drawn stale.
  if (watched == page_ && event->type() == QEvent::Show) flush();
  return QObject::eventFilter(watched, event);
}

}  // namespace inferscope::gui
