// RUN: strata-opt %s -p 'hlo-reroll-loops{min-stacked-trip-count=16},dce' | filecheck %s
// RUN: strata-opt %s -p 'hlo-reroll-loops' | filecheck %s --check-prefix=DEFAULT
// RUN: strata-opt %s -p 'hlo-reroll-loops{min-trip-count=17 min-stacked-trip-count=16}' | filecheck %s --check-prefix=LIMIT
// RUN: strata-opt %s -p 'hlo-reroll-loops{min-stacked-trip-count=15}' | filecheck %s --check-prefix=STACK15
// RUN: strata-opt %s -p 'hlo-reroll-loops{min-stacked-trip-count=16 max-stacked-bytes=59}' | filecheck %s --check-prefix=BYTES
// RUN: strata-opt %s -p 'hlo-reroll-loops{min-stacked-trip-count=16}' -o %t.mlir
// RUN: strata-run %t.mlir --run-checks | filecheck %s --check-prefix=RUN-OK

// Runs of identical layers become one hlo.while: at least 4 layers (min-trip-count), or, when
// each layer has constants of its own, at least min-stacked-trip-count (64 by default, so the
// 16 layers of @layers stay as they are: DEFAULT; the other prefixes use 16) and at most
// max-stacked-bytes of them per layer (@layers has 60: a 3x3 and a 2x3 f32 constant).
// @layers: 16 x tanh(h . W_i + B_i), a weight and a bias of its own per layer: both stacked into
// one constant with a leading dimension of 16, sliced by the step. @shared: an unrolled RNN's
// cell, the same constants every step: read from outside the loop, nothing stacked.
// @two_carried: two values carried, both used after the run. @escape: the value after layer 11
// is also used after the run, so one run ends there (11 trips) and another starts (29).
// @inputs: each layer adds a value computed before the run (a strided slice, which no layer
// takes in): the 16 are concatenated before the loop and sliced in it. @below_stacked: 15 layers
// with weights of their own: unchanged. @short: 3 copies: unchanged. @projected: as a Keras RNN
// does, every step's input projection first (a slice of %xe at the step, then a dot), then the
// steps: with each op as late as it can go the projections join their steps, and the slices,
// which start one further each step, become one dynamic_slice at 1 + step. @elementwise: 20
// copies of elementwise ops only: unchanged (fused, they are one pass over memory; rerolled, one
// per copy). The expected values (check.expect_almost_eq_const) are float64 numpy's on the
// unrolled form.

// DEFAULT-LABEL: func.func @layers
// DEFAULT-NOT:     hlo.while
// DEFAULT-LABEL: func.func @shared
// DEFAULT:         hlo.while

// CHECK-LABEL: func.func @layers
// CHECK:         %h0 = hlo.negate
// CHECK-DAG:     %[[W:.*]] = hlo.constant {{.*}} : tensor<16x3x3xf32>
// CHECK-DAG:     %[[B:.*]] = hlo.constant {{.*}} : tensor<16x2x3xf32>
// CHECK:         %{{.*}}, %[[H:.*]] = hlo.while(%[[I:.*]] = %{{.*}}, %[[X:.*]] = %h0) : tensor<i32>, tensor<2x3xf32>
// CHECK:           dense<16> : tensor<i32>
// CHECK:           hlo.compare LT, %[[I]]
// CHECK:         } do {
// CHECK:           %[[WS:.*]] = hlo.dynamic_slice %[[W]], %[[I]], {{.*}} sizes = [1, 3, 3]
// CHECK:           %[[WI:.*]] = hlo.reshape %[[WS]] : (tensor<1x3x3xf32>) -> tensor<3x3xf32>
// CHECK:           %[[BS:.*]] = hlo.dynamic_slice %[[B]], %[[I]], {{.*}} sizes = [1, 2, 3]
// CHECK:           %[[BI:.*]] = hlo.reshape %[[BS]]
// CHECK:           %m0 = hlo.dot_general %[[X]], %[[WI]]
// CHECK:           %a0 = hlo.add %m0, %[[BI]]
// CHECK:           %h1 = hlo.tanh %a0
// CHECK:           hlo.return %{{.*}}, %h1
// CHECK:         }
// CHECK-NOT:     hlo.dot_general
// CHECK:         hlo.negate %[[H]]

// CHECK-LABEL: func.func @shared
// CHECK:         %[[W:.*]] = hlo.constant {{.*}} : tensor<4x4xf32>
// CHECK:         hlo.while
// CHECK:           dense<17> : tensor<i32>
// CHECK-NOT:       hlo.dynamic_slice
// CHECK:           hlo.dot_general %{{.*}}, %[[W]]
// CHECK:           hlo.tanh
// CHECK:           hlo.return
// CHECK-NEXT:    }
// CHECK-NOT:     hlo.tanh
// CHECK:         func.return

// CHECK-LABEL: func.func @two_carried
// CHECK:         %{{.*}}, %[[C:.*]], %[[H:.*]] = hlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %c0, %{{.*}} = %h0)
// CHECK:           hlo.return %{{.*}}, %c1, %h1
// CHECK:         check.expect_almost_eq_const %[[H]]
// CHECK:         check.expect_almost_eq_const %[[C]]

// CHECK-LABEL: func.func @escape
// CHECK:         %{{.*}}, %[[H11:.*]] = hlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %h0)
// CHECK:           dense<11> : tensor<i32>
// CHECK:         %{{.*}}, %[[H:.*]] = hlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %[[H11]])
// CHECK:           dense<29> : tensor<i32>
// CHECK:         hlo.add %[[H]], %[[H11]]

// CHECK-LABEL: func.func @inputs
// CHECK:         %[[X0:.*]] = hlo.reshape %x0 : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
// CHECK:         %[[XS:.*]] = hlo.concatenate %[[X0]], {{.*}} dim = 0 : {{.*}} -> tensor<16x2x3xf32>
// CHECK:         hlo.while
// CHECK:           hlo.dynamic_slice %[[XS]]

// CHECK-LABEL: func.func @below_stacked
// CHECK-NOT:     hlo.while
// CHECK:         func.return

// CHECK-LABEL: func.func @short
// CHECK-NOT:     hlo.while
// CHECK:         func.return

// CHECK-LABEL: func.func @projected
// CHECK:         %[[XE:.*]] = hlo.negate %xs
// CHECK:         hlo.while
// CHECK:         } do {
// CHECK:           %[[STEP:.*]] = hlo.multiply %{{.*}}, %{{.*}} : tensor<i32>
// CHECK:           %[[AT:.*]] = hlo.add %{{.*}}, %[[STEP]] : tensor<i32>
// CHECK:           hlo.dynamic_slice %[[XE]], %[[AT]], %{{.*}}, %{{.*}}, sizes = [1, 2, 3]
// CHECK-NOT:       hlo.slice
// CHECK:           hlo.return
// CHECK-NOT:     hlo.slice
// CHECK:         func.return

// CHECK-LABEL: func.func @elementwise
// CHECK-NOT:     hlo.while
// CHECK:         func.return

// LIMIT-LABEL: func.func @layers
// LIMIT-NOT:     hlo.while
// LIMIT-LABEL: func.func @shared
// LIMIT:         hlo.while

// BYTES-LABEL: func.func @layers
// BYTES-NOT:     hlo.while
// BYTES-LABEL: func.func @shared
// BYTES:         hlo.while

// STACK15-LABEL: func.func @below_stacked
// STACK15:         hlo.while
// STACK15:           dense<15> : tensor<i32>

// RUN-OK: PASS @layers
// RUN-OK: PASS @shared
// RUN-OK: PASS @two_carried
// RUN-OK: PASS @escape
// RUN-OK: PASS @inputs
// RUN-OK: PASS @below_stacked
// RUN-OK: PASS @short
// RUN-OK: PASS @projected
// RUN-OK: PASS @elementwise
// RUN-OK: 9 of 9 functions passed

