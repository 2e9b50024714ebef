// The three passes in one pipeline on a module of several dispatches: each
// argmax becomes a ukernel call, the module carries each bitcode object once,
// and the op no ukernel implements is left for codegen.
// RUN: ukernel-opt --pass-pipeline='builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' \
// RUN:   --mlir-elide-resource-strings-if-larger=1 %s | FileCheck %s

// CHECK-LABEL: module attributes {ukernel.executable_objects = [#ukernel.object<{data = dense_resource<uk_argmax_ogt_f32i64.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_f32i64.sm_90.bc"}>, #ukernel.object<{data = dense_resource<uk_argmax_ogt_bf16i32.sm_90.bc> : vector<{{[0-9]+}}xi8>, path = "uk_argmax_ogt_bf16i32.sm_90.bc"}>], ukernel.target
// CHECK-DAG: memref.global "private" @__ukernel_scratch_0 : memref<4352xi8>
// CHECK-DAG: memref.global "private" @__ukernel_scratch_1 : memref<1024xi8>
// CHECK-DAG: memref.global "private" constant @__ukernel_zeros_16xi8 : memref<16xi8>
// CHECK-DAG: func.func private @uk_argmax_ogt_f32i64(
// CHECK-DAG: func.func private @uk_argmax_ogt_bf16i32(
// CHECK-LABEL: func.func @decode_b8
// CHECK: func.call @uk_argmax_ogt_f32i64
// CHECK-LABEL: func.func @prefill_4096
// CHECK: func.call @uk_argmax_ogt_f32i64
// CHECK-LABEL: func.func @decode_bf16
// CHECK: func.call @uk_argmax_ogt_bf16i32
// CHECK-LABEL: func.func @last_index_oge
// CHECK: linalg.generic
// CHECK-SAME: lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>
// CHECK-NOT: ukernel.executable_objects
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @decode_b8(%in: memref<8x128256xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x128256xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
  func.func @prefill_4096(%in: memref<4096x32000xf32>, %val: memref<4096xf32>, %idx: memref<4096xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<4096xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<4096xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<4096x32000xf32>) outs(%val, %idx : memref<4096xf32>, memref<4096xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
  func.func @decode_bf16(%in: memref<1x128256xbf16>, %val: memref<1xbf16>, %idx: memref<1xi32>) {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    linalg.fill ins(%zero : i32) outs(%idx : memref<1xi32>)
    linalg.fill ins(%ninf : bf16) outs(%val : memref<1xbf16>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<1x128256xbf16>) outs(%val, %idx : memref<1xbf16>, memref<1xi32>) {
    ^bb0(%a: bf16, %b: bf16, %c: i32):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i32
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %xi, %c : i32
      linalg.yield %m, %s : bf16, i32
    }
    return
  }
  func.func @last_index_oge(%in: memref<8x1000xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x1000xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %x = linalg.index 1 : index
      %xi = arith.index_cast %x : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf oge, %a, %b : f32
      %s = arith.select %p, %xi, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
