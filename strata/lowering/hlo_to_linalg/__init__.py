"""convert-hlo-to-linalg: hlo ops to linalg.generic on tensors (plus tensor / arith / math)."""
