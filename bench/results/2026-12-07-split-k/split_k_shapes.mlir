// run8's and run9's split-K shapes (see run8.sh): plain and C += AB, M of
// 128 to 384, B as N x K and K x N; KernelConfig splits each in 3 or 6
// parts when WGMMA_MAX_K_SPLITS is 16. payload9.sh compiles each
// function as a package of its own.
module {
  func.func @acc_256x256x16384_nk(%a: tensor<256x16384xbf16>, %w: tensor<256x16384xbf16>, %acc: tensor<256x256xf32>) -> tensor<256x256xf32> {
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x16384xbf16>, tensor<256x16384xbf16>) outs(%acc : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %c : tensor<256x256xf32>
  }
  func.func @plain_128x256x16384_nk(%a: tensor<128x16384xbf16>, %w: tensor<256x16384xbf16>) -> tensor<128x256xf32> {
    %e = tensor.empty() : tensor<128x256xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<128x16384xbf16>, tensor<256x16384xbf16>) outs(%init : tensor<128x256xf32>) -> tensor<128x256xf32>
    return %c : tensor<128x256xf32>
  }
  func.func @plain_200x384x6144_kn(%a: tensor<200x6144xbf16>, %w: tensor<6144x384xbf16>) -> tensor<200x384xf32> {
    %e = tensor.empty() : tensor<200x384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<200x384xf32>) -> tensor<200x384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<200x6144xbf16>, tensor<6144x384xbf16>) outs(%init : tensor<200x384xf32>) -> tensor<200x384xf32>
    return %c : tensor<200x384xf32>
  }
  func.func @plain_200x384x6144_nk(%a: tensor<200x6144xbf16>, %w: tensor<384x6144xbf16>) -> tensor<200x384xf32> {
    %e = tensor.empty() : tensor<200x384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<200x384xf32>) -> tensor<200x384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<200x6144xbf16>, tensor<384x6144xbf16>) outs(%init : tensor<200x384xf32>) -> tensor<200x384xf32>
    return %c : tensor<200x384xf32>
  }
  func.func @plain_256x256x16384_nk(%a: tensor<256x16384xbf16>, %w: tensor<256x16384xbf16>) -> tensor<256x256xf32> {
    %e = tensor.empty() : tensor<256x256xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x16384xbf16>, tensor<256x16384xbf16>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %c : tensor<256x256xf32>
  }
  func.func @plain_256x384x6144_kn(%a: tensor<256x6144xbf16>, %w: tensor<6144x384xbf16>) -> tensor<256x384xf32> {
    %e = tensor.empty() : tensor<256x384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<256x6144xbf16>, tensor<6144x384xbf16>) outs(%init : tensor<256x384xf32>) -> tensor<256x384xf32>
    return %c : tensor<256x384xf32>
  }
  func.func @plain_384x256x16384_nk(%a: tensor<384x16384xbf16>, %w: tensor<256x16384xbf16>) -> tensor<384x256xf32> {
    %e = tensor.empty() : tensor<384x256xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<384x256xf32>) -> tensor<384x256xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<384x16384xbf16>, tensor<256x16384xbf16>) outs(%init : tensor<384x256xf32>) -> tensor<384x256xf32>
    return %c : tensor<384x256xf32>
  }
}
