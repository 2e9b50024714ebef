// A ukernel's occupancy bound (the registry parameter min_workgroups_per_sm)
// reaches the kernel that calls it as `.minnctapersm`, so ptxas caps its
// registers for that many workgroups per SM: the GEMV ukernel asks for 4
// (64 registers at 256 threads), the wide skinny one for 2 (128). So
// does an occupancy the configuration chose: the argmax plan asks for 6 on
// a grid of many waves (4096 rows) and for none on a split decode row.
// RUN: rm -rf %t.dump && ukc compile %s --arch sm_90 --no-cubin --no-cache -o %t.pkg --dump-dir %t.dump | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx
// CHECK: gemv_one_token: ukernel uk_matmul_gemv_bf16_nk
// CHECK: skinny_eight_tokens: ukernel uk_matmul_skinny_wide_bf16_nk
// CHECK: argmax_f32_4096x32000: ukernel uk_argmax_f32i64
// CHECK: argmax_f32_1x128256: ukernel uk_argmax_f32i64
// PTX-LABEL: .entry gemv_one_token(
// PTX: .maxntid 256, 1, 1
// PTX-NEXT: .minnctapersm 4
// PTX-LABEL: .entry skinny_eight_tokens(
// PTX: .maxntid 256, 1, 1
// PTX-NEXT: .minnctapersm 2
// PTX-LABEL: .entry argmax_f32_4096x32000(
// PTX: .maxntid 256, 1, 1
// PTX-NEXT: .minnctapersm 6
// PTX-LABEL: .entry argmax_f32_1x128256(
// PTX: .maxntid 256, 1, 1
// PTX-NEXT: .minnctapersm 1
module {
  func.func @gemv_one_token(%a: tensor<1x4096xbf16>, %w: tensor<8192x4096xbf16>) -> tensor<1x8192xf32> {
    %e = tensor.empty() : tensor<1x8192xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8192xf32>) -> tensor<1x8192xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<8192x4096xbf16>) outs(%init : tensor<1x8192xf32>) -> tensor<1x8192xf32>
    return %r : tensor<1x8192xf32>
  }
  func.func @skinny_eight_tokens(%a: tensor<8x4096xbf16>, %w: tensor<16384x4096xbf16>) -> tensor<8x16384xf32> {
    %e = tensor.empty() : tensor<8x16384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16384xf32>) -> tensor<8x16384xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<8x4096xbf16>, tensor<16384x4096xbf16>) outs(%init : tensor<8x16384xf32>) -> tensor<8x16384xf32>
    return %r : tensor<8x16384xf32>
  }
  func.func @argmax_f32_4096x32000(%x: tensor<4096x32000xf32>) -> tensor<4096xi64> {
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
      %gt = arith.cmpf ogt, %a, %b : f32
      %an = arith.cmpf uno, %a, %a : f32
      %bo = arith.cmpf ord, %b, %b : f32
      %nf = arith.andi %an, %bo : i1
      %p = arith.ori %gt, %nf : i1
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<4096xf32>, tensor<4096xi64>)
    return %r#1 : tensor<4096xi64>
  }
  func.func @argmax_f32_1x128256(%x: tensor<1x128256xf32>) -> tensor<1xi64> {
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
