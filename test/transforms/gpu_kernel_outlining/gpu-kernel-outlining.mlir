// RUN: strata-opt %s -p gpu-kernel-outlining --split-input-file | filecheck %s

// The launch body becomes a kernel named after the function, its index and the TF node; the
// memrefs it uses from above are its arguments, constants are cloned in, launch ids become
// gpu.block_id / gpu.thread_id.
// CHECK:       builtin.module attributes {gpu.container_module} {
// CHECK-LABEL: func.func @direct
// CHECK-SAME:   (%[[X:.*]]: memref<20x30xf32>, %[[OUT:.*]]: memref<20x30xf32>)
// CHECK-DAG:    %[[G:.*]] = arith.constant 3 : index
// CHECK-DAG:    %[[B:.*]] = arith.constant 256 : index
// CHECK:        gpu.launch_func @main_kernels::@direct_kernel_0_exp blocks in (%[[G]], %[[ONE:.*]], %[[ONE]]) threads in (%[[B]], %[[ONE]], %[[ONE]]) args(%[[X]] : memref<20x30xf32>, %[[OUT]] : memref<20x30xf32>)
// CHECK-NEXT:   func.return
// CHECK:        gpu.module @main_kernels {
// CHECK-NEXT:     gpu.func @direct_kernel_0_exp(%[[KX:.*]]: memref<20x30xf32>, %[[KOUT:.*]]: memref<20x30xf32>) kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
// CHECK-NEXT:       %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:       %[[TX:.*]] = gpu.thread_id x
// CHECK:            %[[C256:.*]] = arith.constant 256 : index
// CHECK:            %[[BASE:.*]] = arith.muli %[[BX]], %[[C256]] : index
// CHECK-NEXT:       arith.addi %[[BASE]], %[[TX]] : index
// CHECK:              memref.load %[[KX]]
// CHECK:              memref.store %{{.*}}, %[[KOUT]]
// CHECK:            gpu.return
builtin.module {
  func.func @direct(%x: memref<20x30xf32>, %out: memref<20x30xf32>) {
    %0 = arith.constant 0 : index
    %1 = arith.constant 30 : index
    %2 = arith.constant 600 : index
    %3 = arith.constant 256 : index
    %4 = arith.constant 1 : index
    %5 = arith.constant 3 : index
    %6 = arith.constant 1 : index
    gpu.launch blocks(%7, %8, %9) in (%10 = %5, %11 = %6, %12 = %6) threads(%13, %14, %15) in (%16 = %3, %17 = %6, %18 = %6) {
      %19 = arith.muli %7, %3 : index
      %20 = arith.addi %19, %13 : index
      %21 = arith.cmpi ult, %20, %2 : index
      scf.if %21 {
        %22 = arith.remui %20, %1 : index
        %23 = arith.divui %20, %1 : index
        %24 = memref.load %x[%23, %22] : memref<20x30xf32>
        %e = math.exp %24 : f32
        memref.store %e, %out[%23, %22] : memref<20x30xf32>
      }
      gpu.terminator
    } loc("exp")
    func.return
  }
}

// -----

