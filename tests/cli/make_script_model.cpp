// Writes small TorchScript files for the CLI scripts, built with Module::define (no Python needed):
//   make_script_model double OUT.pt      forward(x) returns x * 2
//   make_script_model hang OUT.pt        forward(x) never returns: a loop whose condition stays
//                                        true, as a hostile or broken model's would (nothing in it
//                                        reads a cancel flag)
//   make_script_model hang_half OUT.pt   x * 2 in FP32; never returns when x has 2-byte elements (a
//                                        model that hangs only in half precision)
//   make_script_model crash_half OUT.pt  x * 2 in FP32; reads far outside its input's memory when x
//                                        has 2-byte elements (a view whose strides lie, as a
//                                        crafted file's tensors can): SIGSEGV in those configs only
#include <torch/script.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>

int main(int argc, char** argv) {
  const std::map<std::string, std::string> programs{
      {"double", "def forward(self, x):\n    return x * 2\n"},
      {"hang",
       "def forward(self, x):\n"
       "    n = 0\n"
       "    while n >= 0:\n"
       "        n = (n + 1) % 7\n"
       "    return x\n"},
      {"hang_half",
       "def forward(self, x):\n"
       "    n = 0\n"
       "    while x.element_size() < 4 and n >= 0:\n"
       "        n = (n + 1) % 7\n"
       "    return x * 2\n"},
      // _reshape_alias sets sizes and strides without checking them against the storage; a
      // stride of 2^40 elements lands terabytes past the input.
      {"crash_half",
       "def forward(self, x):\n"
       "    if x.element_size() < 4:\n"
       "        return torch._reshape_alias(x, [4], [1099511627776]).clone() * 2\n"
       "    return x * 2\n"},
  };
  const auto program = argc == 3 ? programs.find(argv[1]) : programs.end();
  if (program == programs.end()) {
    std::fprintf(stderr, "usage: make_script_model double|hang|hang_half|crash_half OUT.pt\n");
    return 2;
  }
  torch::jit::Module m("TestModel");
  m.define(program->second);
  m.save(argv[2]);
  return 0;
}
