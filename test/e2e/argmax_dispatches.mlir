// Argmax dispatches for end-to-end runs on a GPU: every element and index
// type at LLM-decoding and prefill shapes with the plain combiner (the ogt
// variants), the decoding shapes again with the NaN-aware combiner (torch's
// rule, the first-nan variants), dynamic shapes, and an elementwise producer
// (2x - 1) fused into the ukernel through its input map (producers with math
// functions are in fused_dispatches.mlir). Each returns the max value and
// its index.
// RUN: ukc compile %s --arch sm_80,sm_90 -o %t.on.pkg | FileCheck %s --check-prefix=ON
// RUN: ukc compile %s --arch sm_90 --ukernels none -o %t.off.pkg | FileCheck %s --check-prefix=OFF
// RUN: ukc-run info %t.on.pkg | FileCheck %s --check-prefix=INFO
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s --check-prefix=REFERENCE < %t.dump/1.configured.mlir

// Where an argmax plan splits rows by SM count, a variant per arch.
// ON: wrote {{.*}}.on.pkg: 58 kernel(s), PTX for sm_80, sm_90
// ON-DAG: argmax_f32i32_1x128256: ukernel uk_argmax_ogt_f32i32
// ON-DAG: argmax_bf16i64_4096x32000: ukernel uk_argmax_ogt_bf16i64
// ON-DAG: argmax_f32i64_dynamic: ukernel uk_argmax_ogt_f32i64
// ON-DAG: scaled_argmax_f32i64_producer: ukernel uk_argmax_ogt_f32i64
// ON-DAG: argmax_nan_first_f32i32_1x128256: ukernel uk_argmax_f32i32
// ON-DAG: argmax_nan_first_bf16i64_8x128256: ukernel uk_argmax_bf16i64
// OFF: wrote {{.*}}.off.pkg: 40 kernel(s), PTX for sm_90
// OFF-NOT: ukernel uk_
// INFO: argmax_f32i32_1x128256: PTX for 8.0, 9.0;{{( cubin for 8.0, 9.0;)?}} block [256, 1, 1]
// The producer is recorded for the CPU reference to replay.
// REFERENCE: func.func @scaled_argmax_f32i64_producer
// REFERENCE-SAME: ukernel.reference = {family = "argmax", index = 2 : i64, input = 0 : i64, producer = "x 2.0 mulf -1.0 addf", semantics = "ogt", value = 1 : i64}
module {
  func.func @argmax_f32i32_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<1xf32>, tensor<1xi32>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi32>
  }
  func.func @argmax_f32i32_8x128256(%x: tensor<8x128256xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<8xf32>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xf32>, tensor<8xi32>
  }
  func.func @argmax_f32i32_64x128256(%x: tensor<64x128256xf32>) -> (tensor<64xf32>, tensor<64xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<64xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<64xi32>) -> tensor<64xi32>
    %ev = tensor.empty() : tensor<64xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xf32>) outs(%fv, %fi : tensor<64xf32>, tensor<64xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<64xf32>, tensor<64xi32>)
    return %r#0, %r#1 : tensor<64xf32>, tensor<64xi32>
  }
  func.func @argmax_f32i32_4096x32000(%x: tensor<4096x32000xf32>) -> (tensor<4096xf32>, tensor<4096xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4096xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<4096xi32>) -> tensor<4096xi32>
    %ev = tensor.empty() : tensor<4096xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4096xf32>) -> tensor<4096xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xf32>) outs(%fv, %fi : tensor<4096xf32>, tensor<4096xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<4096xf32>, tensor<4096xi32>)
    return %r#0, %r#1 : tensor<4096xf32>, tensor<4096xi32>
  }
  func.func @argmax_f32i64_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
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
  func.func @argmax_f32i64_8x128256(%x: tensor<8x128256xf32>) -> (tensor<8xf32>, tensor<8xi64>) {
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
  func.func @argmax_f32i64_64x128256(%x: tensor<64x128256xf32>) -> (tensor<64xf32>, tensor<64xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<64xf32>) -> tensor<64xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xf32>) outs(%fv, %fi : tensor<64xf32>, tensor<64xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    return %r#0, %r#1 : tensor<64xf32>, tensor<64xi64>
  }
  func.func @argmax_f32i64_4096x32000(%x: tensor<4096x32000xf32>) -> (tensor<4096xf32>, tensor<4096xi64>) {
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
  func.func @argmax_f16i32_1x128256(%x: tensor<1x128256xf16>) -> (tensor<1xf16>, tensor<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf16>) outs(%fv, %fi : tensor<1xf16>, tensor<1xi32>) {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f16, i32
    } -> (tensor<1xf16>, tensor<1xi32>)
    return %r#0, %r#1 : tensor<1xf16>, tensor<1xi32>
  }
  func.func @argmax_f16i32_8x128256(%x: tensor<8x128256xf16>) -> (tensor<8xf16>, tensor<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<8xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<8xf16>) -> tensor<8xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf16>) outs(%fv, %fi : tensor<8xf16>, tensor<8xi32>) {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f16, i32
    } -> (tensor<8xf16>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xf16>, tensor<8xi32>
  }
  func.func @argmax_f16i32_64x128256(%x: tensor<64x128256xf16>) -> (tensor<64xf16>, tensor<64xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<64xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<64xi32>) -> tensor<64xi32>
    %ev = tensor.empty() : tensor<64xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<64xf16>) -> tensor<64xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xf16>) outs(%fv, %fi : tensor<64xf16>, tensor<64xi32>) {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f16, i32
    } -> (tensor<64xf16>, tensor<64xi32>)
    return %r#0, %r#1 : tensor<64xf16>, tensor<64xi32>
  }
  func.func @argmax_f16i32_4096x32000(%x: tensor<4096x32000xf16>) -> (tensor<4096xf16>, tensor<4096xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<4096xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<4096xi32>) -> tensor<4096xi32>
    %ev = tensor.empty() : tensor<4096xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<4096xf16>) -> tensor<4096xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xf16>) outs(%fv, %fi : tensor<4096xf16>, tensor<4096xi32>) {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f16, i32
    } -> (tensor<4096xf16>, tensor<4096xi32>)
    return %r#0, %r#1 : tensor<4096xf16>, tensor<4096xi32>
  }
  func.func @argmax_f16i64_1x128256(%x: tensor<1x128256xf16>) -> (tensor<1xf16>, tensor<1xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf16>) outs(%fv, %fi : tensor<1xf16>, tensor<1xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<1xf16>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xf16>, tensor<1xi64>
  }
  func.func @argmax_f16i64_8x128256(%x: tensor<8x128256xf16>) -> (tensor<8xf16>, tensor<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<8xf16>) -> tensor<8xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf16>) outs(%fv, %fi : tensor<8xf16>, tensor<8xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<8xf16>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xf16>, tensor<8xi64>
  }
  func.func @argmax_f16i64_64x128256(%x: tensor<64x128256xf16>) -> (tensor<64xf16>, tensor<64xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<64xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<64xi64>) -> tensor<64xi64>
    %ev = tensor.empty() : tensor<64xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<64xf16>) -> tensor<64xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xf16>) outs(%fv, %fi : tensor<64xf16>, tensor<64xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<64xf16>, tensor<64xi64>)
    return %r#0, %r#1 : tensor<64xf16>, tensor<64xi64>
  }
  func.func @argmax_f16i64_4096x32000(%x: tensor<4096x32000xf16>) -> (tensor<4096xf16>, tensor<4096xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<4096xf16>) -> tensor<4096xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xf16>) outs(%fv, %fi : tensor<4096xf16>, tensor<4096xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %p = arith.cmpf ogt, %a, %b : f16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<4096xf16>, tensor<4096xi64>)
    return %r#0, %r#1 : tensor<4096xf16>, tensor<4096xi64>
  }
  func.func @argmax_bf16i32_1x128256(%x: tensor<1x128256xbf16>) -> (tensor<1xbf16>, tensor<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<1xbf16>, tensor<1xi32>)
    return %r#0, %r#1 : tensor<1xbf16>, tensor<1xi32>
  }
  func.func @argmax_bf16i32_8x128256(%x: tensor<8x128256xbf16>) -> (tensor<8xbf16>, tensor<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<8xbf16>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xbf16>, tensor<8xi32>
  }
  func.func @argmax_bf16i32_64x128256(%x: tensor<64x128256xbf16>) -> (tensor<64xbf16>, tensor<64xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<64xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<64xi32>) -> tensor<64xi32>
    %ev = tensor.empty() : tensor<64xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<64xbf16>) -> tensor<64xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x128256xbf16>) outs(%fv, %fi : tensor<64xbf16>, tensor<64xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<64xbf16>, tensor<64xi32>)
    return %r#0, %r#1 : tensor<64xbf16>, tensor<64xi32>
  }
  func.func @argmax_bf16i32_4096x32000(%x: tensor<4096x32000xbf16>) -> (tensor<4096xbf16>, tensor<4096xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<4096xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<4096xi32>) -> tensor<4096xi32>
    %ev = tensor.empty() : tensor<4096xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<4096xbf16>) -> tensor<4096xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xbf16>) outs(%fv, %fi : tensor<4096xbf16>, tensor<4096xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<4096xbf16>, tensor<4096xi32>)
    return %r#0, %r#1 : tensor<4096xbf16>, tensor<4096xi32>
  }
  func.func @argmax_bf16i64_1x128256(%x: tensor<1x128256xbf16>) -> (tensor<1xbf16>, tensor<1xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<1xbf16>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xbf16>, tensor<1xi64>
  }
  func.func @argmax_bf16i64_8x128256(%x: tensor<8x128256xbf16>) -> (tensor<8xbf16>, tensor<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<8xbf16>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xbf16>, tensor<8xi64>
  }
  func.func @argmax_bf16i64_64x128256(%x: tensor<64x128256xbf16>) -> (tensor<64xbf16>, tensor<64xi64>) {
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
  func.func @argmax_bf16i64_4096x32000(%x: tensor<4096x32000xbf16>) -> (tensor<4096xbf16>, tensor<4096xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<4096xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4096xi64>) -> tensor<4096xi64>
    %ev = tensor.empty() : tensor<4096xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<4096xbf16>) -> tensor<4096xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x32000xbf16>) outs(%fv, %fi : tensor<4096xbf16>, tensor<4096xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<4096xbf16>, tensor<4096xi64>)
    return %r#0, %r#1 : tensor<4096xbf16>, tensor<4096xi64>
  }
  func.func @argmax_f32i64_dynamic(%x: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi64>) {
    %c0 = arith.constant 0 : index
    %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty(%d0) : tensor<?xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<?xi64>) -> tensor<?xi64>
    %ev = tensor.empty(%d0) : tensor<?xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<?x?xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi64>) {
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
  func.func @argmax_bf16i32_dynamic_rows(%x: tensor<?x128256xbf16>) -> (tensor<?xbf16>, tensor<?xi32>) {
    %c0 = arith.constant 0 : index
    %d0 = tensor.dim %x, %c0 : tensor<?x128256xbf16>
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty(%d0) : tensor<?xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
    %ev = tensor.empty(%d0) : tensor<?xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<?xbf16>) -> tensor<?xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<?x128256xbf16>) outs(%fv, %fi : tensor<?xbf16>, tensor<?xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<?xbf16>, tensor<?xi32>)
    return %r#0, %r#1 : tensor<?xbf16>, tensor<?xi32>
  }
  func.func @scaled_argmax_f32i64_producer(%x: tensor<8x128256xf32>) -> (tensor<8xf32>, tensor<8xi64>) {
    %scale = arith.constant 2.0 : f32
    %bias = arith.constant -1.0 : f32
    %pe = tensor.empty() : tensor<8x128256xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<8x128256xf32>) outs(%pe : tensor<8x128256xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %scale : f32
      %t = arith.addf %s, %bias : f32
      linalg.yield %t : f32
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
  func.func @argmax_nan_first_f32i32_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %a_nan = arith.cmpf uno, %a, %a : f32
      %b_num = arith.cmpf ord, %b, %b : f32
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<1xf32>, tensor<1xi32>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi32>
  }

  func.func @argmax_nan_first_f32i32_8x128256(%x: tensor<8x128256xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi32>) {
    ^bb0(%a: f32, %b: f32, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %a_nan = arith.cmpf uno, %a, %a : f32
      %b_num = arith.cmpf ord, %b, %b : f32
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f32, i32
    } -> (tensor<8xf32>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xf32>, tensor<8xi32>
  }

  func.func @argmax_nan_first_f32i64_1x128256(%x: tensor<1x128256xf32>) -> (tensor<1xf32>, tensor<1xi64>) {
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
      %gt = arith.cmpf ogt, %a, %b : f32
      %a_nan = arith.cmpf uno, %a, %a : f32
      %b_num = arith.cmpf ord, %b, %b : f32
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xf32>, tensor<1xi64>
  }

  func.func @argmax_nan_first_f32i64_8x128256(%x: tensor<8x128256xf32>) -> (tensor<8xf32>, tensor<8xi64>) {
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
      %gt = arith.cmpf ogt, %a, %b : f32
      %a_nan = arith.cmpf uno, %a, %a : f32
      %b_num = arith.cmpf ord, %b, %b : f32
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xf32>, tensor<8xi64>
  }

  func.func @argmax_nan_first_f16i32_1x128256(%x: tensor<1x128256xf16>) -> (tensor<1xf16>, tensor<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf16>) outs(%fv, %fi : tensor<1xf16>, tensor<1xi32>) {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f16
      %gt = arith.cmpf ogt, %a, %b : f16
      %a_nan = arith.cmpf uno, %a, %a : f16
      %b_num = arith.cmpf ord, %b, %b : f16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f16, i32
    } -> (tensor<1xf16>, tensor<1xi32>)
    return %r#0, %r#1 : tensor<1xf16>, tensor<1xi32>
  }

  func.func @argmax_nan_first_f16i32_8x128256(%x: tensor<8x128256xf16>) -> (tensor<8xf16>, tensor<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<8xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<8xf16>) -> tensor<8xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf16>) outs(%fv, %fi : tensor<8xf16>, tensor<8xi32>) {
    ^bb0(%a: f16, %b: f16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : f16
      %gt = arith.cmpf ogt, %a, %b : f16
      %a_nan = arith.cmpf uno, %a, %a : f16
      %b_num = arith.cmpf ord, %b, %b : f16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : f16, i32
    } -> (tensor<8xf16>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xf16>, tensor<8xi32>
  }

  func.func @argmax_nan_first_f16i64_1x128256(%x: tensor<1x128256xf16>) -> (tensor<1xf16>, tensor<1xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<1xf16>) -> tensor<1xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf16>) outs(%fv, %fi : tensor<1xf16>, tensor<1xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %gt = arith.cmpf ogt, %a, %b : f16
      %a_nan = arith.cmpf uno, %a, %a : f16
      %b_num = arith.cmpf ord, %b, %b : f16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<1xf16>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xf16>, tensor<1xi64>
  }

  func.func @argmax_nan_first_f16i64_8x128256(%x: tensor<8x128256xf16>) -> (tensor<8xf16>, tensor<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFC00 : f16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf16>
    %fv = linalg.fill ins(%ninf : f16) outs(%ev : tensor<8xf16>) -> tensor<8xf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xf16>) outs(%fv, %fi : tensor<8xf16>, tensor<8xi64>) {
    ^bb0(%a: f16, %b: f16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f16
      %gt = arith.cmpf ogt, %a, %b : f16
      %a_nan = arith.cmpf uno, %a, %a : f16
      %b_num = arith.cmpf ord, %b, %b : f16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f16, i64
    } -> (tensor<8xf16>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xf16>, tensor<8xi64>
  }

  func.func @argmax_nan_first_bf16i32_1x128256(%x: tensor<1x128256xbf16>) -> (tensor<1xbf16>, tensor<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<1xi32>) -> tensor<1xi32>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %a_nan = arith.cmpf uno, %a, %a : bf16
      %b_num = arith.cmpf ord, %b, %b : bf16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<1xbf16>, tensor<1xi32>)
    return %r#0, %r#1 : tensor<1xbf16>, tensor<1xi32>
  }

  func.func @argmax_nan_first_bf16i32_8x128256(%x: tensor<8x128256xbf16>) -> (tensor<8xbf16>, tensor<8xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %a_nan = arith.cmpf uno, %a, %a : bf16
      %b_num = arith.cmpf ord, %b, %b : bf16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<8xbf16>, tensor<8xi32>)
    return %r#0, %r#1 : tensor<8xbf16>, tensor<8xi32>
  }

  func.func @argmax_nan_first_bf16i64_1x128256(%x: tensor<1x128256xbf16>) -> (tensor<1xbf16>, tensor<1xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %a_nan = arith.cmpf uno, %a, %a : bf16
      %b_num = arith.cmpf ord, %b, %b : bf16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<1xbf16>, tensor<1xi64>)
    return %r#0, %r#1 : tensor<1xbf16>, tensor<1xi64>
  }

  func.func @argmax_nan_first_bf16i64_8x128256(%x: tensor<8x128256xbf16>) -> (tensor<8xbf16>, tensor<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x128256xbf16>) outs(%fv, %fi : tensor<8xbf16>, tensor<8xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %a_nan = arith.cmpf uno, %a, %a : bf16
      %b_num = arith.cmpf ord, %b, %b : bf16
      %nan_first = arith.andi %a_nan, %b_num : i1
      %p = arith.ori %gt, %nan_first : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<8xbf16>, tensor<8xi64>)
    return %r#0, %r#1 : tensor<8xbf16>, tensor<8xi64>
  }
}
