// Kernels whose modules are identical but for their own names (the kernel,
// the scratch buffer each split argmax gets) are linked, optimized and
// emitted once per arch; each kernel's PTX is that PTX under its own names:
// the entry, its parameters and its scratch. A kernel that differs (another
// row length) is emitted on its own. (Modules are compared as they are: the
// first kernel that uses a shared constant has its scratch before the
// constant, later ones after it, so the first is not shared with the others;
// here it is another kernel.) Argmax kernels that differ only in sizes
// otherwise run one code (kernels_differing_in_sizes_share_one_code.mlir);
// --specialize-sizes keeps a kernel each, as a family that specializes on
// its sizes does.
// RUN: rm -rf %t.dump
// RUN: ukc compile %s --arch sm_90 --no-cubin --no-cache --specialize-sizes --timing --dump-dir %t.dump -o %t.pkg 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx

// TIMING: 1 of 3 modules identical to another but for their own names (emitted once)
// TIMING: wrote {{.*}}: 3 kernel(s)

// PTX: ---- module of layer1_other ----
// PTX-NOT: __ukc_shared
// PTX: ---- module of layer0_argmax ----
// PTX-NOT: __ukc_shared
// PTX: .global .align 16 .b8 [[S0:__ukernel_scratch_[0-9]+]]
// PTX: .entry layer0_argmax(
// PTX-NEXT: .param .u64 {{.*}}layer0_argmax_param_0,
// PTX: [[S0]]
// PTX: ---- module of layer1_argmax ----
// PTX-NOT: __ukc_shared
// PTX: .global .align 16 .b8 [[S1:__ukernel_scratch_[0-9]+]]
// PTX: .entry layer1_argmax(
// PTX-NEXT: .param .u64 {{.*}}layer1_argmax_param_0,
// PTX: [[S1]]
// PTX-NOT: __ukc_shared

#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @layer1_other(%x: tensor<1x64000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x64000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
  func.func @layer0_argmax(%x: tensor<1x128256xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
  func.func @layer1_argmax(%x: tensor<1x128256xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
