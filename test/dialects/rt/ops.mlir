// RUN: strata-opt %s | strata-opt | filecheck %s
// RUN: strata-opt %s -p bufferize | filecheck %s --check-prefix=BUF

func.func @check(%flag: tensor<i1>) {
  rt.check %flag, "node 'g': index out of range [0, 10)" : tensor<i1>
  func.return
}
// CHECK-LABEL: func.func @check
// CHECK: rt.check %{{.*}}, "node 'g': index out of range [0, 10)" : tensor<i1>

// The flag is loaded and the first failing check's code becomes the returned status.
// BUF-LABEL: func.func @check
// BUF-SAME: -> i32
// BUF-SAME: strata.signature = "{{.*}}status_codes\22:{\221\22:\22node 'g': index out of range [0, 10)\22}
// BUF: %[[FLAG:.*]] = memref.load %{{.*}}[] : memref<i1>
// BUF: %[[CODE:.*]] = arith.constant 1 : i32
// BUF: %[[OK:.*]] = arith.constant 0 : i32
// BUF: %[[STATUS:.*]] = arith.select %[[FLAG]], %[[CODE]], %[[OK]] : i32
// BUF: func.return %[[STATUS]] : i32

// A loop's trip-bound check carries the bound; bufferize records its code with it
// (`trip_bounds`: the runtime raises LoopTripsExceeded for that status, not a plain error).
func.func @trip_bound(%flag: tensor<i1>, %still: tensor<i1>) {
  rt.check %flag, "node 'g': index out of range [0, 10)" : tensor<i1>
  rt.check %still, "loop 'w': the loop ran the 64 trips" loop_trips 64 : tensor<i1>
  func.return
}
// CHECK-LABEL: func.func @trip_bound
// CHECK: rt.check %{{.*}}, "node 'g': index out of range [0, 10)" : tensor<i1>
// CHECK: rt.check %{{.*}}, "loop 'w': the loop ran the 64 trips" loop_trips 64 : tensor<i1>

// BUF-LABEL: func.func @trip_bound
// BUF-SAME: \22trip_bounds\22:{\222\22:64}
