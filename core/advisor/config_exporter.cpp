// Dispatch to the exporters and atomic writing of their files.
#include "core/advisor/config_exporter.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "core/common/error.h"

namespace inferscope::advisor {

const char* toString(ExportFormat format) {
  switch (format) {
    case ExportFormat::Json: return "JSON config";
    case ExportFormat::Python: return "Python";
    case ExportFormat::Cpp: return "C++";
  }
  return "JSON config";
}

std::string exportText(const ConfigDocument& document, ExportFormat format) {
  switch (format) {
    case ExportFormat::Json: return configToJson(document);
    case ExportFormat::Python: return exportPython(document);
    case ExportFormat::Cpp: return exportCpp(document);
  }
  return configToJson(document);
}

void writeExportFile(const ConfigDocument& document, ExportFormat format, const std::string& path) {
  namespace fs = std::filesystem;
  const std::string text = exportText(document, format);
  const fs::path target(path);
  const fs::path temp = target.string() + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) {
      throw Error(ErrorKind::InvalidInput, fmt::format("cannot write the {} export '{}': {}", toString(format),
                                                       path, std::strerror(errno)));
    }
    out << text;
    out.close();
    if (!out) {
      throw Error(ErrorKind::InvalidInput, fmt::format("writing the {} export '{}' failed", toString(format), path));
    }
  }
  std::error_code ec;
  if (format == ExportFormat::Python) {
    fs::permissions(temp, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add, ec);
  }
  fs::rename(temp, target, ec);
  if (ec) {
    fs::remove(temp);
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot write the {} export '{}': {}", toString(format), path, ec.message()));
  }
}

}  // namespace inferscope::advisor
