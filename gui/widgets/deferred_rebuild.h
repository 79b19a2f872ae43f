// A page's rebuild, put off while the page is hidden inside a visible window (a chart tab that is
// not the current one). At a run's end the session document tells every page at once, and every
// page rebuilt on the GUI thread in the same batch of events, the hidden ones included: 20–56 ms
// without a frame on the CI machine (docs/PERFORMANCE.md, "GUI responsiveness"). A hidden page now
// rebuilds when it is shown, or when anything asks it what it shows (flush(), which the page's
// accessors call), so tests and exports see the same page as before.
#pragma once

#include <QObject>
#include <functional>

class QWidget;

namespace inferscope::gui {

class DeferredRebuild : public QObject {
  Q_OBJECT

 public:
  // `page` owns this object; `rebuild` redraws it from the document.
  DeferredRebuild(QWidget* page, std::function<void()> rebuild);

  // Rebuilds now, or, while the page is hidden in a visible window, once it is shown.
  void request();
  // Runs a rebuild that request() put off; nothing when none is pending.
  void flush();
  bool pending() const { return pending_; }
  // A page's member, read after any pending rebuild: its accessors return `fresh(member_)`. The
  // reference is to the member itself, so what is read from it is the rebuilt state.
  template <class T>
  const T& fresh(const T& member) {
    flush();
    return member;
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QWidget* page_;
  std::function<void()> rebuild_;
  bool pending_ = false;
};

}  // namespace inferscope::gui
