// Dispatches with scalar arguments (ukernel-scalar-arguments-as-tensors:
// each is passed as a one-element buffer): an f32 scale and bias in an
// elementwise op, an epsilon in an RMSNorm, an i32 threshold compared, and
// a scalar fill value; a 0-d tensor's value scaling a matrix (read once,
// outside the loops, by every thread of a thread-per-point kernel); an
// index offset of a slice (an i64 buffer; generated inputs are 1 to 4), an
// i1 flag choosing a branch (scf.if, and cf.cond_br: a body of several
// blocks), and a sum returned as a scalar (a 0-d output,
// ukernel-scalar-results-as-tensors).
// `ukc-run run` checks each against upstream MLIR's CPU execution
// (`--reference`).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 8 function(s)
module {
  func.func @scale_by_zero_d(%x: tensor<512x1024xf32>, %s: tensor<f32>) -> tensor<512x1024xf32> {
    %v = tensor.extract %s[] : tensor<f32>
    %e = tensor.empty() : tensor<512x1024xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %v : f32
      linalg.yield %m : f32
    } -> tensor<512x1024xf32>
    return %r : tensor<512x1024xf32>
  }
  func.func @scale_bias(%x: tensor<4096xf32>, %s: f32, %b: f32) -> tensor<4096xf32> {
    %e = tensor.empty() : tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%x : tensor<4096xf32>) outs(%e : tensor<4096xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.mulf %v, %s : f32
      %a = arith.addf %m, %b : f32
      linalg.yield %a : f32
    } -> tensor<4096xf32>
    return %r : tensor<4096xf32>
  }
  func.func @rmsnorm_eps(%x: tensor<8x512xf32>, %eps: f32) -> tensor<8x512xf32> {
    %z = arith.constant 0.0 : f32
    %n = arith.constant 512.0 : f32
    %e1 = tensor.empty() : tensor<8xf32>
    %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
    %ss = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x512xf32>) outs(%f1 : tensor<8xf32>) {
    ^bb0(%v: f32, %acc: f32):
      %q = arith.mulf %v, %v : f32
      %s = arith.addf %acc, %q : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %e2 = tensor.empty() : tensor<8x512xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x, %ss : tensor<8x512xf32>, tensor<8xf32>) outs(%e2 : tensor<8x512xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %mean = arith.divf %s, %n : f32
      %me = arith.addf %mean, %eps : f32
      %rs = math.rsqrt %me : f32
      %y = arith.mulf %v, %rs : f32
      linalg.yield %y : f32
    } -> tensor<8x512xf32>
    return %r : tensor<8x512xf32>
  }
  func.func @threshold_and_fill(%x: tensor<64x64xi32>, %t: i32, %fillv: i32) -> (tensor<64x64xi32>, tensor<64xi32>) {
    %e = tensor.empty() : tensor<64x64xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<64x64xi32>) outs(%e : tensor<64x64xi32>) {
    ^bb0(%v: i32, %o: i32):
      %c = arith.cmpi sgt, %v, %t : i32
      %s = arith.select %c, %v, %t : i32
      linalg.yield %s : i32
    } -> tensor<64x64xi32>
    %ef = tensor.empty() : tensor<64xi32>
    %f = linalg.fill ins(%fillv : i32) outs(%ef : tensor<64xi32>) -> tensor<64xi32>
    return %r, %f : tensor<64x64xi32>, tensor<64xi32>
  }
  func.func @slice_at(%x: tensor<1000xf32>, %off: index) -> tensor<256xf32> {
    %s = tensor.extract_slice %x[%off] [256] [1] : tensor<1000xf32> to tensor<256xf32>
    %e = tensor.empty() : tensor<256xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%s : tensor<256xf32>) outs(%e : tensor<256xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %a : f32
      linalg.yield %m : f32
    } -> tensor<256xf32>
    return %r : tensor<256xf32>
  }
  func.func @negate_if(%x: tensor<512xf32>, %flag: i1) -> tensor<512xf32> {
    %r = scf.if %flag -> tensor<512xf32> {
      %e = tensor.empty() : tensor<512xf32>
      %n = linalg.negf ins(%x : tensor<512xf32>) outs(%e : tensor<512xf32>) -> tensor<512xf32>
      scf.yield %n : tensor<512xf32>
    } else {
      scf.yield %x : tensor<512xf32>
    }
    return %r : tensor<512xf32>
  }
  func.func @sum_scalar(%x: tensor<4096xf32>) -> f32 {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %r = linalg.reduce ins(%x : tensor<4096xf32>) outs(%f : tensor<f32>) dimensions = [0]
      (%a: f32, %acc: f32) {
        %s = arith.addf %a, %acc : f32
        linalg.yield %s : f32
      }
    %v = tensor.extract %r[] : tensor<f32>
    return %v : f32
  }
  func.func @negate_or_copy_cf(%x: tensor<512xf32>, %flag: i1) -> tensor<512xf32> {
    cf.cond_br %flag, ^negate, ^copy
  ^negate:
    %e = tensor.empty() : tensor<512xf32>
    %n = linalg.negf ins(%x : tensor<512xf32>) outs(%e : tensor<512xf32>) -> tensor<512xf32>
    return %n : tensor<512xf32>
  ^copy:
    return %x : tensor<512xf32>
  }
}