func.func @layers() {
  %x = hlo.constant dense<[[0.6100058555603027, 0.6158815622329712, 0.030651122331619263], [-0.4283972382545471, -0.8921386003494263, -0.23326224088668823]]> : tensor<2x3xf32>
  %h0 = hlo.negate %x : tensor<2x3xf32>
  %w0 = hlo.constant dense<[[-0.33158838748931885, -0.47086820006370544, 0.44924744963645935], [0.9808698296546936, 0.16366127133369446, -0.7399972081184387], [-0.5749590992927551, 0.9600114822387695, 0.12172946333885193]]> : tensor<3x3xf32>
  %m0 = hlo.dot_general %h0, %w0, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b0 = hlo.constant dense<[[0.0032402798533439636, -0.1813928782939911, -0.04203539341688156], [-0.05089038237929344, 0.15908481180667877, -0.07920686900615692]]> : tensor<2x3xf32>
  %a0 = hlo.add %m0, %b0 : tensor<2x3xf32>
  %h1 = hlo.tanh %a0 : tensor<2x3xf32>
  %w1 = hlo.constant dense<[[-1.039280891418457, -0.05021771416068077, -0.6979355812072754], [-0.3775728642940521, -0.29280349612236023, -0.4279880225658417], [0.3320270776748657, -0.03785158321261406, -0.3536587655544281]]> : tensor<3x3xf32>
  %m1 = hlo.dot_general %h1, %w1, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b1 = hlo.constant dense<[[-0.02536173351109028, -0.027676081284880638, -0.03789727762341499], [-0.0914074033498764, 0.02190869115293026, 0.10768046230077744]]> : tensor<2x3xf32>
  %a1 = hlo.add %m1, %b1 : tensor<2x3xf32>
  %h2 = hlo.tanh %a1 : tensor<2x3xf32>
  %w2 = hlo.constant dense<[[0.24578270316123962, 0.4979131817817688, -0.9858140349388123], [-0.15403807163238525, -0.5884484052658081, -0.10389313846826553], [-0.7736512422561646, 0.012414236553013325, -0.022731443867087364]]> : tensor<3x3xf32>
  %m2 = hlo.dot_general %h2, %w2, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b2 = hlo.constant dense<[[0.06239776685833931, -0.09274990856647491, -0.11498157680034637], [0.011897355318069458, -0.07065801322460175, -0.06301656365394592]]> : tensor<2x3xf32>
  %a2 = hlo.add %m2, %b2 : tensor<2x3xf32>
  %h3 = hlo.tanh %a2 : tensor<2x3xf32>
  %w3 = hlo.constant dense<[[-0.1826026439666748, -0.6287559270858765, -0.23771420121192932], [-0.6547973155975342, -0.8131252527236938, 0.1348714381456375], [-0.6656099557876587, 0.7021776437759399, 0.42995259165763855]]> : tensor<3x3xf32>
  %m3 = hlo.dot_general %h3, %w3, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b3 = hlo.constant dense<[[-0.1679694652557373, 0.19504916667938232, 0.09166191518306732], [-0.09739073365926743, 0.0908210277557373, 0.13424870371818542]]> : tensor<2x3xf32>
  %a3 = hlo.add %m3, %b3 : tensor<2x3xf32>
  %h4 = hlo.tanh %a3 : tensor<2x3xf32>
  %w4 = hlo.constant dense<[[-1.1986900568008423, 0.16327732801437378, -0.6610299944877625], [0.019834332168102264, 0.026179196313023567, -1.193057894706726], [-0.14005351066589355, -0.15347401797771454, 0.5772002935409546]]> : tensor<3x3xf32>
  %m4 = hlo.dot_general %h4, %w4, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b4 = hlo.constant dense<[[-0.2389553338289261, -0.054894477128982544, -0.038797322660684586], [0.06482544541358948, -0.012146541848778725, -0.023043133318424225]]> : tensor<2x3xf32>
  %a4 = hlo.add %m4, %b4 : tensor<2x3xf32>
  %h5 = hlo.tanh %a4 : tensor<2x3xf32>
  %w5 = hlo.constant dense<[[-0.7088680863380432, 0.4428251385688782, -0.6593836545944214], [-0.1987745314836502, -0.5042839050292969, 0.8692387938499451], [0.3409278690814972, 1.4590394496917725, 0.38514983654022217]]> : tensor<3x3xf32>
  %m5 = hlo.dot_general %h5, %w5, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b5 = hlo.constant dense<[[-0.005837138742208481, 0.18533256649971008, 0.21599805355072021], [-0.052482642233371735, -0.09262439608573914, 0.26925531029701233]]> : tensor<2x3xf32>
  %a5 = hlo.add %m5, %b5 : tensor<2x3xf32>
  %h6 = hlo.tanh %a5 : tensor<2x3xf32>
  %w6 = hlo.constant dense<[[0.5069956183433533, 0.5044097304344177, -0.3639669120311737], [-0.04201706871390343, 0.8102332949638367, -0.23793046176433563], [0.11327971518039703, -0.012734076008200645, 0.3655298948287964]]> : tensor<3x3xf32>
  %m6 = hlo.dot_general %h6, %w6, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b6 = hlo.constant dense<[[-0.09797446429729462, -0.05734020099043846, 0.0036581510212272406], [0.04832462593913078, 0.10290355235338211, 0.03909772261977196]]> : tensor<2x3xf32>
  %a6 = hlo.add %m6, %b6 : tensor<2x3xf32>
  %h7 = hlo.tanh %a6 : tensor<2x3xf32>
  %w7 = hlo.constant dense<[[-0.21894524991512299, -0.09141713380813599, 0.1454288512468338], [0.06181388348340988, -0.5189836621284485, 0.5374698042869568], [-0.7790887355804443, -0.7206693291664124, -0.7694950699806213]]> : tensor<3x3xf32>
  %m7 = hlo.dot_general %h7, %w7, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b7 = hlo.constant dense<[[-0.08723830431699753, 0.05063823238015175, 0.024991758167743683], [0.18769189715385437, -0.00149997987318784, -0.1336972862482071]]> : tensor<2x3xf32>
  %a7 = hlo.add %m7, %b7 : tensor<2x3xf32>
  %h8 = hlo.tanh %a7 : tensor<2x3xf32>
  %w8 = hlo.constant dense<[[0.5801833868026733, -0.2163650244474411, -0.5826218128204346], [-0.6816128492355347, 0.25267869234085083, -0.6329044103622437], [-0.7632469534873962, 0.3683958351612091, -0.7180246114730835]]> : tensor<3x3xf32>
  %m8 = hlo.dot_general %h8, %w8, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b8 = hlo.constant dense<[[-0.10450199246406555, 0.14501529932022095, -0.054013121873140335], [-0.21044659614562988, -0.058069970458745956, 1.5099831216502935e-06]]> : tensor<2x3xf32>
  %a8 = hlo.add %m8, %b8 : tensor<2x3xf32>
  %h9 = hlo.tanh %a8 : tensor<2x3xf32>
  %w9 = hlo.constant dense<[[-0.19346289336681366, -0.004056924022734165, -0.2672012150287628], [-0.032456375658512115, 0.8032640814781189, -0.31013649702072144], [-0.7555842995643616, -1.1020474433898926, -0.12285967171192169]]> : tensor<3x3xf32>
  %m9 = hlo.dot_general %h9, %w9, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b9 = hlo.constant dense<[[0.11888306587934494, -0.10144681483507156, 0.06666833162307739], [0.07952991127967834, -0.06993883103132248, -0.018758971244096756]]> : tensor<2x3xf32>
  %a9 = hlo.add %m9, %b9 : tensor<2x3xf32>
  %h10 = hlo.tanh %a9 : tensor<2x3xf32>
  %w10 = hlo.constant dense<[[-0.21135421097278595, 0.15905454754829407, -0.2785467505455017], [-0.28718307614326477, -0.4327894449234009, -0.31185585260391235], [0.09613602608442307, -0.2282116413116455, 0.06026511266827583]]> : tensor<3x3xf32>
  %m10 = hlo.dot_general %h10, %w10, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b10 = hlo.constant dense<[[0.1769450306892395, 0.17204847931861877, 0.08555220067501068], [0.033194635063409805, 0.11383096128702164, -0.014067729003727436]]> : tensor<2x3xf32>
  %a10 = hlo.add %m10, %b10 : tensor<2x3xf32>
  %h11 = hlo.tanh %a10 : tensor<2x3xf32>
  %w11 = hlo.constant dense<[[1.1407122611999512, 0.28747087717056274, -0.9456539154052734], [1.0401177406311035, 0.2086862176656723, -0.5648479461669922], [0.5442293882369995, 0.01059336680918932, -0.3691311180591583]]> : tensor<3x3xf32>
  %m11 = hlo.dot_general %h11, %w11, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b11 = hlo.constant dense<[[-0.009509306401014328, -0.08603601157665253, 0.0005563384620472789], [-0.008201662451028824, 0.2773631811141968, -0.019284317269921303]]> : tensor<2x3xf32>
  %a11 = hlo.add %m11, %b11 : tensor<2x3xf32>
  %h12 = hlo.tanh %a11 : tensor<2x3xf32>
  %w12 = hlo.constant dense<[[-0.3801053464412689, -0.5960590839385986, 0.028871390968561172], [0.641290009021759, -0.19503125548362732, 0.2524944841861725], [1.1253876686096191, -0.7287544012069702, 0.1545133888721466]]> : tensor<3x3xf32>
  %m12 = hlo.dot_general %h12, %w12, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b12 = hlo.constant dense<[[0.12708179652690887, 0.13204972445964813, -0.018647870048880577], [0.1169397160410881, -0.21768136322498322, 0.009492718614637852]]> : tensor<2x3xf32>
  %a12 = hlo.add %m12, %b12 : tensor<2x3xf32>
  %h13 = hlo.tanh %a12 : tensor<2x3xf32>
  %w13 = hlo.constant dense<[[-0.18386214971542358, -0.6355536580085754, -0.6155083179473877], [-0.009171086363494396, 0.2603180408477783, -0.31895390152931213], [0.032634325325489044, 0.4333252012729645, 0.17793674767017365]]> : tensor<3x3xf32>
  %m13 = hlo.dot_general %h13, %w13, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b13 = hlo.constant dense<[[0.08572614192962646, -0.2397865206003189, -0.11591711640357971], [0.10560736060142517, -0.02570107765495777, -0.10981986671686172]]> : tensor<2x3xf32>
  %a13 = hlo.add %m13, %b13 : tensor<2x3xf32>
  %h14 = hlo.tanh %a13 : tensor<2x3xf32>
  %w14 = hlo.constant dense<[[0.5212020874023438, 0.27683737874031067, 0.29280340671539307], [1.0959804058074951, 0.3739031255245209, 0.07768268138170242], [0.4259662926197052, -0.5514742136001587, -0.20262287557125092]]> : tensor<3x3xf32>
  %m14 = hlo.dot_general %h14, %w14, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b14 = hlo.constant dense<[[-0.0373595654964447, -0.05425883084535599, 0.07244472950696945], [0.045388586819171906, -0.028022833168506622, -0.06653426587581635]]> : tensor<2x3xf32>
  %a14 = hlo.add %m14, %b14 : tensor<2x3xf32>
  %h15 = hlo.tanh %a14 : tensor<2x3xf32>
  %w15 = hlo.constant dense<[[0.4759325087070465, 0.3784720301628113, 0.9290170073509216], [0.00628381734713912, -0.8773967027664185, 1.1683481931686401], [0.6557356715202332, -0.6352424621582031, 0.8254942297935486]]> : tensor<3x3xf32>
  %m15 = hlo.dot_general %h15, %w15, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %b15 = hlo.constant dense<[[-0.005387566518038511, 0.13251559436321259, 0.03490260988473892], [0.06389456242322922, -0.015068159438669682, -0.1291816234588623]]> : tensor<2x3xf32>
  %a15 = hlo.add %m15, %b15 : tensor<2x3xf32>
  %h16 = hlo.tanh %a15 : tensor<2x3xf32>
  %y = hlo.negate %h16 : tensor<2x3xf32>
  check.expect_almost_eq_const %y, dense<[[0.002618106547743082, -0.04116928577423096, 0.049629468470811844], [-0.19605609774589539, -0.18383897840976715, -0.10423331707715988]]> : tensor<2x3xf32>
  func.return
}

