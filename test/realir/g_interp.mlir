#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @g_interp(%arg0: tensor<1x4x8x8xf32>) -> tensor<1x4x16x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 2.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %cst_1 = arith.constant 7.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x4x16x16xf32>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%0 : tensor<1x4x16x16xf32>) {
    ^bb0(%out: f32):
      %2 = linalg.index 1 : index
      %3 = linalg.index 2 : index
      %4 = linalg.index 3 : index
      %5 = arith.index_cast %3 : index to i64
      %6 = arith.sitofp %5 : i64 to f32
      %7 = arith.divf %6, %cst_0 : f32
      %8 = math.floor %7 : f32
      %9 = arith.maximumf %8, %cst : f32
      %10 = arith.minimumf %9, %cst_1 : f32
      %11 = arith.fptosi %10 : f32 to i64
      %12 = arith.index_cast %11 : i64 to index
      %13 = arith.index_cast %4 : index to i64
      %14 = arith.sitofp %13 : i64 to f32
      %15 = arith.divf %14, %cst_0 : f32
      %16 = math.floor %15 : f32
      %17 = arith.maximumf %16, %cst : f32
      %18 = arith.minimumf %17, %cst_1 : f32
      %19 = arith.fptosi %18 : f32 to i64
      %20 = arith.index_cast %19 : i64 to index
      %extracted = tensor.extract %arg0[%c0, %2, %12, %20] : tensor<1x4x8x8xf32>
      linalg.yield %extracted : f32
    } -> tensor<1x4x16x16xf32>
    return %1 : tensor<1x4x16x16xf32>
  }
}
