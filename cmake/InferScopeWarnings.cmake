# Warnings and sanitizers in one place. Third-party headers (LibTorch, Qt) come in as SYSTEM
# includes through their imported targets, so -Wextra only speaks about our code.
# INFERSCOPE_WERROR (the `ci` preset) makes every warning of our targets an error.
option(INFERSCOPE_WERROR "Treat warnings as errors" OFF)
set(INFERSCOPE_SANITIZE "" CACHE STRING "Sanitizers to build with, e.g. address,undefined")

# GCC 12 at -O2 reports std::map nodes inside nlohmann/json as "partly outside array bounds"
# (-Warray-bounds after inlining, in libstdc++'s stl_tree.h), though no access is out of bounds
# (the ASan build runs the same code clean). With warnings as errors it stays a warning.
set(_inferscope_gcc12 "$<AND:$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>")
set(_inferscope_werror_gcc12 "$<AND:$<BOOL:${INFERSCOPE_WERROR}>,${_inferscope_gcc12}>")

function(inferscope_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local> -Wnon-virtual-dtor
                         -Wno-unused-parameter $<$<BOOL:${INFERSCOPE_WERROR}>:-Werror>
                         $<${_inferscope_werror_gcc12}:-Wno-error=array-bounds>)
endfunction()

if(INFERSCOPE_SANITIZE)
  add_compile_options(-fsanitize=${INFERSCOPE_SANITIZE} -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${INFERSCOPE_SANITIZE})
endif()
