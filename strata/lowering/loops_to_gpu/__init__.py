"""Mapped scf.parallel nests -> gpu.launch."""
