// One entry point for the three exports of a config — JSON (config_document.h), Python
// (python_exporter.h) and C++ (cpp_exporter.h) — and for writing them to disk, so the CLI and the
// GUI export the same bytes the golden tests check.
#pragma once

#include <string>

#include "core/advisor/config_document.h"
#include "core/advisor/cpp_exporter.h"
#include "core/advisor/python_exporter.h"

namespace inferscope::advisor {

enum class ExportFormat { Json, Python, Cpp };

const char* toString(ExportFormat format);

std::string exportText(const ConfigDocument& document, ExportFormat format);

// Writes atomically (temporary file + rename), so a failed export never leaves half a file where a
// good one was; the Python file is made executable. Throws Error(InvalidInput) naming the path.
void writeExportFile(const ConfigDocument& document, ExportFormat format, const std::string& path);

}  // namespace inferscope::advisor
