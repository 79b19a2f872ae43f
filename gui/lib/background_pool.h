// The thread pool for work the window can wait for: the ranking of a running session, an
// autosave's JSON. Its threads run at QThread::IdlePriority (SCHED_IDLE on Linux): they take a core
// only when neither the GUI thread nor the engine needs it. On the 2-core CI VM a ranking at a
// config's end competed with the GUI thread and the engine for two cores, and the GUI thread
// waited for a core half of its longest stalls (bench_gui_stall). Files the user opens are parsed
// in the global pool: the user waits for those.
#pragma once

class QThreadPool;

namespace inferscope::gui {

QThreadPool* backgroundPool();

}  // namespace inferscope::gui
