// The text of resources/gpu_generations.json, compiled into the library by CMake (configure_file of
// embedded_generation_table.cpp.in), so the advisor needs no file at run time.
#pragma once

namespace inferscope::advisor {

extern const char* const kEmbeddedGenerationTable;

}  // namespace inferscope::advisor
