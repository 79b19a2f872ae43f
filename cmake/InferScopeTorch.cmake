# A target outside inferscope_core that includes LibTorch's headers itself (a benchmark, a test of
# the LibTorch layer): LibTorch's headers as SYSTEM includes (-Wextra speaks about our code only),
# its flags, and the definitions inferscope_core compiles with: NDEBUG, since RecordFunction's
# layout depends on it, and FMT_HEADER_ONLY, since PyTorch 2.x ships an fmt of its own.
function(inferscope_use_libtorch target)
  target_link_libraries(${target} PRIVATE ${TORCH_LIBRARIES})
  target_include_directories(${target} SYSTEM PRIVATE ${TORCH_INCLUDE_DIRS})
  target_compile_options(${target} PRIVATE ${TORCH_CXX_FLAGS})
  target_compile_definitions(${target} PRIVATE NDEBUG FMT_HEADER_ONLY)
endfunction()
