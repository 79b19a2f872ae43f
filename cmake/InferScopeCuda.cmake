# CUDA, cuDNN and CUPTI are used only when the LibTorch found was built with CUDA
# (CAFFE2_USE_CUDA, ON in PyTorch's wheels, OFF in Debian's libtorch-dev). Everything found here is
# reported by the feature summary; the CPU flavour needs none of it.
set(INFERSCOPE_WITH_CUDA OFF)
set(INFERSCOPE_WITH_CUPTI OFF)
set(INFERSCOPE_WITH_CUDNN OFF)
if(CAFFE2_USE_CUDA)
  set(INFERSCOPE_WITH_CUDA ON)
  find_package(CUDAToolkit REQUIRED)
  if(TARGET CUDA::cupti)
    set(INFERSCOPE_WITH_CUPTI ON)
  endif()
  # The pip cuDNN ships libcudnn.so.9 only; its headers must match the library LibTorch loads.
  find_path(CUDNN_INCLUDE_DIR cudnn.h HINTS ${CUDNN_ROOT} ENV CUDNN_ROOT PATH_SUFFIXES include NO_DEFAULT_PATH)
  find_path(CUDNN_INCLUDE_DIR cudnn.h HINTS ${CUDAToolkit_INCLUDE_DIRS})
  find_library(CUDNN_LIBRARY NAMES cudnn libcudnn.so.9 HINTS ${CUDNN_ROOT} ENV CUDNN_ROOT PATH_SUFFIXES lib lib64 NO_DEFAULT_PATH)
  find_library(CUDNN_LIBRARY NAMES cudnn libcudnn.so.9 HINTS ${CUDAToolkit_LIBRARY_DIR})
  if(CUDNN_INCLUDE_DIR AND CUDNN_LIBRARY)
    set(INFERSCOPE_WITH_CUDNN ON)
    add_library(inferscope::cudnn UNKNOWN IMPORTED)
    set_target_properties(inferscope::cudnn PROPERTIES IMPORTED_LOCATION "${CUDNN_LIBRARY}"
                          INTERFACE_INCLUDE_DIRECTORIES "${CUDNN_INCLUDE_DIR}")
  endif()
  message(STATUS "CUDA ${CUDAToolkit_VERSION}; cuDNN: ${CUDNN_LIBRARY} (${CUDNN_INCLUDE_DIR}); CUPTI: ${INFERSCOPE_WITH_CUPTI}")
endif()
