#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (0, d1)>
#map2 = affine_map<(d0, d1) -> (d0, 0)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> ()>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @i_causal_softmax(%arg0: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
    %c0_i64 = arith.constant 0 : i64
    %c1_i64 = arith.constant 1 : i64
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_2 = arith.constant dense<true> : tensor<16x16xi1>
    %0 = tensor.empty() : tensor<16xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<16xi64>) {
    ^bb0(%out: i64):
      %20 = linalg.index 0 : index
      %21 = arith.index_cast %20 : index to i64
      linalg.yield %21 : i64
    } -> tensor<16xi64>
    %expanded = tensor.expand_shape %1 [[0, 1]] output_shape [1, 16] : tensor<16xi64> into tensor<1x16xi64>
    %expanded_3 = tensor.expand_shape %1 [[0, 1]] output_shape [16, 1] : tensor<16xi64> into tensor<16x1xi64>
    %2 = tensor.empty() : tensor<16x16xi64>
    %3 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel"]} ins(%expanded, %expanded_3 : tensor<1x16xi64>, tensor<16x1xi64>) outs(%2 : tensor<16x16xi64>) {
    ^bb0(%in: i64, %in_5: i64, %out: i64):
      %20 = arith.subi %in, %in_5 : i64
      linalg.yield %20 : i64
    } -> tensor<16x16xi64>
    %4 = tensor.empty() : tensor<16x16xi1>
    %5 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16x16xi64>) outs(%4 : tensor<16x16xi1>) {
    ^bb0(%in: i64, %out: i1):
      %20 = arith.cmpi sge, %in, %c1_i64 : i64
      linalg.yield %20 : i1
    } -> tensor<16x16xi1>
    %6 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%5, %cst_2 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%4 : tensor<16x16xi1>) {
    ^bb0(%in: i1, %in_5: i1, %out: i1):
      %20 = arith.andi %in, %in_5 : i1
      linalg.yield %20 : i1
    } -> tensor<16x16xi1>
    %7 = tensor.empty() : tensor<2x16x16xf32>
    %8 = linalg.generic {indexing_maps = [#map4, #map5, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %cst_1, %arg0 : tensor<16x16xi1>, tensor<f32>, tensor<2x16x16xf32>) outs(%7 : tensor<2x16x16xf32>) {
    ^bb0(%in: i1, %in_5: f32, %in_6: f32, %out: f32):
      %20 = arith.select %in, %in_5, %in_6 : f32
      linalg.yield %20 : f32
    } -> tensor<2x16x16xf32>
    %9 = tensor.empty() : tensor<2x16xi64>
    %10 = linalg.fill ins(%c0_i64 : i64) outs(%9 : tensor<2x16xi64>) -> tensor<2x16xi64>
    %11 = tensor.empty() : tensor<2x16xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %13:2 = linalg.generic {indexing_maps = [#map6, #map7, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<2x16x16xf32>) outs(%12, %10 : tensor<2x16xf32>, tensor<2x16xi64>) {
    ^bb0(%in: f32, %out: f32, %out_5: i64):
      %20 = linalg.index 2 : index
      %21 = arith.index_cast %20 : index to i64
      %22 = arith.maximumf %in, %out : f32
      %23 = arith.cmpf ogt, %in, %out : f32
      %24 = arith.select %23, %21, %out_5 : i64
      linalg.yield %22, %24 : f32, i64
    } -> (tensor<2x16xf32>, tensor<2x16xi64>)
    %expanded_4 = tensor.expand_shape %13#0 [[0], [1, 2]] output_shape [2, 16, 1] : tensor<2x16xf32> into tensor<2x16x1xf32>
    %14 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %expanded_4 : tensor<2x16x16xf32>, tensor<2x16x1xf32>) outs(%7 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %20 = arith.subf %in, %in_5 : f32
      linalg.yield %20 : f32
    } -> tensor<2x16x16xf32>
    %15 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<2x16x16xf32>) outs(%7 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = math.exp %in : f32
      linalg.yield %20 : f32
    } -> tensor<2x16x16xf32>
    %16 = tensor.empty() : tensor<2x16x1xf32>
    %17 = linalg.fill ins(%cst_0 : f32) outs(%16 : tensor<2x16x1xf32>) -> tensor<2x16x1xf32>
    %18 = linalg.generic {indexing_maps = [#map6, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%15 : tensor<2x16x16xf32>) outs(%17 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.addf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<2x16x1xf32>
    %19 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15, %18 : tensor<2x16x16xf32>, tensor<2x16x1xf32>) outs(%7 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %20 = arith.divf %in, %in_5 : f32
      linalg.yield %20 : f32
    } -> tensor<2x16x16xf32>
    return %19 : tensor<2x16x16xf32>
  }
}
