// Dynamic dims are equal when ops join them, also through a buffer local to
// the dispatch: here the matmul's C links A's rows to the row-scale vector
// of the consumer, so all three share class 0 and the runtime rejects a
// row-scale vector whose length differs from A's rows (the fused ukernel
// would read past its end).
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump
// RUN: FileCheck %s < %t.dump/1.configured.mlir
// CHECK: func.func @rowscale_dynamic_m({{.*}}ukernel.dim_classes = {{\[}}[0, -1], [-1, -1], [0], [0, -1]]
module {
  func.func @rowscale_dynamic_m(%a: tensor<?x512xbf16>, %w: tensor<1024x512xbf16>, %rowscale: tensor<?xf32>) -> tensor<?x1024xbf16> {
    %c0 = arith.constant 0 : index
    %m = tensor.dim %a, %c0 : tensor<?x512xbf16>
    %e = tensor.empty(%m) : tensor<?x1024xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1024xf32>) -> tensor<?x1024xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<?x512xbf16>, tensor<1024x512xbf16>) outs(%init : tensor<?x1024xf32>) -> tensor<?x1024xf32>
    %o = tensor.empty(%m) : tensor<?x1024xbf16>
    %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
        ins(%c, %rowscale : tensor<?x1024xf32>, tensor<?xf32>) outs(%o : tensor<?x1024xbf16>) {
    ^bb0(%x: f32, %b: f32, %out: bf16):
      %y = arith.mulf %x, %b : f32
      %r = arith.truncf %y : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<?x1024xbf16>
    return %d : tensor<?x1024xbf16>
  }
}
