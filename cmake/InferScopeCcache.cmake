# Compiler cache. CI builds a fresh clone four times over (the main tree, ASan, TSan, fuzz) on 2
# cores; with ccache on the machine, a translation unit compiled before — by the same machine's
# earlier build, in any folder — is taken from the cache instead (CONTRIBUTING.md, "CI and its time
# budget"). Paths are made relative to the source tree, so that a clone in another folder hits the
# same entries; hash_dir is off for the same reason (-g would put the build folder in the hash).
# The LibTorch precompiled header (core/torch/torch_pch.h) needs pch_defines,time_macros and
# -fpch-preprocess to be cacheable (ccache's manual, "Precompiled headers").
# A cold cache builds exactly as without it; INFERSCOPE_CCACHE=OFF or no ccache: no launcher.
option(INFERSCOPE_CCACHE "Compile through ccache when it is installed" ON)
set(INFERSCOPE_CCACHE_PROGRAM "")
if(INFERSCOPE_CCACHE)
  find_program(INFERSCOPE_CCACHE_PROGRAM_FOUND ccache)
  if(INFERSCOPE_CCACHE_PROGRAM_FOUND)
    set(INFERSCOPE_CCACHE_PROGRAM ${INFERSCOPE_CCACHE_PROGRAM_FOUND})
    # The 5 GB default holds about one build: the main tree alone is ~2.5 GB compressed.
    set(CMAKE_CXX_COMPILER_LAUNCHER
        ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1
        CCACHE_SLOPPINESS=pch_defines,time_macros CCACHE_MAXSIZE=20G ${INFERSCOPE_CCACHE_PROGRAM})
  endif()
endif()
add_feature_info(ccache INFERSCOPE_CCACHE_PROGRAM "compiler cache (${INFERSCOPE_CCACHE_PROGRAM})")
