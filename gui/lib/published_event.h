// A posted event whose work the receiving thread runs, without a race that ThreadSanitizer can
// see. QMetaObject::invokeMethod(…, Qt::QueuedConnection) builds its functor on the posting thread
// and hands it over through Qt's event queue: a mutex inside libQt6Core, which is not built with
// TSan. The GUI thread's read of the functor's captures then looks unordered, and the sanitizer
// job's tst_enginebridge failed on it in about one run in twenty (the engine thread's event for
// the GUI thread). The event is ours instead: its constructor publishes the work with a release
// store, run() and the destructor (a receiver destroyed first deletes the event unrun) read it
// with an acquire load — the order Qt's queue gives, written where the sanitizer sees it, as
// PublishedRunnable does for the other direction. The receiver's event() calls run().
#pragma once

#include <QEvent>
#include <atomic>
#include <functional>
#include <utility>

namespace inferscope::gui {

class PublishedEvent final : public QEvent {
 public:
  static QEvent::Type eventType() {
    static const auto type = static_cast<QEvent::Type>(QEvent::registerEventType());
    return type;
  }

  explicit PublishedEvent(std::function<void()> work)
      : QEvent(eventType()), work_(std::move(work)) {
    published_.store(true, std::memory_order_release);
  }
  ~PublishedEvent() override { static_cast<void>(published_.load(std::memory_order_acquire)); }
  PublishedEvent(const PublishedEvent&) = delete;
  PublishedEvent& operator=(const PublishedEvent&) = delete;

  void run() {
    if (published_.load(std::memory_order_acquire)) work_();
  }

 private:
  std::function<void()> work_;
  std::atomic<bool> published_{false};
};

}  // namespace inferscope::gui
