// Argmax dispatches whose input comes from an elementwise producer, fused
// into the ukernel through its input_map fusion point, beside the same
// argmax without the producer (for the benchmark's "within 10% of the plain
// ukernel"): a temperature scale and a soft-cap, 30 tanh(1.25 x / 30), on f32
// logits at decode and prefill shapes and with dynamic shapes, and an exact
// bf16 scale and negation.
// The CPU reference replays each producer.
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_80,sm_90 -o %t.pkg | FileCheck %s
// Where an argmax plan splits rows by SM count, a variant per arch.
// CHECK: wrote {{.*}}: 13 kernel(s), PTX for sm_80, sm_90
// CHECK-DAG: plain_f32i64_1x128256: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: softcap_f32i64_1x128256: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: plain_f32i64_4096x32000: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: softcap_f32i64_4096x32000: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: plain_f32i64_8x128256: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: softcap_f32i64_8x128256: ukernel uk_argmax_ogt_f32i64
// CHECK-DAG: plain_bf16i64_64x128256: ukernel uk_argmax_ogt_bf16i64
// CHECK-DAG: negscaled_bf16i64_64x128256: ukernel uk_argmax_ogt_bf16i64
// CHECK-DAG: softcap_f32i64_dynamic: ukernel uk_argmax_ogt_f32i64
module {
  func.func @plain_f32i64_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi64>
  }
  func.func @softcap_f32i64_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
    %scale = arith.constant 1.25 : f32
    %inv_cap = arith.constant 0.0333333351 : f32
    %cap = arith.constant 30.0 : f32
    %pe = tensor.empty() : tensor<1x128256xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<1x128256xf32>) outs(%pe : tensor<1x128256xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %scale : f32
      %d = arith.mulf %s, %inv_cap : f32
      %t = math.tanh %d : f32
      %c = arith.mulf %t, %cap : f32
      linalg.yield %c : f32
    } -> tensor<1x128256xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi64>
  }
  func.func @plain_f32i64_4096x32000(%x: tensor<4096x32000xf32>) -> (tensor<4096xf32>, tensor<4096xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4096xf32>) -> tensor<4096xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xf32>) outs(%fv, %fi : tensor<4096xf32>, tensor<4096xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4096xf32>, tensor<4096xi64>)
    return %r#0, %r#1 : tensor<4096xf32>, tensor<4096xi64>
  }
  func.func @softcap_f32i64_4096x32000(%x: tensor<4096x32000xf32>) -> (tensor<4096xf32>, tensor<4096xi64>) {
    %scale = arith.constant 1.25 : f32
    %inv_cap = arith.constant 0.0333333351 : f32
    %cap = arith.constant 30.0 : f32
    %pe = tensor.empty() : tensor<4096x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x32000xf32>) outs(%pe : tensor<4096x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %scale : f32
      %d = arith.mulf %s, %inv_cap : f32
      %t = math.tanh %d : f32
      %c = arith.mulf %t, %cap : f32
      linalg.yield %c : f32
    } -> tensor<4096x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4096xf32>) -> tensor<4096xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4096x32000xf32>) outs(%fv, %fi : tensor<4096xf32>, tensor<4096xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4096xf32>, tensor<4096xi64>)
    return %r#0, %r#1 : tensor<4096xf32>, tensor<4096xi64>
  }
  func.func @plain_f32i64_8x128256(%x: tensor<8x128256xf32>) -> (tensor<8xf32>, tensor<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xf32>, tensor<8xi64>
  }
  func.func @softcap_f32i64_8x128256(%x: tensor<8x128256xf32>) -> (tensor<8xf32>, tensor<8xi64>) {
    %scale = arith.constant 1.25 : f32
    %inv_cap = arith.constant 0.0333333351 : f32
    %cap = arith.constant 30.0 : f32
    %pe = tensor.empty() : tensor<8x128256xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<8x128256xf32>) outs(%pe : tensor<8x128256xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %scale : f32
      %d = arith.mulf %s, %inv_cap : f32
      %t = math.tanh %d : f32
      %c = arith.mulf %t, %cap : f32
      linalg.yield %c : f32
    } -> tensor<8x128256xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<8x128256xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xf32>, tensor<8xi64>
  }
  func.func @plain_bf16i64_64x128256(%x: tensor<64x128256xbf16>) -> (tensor<64xbf16>, tensor<64xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<64xbf16>) -> tensor<64xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xbf16>) outs(%fv, %fi : tensor<64xbf16>, tensor<64xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<64xbf16>, tensor<64xi64>)
    return %r#0, %r#1 : tensor<64xbf16>, tensor<64xi64>
  }
  func.func @negscaled_bf16i64_64x128256(%x: tensor<64x128256xbf16>) -> (tensor<64xbf16>, tensor<64xi64>) {
    %scale = arith.constant 0.5 : bf16
    %pe = tensor.empty() : tensor<64x128256xbf16>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<64x128256xbf16>) outs(%pe : tensor<64x128256xbf16>) {
    ^bb0(%v: bf16, %o: bf16):
      %s = arith.mulf %v, %scale : bf16
      %n = arith.negf %s : bf16
      linalg.yield %n : bf16
    } -> tensor<64x128256xbf16>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<64xbf16>) -> tensor<64xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<64x128256xbf16>) outs(%fv, %fi : tensor<64xbf16>, tensor<64xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<64xbf16>, tensor<64xi64>)
    return %r#0, %r#1 : tensor<64xbf16>, tensor<64xi64>
  }
  func.func @softcap_f32i64_dynamic(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r0 = tensor.dim %x, %c0 : tensor<?x?xf32>
    %r1 = tensor.dim %x, %c1 : tensor<?x?xf32>
    %half = arith.constant 0.5 : f32
    %pe = tensor.empty(%r0, %r1) : tensor<?x?xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<?x?xf32>) outs(%pe : tensor<?x?xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %half : f32
      %t = math.tanh %s : f32
      linalg.yield %t : f32
    } -> tensor<?x?xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty(%r0) : tensor<?xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<?xi64>) -> tensor<?xi64>
    %ev = tensor.empty(%r0) : tensor<?xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<?x?xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<?xf32>, tensor<?xi64>)
    return %r#0, %r#1 : tensor<?xf32>, tensor<?xi64>
  }
}
