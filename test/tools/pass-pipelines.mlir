// MLIR's textual pipeline and Strata's `-p` run the same passes; anchors (builtin.module,
// func.func, ...) nest passes MLIR-style and are flattened (every Strata pass is a module pass).
// RUN: strata-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),dce)' | filecheck %s
// RUN: strata-opt %s -p 'builtin.module(canonicalize,cse,dce)' | filecheck %s
// RUN: strata-opt %s -p canonicalize,cse,dce | filecheck %s

// A malformed pipeline, an unknown pass or option, and a bad flag are one line each, exit 1.
// RUN: not strata-opt %s -p 'canonicalize,,cse' 2>&1 | filecheck %s --check-prefix=EMPTY
// RUN: not strata-opt %s -p 'canonicalize{' 2>&1 | filecheck %s --check-prefix=BRACE
// RUN: not strata-opt %s -p 'builtin.module(cse' 2>&1 | filecheck %s --check-prefix=OPEN
// RUN: not strata-opt %s -p 'cse)' 2>&1 | filecheck %s --check-prefix=CLOSE
// RUN: not strata-opt %s -p hlo-simplfy 2>&1 | filecheck %s --check-prefix=TYPO
// RUN: not strata-opt %s -p 'convert-linalg-to-loops{vector-bitz=256}' 2>&1 | filecheck %s --check-prefix=OPTION
// RUN: not strata-opt %s --bogus 2>&1 | filecheck %s --check-prefix=FLAG
// RUN: not strata-run %s --bogus 2>&1 | filecheck %s --check-prefix=RUNFLAG
// RUN: %python -c "import subprocess, sys; sys.exit(subprocess.run(['strata-opt', '%s', '--bogus'], capture_output=True).returncode != 1)"

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %[[C:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    func.return %[[C]], %[[C]] : i32, i32
// EMPTY:       error: pass pipeline: expected pass name here at column 14: canonicalize,,cse
// EMPTY-NOT:   Traceback
// BRACE:       error: pass pipeline: expected argument name here at column 14: canonicalize{
// OPEN:        error: pass pipeline: missing ')' at the end: builtin.module(cse
// CLOSE:       error: pass pipeline: unmatched ')' at column 4: cse)
// TYPO:        error: unknown pass 'hlo-simplfy'; did you mean 'hlo-simplify'?
// OPTION:      error: convert-linalg-to-loops: unknown option 'vector-bitz'; did you mean 'vector-bits'?
// FLAG:        error: unrecognized arguments: --bogus (see strata-opt --help)
// FLAG-NOT:    usage:
// RUNFLAG:     error: unrecognized arguments: --bogus (see strata-run --help)
func.func @f() -> (i32, i32) {
  %a = arith.constant 2 : i32
  %b = arith.constant 2 : i32
  %unused = arith.constant 7 : i32
  func.return %a, %b : i32, i32
}
