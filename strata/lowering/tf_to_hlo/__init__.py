"""convert-tf-to-hlo: TensorFlow ops to StableHLO-semantics `hlo` ops."""
