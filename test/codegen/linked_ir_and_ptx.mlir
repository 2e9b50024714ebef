// ukc compile: the ukernels are linked once each per arch, inlined into the
// dispatch kernels, and PTX is emitted for every requested arch.
// RUN: rm -rf %t.dump
// RUN: ukc compile %s --arch sm_80,sm_90 -o %t.pkg --dump-dir %t.dump | FileCheck %s --check-prefix=LINKED-OBJECTS
// RUN: FileCheck %s --check-prefix=TRANSLATED < %t.dump/all/5.translated.ll
// RUN: FileCheck %s --check-prefix=LINKED < %t.dump/all/6.linked.sm_90.ll
// RUN: FileCheck %s --check-prefix=PTX90 < %t.dump/all/7.kernels.sm_90.ptx
// RUN: FileCheck %s --check-prefix=PTX80 < %t.dump/all/7.kernels.sm_80.ptx
// RUN: FileCheck %s --check-prefix=VARIANT < %t.dump/sm_90/7.kernels.sm_90.ptx

// Three dispatches, two ukernels: each object linked once per arch, the
// registry's bitcode of that arch. decode_b's argmax plan splits its rows by
// SM count, so it has a variant per arch; the others are compiled once for
// both (the dumps of each part in a directory of its own: all, sm_80, sm_90).
// LINKED-OBJECTS: 4 kernel(s), PTX for sm_80, sm_90
// LINKED-OBJECTS: decode_b: ukernel uk_argmax_ogt_f32i64 (for sm_80)
// LINKED-OBJECTS: decode_b: ukernel uk_argmax_ogt_f32i64 (for sm_90)
// LINKED-OBJECTS: sm_80: linked uk_argmax_ogt_f32i64.sm_80.bc, uk_argmax_ogt_bf16i32.sm_80.bc{{$}}
// LINKED-OBJECTS: sm_90: linked uk_argmax_ogt_f32i64.sm_90.bc, uk_argmax_ogt_bf16i32.sm_90.bc{{$}}

// Before linking: the calls and one declaration per ukernel.
// TRANSLATED-DAG: declare void @uk_argmax_ogt_f32i64(ptr, i64, ptr, i64, ptr, i64, i64, i32, i32, ptr, i64, i32, ptr)
// TRANSLATED-DAG: declare void @uk_argmax_ogt_bf16i32(ptr, i64, ptr, i64, ptr, i64, i64, i32, i32, ptr, i64, i32, ptr)
// TRANSLATED-DAG: define ptx_kernel void @decode_a(
// TRANSLATED-DAG: define ptx_kernel void @decode_bf16(

// After linking and O3: the kernels remain, the ukernels are inlined.
// LINKED-DAG: define ptx_kernel void @decode_a(
// LINKED-DAG: define ptx_kernel void @decode_bf16(
// LINKED-NOT: define {{.*}}@uk_argmax
// LINKED-NOT: call {{.*}}@uk_argmax

// PTX90: .version 8.0
// PTX90: .target sm_90
// PTX90-DAG: .visible .entry decode_a(
// PTX90-DAG: .visible .entry decode_bf16(
// PTX90-NOT: .func uk_argmax
// PTX80: .version 8.0
// PTX80: .target sm_80
// PTX80-DAG: .visible .entry decode_a(
// PTX80-DAG: .visible .entry decode_bf16(
// VARIANT: .target sm_90
// VARIANT: .visible .entry decode_b(

module {
  func.func @decode_a(%x: tensor<1x128256xf32>) -> tensor<1xi64> {
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
    return %r#1 : tensor<1xi64>
  }
  func.func @decode_b(%x: tensor<4x128256xf32>) -> tensor<4xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x128256xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#1 : tensor<4xi64>
  }
  func.func @decode_bf16(%x: tensor<2x128256xbf16>) -> tensor<2xi32> {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<2xi32>
    %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<2xi32>) -> tensor<2xi32>
    %ev = tensor.empty() : tensor<2xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<2xbf16>) -> tensor<2xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<2x128256xbf16>) outs(%fv, %fi : tensor<2xbf16>, tensor<2xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<2xbf16>, tensor<2xi32>)
    return %r#1 : tensor<2xi32>
  }
}
