// Where InferScope's Python helpers are (resources/python: the AOTInductor compiler, the Python
// model worker), which interpreter runs them, and the cache folder their output goes to. Plain
// lookups of the environment and the install layout: the LibTorch layer names a helper and a cache
// entry in the compile specs it builds, the run layer starts the helpers (core/runner).
#pragma once

#include <string>

namespace inferscope {

// $INFERSCOPE_PYTHON (a path, or a name looked up on PATH), else python3 on PATH, as an absolute
// path. Throws Error(Runtime) saying which variable to set when there is none.
std::string resolvePythonInterpreter();

// A Python helper script by name ("inferscope_aoti.py"): $INFERSCOPE_PYTHON_HELPERS, else the
// installed copy, else the source tree's.
std::string pythonHelperPath(const std::string& name);

// InferScope's cache folder: $XDG_CACHE_HOME/inferscope, ~/.cache/inferscope, or a temp folder.
std::string cacheDirectory();

}  // namespace inferscope
