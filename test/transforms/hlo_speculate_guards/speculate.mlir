// RUN: strata-opt %s -p hlo-speculate-guards | filecheck %s
// RUN: strata-opt %s -p 'hlo-speculate-guards{min-count=0}' | filecheck %s --check-prefix=OFF
// RUN: strata-opt %s -p 'hlo-speculate-guards,cse,hlo-reroll-loops,dce' -o %t.mlir
// RUN: filecheck %s --input-file %t.mlir --check-prefix=REROLL
// RUN: strata-run %s --run-checks | filecheck %s --check-prefix=RUN-OK
// RUN: strata-run %t.mlir --run-checks | filecheck %s --check-prefix=RUN-OK

// The per-step guards of an unrolled loop become selects, and then the steps reroll. @steps: six
// steps, each `if (longest <= t) pass h through, else h = tanh(h . W)` (the longest is 4, so the
// last two pass through); the step numbers t become a stacked constant sliced by the loop's
// counter (a splat per layer, which hlo-reroll-loops does not count as a weight of its own).
// @masked: TF1 static_rnn with sequence_length, every step a guard on the longest length around
// the cell and a guard on the shortest around a per-row select (a guard nested in a guard). The
// expected values are float64 numpy's of the guarded form; both forms pass them (RUN-OK).
// @three_guards: fewer than min-count (4): unchanged. @integer_division: a guard whose branch
// divides integers (by zero, it may fault) is not speculated, which leaves three. @both_branches
// _work: ifs whose branches both compute are not guards.

// CHECK-LABEL: func.func @steps
// CHECK-NOT:     hlo.if
// CHECK:         %done0 = hlo.compare LE, %max, %t0
// CHECK:         %s0_p = hlo.dot_general %h0, %w
// CHECK:         %s0_n = hlo.tanh %s0_p
// CHECK:         %h1 = hlo.select %done0, %h0, %s0_n : tensor<i1>, tensor<2x2xf32>
// CHECK:         %h6 = hlo.select %done5, %h5, %s5_n
// CHECK-LABEL: func.func @masked
// CHECK-NOT:     hlo.if
// CHECK:         %s0_n = hlo.tanh
// CHECK:         %all0 = hlo.compare GT, %min, %t0
// CHECK:         %sel0 = hlo.select %m0, %h0, %s0_n : tensor<2x2xi1>, tensor<2x2xf32>
// CHECK:         %k0 = hlo.select %all0, %s0_n, %sel0 : tensor<i1>
// CHECK:         %h1 = hlo.select %done0, %h0, %k0 : tensor<i1>
// CHECK-LABEL: func.func @three_guards
// CHECK-COUNT-3: "hlo.if"
// CHECK-LABEL: func.func @integer_division
// CHECK-COUNT-4: "hlo.if"
// CHECK-LABEL: func.func @both_branches_work
// CHECK-COUNT-4: "hlo.if"

// OFF-LABEL: func.func @steps
// OFF:         "hlo.if"

// REROLL-LABEL: func.func @steps
// REROLL:         %[[T:.*]] = hlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
// REROLL:         %{{.*}}, %[[H:.*]] = hlo.while
// REROLL:           dense<6> : tensor<i32>
// REROLL:         } do {
// REROLL:           hlo.dynamic_slice %[[T]]
// REROLL:           hlo.dot_general
// REROLL:           hlo.select
// REROLL:           hlo.return
// REROLL-NEXT:    }
// REROLL-NOT:     hlo.dot_general
// REROLL:         check.expect_almost_eq_const %[[H]]
// REROLL-LABEL: func.func @masked
// REROLL:         hlo.while
// REROLL:           dense<5> : tensor<i32>
// REROLL:         } do {
// REROLL:           hlo.dot_general
// REROLL:           hlo.return
// REROLL-NEXT:    }
// REROLL-NOT:     hlo.dot_general
// REROLL:         check.expect_almost_eq_const

// RUN-OK: PASS @steps
// RUN-OK: PASS @masked
// RUN-OK: 2 of 2 functions passed