func.func @shared() {
  %w = hlo.constant dense<[[-0.4265061318874359, 0.3907419443130493, 0.06192966178059578, -0.5423039197921753], [-0.9707222580909729, 0.0664091408252716, -0.20371860265731812, -0.21031813323497772], [-0.19766996800899506, 0.1703430712223053, 0.17666862905025482, 0.5772771239280701], [0.5570529699325562, 0.7992558479309082, 0.48381784558296204, -0.20136481523513794]]> : tensor<4x4xf32>
  %c = hlo.constant dense<[[-0.11371474713087082, 0.18214185535907745, 0.28835344314575195, -0.16456976532936096], [-0.058783456683158875, -0.43269601464271545, -0.13319283723831177, 0.44695788621902466]]> : tensor<2x4xf32>
  %h0 = hlo.constant dense<[[0.004356050863862038, 0.11438090354204178, 0.21223297715187073, 0.134358212351799], [0.608913242816925, -0.4808471202850342, -0.36683717370033264, 0.7736461758613586]]> : tensor<2x4xf32>
  %p0 = hlo.dot_general %h0, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q0 = hlo.add %p0, %c : tensor<2x4xf32>
  %h1 = hlo.tanh %q0 : tensor<2x4xf32>
  %p1 = hlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q1 = hlo.add %p1, %c : tensor<2x4xf32>
  %h2 = hlo.tanh %q1 : tensor<2x4xf32>
  %p2 = hlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q2 = hlo.add %p2, %c : tensor<2x4xf32>
  %h3 = hlo.tanh %q2 : tensor<2x4xf32>
  %p3 = hlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q3 = hlo.add %p3, %c : tensor<2x4xf32>
  %h4 = hlo.tanh %q3 : tensor<2x4xf32>
  %p4 = hlo.dot_general %h4, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q4 = hlo.add %p4, %c : tensor<2x4xf32>
  %h5 = hlo.tanh %q4 : tensor<2x4xf32>
  %p5 = hlo.dot_general %h5, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q5 = hlo.add %p5, %c : tensor<2x4xf32>
  %h6 = hlo.tanh %q5 : tensor<2x4xf32>
  %p6 = hlo.dot_general %h6, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q6 = hlo.add %p6, %c : tensor<2x4xf32>
  %h7 = hlo.tanh %q6 : tensor<2x4xf32>
  %p7 = hlo.dot_general %h7, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q7 = hlo.add %p7, %c : tensor<2x4xf32>
  %h8 = hlo.tanh %q7 : tensor<2x4xf32>
  %p8 = hlo.dot_general %h8, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q8 = hlo.add %p8, %c : tensor<2x4xf32>
  %h9 = hlo.tanh %q8 : tensor<2x4xf32>
  %p9 = hlo.dot_general %h9, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q9 = hlo.add %p9, %c : tensor<2x4xf32>
  %h10 = hlo.tanh %q9 : tensor<2x4xf32>
  %p10 = hlo.dot_general %h10, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q10 = hlo.add %p10, %c : tensor<2x4xf32>
  %h11 = hlo.tanh %q10 : tensor<2x4xf32>
  %p11 = hlo.dot_general %h11, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q11 = hlo.add %p11, %c : tensor<2x4xf32>
  %h12 = hlo.tanh %q11 : tensor<2x4xf32>
  %p12 = hlo.dot_general %h12, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q12 = hlo.add %p12, %c : tensor<2x4xf32>
  %h13 = hlo.tanh %q12 : tensor<2x4xf32>
  %p13 = hlo.dot_general %h13, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q13 = hlo.add %p13, %c : tensor<2x4xf32>
  %h14 = hlo.tanh %q13 : tensor<2x4xf32>
  %p14 = hlo.dot_general %h14, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q14 = hlo.add %p14, %c : tensor<2x4xf32>
  %h15 = hlo.tanh %q14 : tensor<2x4xf32>
  %p15 = hlo.dot_general %h15, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q15 = hlo.add %p15, %c : tensor<2x4xf32>
  %h16 = hlo.tanh %q15 : tensor<2x4xf32>
  %p16 = hlo.dot_general %h16, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q16 = hlo.add %p16, %c : tensor<2x4xf32>
  %h17 = hlo.tanh %q16 : tensor<2x4xf32>
  check.expect_almost_eq_const %h17, dense<[[-0.32059383392333984, 0.2350115031003952, 0.30366456508636475, 0.05668841302394867], [-0.01802189089357853, -0.017542246729135513, 0.07688357681035995, 0.27601563930511475]]> : tensor<2x4xf32>
  func.return
}

