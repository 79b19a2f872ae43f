// A QRunnable whose work another thread may run without a race that ThreadSanitizer can see.
// QThreadPool hands a runnable to its thread through Qt's own mutex and wait condition: futexes
// inside libQt6Core, which is not built with TSan. A pool thread that is reused (the engine pool's
// one thread runs job after job) then reads the work's captures, written by the starting thread,
// with no ordering TSan knows of, and the sanitizer job fails on a race that Qt's locking rules
// out. The constructor publishes the work with a release store and run() reads it with an
// acquire load: the same order Qt's lock gives, written where the sanitizer sees it.
#pragma once

#include <QRunnable>
#include <atomic>
#include <functional>
#include <utility>

namespace inferscope::gui {

class PublishedRunnable final : public QRunnable {
 public:
  explicit PublishedRunnable(std::function<void()> work) : work_(std::move(work)) {
    published_.store(true, std::memory_order_release);
  }

  void run() override {
    if (published_.load(std::memory_order_acquire)) work_();
  }

 private:
  std::function<void()> work_;
  std::atomic<bool> published_{false};
};

}  // namespace inferscope::gui
