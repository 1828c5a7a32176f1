"""linalg.generic on memrefs -> scf.parallel nests mapped to GPU blocks and threads."""
