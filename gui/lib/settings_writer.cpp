#include "gui/lib/settings_writer.h"

#include <QSettings>

namespace inferscope::gui {

SettingsWriter::SettingsWriter() : worker_([this] { run(); }) {}

SettingsWriter::~SettingsWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

void SettingsWriter::write(QVariantMap values) {
  {
    std::lock_guard lock(mutex_);
    pending_ = std::move(values);
  }
  changed_.notify_all();
}

void SettingsWriter::flush() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !pending_ && !writing_; });
}

void SettingsWriter::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return pending_ || stopping_; });
    if (!pending_) return;  // stopping, nothing left to write
    const QVariantMap values = std::move(*pending_);
    pending_.reset();
    writing_ = true;
    lock.unlock();
    {
      QSettings settings;  // written to its file when it goes out of scope
      for (auto it = values.cbegin(); it != values.cend(); ++it)
        settings.setValue(it.key(), it.value());
    }
    lock.lock();
    writing_ = false;
    changed_.notify_all();
  }
}

}  // namespace inferscope::gui
