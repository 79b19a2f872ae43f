// Writes small TorchScript files for the CLI scripts, built with Module::define (no Python needed):
//   make_script_model double OUT.pt   forward(x) returns x * 2
//   make_script_model hang OUT.pt     forward(x) never returns: a loop whose condition stays true,
//                                     as a hostile or broken model's would (nothing in it reads a
//                                     cancel flag)
#include <torch/script.h>

#include <cstdio>
#include <cstring>

int main(int argc, char** argv) {
  if (argc != 3 || (std::strcmp(argv[1], "double") != 0 && std::strcmp(argv[1], "hang") != 0)) {
    std::fprintf(stderr, "usage: make_script_model double|hang OUT.pt\n");
    return 2;
  }
  torch::jit::Module m("TestModel");
  if (std::strcmp(argv[1], "double") == 0) {
    m.define("def forward(self, x):\n    return x * 2\n");
  } else {
    m.define(
        "def forward(self, x):\n"
        "    n = 0\n"
        "    while n >= 0:\n"
        "        n = (n + 1) % 7\n"
        "    return x\n");
  }
  m.save(argv[2]);
  return 0;
}