// The `@__shared_0` global the kernel reads moves into the gpu.module.
// CHECK-LABEL: func.func @row_reduction
// CHECK:        gpu.launch_func @main_kernels::@row_reduction_kernel_0_Sum
// CHECK:        gpu.module @main_kernels {
// CHECK-NEXT:     "memref.global"() <{sym_name = "__shared_0", type = memref<6xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
// CHECK-NEXT:     gpu.func @row_reduction_kernel_0_Sum(%{{.*}}: memref<4x6xf32>, %{{.*}}: memref<4xf32>) kernel attributes {gpu.known_block_size = array<i32: 6, 1, 1>} {
// CHECK:            memref.get_global @__shared_0 : memref<6xf32, 3 : i64>
// CHECK-COUNT-4:    gpu.barrier
// CHECK-NOT:        gpu.barrier
// CHECK:            gpu.return
builtin.module {
  "memref.global"() <{sym_name = "__shared_0", type = memref<6xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  func.func @row_reduction(%x: memref<4x6xf32>, %out: memref<4xf32>) {
    %0 = arith.constant 0 : index
    %1 = arith.constant 2 : index
    %2 = arith.constant 6 : index
    %3 = arith.constant 1 : index
    %4 = arith.constant 4 : index
    %5 = arith.constant 1 : index
    gpu.launch blocks(%6, %7, %8) in (%9 = %4, %10 = %5, %11 = %5) threads(%12, %13, %14) in (%15 = %2, %16 = %5, %17 = %5) {
      %18 = memref.get_global @__shared_0 : memref<6xf32, 3 : i64>
      %19 = arith.cmpi ult, %12, %2 : index
      scf.if %19 {
        %20 = memref.load %x[%6, %12] : memref<4x6xf32>
        %21 = arith.addi %12, %2 : index
        %22 = scf.for %23 = %21 to %2 step %2 iter_args(%24 = %20) -> (f32) {
          %25 = memref.load %x[%6, %23] : memref<4x6xf32>
          %s = arith.addf %24, %25 : f32
          scf.yield %s : f32
        }
        memref.store %22, %18[%12] : memref<6xf32, 3 : i64>
      }
      gpu.barrier
      %26 = arith.addi %12, %4 : index
      %27 = arith.cmpi ult, %12, %4 : index
      %28 = arith.cmpi ult, %26, %2 : index
      %29 = arith.andi %27, %28 : i1
      scf.if %29 {
        %30 = memref.load %18[%12] : memref<6xf32, 3 : i64>
        %31 = memref.load %18[%26] : memref<6xf32, 3 : i64>
        %s_1 = arith.addf %30, %31 : f32
        memref.store %s_1, %18[%12] : memref<6xf32, 3 : i64>
      }
      gpu.barrier
      %32 = arith.addi %12, %1 : index
      %33 = arith.cmpi ult, %12, %1 : index
      %34 = arith.cmpi ult, %32, %2 : index
      %35 = arith.andi %33, %34 : i1
      scf.if %35 {
        %36 = memref.load %18[%12] : memref<6xf32, 3 : i64>
        %37 = memref.load %18[%32] : memref<6xf32, 3 : i64>
        %s_2 = arith.addf %36, %37 : f32
        memref.store %s_2, %18[%12] : memref<6xf32, 3 : i64>
      }
      gpu.barrier
      %38 = arith.addi %12, %3 : index
      %39 = arith.cmpi ult, %12, %3 : index
      %40 = arith.cmpi ult, %38, %2 : index
      %41 = arith.andi %39, %40 : i1
      scf.if %41 {
        %42 = memref.load %18[%12] : memref<6xf32, 3 : i64>
        %43 = memref.load %18[%38] : memref<6xf32, 3 : i64>
        %s_3 = arith.addf %42, %43 : f32
        memref.store %s_3, %18[%12] : memref<6xf32, 3 : i64>
      }
      gpu.barrier
      %44 = arith.cmpi eq, %12, %0 : index
      scf.if %44 {
        %45 = memref.load %out[%6] : memref<4xf32>
        %46 = memref.load %18[%0] : memref<6xf32, 3 : i64>
        %s_4 = arith.addf %45, %46 : f32
        memref.store %s_4, %out[%6] : memref<4xf32>
      }
      gpu.terminator
    } loc("Sum")
    func.return
  }
}

// -----

// Two shared tiles, a 16 x 16 block, a 2-d grid; '/' in the node name becomes '_'. The thread's
// private accumulator (a top-level memref.alloca) stays at the top level of the kernel body.
// CHECK-LABEL: func.func @matmul
// CHECK:        gpu.launch_func @main_kernels::@matmul_kernel_0_dense_MatMul blocks in (%[[G:.*]], %[[G]], %[[ONE:.*]]) threads in (%[[B:.*]], %[[B]], %[[ONE]])
// CHECK:        gpu.module @main_kernels {
// CHECK-NEXT:     "memref.global"() <{sym_name = "__shared_0", type = memref<16x16xf32, 3 : i64>
// CHECK-NEXT:     "memref.global"() <{sym_name = "__shared_1", type = memref<16x16xf32, 3 : i64>
// CHECK-NEXT:     gpu.func @matmul_kernel_0_dense_MatMul({{.*}}) kernel attributes {gpu.known_block_size = array<i32: 16, 16, 1>} {
// CHECK-NEXT:       gpu.block_id x
// CHECK-NEXT:       gpu.block_id y
// CHECK-NEXT:       gpu.thread_id x
// CHECK-NEXT:       gpu.thread_id y
// CHECK:            %[[ACC:.*]] = memref.alloca() : memref<1xf32>
// CHECK:            gpu.barrier
// CHECK-NEXT:       scf.for
// CHECK:              gpu.barrier
// CHECK:              memref.store %{{.*}}, %[[ACC]]
// CHECK:              gpu.barrier
// CHECK-NEXT:       }
// CHECK:            scf.if
// CHECK-NEXT:         memref.load %[[ACC]]
// CHECK:            gpu.return
builtin.module {
  "memref.global"() <{sym_name = "__shared_0", type = memref<16x16xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  "memref.global"() <{sym_name = "__shared_1", type = memref<16x16xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  func.func @matmul(%a: memref<20x40xf32>, %b: memref<40x24xf32>, %c: memref<20x24xf32>) {
    %0 = arith.constant 0 : index
    %1 = arith.constant 40 : index
    %2 = arith.constant 24 : index
    %3 = arith.constant 20 : index
    %4 = arith.constant 16 : index
    %5 = arith.constant 1 : index
    %6 = arith.constant 2 : index
    gpu.launch blocks(%7, %8, %9) in (%10 = %6, %11 = %6, %12 = %5) threads(%13, %14, %15) in (%16 = %4, %17 = %4, %18 = %5) {
      %19 = memref.get_global @__shared_0 : memref<16x16xf32, 3 : i64>
      %20 = memref.get_global @__shared_1 : memref<16x16xf32, 3 : i64>
      %21 = arith.constant 0 : index
      %22 = memref.alloca() : memref<1xf32>
      %23 = arith.muli %8, %4 : index
      %24 = arith.muli %7, %4 : index
      %25 = arith.addi %23, %14 : index
      %26 = arith.addi %24, %13 : index
      %27 = arith.cmpi ult, %25, %3 : index
      %28 = arith.cmpi ult, %26, %2 : index
      %29 = arith.andi %27, %28 : i1
      scf.if %29 {
        %30 = memref.load %c[%25, %26] : memref<20x24xf32>
        memref.store %30, %22[%21] : memref<1xf32>
      }
      gpu.barrier
      scf.for %31 = %0 to %1 step %4 {
        %32 = arith.subi %1, %31 : index
        %33 = arith.minsi %32, %4 : index
        %34 = arith.addi %23, %14 : index
        %35 = arith.addi %24, %13 : index
        %36 = arith.addi %31, %13 : index
        %37 = arith.addi %31, %14 : index
        %38 = arith.cmpi ult, %34, %3 : index
        %39 = arith.cmpi ult, %35, %2 : index
        %40 = arith.cmpi ult, %36, %1 : index
        %41 = arith.andi %38, %40 : i1
        scf.if %41 {
          %42 = memref.load %a[%34, %36] : memref<20x40xf32>
          memref.store %42, %19[%14, %13] : memref<16x16xf32, 3 : i64>
        }
        %43 = arith.cmpi ult, %37, %1 : index
        %44 = arith.andi %43, %39 : i1
        scf.if %44 {
          %45 = memref.load %b[%37, %35] : memref<40x24xf32>
          memref.store %45, %20[%14, %13] : memref<16x16xf32, 3 : i64>
        }
        gpu.barrier
        %46 = arith.addi %23, %14 : index
        %47 = arith.addi %24, %13 : index
        %48 = arith.cmpi ult, %46, %3 : index
        %49 = arith.cmpi ult, %47, %2 : index
        %50 = arith.andi %48, %49 : i1
        scf.if %50 {
          %51 = memref.load %22[%21] : memref<1xf32>
          %52 = scf.for %53 = %0 to %33 step %5 iter_args(%54 = %51) -> (f32) {
            %55 = memref.load %19[%14, %53] : memref<16x16xf32, 3 : i64>
            %56 = memref.load %20[%53, %13] : memref<16x16xf32, 3 : i64>
            %m = arith.mulf %55, %56 : f32
            %s = arith.addf %54, %m : f32
            scf.yield %s : f32
          }
          memref.store %52, %22[%21] : memref<1xf32>
        }
        gpu.barrier
      }
      %57 = arith.addi %23, %14 : index
      %58 = arith.addi %24, %13 : index
      %59 = arith.cmpi ult, %57, %3 : index
      %60 = arith.cmpi ult, %58, %2 : index
      %61 = arith.andi %59, %60 : i1
      scf.if %61 {
        %62 = memref.load %22[%21] : memref<1xf32>
        memref.store %62, %c[%57, %58] : memref<20x24xf32>
      }
      gpu.terminator
    } loc("dense/MatMul")
    func.return
  }
}

// -----

// A host weight (memref.get_global) is passed as an argument; a launch body is outlined once per
// launch, numbered in order.
// CHECK-LABEL: func.func @weights
// CHECK:        %[[W:.*]] = memref.get_global @w : memref<4xf32>
// CHECK:        gpu.launch_func @main_kernels::@weights_kernel_0 blocks in ({{.*}}) threads in ({{.*}}) args(%[[W]] : memref<4xf32>, %{{.*}} : memref<4xf32>)
// CHECK:        gpu.launch_func @main_kernels::@weights_kernel_1 blocks
// CHECK:        gpu.module @main_kernels {
// CHECK:          gpu.func @weights_kernel_0(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) kernel
// CHECK:          gpu.func @weights_kernel_1(%{{.*}}: memref<4xf32>) kernel
"memref.global"() <{sym_name = "w", type = memref<4xf32>, initial_value = dense<1.0> : tensor<4xf32>, sym_visibility = "private", constant}> : () -> ()
func.func @weights(%out: memref<4xf32>) {
  %w = memref.get_global @w : memref<4xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %w[%tx] : memref<4xf32>
    memref.store %v, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %out[%tx] : memref<4xf32>
    %d = arith.addf %v, %v : f32
    memref.store %d, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  func.return
}

// -----

// Launches whose bodies are the same code up to their buffers launch one kernel: the second
// launch reuses @repeated_kernel_0_exp, though its shared scratch is another global of the
// same type (which is then dropped). The third body differs (log, not exp): a kernel of its own.
// CHECK-LABEL: func.func @repeated
// CHECK-SAME:   (%[[A:.*]]: memref<8xf32>, %[[B:.*]]: memref<8xf32>, %[[C:.*]]: memref<8xf32>)
// CHECK:        gpu.launch_func @main_kernels::@repeated_kernel_0_exp {{.*}} args(%[[A]] : memref<8xf32>, %[[B]] : memref<8xf32>)
// CHECK:        gpu.launch_func @main_kernels::@repeated_kernel_0_exp {{.*}} args(%[[B]] : memref<8xf32>, %[[C]] : memref<8xf32>)
// CHECK:        gpu.launch_func @main_kernels::@repeated_kernel_2_log {{.*}} args(%[[C]] : memref<8xf32>, %[[A]] : memref<8xf32>)
// CHECK:        gpu.module @main_kernels {
// CHECK-NEXT:     "memref.global"() <{sym_name = "__shared_0"
// CHECK-NOT:      "memref.global"
// CHECK-NEXT:     gpu.func @repeated_kernel_0_exp(
// CHECK:            memref.get_global @__shared_0
// CHECK:            math.exp
// CHECK:            gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:     gpu.func @repeated_kernel_2_log(
// CHECK:            math.log
// CHECK:            gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
builtin.module {
  "memref.global"() <{sym_name = "__shared_0", type = memref<8xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  "memref.global"() <{sym_name = "__shared_1", type = memref<8xf32, 3 : i64>, initial_value, sym_visibility = "private"}> : () -> ()
  func.func @repeated(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) {
    %1 = arith.constant 1 : index
    %8 = arith.constant 8 : index
    gpu.launch blocks(%0, %2, %3) in (%4 = %1, %5 = %1, %6 = %1) threads(%t, %7, %9) in (%10 = %8, %11 = %1, %12 = %1) {
      %s = memref.get_global @__shared_0 : memref<8xf32, 3 : i64>
      %x = memref.load %a[%t] : memref<8xf32>
      memref.store %x, %s[%t] : memref<8xf32, 3 : i64>
      %y = memref.load %s[%t] : memref<8xf32, 3 : i64>
      %e = math.exp %y : f32
      memref.store %e, %b[%t] : memref<8xf32>
      gpu.terminator
    } loc("exp")
    gpu.launch blocks(%20, %22, %23) in (%24 = %1, %25 = %1, %26 = %1) threads(%u, %27, %29) in (%30 = %8, %31 = %1, %32 = %1) {
      %s = memref.get_global @__shared_1 : memref<8xf32, 3 : i64>
      %x = memref.load %b[%u] : memref<8xf32>
      memref.store %x, %s[%u] : memref<8xf32, 3 : i64>
      %y = memref.load %s[%u] : memref<8xf32, 3 : i64>
      %e = math.exp %y : f32
      memref.store %e, %c[%u] : memref<8xf32>
      gpu.terminator
    } loc("exp_again")
    gpu.launch blocks(%40, %42, %43) in (%44 = %1, %45 = %1, %46 = %1) threads(%v, %47, %49) in (%50 = %8, %51 = %1, %52 = %1) {
      %x = memref.load %c[%v] : memref<8xf32>
      %e = math.log %x : f32
      memref.store %e, %a[%v] : memref<8xf32>
      gpu.terminator
    } loc("log")
    func.return
  }
}
