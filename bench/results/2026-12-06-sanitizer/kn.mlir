module {
  func.func @mm_bf16_kn_256x256x512(%a: tensor<256x512xbf16>, %b: tensor<512x256xbf16>) -> tensor<256x256xf32> {
    %e = tensor.empty() : tensor<256x256xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul
        ins(%a, %b : tensor<256x512xbf16>, tensor<512x256xbf16>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %r : tensor<256x256xf32>
  }

  func.func @mm_bf16_kn_300x1000x136(%a: tensor<300x136xbf16>, %b: tensor<136x1000xbf16>) -> tensor<300x1000xf32> {
    %e = tensor.empty() : tensor<300x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %r = linalg.matmul
        ins(%a, %b : tensor<300x136xbf16>, tensor<136x1000xbf16>) outs(%init : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %r : tensor<300x1000xf32>
  }

  func.func @mm_bf16_nk_300x1000x129(%a: tensor<300x129xbf16>, %b: tensor<1000x129xbf16>) -> tensor<300x1000xf32> {
    %e = tensor.empty() : tensor<300x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %r = linalg.matmul
        indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
        ins(%a, %b : tensor<300x129xbf16>, tensor<1000x129xbf16>) outs(%init : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %r : tensor<300x1000xf32>
  }

  func.func @mm_bf16_kn_300x1000x129(%a: tensor<300x129xbf16>, %b: tensor<129x1000xbf16>) -> tensor<300x1000xf32> {
    %e = tensor.empty() : tensor<300x1000xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    %r = linalg.matmul
        ins(%a, %b : tensor<300x129xbf16>, tensor<129x1000xbf16>) outs(%init : tensor<300x1000xf32>) -> tensor<300x1000xf32>
    return %r : tensor<300x1000xf32>
  }
}
