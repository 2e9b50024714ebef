// Lowering a fused producer: its body becomes a private function of one
// element (marked ukernel.fused_function, so no pass takes it for a
// dispatch; 16-bit elements travel as their bits), the ukernel call passes
// its address at the input_map fusion point and reads the producer's input,
// and the producer and its buffer are gone.
// RUN: ukernel-opt --mlir-elide-resource-strings-if-larger=1 --pass-pipeline='builtin.module(ukernel-kernel-config,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)' %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func private @__ukernel_input_map_0(%arg0: f32) -> f32 attributes {ukernel.fused_function}
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[S:.*]] = arith.mulf %arg0, %[[HALF]] : f32
// CHECK: %[[T:.*]] = math.tanh %[[S]] : f32
// CHECK: %[[CAP:.*]] = arith.constant 3.000000e+01 : f32
// CHECK: %[[C:.*]] = arith.mulf %[[T]], %[[CAP]] : f32
// CHECK: return %[[C]] : f32
// CHECK-LABEL: func.func private @__ukernel_input_map_1(%arg0: i16) -> i16 attributes {ukernel.fused_function}
// CHECK: %[[X:.*]] = arith.bitcast %arg0 : i16 to bf16
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : bf16
// CHECK: %[[S:.*]] = arith.mulf %[[X]], %[[TWO]] : bf16
// CHECK: %[[N:.*]] = arith.negf %[[S]] : bf16
// CHECK: %[[B:.*]] = arith.bitcast %[[N]] : bf16 to i16
// CHECK: return %[[B]] : i16

// CHECK-LABEL: func.func @softcap_f32(%arg0: memref<4x32000xf32>
// CHECK-NOT: memref.alloc() {{.*}} : memref<4x32000xf32>
// CHECK-NOT: linalg.generic
// CHECK: memref.extract_strided_metadata %arg0
// CHECK: %[[F:.*]] = func.constant @__ukernel_input_map_0 : (f32) -> f32
// CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %[[F]] : (f32) -> f32 to !llvm.ptr
// CHECK: func.call @uk_argmax_ogt_f32i64({{.*}}, %[[P]]) : ({{.*}}, !llvm.ptr) -> ()
// CHECK-LABEL: func.func @scaled_bf16(%arg0: memref<4x32000xbf16>
// CHECK-NOT: linalg.generic
// CHECK: %[[F:.*]] = func.constant @__ukernel_input_map_1 : (i16) -> i16
// CHECK: %[[P:.*]] = builtin.unrealized_conversion_cast %[[F]] : (i16) -> i16 to !llvm.ptr
// CHECK: func.call @uk_argmax_ogt_bf16i64({{.*}}, %[[P]])
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @softcap_f32(%x: tensor<4x32000xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
    %scale = arith.constant 0.5 : f32
    %cap = arith.constant 30.0 : f32
    %pe = tensor.empty() : tensor<4x32000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x32000xf32>) outs(%pe : tensor<4x32000xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.mulf %v, %scale : f32
      %t = math.tanh %s : f32
      %c = arith.mulf %t, %cap : f32
      linalg.yield %c : f32
    } -> tensor<4x32000xf32>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<4xf32>) -> tensor<4xf32>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xf32>) outs(%fv, %fi : tensor<4xf32>, tensor<4xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4xf32>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
  }
  func.func @scaled_bf16(%x: tensor<4x32000xbf16>) -> (tensor<4xbf16>, tensor<4xi64>) {
    %scale = arith.constant 2.0 : bf16
    %pe = tensor.empty() : tensor<4x32000xbf16>
    %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x32000xbf16>) outs(%pe : tensor<4x32000xbf16>) {
    ^bb0(%v: bf16, %o: bf16):
      %s = arith.mulf %v, %scale : bf16
      %n = arith.negf %s : bf16
      linalg.yield %n : bf16
    } -> tensor<4x32000xbf16>
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<4xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
    %ev = tensor.empty() : tensor<4xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<4xbf16>) -> tensor<4xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%y : tensor<4x32000xbf16>) outs(%fv, %fi : tensor<4xbf16>, tensor<4xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %p = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<4xbf16>, tensor<4xi64>)
    return %r#0, %r#1 : tensor<4xbf16>, tensor<4xi64>
  }
}
