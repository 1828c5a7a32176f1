"""convert-linalg-to-loops: linalg ops on memrefs to scf.for loop nests."""
