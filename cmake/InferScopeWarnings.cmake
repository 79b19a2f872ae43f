# Warnings and sanitizers in one place. Third-party headers (LibTorch, Qt) come in as SYSTEM
# includes through their imported targets, so -Wextra only speaks about our code.
option(INFERSCOPE_WERROR "Treat warnings as errors" OFF)
set(INFERSCOPE_SANITIZE "" CACHE STRING "Sanitizers to build with, e.g. address,undefined")

function(inferscope_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local> -Wnon-virtual-dtor
                         -Wno-unused-parameter $<$<BOOL:${INFERSCOPE_WERROR}>:-Werror>)
endfunction()

if(INFERSCOPE_SANITIZE)
  add_compile_options(-fsanitize=${INFERSCOPE_SANITIZE} -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${INFERSCOPE_SANITIZE})
endif()