func.func @two_carried() {
  %u = hlo.constant dense<[[-0.1000388041138649, -0.16721408069133759, -0.6717599630355835], [0.757685661315918, -0.023746611550450325, 0.044781383126974106], [0.05574959143996239, -1.4149303436279297, 0.3162848651409149]]> : tensor<3x3xf32>
  %a = hlo.constant dense<0.9> : tensor<1x3xf32>
  %b = hlo.constant dense<0.8> : tensor<1x3xf32>
  %h0 = hlo.constant dense<[[-0.20367836952209473, 0.5688248872756958, -0.973021388053894]]> : tensor<1x3xf32>
  %c0 = hlo.constant dense<[[0.9986761212348938, 0.9105327725410461, 0.3570014238357544]]> : tensor<1x3xf32>
  %s0 = hlo.multiply %c0, %a : tensor<1x3xf32>
  %r0 = hlo.dot_general %h0, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g0 = hlo.tanh %r0 : tensor<1x3xf32>
  %c1 = hlo.add %s0, %g0 : tensor<1x3xf32>
  %k0 = hlo.tanh %c1 : tensor<1x3xf32>
  %h1 = hlo.multiply %k0, %b : tensor<1x3xf32>
  %s1 = hlo.multiply %c1, %a : tensor<1x3xf32>
  %r1 = hlo.dot_general %h1, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g1 = hlo.tanh %r1 : tensor<1x3xf32>
  %c2 = hlo.add %s1, %g1 : tensor<1x3xf32>
  %k1 = hlo.tanh %c2 : tensor<1x3xf32>
  %h2 = hlo.multiply %k1, %b : tensor<1x3xf32>
  %s2 = hlo.multiply %c2, %a : tensor<1x3xf32>
  %r2 = hlo.dot_general %h2, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g2 = hlo.tanh %r2 : tensor<1x3xf32>
  %c3 = hlo.add %s2, %g2 : tensor<1x3xf32>
  %k2 = hlo.tanh %c3 : tensor<1x3xf32>
  %h3 = hlo.multiply %k2, %b : tensor<1x3xf32>
  %s3 = hlo.multiply %c3, %a : tensor<1x3xf32>
  %r3 = hlo.dot_general %h3, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g3 = hlo.tanh %r3 : tensor<1x3xf32>
  %c4 = hlo.add %s3, %g3 : tensor<1x3xf32>
  %k3 = hlo.tanh %c4 : tensor<1x3xf32>
  %h4 = hlo.multiply %k3, %b : tensor<1x3xf32>
  %s4 = hlo.multiply %c4, %a : tensor<1x3xf32>
  %r4 = hlo.dot_general %h4, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g4 = hlo.tanh %r4 : tensor<1x3xf32>
  %c5 = hlo.add %s4, %g4 : tensor<1x3xf32>
  %k4 = hlo.tanh %c5 : tensor<1x3xf32>
  %h5 = hlo.multiply %k4, %b : tensor<1x3xf32>
  %s5 = hlo.multiply %c5, %a : tensor<1x3xf32>
  %r5 = hlo.dot_general %h5, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g5 = hlo.tanh %r5 : tensor<1x3xf32>
  %c6 = hlo.add %s5, %g5 : tensor<1x3xf32>
  %k5 = hlo.tanh %c6 : tensor<1x3xf32>
  %h6 = hlo.multiply %k5, %b : tensor<1x3xf32>
  %s6 = hlo.multiply %c6, %a : tensor<1x3xf32>
  %r6 = hlo.dot_general %h6, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g6 = hlo.tanh %r6 : tensor<1x3xf32>
  %c7 = hlo.add %s6, %g6 : tensor<1x3xf32>
  %k6 = hlo.tanh %c7 : tensor<1x3xf32>
  %h7 = hlo.multiply %k6, %b : tensor<1x3xf32>
  %s7 = hlo.multiply %c7, %a : tensor<1x3xf32>
  %r7 = hlo.dot_general %h7, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g7 = hlo.tanh %r7 : tensor<1x3xf32>
  %c8 = hlo.add %s7, %g7 : tensor<1x3xf32>
  %k7 = hlo.tanh %c8 : tensor<1x3xf32>
  %h8 = hlo.multiply %k7, %b : tensor<1x3xf32>
  %s8 = hlo.multiply %c8, %a : tensor<1x3xf32>
  %r8 = hlo.dot_general %h8, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g8 = hlo.tanh %r8 : tensor<1x3xf32>
  %c9 = hlo.add %s8, %g8 : tensor<1x3xf32>
  %k8 = hlo.tanh %c9 : tensor<1x3xf32>
  %h9 = hlo.multiply %k8, %b : tensor<1x3xf32>
  %s9 = hlo.multiply %c9, %a : tensor<1x3xf32>
  %r9 = hlo.dot_general %h9, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g9 = hlo.tanh %r9 : tensor<1x3xf32>
  %c10 = hlo.add %s9, %g9 : tensor<1x3xf32>
  %k9 = hlo.tanh %c10 : tensor<1x3xf32>
  %h10 = hlo.multiply %k9, %b : tensor<1x3xf32>
  %s10 = hlo.multiply %c10, %a : tensor<1x3xf32>
  %r10 = hlo.dot_general %h10, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g10 = hlo.tanh %r10 : tensor<1x3xf32>
  %c11 = hlo.add %s10, %g10 : tensor<1x3xf32>
  %k10 = hlo.tanh %c11 : tensor<1x3xf32>
  %h11 = hlo.multiply %k10, %b : tensor<1x3xf32>
  %s11 = hlo.multiply %c11, %a : tensor<1x3xf32>
  %r11 = hlo.dot_general %h11, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g11 = hlo.tanh %r11 : tensor<1x3xf32>
  %c12 = hlo.add %s11, %g11 : tensor<1x3xf32>
  %k11 = hlo.tanh %c12 : tensor<1x3xf32>
  %h12 = hlo.multiply %k11, %b : tensor<1x3xf32>
  %s12 = hlo.multiply %c12, %a : tensor<1x3xf32>
  %r12 = hlo.dot_general %h12, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g12 = hlo.tanh %r12 : tensor<1x3xf32>
  %c13 = hlo.add %s12, %g12 : tensor<1x3xf32>
  %k12 = hlo.tanh %c13 : tensor<1x3xf32>
  %h13 = hlo.multiply %k12, %b : tensor<1x3xf32>
  %s13 = hlo.multiply %c13, %a : tensor<1x3xf32>
  %r13 = hlo.dot_general %h13, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g13 = hlo.tanh %r13 : tensor<1x3xf32>
  %c14 = hlo.add %s13, %g13 : tensor<1x3xf32>
  %k13 = hlo.tanh %c14 : tensor<1x3xf32>
  %h14 = hlo.multiply %k13, %b : tensor<1x3xf32>
  %s14 = hlo.multiply %c14, %a : tensor<1x3xf32>
  %r14 = hlo.dot_general %h14, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g14 = hlo.tanh %r14 : tensor<1x3xf32>
  %c15 = hlo.add %s14, %g14 : tensor<1x3xf32>
  %k14 = hlo.tanh %c15 : tensor<1x3xf32>
  %h15 = hlo.multiply %k14, %b : tensor<1x3xf32>
  %s15 = hlo.multiply %c15, %a : tensor<1x3xf32>
  %r15 = hlo.dot_general %h15, %u, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<1x3xf32>
  %g15 = hlo.tanh %r15 : tensor<1x3xf32>
  %c16 = hlo.add %s15, %g15 : tensor<1x3xf32>
  %k15 = hlo.tanh %c16 : tensor<1x3xf32>
  %h16 = hlo.multiply %k15, %b : tensor<1x3xf32>
  check.expect_almost_eq_const %h16, dense<[[0.7991549372673035, 0.7999847531318665, -0.7999064326286316]]> : tensor<1x3xf32>
  check.expect_almost_eq_const %c16, dense<[[3.7727835178375244, 5.780307292938232, -4.873295307159424]]> : tensor<1x3xf32>
  func.return
}