func.func @steps() {
  %w = hlo.constant dense<[[ 0.25019094347953796,  0.7944275736808777 ], [ 0.5513713955879211 , -0.5495856404304504 ]]> : tensor<2x2xf32>
  %h0 = hlo.constant dense<[[-0.3996674418449402,  0.7471069097518921], [-0.9894694089889526,  0.6424568295478821]]> : tensor<2x2xf32>
  %two = hlo.constant dense<2> : tensor<i32>
  %max = hlo.add %two, %two : tensor<i32>
  %t0 = hlo.constant dense<0> : tensor<i32>
  %done0 = hlo.compare LE, %max, %t0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h1 = "hlo.if"(%done0) ({
    hlo.return %h0 : tensor<2x2xf32>
  }, {
    %s0_p = hlo.dot_general %h0, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s0_n = hlo.tanh %s0_p : tensor<2x2xf32>
    hlo.return %s0_n : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t1 = hlo.constant dense<1> : tensor<i32>
  %done1 = hlo.compare LE, %max, %t1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h2 = "hlo.if"(%done1) ({
    hlo.return %h1 : tensor<2x2xf32>
  }, {
    %s1_p = hlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s1_n = hlo.tanh %s1_p : tensor<2x2xf32>
    hlo.return %s1_n : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t2 = hlo.constant dense<2> : tensor<i32>
  %done2 = hlo.compare LE, %max, %t2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h3 = "hlo.if"(%done2) ({
    hlo.return %h2 : tensor<2x2xf32>
  }, {
    %s2_p = hlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s2_n = hlo.tanh %s2_p : tensor<2x2xf32>
    hlo.return %s2_n : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t3 = hlo.constant dense<3> : tensor<i32>
  %done3 = hlo.compare LE, %max, %t3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h4 = "hlo.if"(%done3) ({
    hlo.return %h3 : tensor<2x2xf32>
  }, {
    %s3_p = hlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s3_n = hlo.tanh %s3_p : tensor<2x2xf32>
    hlo.return %s3_n : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t4 = hlo.constant dense<4> : tensor<i32>
  %done4 = hlo.compare LE, %max, %t4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h5 = "hlo.if"(%done4) ({
    hlo.return %h4 : tensor<2x2xf32>
  }, {
    %s4_p = hlo.dot_general %h4, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s4_n = hlo.tanh %s4_p : tensor<2x2xf32>
    hlo.return %s4_n : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t5 = hlo.constant dense<5> : tensor<i32>
  %done5 = hlo.compare LE, %max, %t5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h6 = "hlo.if"(%done5) ({
    hlo.return %h5 : tensor<2x2xf32>
  }, {
    %s5_p = hlo.dot_general %h5, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s5_n = hlo.tanh %s5_p : tensor<2x2xf32>
    hlo.return %s5_n : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %h6, dense<[[-0.19524036347866058,  0.40258103609085083], [-0.2431827187538147 ,  0.3983646631240845 ]]> : tensor<2x2xf32>
  func.return
}

func.func @masked() {
  %w = hlo.constant dense<[[ 0.25019094347953796,  0.7944275736808777 ], [ 0.5513713955879211 , -0.5495856404304504 ]]> : tensor<2x2xf32>
  %h0 = hlo.constant dense<[[-0.3996674418449402,  0.7471069097518921], [-0.9894694089889526,  0.6424568295478821]]> : tensor<2x2xf32>
  %lens = hlo.constant dense<[2, 3]> : tensor<2xi32>
  %init = hlo.constant dense<0> : tensor<i32>
  %max = hlo.reduce(%lens init: %init) applies hlo.maximum across dimensions = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<i32>
  %big = hlo.constant dense<2147483647> : tensor<i32>
  %min = hlo.reduce(%lens init: %big) applies hlo.minimum across dimensions = [0] : (tensor<2xi32>, tensor<i32>) -> tensor<i32>
  %t0 = hlo.constant dense<0> : tensor<i32>
  %tv0 = hlo.constant dense<0> : tensor<2xi32>
  %row_done0 = hlo.compare LE, %lens, %tv0, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %done0 = hlo.compare LE, %max, %t0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h1 = "hlo.if"(%done0) ({
    hlo.return %h0 : tensor<2x2xf32>
  }, {
    %s0_p = hlo.dot_general %h0, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s0_n = hlo.tanh %s0_p : tensor<2x2xf32>
    %all0 = hlo.compare GT, %min, %t0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %k0 = "hlo.if"(%all0) ({
      hlo.return %s0_n : tensor<2x2xf32>
    }, {
      %m0 = hlo.broadcast_in_dim %row_done0, dims = [0] : (tensor<2xi1>) -> tensor<2x2xi1>
      %sel0 = hlo.select %m0, %h0, %s0_n : tensor<2x2xi1>, tensor<2x2xf32>
      hlo.return %sel0 : tensor<2x2xf32>
    }) : (tensor<i1>) -> tensor<2x2xf32>
    hlo.return %k0 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t1 = hlo.constant dense<1> : tensor<i32>
  %tv1 = hlo.constant dense<1> : tensor<2xi32>
  %row_done1 = hlo.compare LE, %lens, %tv1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %done1 = hlo.compare LE, %max, %t1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h2 = "hlo.if"(%done1) ({
    hlo.return %h1 : tensor<2x2xf32>
  }, {
    %s1_p = hlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s1_n = hlo.tanh %s1_p : tensor<2x2xf32>
    %all1 = hlo.compare GT, %min, %t1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %k1 = "hlo.if"(%all1) ({
      hlo.return %s1_n : tensor<2x2xf32>
    }, {
      %m1 = hlo.broadcast_in_dim %row_done1, dims = [0] : (tensor<2xi1>) -> tensor<2x2xi1>
      %sel1 = hlo.select %m1, %h1, %s1_n : tensor<2x2xi1>, tensor<2x2xf32>
      hlo.return %sel1 : tensor<2x2xf32>
    }) : (tensor<i1>) -> tensor<2x2xf32>
    hlo.return %k1 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t2 = hlo.constant dense<2> : tensor<i32>
  %tv2 = hlo.constant dense<2> : tensor<2xi32>
  %row_done2 = hlo.compare LE, %lens, %tv2, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %done2 = hlo.compare LE, %max, %t2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h3 = "hlo.if"(%done2) ({
    hlo.return %h2 : tensor<2x2xf32>
  }, {
    %s2_p = hlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s2_n = hlo.tanh %s2_p : tensor<2x2xf32>
    %all2 = hlo.compare GT, %min, %t2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %k2 = "hlo.if"(%all2) ({
      hlo.return %s2_n : tensor<2x2xf32>
    }, {
      %m2 = hlo.broadcast_in_dim %row_done2, dims = [0] : (tensor<2xi1>) -> tensor<2x2xi1>
      %sel2 = hlo.select %m2, %h2, %s2_n : tensor<2x2xi1>, tensor<2x2xf32>
      hlo.return %sel2 : tensor<2x2xf32>
    }) : (tensor<i1>) -> tensor<2x2xf32>
    hlo.return %k2 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t3 = hlo.constant dense<3> : tensor<i32>
  %tv3 = hlo.constant dense<3> : tensor<2xi32>
  %row_done3 = hlo.compare LE, %lens, %tv3, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %done3 = hlo.compare LE, %max, %t3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h4 = "hlo.if"(%done3) ({
    hlo.return %h3 : tensor<2x2xf32>
  }, {
    %s3_p = hlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s3_n = hlo.tanh %s3_p : tensor<2x2xf32>
    %all3 = hlo.compare GT, %min, %t3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %k3 = "hlo.if"(%all3) ({
      hlo.return %s3_n : tensor<2x2xf32>
    }, {
      %m3 = hlo.broadcast_in_dim %row_done3, dims = [0] : (tensor<2xi1>) -> tensor<2x2xi1>
      %sel3 = hlo.select %m3, %h3, %s3_n : tensor<2x2xi1>, tensor<2x2xf32>
      hlo.return %sel3 : tensor<2x2xf32>
    }) : (tensor<i1>) -> tensor<2x2xf32>
    hlo.return %k3 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %t4 = hlo.constant dense<4> : tensor<i32>
  %tv4 = hlo.constant dense<4> : tensor<2xi32>
  %row_done4 = hlo.compare LE, %lens, %tv4, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %done4 = hlo.compare LE, %max, %t4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %h5 = "hlo.if"(%done4) ({
    hlo.return %h4 : tensor<2x2xf32>
  }, {
    %s4_p = hlo.dot_general %h4, %w, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %s4_n = hlo.tanh %s4_p : tensor<2x2xf32>
    %all4 = hlo.compare GT, %min, %t4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %k4 = "hlo.if"(%all4) ({
      hlo.return %s4_n : tensor<2x2xf32>
    }, {
      %m4 = hlo.broadcast_in_dim %row_done4, dims = [0] : (tensor<2xi1>) -> tensor<2x2xi1>
      %sel4 = hlo.select %m4, %h4, %s4_n : tensor<2x2xi1>, tensor<2x2xf32>
      hlo.return %sel4 : tensor<2x2xf32>
    }) : (tensor<i1>) -> tensor<2x2xf32>
    hlo.return %k4 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %h5, dense<[[-0.2611039876937866 ,  0.5240212082862854 ], [ 0.16703568398952484, -0.525861382484436  ]]> : tensor<2x2xf32>
  func.return
}

func.func @three_guards(%p: tensor<i1>, %h: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %g0 = "hlo.if"(%p) ({
    hlo.return %h : tensor<2x2xf32>
  }, {
    %n0 = hlo.tanh %h : tensor<2x2xf32>
    hlo.return %n0 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %g1 = "hlo.if"(%p) ({
    hlo.return %g0 : tensor<2x2xf32>
  }, {
    %n1 = hlo.tanh %g0 : tensor<2x2xf32>
    hlo.return %n1 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %g2 = "hlo.if"(%p) ({
    hlo.return %g1 : tensor<2x2xf32>
  }, {
    %n2 = hlo.tanh %g1 : tensor<2x2xf32>
    hlo.return %n2 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  func.return %g2 : tensor<2x2xf32>
}

func.func @integer_division(%p: tensor<i1>, %h: tensor<2xi32>, %d: tensor<2xi32>) -> tensor<2xi32> {
  %g0 = "hlo.if"(%p) ({
    hlo.return %h : tensor<2xi32>
  }, {
    %n0 = hlo.divide %h, %d : tensor<2xi32>
    hlo.return %n0 : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  %g1 = "hlo.if"(%p) ({
    hlo.return %g0 : tensor<2xi32>
  }, {
    %n1 = hlo.add %g0, %d : tensor<2xi32>
    hlo.return %n1 : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  %g2 = "hlo.if"(%p) ({
    hlo.return %g1 : tensor<2xi32>
  }, {
    %n2 = hlo.add %g1, %d : tensor<2xi32>
    hlo.return %n2 : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  %g3 = "hlo.if"(%p) ({
    hlo.return %g2 : tensor<2xi32>
  }, {
    %n3 = hlo.add %g2, %d : tensor<2xi32>
    hlo.return %n3 : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  func.return %g3 : tensor<2xi32>
}

func.func @both_branches_work(%p: tensor<i1>, %h: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %g0 = "hlo.if"(%p) ({
    %a0 = hlo.tanh %h : tensor<2x2xf32>
    hlo.return %a0 : tensor<2x2xf32>
  }, {
    %b0 = hlo.exponential %h : tensor<2x2xf32>
    hlo.return %b0 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %g1 = "hlo.if"(%p) ({
    %a1 = hlo.tanh %g0 : tensor<2x2xf32>
    hlo.return %a1 : tensor<2x2xf32>
  }, {
    %b1 = hlo.exponential %g0 : tensor<2x2xf32>
    hlo.return %b1 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %g2 = "hlo.if"(%p) ({
    %a2 = hlo.tanh %g1 : tensor<2x2xf32>
    hlo.return %a2 : tensor<2x2xf32>
  }, {
    %b2 = hlo.exponential %g1 : tensor<2x2xf32>
    hlo.return %b2 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  %g3 = "hlo.if"(%p) ({
    %a3 = hlo.tanh %g2 : tensor<2x2xf32>
    hlo.return %a3 : tensor<2x2xf32>
  }, {
    %b3 = hlo.exponential %g2 : tensor<2x2xf32>
    hlo.return %b3 : tensor<2x2xf32>
  }) : (tensor<i1>) -> tensor<2x2xf32>
  func.return %g3 : tensor<2x2xf32>
}
