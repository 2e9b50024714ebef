// Linalg forms beyond the families, on the default path: a 2-D
// convolution (NCHW, FCHW), tensor.pad feeding a linalg.reduce, integer
// arithmetic with a transposed operand (muli, remsi, shrsi, maxsi, absi),
// strided and offset slices concatenated, max pooling with stride 2, and a
// LayerNorm written as generics (mean, variance, rsqrt, scale) in bf16.
// `ukc-run run` checks each against upstream MLIR's CPU execution
// (`--reference`).
// REQUIRES: libdevice
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: reference outputs (MLIR on the CPU) of 9 function(s)
module {
  func.func @conv2d(%x: tensor<1x3x34x34xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x32x32xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x8x32x32xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x32x32xf32>) -> tensor<1x8x32x32xf32>
    %r = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x3x34x34xf32>, tensor<8x3x3x3xf32>) outs(%f : tensor<1x8x32x32xf32>) -> tensor<1x8x32x32xf32>
    return %r : tensor<1x8x32x32xf32>
  }
  func.func @pad_then_sum(%x: tensor<30x40xf32>) -> tensor<32xf32> {
    %z = arith.constant 0.0 : f32
    %p = tensor.pad %x low[1, 2] high[1, 2] {
    ^bb0(%i: index, %j: index):
      tensor.yield %z : f32
    } : tensor<30x40xf32> to tensor<32x44xf32>
    %e = tensor.empty() : tensor<32xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
    %r = linalg.reduce ins(%p : tensor<32x44xf32>) outs(%f : tensor<32xf32>) dimensions = [1]
      (%a: f32, %b: f32) {
        %s = arith.addf %a, %b : f32
        linalg.yield %s : f32
      }
    return %r : tensor<32xf32>
  }
  // Integer division by an input (generated integers are 1 to 4, never a
  // zero divisor, which would trap in the CPU reference).
  func.func @int_division(%a: tensor<64xi16>, %b: tensor<64xi16>) -> tensor<64xi16> {
    %e = tensor.empty() : tensor<64xi16>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<64xi16>, tensor<64xi16>) outs(%e : tensor<64xi16>) {
    ^bb0(%x: i16, %y: i16, %o: i16):
      %d = arith.divsi %x, %y : i16
      %m = arith.remui %x, %y : i16
      %s = arith.shli %d, %m : i16
      linalg.yield %s : i16
    } -> tensor<64xi16>
    return %r : tensor<64xi16>
  }
  // A matmul of every other row and column of A (a strided view: the
  // default path, which no ukernel's unit-stride rows fit).
  func.func @strided_slice_matmul(%a: tensor<64x64xbf16>, %b: tensor<32x16xbf16>) -> tensor<32x16xf32> {
    %s = tensor.extract_slice %a[0, 0] [32, 32] [2, 2] : tensor<64x64xbf16> to tensor<32x32xbf16>
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32x16xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
    %r = linalg.matmul ins(%s, %b : tensor<32x32xbf16>, tensor<32x16xbf16>) outs(%f : tensor<32x16xf32>) -> tensor<32x16xf32>
    return %r : tensor<32x16xf32>
  }
  // An argmax over every other element of each row (a strided view).
  func.func @strided_slice_argmax(%x: tensor<8x2000xf32>) -> tensor<8xi64> {
    %s = tensor.extract_slice %x[0, 0] [8, 1000] [1, 2] : tensor<8x2000xf32> to tensor<8x1000xf32>
    %ninf = arith.constant 0xFF800000 : f32
    %z = arith.constant 0 : i64
    %ev = tensor.empty() : tensor<8xf32>
    %ei = tensor.empty() : tensor<8xi64>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %fi = linalg.fill ins(%z : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<8x1000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%in: f32, %v: f32, %i: i64):
      %idx = linalg.index 1 : index
      %ii = arith.index_cast %idx : index to i64
      %m = arith.maximumf %in, %v : f32
      %gt = arith.cmpf ogt, %in, %v : f32
      %sel = arith.select %gt, %ii, %i : i64
      linalg.yield %m, %sel : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
  func.func @int_ops(%a: tensor<64x64xi32>, %b: tensor<64x64xi32>) -> tensor<64x64xi32> {
    %e = tensor.empty() : tensor<64x64xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%a, %b : tensor<64x64xi32>, tensor<64x64xi32>) outs(%e : tensor<64x64xi32>) {
    ^bb0(%x: i32, %y: i32, %o: i32):
      %c3 = arith.constant 3 : i32
      %m = arith.muli %x, %y : i32
      %d = arith.remsi %m, %c3 : i32
      %s = arith.shrsi %m, %c3 : i32
      %mx = arith.maxsi %d, %s : i32
      %ab = math.absi %mx : i32
      linalg.yield %ab : i32
    } -> tensor<64x64xi32>
    return %r : tensor<64x64xi32>
  }
  func.func @slice_and_concat(%x: tensor<64x128xf16>) -> tensor<64x96xf16> {
    %a = tensor.extract_slice %x[0, 0] [64, 32] [1, 2] : tensor<64x128xf16> to tensor<64x32xf16>
    %b = tensor.extract_slice %x[0, 64] [64, 64] [1, 1] : tensor<64x128xf16> to tensor<64x64xf16>
    %c = tensor.concat dim(1) %a, %b : (tensor<64x32xf16>, tensor<64x64xf16>) -> tensor<64x96xf16>
    return %c : tensor<64x96xf16>
  }
  func.func @max_pool(%x: tensor<1x4x16x16xf32>) -> tensor<1x4x8x8xf32> {
    %ninf = arith.constant 0xFF800000 : f32
    %e = tensor.empty() : tensor<1x4x8x8xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %k = tensor.empty() : tensor<2x2xf32>
    %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %k : tensor<1x4x16x16xf32>, tensor<2x2xf32>) outs(%f : tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    return %r : tensor<1x4x8x8xf32>
  }
  func.func @layernorm_like(%x: tensor<8x768xbf16>, %g: tensor<768xbf16>) -> tensor<8x768xbf16> {
    %z = arith.constant 0.0 : f32
    %n = arith.constant 768.0 : f32
    %eps = arith.constant 1.0e-5 : f32
    %e1 = tensor.empty() : tensor<8xf32>
    %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
    %mean = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x768xbf16>) outs(%f1 : tensor<8xf32>) {
    ^bb0(%v: bf16, %acc: f32):
      %w = arith.extf %v : bf16 to f32
      %s = arith.addf %acc, %w : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %var = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
        ins(%x, %mean : tensor<8x768xbf16>, tensor<8xf32>) outs(%f1 : tensor<8xf32>) {
    ^bb0(%v: bf16, %m: f32, %acc: f32):
      %w = arith.extf %v : bf16 to f32
      %mu = arith.divf %m, %n : f32
      %d = arith.subf %w, %mu : f32
      %sq = arith.mulf %d, %d : f32
      %s = arith.addf %acc, %sq : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %e2 = tensor.empty() : tensor<8x768xbf16>
    %out = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x, %mean, %var, %g : tensor<8x768xbf16>, tensor<8xf32>, tensor<8xf32>, tensor<768xbf16>) outs(%e2 : tensor<8x768xbf16>) {
    ^bb0(%v: bf16, %m: f32, %vv: f32, %gg: bf16, %o: bf16):
      %w = arith.extf %v : bf16 to f32
      %mu = arith.divf %m, %n : f32
      %d = arith.subf %w, %mu : f32
      %var1 = arith.divf %vv, %n : f32
      %ve = arith.addf %var1, %eps : f32
      %r = math.rsqrt %ve : f32
      %y = arith.mulf %d, %r : f32
      %gf = arith.extf %gg : bf16 to f32
      %z2 = arith.mulf %y, %gf : f32
      %t = arith.truncf %z2 : f32 to bf16
      linalg.yield %t : bf16
    } -> tensor<8x768xbf16>
    return %out : tensor<8x768xbf16>
  }
}
