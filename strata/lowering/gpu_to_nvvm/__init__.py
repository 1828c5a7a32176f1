"""convert-gpu-to-nvvm: the kernels of a `gpu.module` to the `llvm` and `nvvm` dialects."""
