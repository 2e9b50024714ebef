// A function's `ukernel.choices` pins the choice for its kernels of a
// signature: a lower-ranked ukernel, or the default path (which a
// measurement found faster); a pin that does not fit is named and the
// rules decide. `ukernel.tune_probe` on the module marks each root with its
// signature and every candidate that fits, then `default`, for `ukc tune`.
// A tuning file that cannot be read fails the pass with an error.
// RUN: ukernel-opt --split-input-file --verify-diagnostics --ukernel-explain \
// RUN:   --pass-pipeline='builtin.module(ukernel-kernel-config)' --mlir-elide-resource-strings-if-larger=1 %s \
// RUN:   | FileCheck %s

// CHECK-LABEL: func.func @pinned_lower_ranked
// CHECK: ukernel = #ukernel.spec<"uk_matmul_tile_small_bf16_kn"
// CHECK-LABEL: func.func @pinned_default_path
// CHECK: lowering_config = #ukernel.lowering_config<{reduction = [], workgroup = [], workgroup_size = [256, 1, 1]}>
// CHECK-LABEL: func.func @pin_that_does_not_fit
// CHECK: ukernel = #ukernel.spec<"uk_matmul_tile_bf16_kn"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>} {
  func.func @pinned_lower_ranked(%a: tensor<256x512xbf16>, %b: tensor<512x384xbf16>, %c: tensor<256x384xf32>) -> tensor<256x384xf32>
      attributes {ukernel.choices = {"matmul linalg.matmul(tensor<256x512xbf16>, tensor<512x384xbf16>, tensor<256x384xf32>) -> (tensor<256x384xf32>) indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {arith.extf arith.extf arith.mulf arith.addf}" = "uk_matmul_tile_small_bf16_kn"}} {
    // expected-remark-re@+1 {{selected uk_matmul_tile_small_bf16_kn (bitcode for sm_90): {{.*}}; pinned by the function's ukernel.choices; also considered: uk_matmul_tile_bf16_kn also fits, the rules' choice;}}
    %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x384xbf16>) outs(%c : tensor<256x384xf32>) -> tensor<256x384xf32>
    return %r : tensor<256x384xf32>
  }
  func.func @pinned_default_path(%a: tensor<256x512xbf16>, %b: tensor<512x384xbf16>, %c: tensor<256x384xf32>) -> tensor<256x384xf32>
      attributes {ukernel.choices = {"matmul linalg.matmul(tensor<256x512xbf16>, tensor<512x384xbf16>, tensor<256x384xf32>) -> (tensor<256x384xf32>) indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {arith.extf arith.extf arith.mulf arith.addf}" = "default"}} {
    // expected-remark@+1 {{but the default path was pinned by the function's ukernel.choices; default configuration}}
    %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x384xbf16>) outs(%c : tensor<256x384xf32>) -> tensor<256x384xf32>
    return %r : tensor<256x384xf32>
  }
  func.func @pin_that_does_not_fit(%a: tensor<256x512xbf16>, %b: tensor<512x384xbf16>, %c: tensor<256x384xf32>) -> tensor<256x384xf32>
      attributes {ukernel.choices = {"matmul linalg.matmul(tensor<256x512xbf16>, tensor<512x384xbf16>, tensor<256x384xf32>) -> (tensor<256x384xf32>) indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {arith.extf arith.extf arith.mulf arith.addf}" = "uk_matmul_gemv_bf16_kn"}} {
    // expected-remark@+1 {{uk_matmul_gemv_bf16_kn (pinned by the function's ukernel.choices) does not fit here; chosen by the rules}}
    %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x384xbf16>) outs(%c : tensor<256x384xf32>) -> tensor<256x384xf32>
    return %r : tensor<256x384xf32>
  }
}

// -----

// CHECK-LABEL: func.func @probed
// CHECK: linalg.matmul
// CHECK-SAME: ukernel.tune_candidates = ["uk_matmul_tile_bf16_kn", "uk_matmul_tile_small_bf16_kn", "default"]
// CHECK-SAME: ukernel.tune_signature = "matmul linalg.matmul(tensor<256x512xbf16>, tensor<512x384xbf16>, tensor<256x384xf32>) -> (tensor<256x384xf32>)
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>, ukernel.tune_probe} {
  func.func @probed(%a: tensor<256x512xbf16>, %b: tensor<512x384xbf16>, %c: tensor<256x384xf32>) -> tensor<256x384xf32> {
    // expected-remark@+1 {{selected uk_matmul_tile_bf16_kn}}
    %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x384xbf16>) outs(%c : tensor<256x384xf32>) -> tensor<256x384xf32>
    return %r : tensor<256x384xf32>
  }
}

// -----

// A tuning file that cannot be read is an error at the module.
// expected-error@+1 {{ukernel: /nonexistent/tuning.json: error: cannot read the tuning file}}
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all"}>, ukernel.tuning_file = "/nonexistent/tuning.json"} {
  func.func @unread(%a: tensor<256x512xbf16>, %b: tensor<512x384xbf16>, %c: tensor<256x384xf32>) -> tensor<256x384xf32> {
    %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x384xbf16>) outs(%c : tensor<256x384xf32>) -> tensor<256x384xf32>
    return %r : tensor<256x384xf32>
  }
}
