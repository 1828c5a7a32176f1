// RUN: strata-opt %s -p buffer-assign --split-input-file | filecheck %s

// Three 60-byte temporaries in a chain: %a dies before %c is allocated, so they share offset 0;
// %b overlaps both and goes at the next 64-byte boundary. The arena is the last argument and its
// size is recorded in the signature.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[X:.*]]: memref<3x5xf32>, %[[OUT:.*]]: memref<3x5xf32>, %[[ARENA:.*]]: memref<128xi8>) -> i32
// CHECK-SAME: \22arena_bytes\22:128
// CHECK-NEXT:   %[[OFF_A:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[A:.*]] = memref.view %[[ARENA]][%[[OFF_A]]][] : memref<128xi8> to memref<3x5xf32>
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[X]] : memref<3x5xf32>) outs(%[[A]] : memref<3x5xf32>)
// CHECK:        %[[OFF_B:.*]] = arith.constant 64 : index
// CHECK-NEXT:   %[[B:.*]] = memref.view %[[ARENA]][%[[OFF_B]]][] : memref<128xi8> to memref<3x5xf32>
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[A]] : memref<3x5xf32>) outs(%[[B]] : memref<3x5xf32>)
// CHECK:        %[[OFF_C:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[C:.*]] = memref.view %[[ARENA]][%[[OFF_C]]][] : memref<128xi8> to memref<3x5xf32>
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[B]] : memref<3x5xf32>) outs(%[[C]] : memref<3x5xf32>)
// CHECK:        linalg.generic {{.*}} ins(%[[C]] : memref<3x5xf32>) outs(%[[OUT]] : memref<3x5xf32>)
// CHECK-NOT:  memref.alloc
func.func @chain(%x: memref<3x5xf32>, %out: memref<3x5xf32>) -> i32 attributes {strata.signature = "{\22entry\22:\22chain\22,\22inputs\22:[{\22name\22:\22x\22,\22shape\22:[3,5],\22dtype\22:\22float32\22}],\22outputs\22:[{\22name\22:\22out\22,\22shape\22:[3,5],\22dtype\22:\22float32\22}],\22arena_bytes\22:0,\22status_codes\22:{}}"} {
  %a = memref.alloc() : memref<3x5xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<3x5xf32>) outs(%a : memref<3x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  }
  %b = memref.alloc() : memref<3x5xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<3x5xf32>) outs(%b : memref<3x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  }
  %c = memref.alloc() : memref<3x5xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%b : memref<3x5xf32>) outs(%c : memref<3x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%c : memref<3x5xf32>) outs(%out : memref<3x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  }
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}

// -----

// A reshaped view keeps its buffer live: %a is read through %flat after %b is allocated, so
// they cannot share bytes.
// CHECK-LABEL: func.func @view_extends_live_range
// CHECK-SAME: %[[ARENA:[^ :]*]]: memref<128xi8>) -> i32
// CHECK-NEXT:   %[[OFF_A:.*]] = arith.constant 0 : index
// CHECK-NEXT:   %[[A:.*]] = memref.view %[[ARENA]][%[[OFF_A]]][]
// CHECK:        memref.collapse_shape %[[A]]
// CHECK-NEXT:   %[[OFF_B:.*]] = arith.constant 64 : index
// CHECK-NEXT:   memref.view %[[ARENA]][%[[OFF_B]]][]
func.func @view_extends_live_range(%x: memref<15xf32>, %out: memref<15xf32>) -> i32 {
  %a = memref.alloc() : memref<3x5xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%a : memref<3x5xf32>) {
  ^bb0(%o: f32):
    %one = arith.constant 1.0 : f32
    linalg.yield %one : f32
  }
  %flat = memref.collapse_shape %a [[0, 1]] : memref<3x5xf32> into memref<15xf32>
  %b = memref.alloc() : memref<15xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : memref<15xf32>) outs(%b : memref<15xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%flat, %b : memref<15xf32>, memref<15xf32>) outs(%out : memref<15xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %r = arith.addf %v, %w : f32
    linalg.yield %r : f32
  }
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}

// -----

// Offsets are 64-byte aligned even after a small buffer (4 bytes of i8 here).
// CHECK-LABEL: func.func @alignment
// CHECK-SAME: %[[ARENA:[^ :]*]]: memref<128xi8>) -> i32
// CHECK:        %[[OFF_S:.*]] = arith.constant 0 : index
// CHECK-NEXT:   memref.view %[[ARENA]][%[[OFF_S]]][] : memref<128xi8> to memref<4xi8>
// CHECK:        %[[OFF_L:.*]] = arith.constant 64 : index
// CHECK-NEXT:   memref.view %[[ARENA]][%[[OFF_L]]][] : memref<128xi8> to memref<16xf32>
func.func @alignment(%x: memref<4xi8>, %y: memref<16xf32>, %out: memref<16xf32>) -> i32 {
  %s = memref.alloc() : memref<4xi8>
  "memref.copy"(%x, %s) : (memref<4xi8>, memref<4xi8>) -> ()
  %l = memref.alloc() : memref<16xf32>
  "memref.copy"(%y, %l) : (memref<16xf32>, memref<16xf32>) -> ()
  "memref.copy"(%s, %x) : (memref<4xi8>, memref<4xi8>) -> ()
  "memref.copy"(%l, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %ok = arith.constant 0 : i32
  func.return %ok : i32
}
