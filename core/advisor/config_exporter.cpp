// Dispatch to the exporters and atomic writing of their files.
#include "core/advisor/config_exporter.h"

#include "core/common/error.h"
#include "core/common/file_io.h"

namespace inferscope::advisor {

const char* toString(ExportFormat format) {
  switch (format) {
    case ExportFormat::Json:
      return "JSON config";
    case ExportFormat::Python:
      return "Python";
    case ExportFormat::Cpp:
      return "C++";
  }
  return "JSON config";
}

std::string exportText(const ConfigDocument& document, ExportFormat format) {
  switch (format) {
    case ExportFormat::Json:
      return configToJson(document);
    case ExportFormat::Python:
      return exportPython(document);
    case ExportFormat::Cpp:
      return exportCpp(document);
  }
  return configToJson(document);
}

void writeExportFile(const ConfigDocument& document, ExportFormat format, const std::string& path) {
  // The project's one safe writer: temp file + rename, never onto a device, modes and links kept.
  WriteOptions options;
  options.executable = format == ExportFormat::Python;  // `./load_model.py` runs as written
  writeFileAtomically(path, exportText(document, format), options);
}

}  // namespace inferscope::advisor
