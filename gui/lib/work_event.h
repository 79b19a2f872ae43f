// An event that carries work for its receiver's thread to run (the receiver's event() calls
// run()). It holds no ordering of its own: EngineBridge::postToGui() says how the work reaches the
// GUI thread in an order ThreadSanitizer can see.
#pragma once

#include <QEvent>
#include <functional>
#include <utility>

namespace inferscope::gui {

class WorkEvent final : public QEvent {
 public:
  static QEvent::Type eventType() {
    static const auto type = static_cast<QEvent::Type>(QEvent::registerEventType());
    return type;
  }

  explicit WorkEvent(std::function<void()> work) : QEvent(eventType()), work_(std::move(work)) {}

  void run() { work_(); }

 private:
  std::function<void()> work_;
};

}  // namespace inferscope::gui
