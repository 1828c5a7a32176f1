"""convert-gpu-to-cpu-sim: outlined GPU kernels as CPU functions looping over the grid."""