func.func @escape() {
  %k = hlo.constant dense<[[0.7590427398681641, -0.6262781620025635], [-0.8132922649383545, -0.7759706377983093]]> : tensor<2x2xf32>
  %h0 = hlo.constant dense<[[-0.930044949054718, -0.8595379590988159]]> : tensor<1x2xf32>
  %p0 = hlo.dot_general %h0, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h1 = hlo.tanh %p0 : tensor<1x2xf32>
  %p1 = hlo.dot_general %h1, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h2 = hlo.tanh %p1 : tensor<1x2xf32>
  %p2 = hlo.dot_general %h2, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h3 = hlo.tanh %p2 : tensor<1x2xf32>
  %p3 = hlo.dot_general %h3, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h4 = hlo.tanh %p3 : tensor<1x2xf32>
  %p4 = hlo.dot_general %h4, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h5 = hlo.tanh %p4 : tensor<1x2xf32>
  %p5 = hlo.dot_general %h5, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h6 = hlo.tanh %p5 : tensor<1x2xf32>
  %p6 = hlo.dot_general %h6, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h7 = hlo.tanh %p6 : tensor<1x2xf32>
  %p7 = hlo.dot_general %h7, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h8 = hlo.tanh %p7 : tensor<1x2xf32>
  %p8 = hlo.dot_general %h8, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h9 = hlo.tanh %p8 : tensor<1x2xf32>
  %p9 = hlo.dot_general %h9, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h10 = hlo.tanh %p9 : tensor<1x2xf32>
  %p10 = hlo.dot_general %h10, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h11 = hlo.tanh %p10 : tensor<1x2xf32>
  %p11 = hlo.dot_general %h11, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h12 = hlo.tanh %p11 : tensor<1x2xf32>
  %p12 = hlo.dot_general %h12, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h13 = hlo.tanh %p12 : tensor<1x2xf32>
  %p13 = hlo.dot_general %h13, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h14 = hlo.tanh %p13 : tensor<1x2xf32>
  %p14 = hlo.dot_general %h14, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h15 = hlo.tanh %p14 : tensor<1x2xf32>
  %p15 = hlo.dot_general %h15, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h16 = hlo.tanh %p15 : tensor<1x2xf32>
  %p16 = hlo.dot_general %h16, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h17 = hlo.tanh %p16 : tensor<1x2xf32>
  %p17 = hlo.dot_general %h17, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h18 = hlo.tanh %p17 : tensor<1x2xf32>
  %p18 = hlo.dot_general %h18, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h19 = hlo.tanh %p18 : tensor<1x2xf32>
  %p19 = hlo.dot_general %h19, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h20 = hlo.tanh %p19 : tensor<1x2xf32>
  %p20 = hlo.dot_general %h20, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h21 = hlo.tanh %p20 : tensor<1x2xf32>
  %p21 = hlo.dot_general %h21, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h22 = hlo.tanh %p21 : tensor<1x2xf32>
  %p22 = hlo.dot_general %h22, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h23 = hlo.tanh %p22 : tensor<1x2xf32>
  %p23 = hlo.dot_general %h23, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h24 = hlo.tanh %p23 : tensor<1x2xf32>
  %p24 = hlo.dot_general %h24, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h25 = hlo.tanh %p24 : tensor<1x2xf32>
  %p25 = hlo.dot_general %h25, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h26 = hlo.tanh %p25 : tensor<1x2xf32>
  %p26 = hlo.dot_general %h26, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h27 = hlo.tanh %p26 : tensor<1x2xf32>
  %p27 = hlo.dot_general %h27, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h28 = hlo.tanh %p27 : tensor<1x2xf32>
  %p28 = hlo.dot_general %h28, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h29 = hlo.tanh %p28 : tensor<1x2xf32>
  %p29 = hlo.dot_general %h29, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h30 = hlo.tanh %p29 : tensor<1x2xf32>
  %p30 = hlo.dot_general %h30, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h31 = hlo.tanh %p30 : tensor<1x2xf32>
  %p31 = hlo.dot_general %h31, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h32 = hlo.tanh %p31 : tensor<1x2xf32>
  %p32 = hlo.dot_general %h32, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h33 = hlo.tanh %p32 : tensor<1x2xf32>
  %p33 = hlo.dot_general %h33, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h34 = hlo.tanh %p33 : tensor<1x2xf32>
  %p34 = hlo.dot_general %h34, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h35 = hlo.tanh %p34 : tensor<1x2xf32>
  %p35 = hlo.dot_general %h35, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h36 = hlo.tanh %p35 : tensor<1x2xf32>
  %p36 = hlo.dot_general %h36, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h37 = hlo.tanh %p36 : tensor<1x2xf32>
  %p37 = hlo.dot_general %h37, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h38 = hlo.tanh %p37 : tensor<1x2xf32>
  %p38 = hlo.dot_general %h38, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h39 = hlo.tanh %p38 : tensor<1x2xf32>
  %p39 = hlo.dot_general %h39, %k, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h40 = hlo.tanh %p39 : tensor<1x2xf32>
  %y = hlo.add %h40, %h11 : tensor<1x2xf32>
  check.expect_almost_eq_const %y, dense<[[-0.23198629915714264, 0.12030690908432007]]> : tensor<1x2xf32>
  func.return
}

