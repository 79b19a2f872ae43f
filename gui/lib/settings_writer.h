// Writes QSettings values on a worker thread. QSettings writes its file when the object is
// destroyed or synced: 8-10 ms on the 2-core CI VM, and MainWindow saved its settings at every
// run's start — the first stall the bench_gui_stall heartbeat saw after Start. The GUI thread only
// collects the values; one worker writes them (a write queued while another is being written
// replaces any write still waiting: the latest values win). QSettings may be used from several
// threads.
#pragma once

#include <QVariantMap>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace inferscope::gui {

class SettingsWriter {
 public:
  SettingsWriter();
  ~SettingsWriter();  // writes what is still waiting, then stops
  SettingsWriter(const SettingsWriter&) = delete;
  SettingsWriter& operator=(const SettingsWriter&) = delete;

  // Queues `values` (key → value, keys with their group: "window/geometry") and returns at once.
  // The organisation and application names in effect now are the ones written to.
  void write(QVariantMap values);
  // Blocks until every queued write is in the settings file (a window closing, a test reading).
  void flush();

 private:
  void run();

  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<QVariantMap> pending_;
  bool writing_ = false;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace inferscope::gui
