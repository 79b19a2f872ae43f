#include <gtest/gtest.h>

#include "core/trace/demangle.h"

namespace inferscope::trace {
namespace {

TEST(Demangle, ReadsMangledKernelNames) {
  EXPECT_EQ(demangle("_Z3fooi"), "foo(int)");
  EXPECT_EQ(demangle("_ZN2at6native13reduce_kernelILi512ELi1EEEvv"),
            "void at::native::reduce_kernel<512, 1>()");
}

TEST(Demangle, LeavesOtherNamesAlone) {
  EXPECT_EQ(demangle("ampere_sgemm_128x64_nn"), "ampere_sgemm_128x64_nn");
  EXPECT_EQ(demangle("i"), "i");  // not read as the type "int"
  EXPECT_EQ(demangle("_Znot_a_symbol("), "_Znot_a_symbol(");
  EXPECT_EQ(demangle(nullptr), "<unnamed>");
}

}  // namespace
}  // namespace inferscope::trace