func.func @inputs() {
  %xs = hlo.constant dense<[[[-0.6845263242721558, -0.6362894773483276, 0.6768973469734192, -0.5118961334228516, 0.6508502960205078, -0.9876161813735962], [-0.8842489719390869, -0.8782160878181458, 0.8632839322090149, 0.6345352530479431, -0.9688407778739929, 0.8630868196487427]], [[-0.5469103455543518, -0.47093328833580017, 0.16877350211143494, -0.5905008912086487, 0.9498579502105713, -0.26748499274253845], [0.14211978018283844, 0.14499111473560333, -0.43668320775032043, 0.4691748023033142, 0.9845538139343262, 0.19133713841438293]], [[-0.8324963450431824, 0.6161118745803833, 0.33358490467071533, -0.020367499440908432, 0.30860790610313416, -0.4772951006889343], [-0.3923608362674713, 0.03063810244202614, -0.8631651401519775, 0.17597073316574097, -0.6352247595787048, -0.4922552704811096]], [[0.7998753786087036, 0.17578335106372833, -0.5122325420379639, 0.39804789423942566, 0.9932414293289185, 0.7951786518096924], [0.5976315140724182, -0.3348744809627533, 0.1662188321352005, 0.16997501254081726, -0.8230514526367188, 0.3853791654109955]], [[0.04222528636455536, 0.04388429597020149, 0.47454187273979187, -0.8451780676841736, -0.5748239755630493, 0.9755551815032959], [-0.4005036950111389, -0.48947110772132874, -0.8563650250434875, -0.3751090168952942, 0.12100393325090408, -0.9217774868011475]], [[-0.4219453036785126, -0.48726916313171387, -0.6920262575149536, 0.5837905406951904, 0.9245098233222961, 0.831072986125946], [-0.11838137358427048, -0.867331862449646, -0.30202916264533997, 0.04910079017281532, -0.23949755728244781, 0.46231114864349365]], [[0.48625943064689636, 0.7933326363563538, -0.06168868765234947, -0.5231073498725891, 0.8223019242286682, 0.768610954284668], [-0.7464122772216797, -0.5771679878234863, 0.3201403319835663, 0.6415607333183289, 0.9203597903251648, -0.9577282667160034]], [[-0.6216304898262024, -0.15398484468460083, 0.10170229524374008, 0.5568578243255615, 0.11342873424291611, 0.03726687654852867], [-0.521472692489624, 0.3002661466598511, 0.1647341251373291, 0.8913165926933289, -0.6204906702041626, -0.7504729628562927]], [[-0.29297158122062683, -0.3487580716609955, -0.09392101317644119, -0.6569411158561707, 0.4136410653591156, 0.6453016400337219], [-0.9874237775802612, 0.8205317854881287, -0.8188582062721252, -0.38745349645614624, -0.027296287938952446, -0.15207649767398834]], [[-0.5693170428276062, 0.4587087631225586, 0.6782804727554321, -0.544916033744812, -0.6704591512680054, 0.03803177922964096], [-0.7028143405914307, 0.8791881203651428, 0.7024930119514465, 0.6696468591690063, -0.17675162851810455, 0.5736510157585144]], [[-0.21652396023273468, -0.08428356051445007, -0.7876767516136169, -0.925161600112915, 0.34081923961639404, -0.6134946942329407], [0.9128463864326477, 0.13000589609146118, 0.15294668078422546, 0.7890022397041321, -0.40492942929267883, -0.9784422516822815]], [[-0.5605481266975403, -0.084368996322155, -0.6961901783943176, -0.438545286655426, 0.47531285881996155, -0.2461371272802353], [-0.3169178366661072, -0.5328282117843628, 0.06311503797769547, 0.9908190369606018, -0.661853551864624, 0.687102198600769]], [[0.5497169494628906, 0.20202459394931793, 0.08589480072259903, 0.04003402963280678, -0.7943980693817139, 0.13788628578186035], [0.9780626893043518, 0.45827430486679077, -0.06685055792331696, -0.11438076198101044, 0.7395649552345276, -0.9874565601348877]], [[-0.6000944972038269, 0.9149776101112366, 0.3070879280567169, 0.6553694605827332, 0.06759943813085556, -0.9175803065299988], [0.07245343923568726, 0.25963181257247925, -0.8231378793716431, -0.038715869188308716, 0.8854149580001831, -0.8755684494972229]], [[-0.9077107310295105, -0.7938000559806824, 0.3641309142112732, 0.7858471274375916, -0.6875127553939819, 0.6894461512565613], [-0.5559785962104797, 0.07651624828577042, 0.5275579690933228, -0.7646592259407043, -0.045287154614925385, 0.7332331538200378]], [[-0.290070503950119, 0.5948327779769897, -0.09125131368637085, 0.8865596055984497, -0.19887614250183105, 0.6453902721405029], [-0.8487069010734558, -0.32204577326774597, -0.7086769342422485, -0.19249765574932098, -0.18937309086322784, -0.518939197063446]]]> : tensor<16x2x6xf32>
  %xe = hlo.exponential %xs : tensor<16x2x6xf32>
  %w = hlo.constant dense<[[0.27362295985221863, 0.21567487716674805, 0.7946468591690063], [-0.8843308091163635, -0.9577693939208984, 0.36974507570266724], [0.5644764304161072, 1.206984281539917, 0.4537540674209595]]> : tensor<3x3xf32>
  %h0 = hlo.constant dense<[[0.6694226861000061, -0.2867039740085602, -0.4140411913394928], [0.8573408722877502, -0.3891281187534332, -0.6040525436401367]]> : tensor<2x3xf32>
  %s0 = hlo.slice %xe [0:1, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x0 = hlo.reshape %s0 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s1 = hlo.slice %xe [1:2, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x1 = hlo.reshape %s1 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s2 = hlo.slice %xe [2:3, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x2 = hlo.reshape %s2 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s3 = hlo.slice %xe [3:4, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x3 = hlo.reshape %s3 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s4 = hlo.slice %xe [4:5, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x4 = hlo.reshape %s4 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s5 = hlo.slice %xe [5:6, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x5 = hlo.reshape %s5 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s6 = hlo.slice %xe [6:7, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x6 = hlo.reshape %s6 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s7 = hlo.slice %xe [7:8, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x7 = hlo.reshape %s7 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s8 = hlo.slice %xe [8:9, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x8 = hlo.reshape %s8 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s9 = hlo.slice %xe [9:10, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x9 = hlo.reshape %s9 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s10 = hlo.slice %xe [10:11, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x10 = hlo.reshape %s10 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s11 = hlo.slice %xe [11:12, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x11 = hlo.reshape %s11 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s12 = hlo.slice %xe [12:13, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x12 = hlo.reshape %s12 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s13 = hlo.slice %xe [13:14, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x13 = hlo.reshape %s13 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s14 = hlo.slice %xe [14:15, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x14 = hlo.reshape %s14 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %s15 = hlo.slice %xe [15:16, 0:2, 0:6:2] : (tensor<16x2x6xf32>) -> tensor<1x2x3xf32>
  %x15 = hlo.reshape %s15 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %p0 = hlo.dot_general %h0, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q0 = hlo.add %p0, %x0 : tensor<2x3xf32>
  %h1 = hlo.tanh %q0 : tensor<2x3xf32>
  %p1 = hlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q1 = hlo.add %p1, %x1 : tensor<2x3xf32>
  %h2 = hlo.tanh %q1 : tensor<2x3xf32>
  %p2 = hlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q2 = hlo.add %p2, %x2 : tensor<2x3xf32>
  %h3 = hlo.tanh %q2 : tensor<2x3xf32>
  %p3 = hlo.dot_general %h3, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q3 = hlo.add %p3, %x3 : tensor<2x3xf32>
  %h4 = hlo.tanh %q3 : tensor<2x3xf32>
  %p4 = hlo.dot_general %h4, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q4 = hlo.add %p4, %x4 : tensor<2x3xf32>
  %h5 = hlo.tanh %q4 : tensor<2x3xf32>
  %p5 = hlo.dot_general %h5, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q5 = hlo.add %p5, %x5 : tensor<2x3xf32>
  %h6 = hlo.tanh %q5 : tensor<2x3xf32>
  %p6 = hlo.dot_general %h6, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q6 = hlo.add %p6, %x6 : tensor<2x3xf32>
  %h7 = hlo.tanh %q6 : tensor<2x3xf32>
  %p7 = hlo.dot_general %h7, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q7 = hlo.add %p7, %x7 : tensor<2x3xf32>
  %h8 = hlo.tanh %q7 : tensor<2x3xf32>
  %p8 = hlo.dot_general %h8, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q8 = hlo.add %p8, %x8 : tensor<2x3xf32>
  %h9 = hlo.tanh %q8 : tensor<2x3xf32>
  %p9 = hlo.dot_general %h9, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q9 = hlo.add %p9, %x9 : tensor<2x3xf32>
  %h10 = hlo.tanh %q9 : tensor<2x3xf32>
  %p10 = hlo.dot_general %h10, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q10 = hlo.add %p10, %x10 : tensor<2x3xf32>
  %h11 = hlo.tanh %q10 : tensor<2x3xf32>
  %p11 = hlo.dot_general %h11, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q11 = hlo.add %p11, %x11 : tensor<2x3xf32>
  %h12 = hlo.tanh %q11 : tensor<2x3xf32>
  %p12 = hlo.dot_general %h12, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q12 = hlo.add %p12, %x12 : tensor<2x3xf32>
  %h13 = hlo.tanh %q12 : tensor<2x3xf32>
  %p13 = hlo.dot_general %h13, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q13 = hlo.add %p13, %x13 : tensor<2x3xf32>
  %h14 = hlo.tanh %q13 : tensor<2x3xf32>
  %p14 = hlo.dot_general %h14, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q14 = hlo.add %p14, %x14 : tensor<2x3xf32>
  %h15 = hlo.tanh %q14 : tensor<2x3xf32>
  %p15 = hlo.dot_general %h15, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  %q15 = hlo.add %p15, %x15 : tensor<2x3xf32>
  %h16 = hlo.tanh %q15 : tensor<2x3xf32>
  check.expect_almost_eq_const %h16, dense<[[0.4643740952014923, 0.8282653093338013, 0.9458913803100586], [0.2690688371658325, 0.6985564827919006, 0.9707981944084167]]> : tensor<2x3xf32>
  func.return
}

func.func @below_stacked() {
  %h0 = hlo.constant dense<[[-0.2351568341255188, 0.031362973153591156]]> : tensor<1x2xf32>
  %w0 = hlo.constant dense<[[-2.6503069400787354, 0.06327495723962784], [0.20776905119419098, -0.15915271639823914]]> : tensor<2x2xf32>
  %p0 = hlo.dot_general %h0, %w0, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h1 = hlo.tanh %p0 : tensor<1x2xf32>
  %w1 = hlo.constant dense<[[0.24014240503311157, 0.410315603017807], [-0.9104742407798767, 0.37456214427948]]> : tensor<2x2xf32>
  %p1 = hlo.dot_general %h1, %w1, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h2 = hlo.tanh %p1 : tensor<1x2xf32>
  %w2 = hlo.constant dense<[[-0.22617648541927338, -0.8512908816337585], [0.18822671473026276, 1.3388798236846924]]> : tensor<2x2xf32>
  %p2 = hlo.dot_general %h2, %w2, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h3 = hlo.tanh %p2 : tensor<1x2xf32>
  %w3 = hlo.constant dense<[[-1.3141040802001953, -1.4877989292144775], [-1.4878495931625366, 1.7795805931091309]]> : tensor<2x2xf32>
  %p3 = hlo.dot_general %h3, %w3, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h4 = hlo.tanh %p3 : tensor<1x2xf32>
  %w4 = hlo.constant dense<[[-0.2264253795146942, -0.05353807657957077], [-0.7079181671142578, -0.8464030027389526]]> : tensor<2x2xf32>
  %p4 = hlo.dot_general %h4, %w4, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h5 = hlo.tanh %p4 : tensor<1x2xf32>
  %w5 = hlo.constant dense<[[-1.824174165725708, 0.15336567163467407], [0.233603835105896, -1.7788805961608887]]> : tensor<2x2xf32>
  %p5 = hlo.dot_general %h5, %w5, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h6 = hlo.tanh %p5 : tensor<1x2xf32>
  %w6 = hlo.constant dense<[[-0.9388342499732971, -0.6697023510932922], [-0.02340220846235752, 0.21971625089645386]]> : tensor<2x2xf32>
  %p6 = hlo.dot_general %h6, %w6, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h7 = hlo.tanh %p6 : tensor<1x2xf32>
  %w7 = hlo.constant dense<[[1.0132136344909668, 1.2280104160308838], [0.9616090655326843, 1.2073756456375122]]> : tensor<2x2xf32>
  %p7 = hlo.dot_general %h7, %w7, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h8 = hlo.tanh %p7 : tensor<1x2xf32>
  %w8 = hlo.constant dense<[[-1.0497750043869019, -0.4990426003932953], [1.029248833656311, 0.2597949802875519]]> : tensor<2x2xf32>
  %p8 = hlo.dot_general %h8, %w8, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h9 = hlo.tanh %p8 : tensor<1x2xf32>
  %w9 = hlo.constant dense<[[0.016849547624588013, -1.7810893058776855], [-1.67331862449646, 0.6578004956245422]]> : tensor<2x2xf32>
  %p9 = hlo.dot_general %h9, %w9, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h10 = hlo.tanh %p9 : tensor<1x2xf32>
  %w10 = hlo.constant dense<[[0.3074187636375427, -0.2664518654346466], [-0.3716745674610138, -1.5534923076629639]]> : tensor<2x2xf32>
  %p10 = hlo.dot_general %h10, %w10, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h11 = hlo.tanh %p10 : tensor<1x2xf32>
  %w11 = hlo.constant dense<[[0.3340936303138733, 0.9309787154197693], [1.4779539108276367, 0.04422415420413017]]> : tensor<2x2xf32>
  %p11 = hlo.dot_general %h11, %w11, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h12 = hlo.tanh %p11 : tensor<1x2xf32>
  %w12 = hlo.constant dense<[[-0.18377701938152313, -0.9863973259925842], [1.100919246673584, 1.5361700057983398]]> : tensor<2x2xf32>
  %p12 = hlo.dot_general %h12, %w12, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h13 = hlo.tanh %p12 : tensor<1x2xf32>
  %w13 = hlo.constant dense<[[-0.5518530011177063, 0.2616828978061676], [0.08160309493541718, -0.5164445638656616]]> : tensor<2x2xf32>
  %p13 = hlo.dot_general %h13, %w13, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h14 = hlo.tanh %p13 : tensor<1x2xf32>
  %w14 = hlo.constant dense<[[-2.24770450592041, -0.3293991982936859], [0.5466997027397156, -1.2989717721939087]]> : tensor<2x2xf32>
  %p14 = hlo.dot_general %h14, %w14, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h15 = hlo.tanh %p14 : tensor<1x2xf32>
  check.expect_almost_eq_const %h15, dense<[[-0.10270248353481293, 0.09161499887704849]]> : tensor<1x2xf32>
  func.return
}

func.func @short() {
  %w = hlo.constant dense<[[-0.7549931406974792, -2.955204486846924], [1.1560750007629395, 0.45024874806404114]]> : tensor<2x2xf32>
  %h0 = hlo.constant dense<[[-0.739177942276001, 0.8389161229133606]]> : tensor<1x2xf32>
  %p0 = hlo.dot_general %h0, %w, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h1 = hlo.tanh %p0 : tensor<1x2xf32>
  %p1 = hlo.dot_general %h1, %w, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h2 = hlo.tanh %p1 : tensor<1x2xf32>
  %p2 = hlo.dot_general %h2, %w, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  %h3 = hlo.tanh %p2 : tensor<1x2xf32>
  check.expect_almost_eq_const %h3, dense<[[-0.89612877368927, -0.935396134853363]]> : tensor<1x2xf32>
  func.return
}

func.func @projected() {
  %xs = hlo.constant dense<[[[0.621259331703186, -0.4899609386920929, -0.322684645652771], [-0.9237520694732666, -0.746406078338623, -0.9775798320770264]], [[0.17416436970233917, 0.22113800048828125, -0.7121824622154236], [0.6667400002479553, -0.025047630071640015, 0.19876520335674286]], [[0.32489854097366333, -0.5894460082054138, 0.6073650121688843], [-0.1783134937286377, -0.0039302450604736805, -0.7477419972419739]], [[-0.490206241607666, -0.08931626379489899, 0.44861602783203125], [-0.08485147356987, 0.12075220793485641, 0.5139023661613464]], [[-0.1946444809436798, -0.9682843685150146, 0.12301904708147049], [0.8881481289863586, -0.924172043800354, -0.07440333813428879]], [[0.3089325726032257, -0.021926483139395714, -0.7930281758308411], [0.027585284784436226, -0.8404050469398499, -0.859440267086029]], [[-0.3237539231777191, -0.645335853099823, 0.008721398189663887], [0.8891071677207947, -0.5699246525764465, 0.9774943590164185]], [[-0.3013334274291992, 0.6712477207183838, 0.04548126459121704], [0.5611682534217834, 0.7306323647499084, 0.6837851405143738]]]> : tensor<8x2x3xf32>
  %xe = hlo.negate %xs : tensor<8x2x3xf32>
  %v = hlo.constant dense<[[0.1945859044790268, 0.10386849194765091, -1.299430251121521, 0.4634345471858978], [-0.4492121636867523, 0.10543957352638245, 0.058578379452228546, 0.5762109160423279], [1.218301773071289, 0.5901613831520081, 0.7637692093849182, -0.14072592556476593]]> : tensor<3x4xf32>
  %u = hlo.constant dense<[[0.2734641134738922, 0.4615493714809418, -0.8637769222259521, 1.2249257564544678], [-0.4289209544658661, -0.7665259838104248, 0.980426549911499, 1.271063208580017], [-0.4218634366989136, -0.36798596382141113, 1.8671478033065796, 0.0675702691078186], [-1.1904349327087402, -0.36736124753952026, 1.2012712955474854, 0.3954744338989258]]> : tensor<4x4xf32>
  %h0 = hlo.constant dense<[[-0.03232722729444504, 0.07828133553266525, -0.41775277256965637, 0.09981497377157211], [0.21038037538528442, -0.3274416923522949, 0.2030123472213745, 0.5082926750183105]]> : tensor<2x4xf32>
  %s0 = hlo.slice %xe [0:1, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x0 = hlo.reshape %s0 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv0 = hlo.dot_general %x0, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s1 = hlo.slice %xe [1:2, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x1 = hlo.reshape %s1 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv1 = hlo.dot_general %x1, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s2 = hlo.slice %xe [2:3, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x2 = hlo.reshape %s2 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv2 = hlo.dot_general %x2, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s3 = hlo.slice %xe [3:4, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x3 = hlo.reshape %s3 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv3 = hlo.dot_general %x3, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s4 = hlo.slice %xe [4:5, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x4 = hlo.reshape %s4 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv4 = hlo.dot_general %x4, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s5 = hlo.slice %xe [5:6, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x5 = hlo.reshape %s5 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv5 = hlo.dot_general %x5, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s6 = hlo.slice %xe [6:7, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x6 = hlo.reshape %s6 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv6 = hlo.dot_general %x6, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s7 = hlo.slice %xe [7:8, 0:2, 0:3] : (tensor<8x2x3xf32>) -> tensor<1x2x3xf32>
  %x7 = hlo.reshape %s7 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
  %xv7 = hlo.dot_general %x7, %v, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %p0 = hlo.dot_general %h0, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q0 = hlo.add %p0, %xv0 : tensor<2x4xf32>
  %h1 = hlo.tanh %q0 : tensor<2x4xf32>
  %p1 = hlo.dot_general %h1, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q1 = hlo.add %p1, %xv1 : tensor<2x4xf32>
  %h2 = hlo.tanh %q1 : tensor<2x4xf32>
  %p2 = hlo.dot_general %h2, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q2 = hlo.add %p2, %xv2 : tensor<2x4xf32>
  %h3 = hlo.tanh %q2 : tensor<2x4xf32>
  %p3 = hlo.dot_general %h3, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q3 = hlo.add %p3, %xv3 : tensor<2x4xf32>
  %h4 = hlo.tanh %q3 : tensor<2x4xf32>
  %p4 = hlo.dot_general %h4, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q4 = hlo.add %p4, %xv4 : tensor<2x4xf32>
  %h5 = hlo.tanh %q4 : tensor<2x4xf32>
  %p5 = hlo.dot_general %h5, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q5 = hlo.add %p5, %xv5 : tensor<2x4xf32>
  %h6 = hlo.tanh %q5 : tensor<2x4xf32>
  %p6 = hlo.dot_general %h6, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q6 = hlo.add %p6, %xv6 : tensor<2x4xf32>
  %h7 = hlo.tanh %q6 : tensor<2x4xf32>
  %p7 = hlo.dot_general %h7, %u, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
  %q7 = hlo.add %p7, %xv7 : tensor<2x4xf32>
  %h8 = hlo.tanh %q7 : tensor<2x4xf32>
  check.expect_almost_eq_const %h8, dense<[[-0.7427307367324829, -0.4846947193145752, 0.8107442259788513, 0.2576923370361328], [-0.9692714810371399, -0.7926903963088989, 0.996728241443634, -0.9840095043182373]]> : tensor<2x4xf32>
  func.return
}

func.func @elementwise() {
  %k = hlo.constant dense<[-0.14597733318805695, -0.044021207839250565]> : tensor<2xf32>
  %h0 = hlo.constant dense<[-0.7393848299980164, -0.4811971187591553]> : tensor<2xf32>
  %p0 = hlo.add %h0, %k : tensor<2xf32>
  %h1 = hlo.tanh %p0 : tensor<2xf32>
  %p1 = hlo.add %h1, %k : tensor<2xf32>
  %h2 = hlo.tanh %p1 : tensor<2xf32>
  %p2 = hlo.add %h2, %k : tensor<2xf32>
  %h3 = hlo.tanh %p2 : tensor<2xf32>
  %p3 = hlo.add %h3, %k : tensor<2xf32>
  %h4 = hlo.tanh %p3 : tensor<2xf32>
  %p4 = hlo.add %h4, %k : tensor<2xf32>
  %h5 = hlo.tanh %p4 : tensor<2xf32>
  %p5 = hlo.add %h5, %k : tensor<2xf32>
  %h6 = hlo.tanh %p5 : tensor<2xf32>
  %p6 = hlo.add %h6, %k : tensor<2xf32>
  %h7 = hlo.tanh %p6 : tensor<2xf32>
  %p7 = hlo.add %h7, %k : tensor<2xf32>
  %h8 = hlo.tanh %p7 : tensor<2xf32>
  %p8 = hlo.add %h8, %k : tensor<2xf32>
  %h9 = hlo.tanh %p8 : tensor<2xf32>
  %p9 = hlo.add %h9, %k : tensor<2xf32>
  %h10 = hlo.tanh %p9 : tensor<2xf32>
  %p10 = hlo.add %h10, %k : tensor<2xf32>
  %h11 = hlo.tanh %p10 : tensor<2xf32>
  %p11 = hlo.add %h11, %k : tensor<2xf32>
  %h12 = hlo.tanh %p11 : tensor<2xf32>
  %p12 = hlo.add %h12, %k : tensor<2xf32>
  %h13 = hlo.tanh %p12 : tensor<2xf32>
  %p13 = hlo.add %h13, %k : tensor<2xf32>
  %h14 = hlo.tanh %p13 : tensor<2xf32>
  %p14 = hlo.add %h14, %k : tensor<2xf32>
  %h15 = hlo.tanh %p14 : tensor<2xf32>
  %p15 = hlo.add %h15, %k : tensor<2xf32>
  %h16 = hlo.tanh %p15 : tensor<2xf32>
  %p16 = hlo.add %h16, %k : tensor<2xf32>
  %h17 = hlo.tanh %p16 : tensor<2xf32>
  %p17 = hlo.add %h17, %k : tensor<2xf32>
  %h18 = hlo.tanh %p17 : tensor<2xf32>
  %p18 = hlo.add %h18, %k : tensor<2xf32>
  %h19 = hlo.tanh %p18 : tensor<2xf32>
  %p19 = hlo.add %h19, %k : tensor<2xf32>
  %h20 = hlo.tanh %p19 : tensor<2xf32>
  check.expect_almost_eq_const %h20, dense<[-0.6763166189193726, -0.48342064023017883]> : tensor<2xf32>
  func.return
}

