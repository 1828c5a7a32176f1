// RUN: strata-opt %s | strata-opt | filecheck %s
// RUN: strata-opt %s --generic | strata-opt | filecheck %s

func.func @special_registers() {
  %tx = nvvm.read.ptx.sreg.tid.x : i32
  %ty = nvvm.read.ptx.sreg.tid.y : i32
  %tz = nvvm.read.ptx.sreg.tid.z : i32
  %nx = nvvm.read.ptx.sreg.ntid.x : i32
  %ny = nvvm.read.ptx.sreg.ntid.y : i32
  %nz = nvvm.read.ptx.sreg.ntid.z : i32
  %bx = nvvm.read.ptx.sreg.ctaid.x : i32
  %by = nvvm.read.ptx.sreg.ctaid.y : i32
  %bz = nvvm.read.ptx.sreg.ctaid.z : i32
  %gx = nvvm.read.ptx.sreg.nctaid.x : i32
  %gy = nvvm.read.ptx.sreg.nctaid.y : i32
  %gz = nvvm.read.ptx.sreg.nctaid.z : i32
  %lane = nvvm.read.ptx.sreg.laneid : i32
  %warp = nvvm.read.ptx.sreg.warpsize : i32
  func.return
}
// CHECK-LABEL: func.func @special_registers
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.tid.y : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.tid.z : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.ntid.x : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.ntid.y : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.ntid.z : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.ctaid.z : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.nctaid.x : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.nctaid.y : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.nctaid.z : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.laneid : i32
// CHECK-NEXT: %{{.*}} = nvvm.read.ptx.sreg.warpsize : i32

func.func @barrier() {
  nvvm.barrier0
  func.return
}
// CHECK-LABEL: func.func @barrier
// CHECK-NEXT: nvvm.barrier0

func.func @shuffle(%mask: i32, %f: f32, %i: i32, %offset: i32, %clamp: i32) {
  %a = nvvm.shfl.sync bfly %mask, %f, %offset, %clamp : f32 -> f32
  %b = nvvm.shfl.sync down %mask, %i, %offset, %clamp : i32 -> i32
  %c = nvvm.shfl.sync idx %mask, %f, %offset, %clamp : f32 -> f32
  %d = nvvm.shfl.sync up %mask, %i, %offset, %clamp : i32 -> i32
  func.return
}
// CHECK-LABEL: func.func @shuffle
// CHECK-SAME: (%[[MASK:.*]]: i32, %[[F:.*]]: f32, %[[I:.*]]: i32, %[[OFF:.*]]: i32, %[[CLAMP:.*]]: i32)
// CHECK-NEXT: %{{.*}} = nvvm.shfl.sync bfly %[[MASK]], %[[F]], %[[OFF]], %[[CLAMP]] : f32 -> f32
// CHECK-NEXT: %{{.*}} = nvvm.shfl.sync down %[[MASK]], %[[I]], %[[OFF]], %[[CLAMP]] : i32 -> i32
// CHECK-NEXT: %{{.*}} = nvvm.shfl.sync idx %[[MASK]], %[[F]], %[[OFF]], %[[CLAMP]] : f32 -> f32
// CHECK-NEXT: %{{.*}} = nvvm.shfl.sync up %[[MASK]], %[[I]], %[[OFF]], %[[CLAMP]] : i32 -> i32
