// Decode matmuls (M <= 16 tokens against an N x K bf16 weight, F.linear's
// layout) as compiled dispatches, for bench/decode_matmul_bench.py: the
// shapes the matmul family's decode ukernels are measured at (1, 8 and 16
// rows of 4096 x 4096, 11008 x 4096 and 16384 x 16384), down-projections
// with few columns and long rows (4096 x 14336, 4096 x 11008), and an LM head
// (128256 x 4096).
module {
  func.func @mm_bf16_1x4096x4096(%a: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xf32> {
    %e = tensor.empty() : tensor<1x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %c : tensor<1x4096xf32>
  }
  func.func @mm_bf16_1x11008x4096(%a: tensor<1x4096xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<1x11008xf32> {
    %e = tensor.empty() : tensor<1x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    return %c : tensor<1x11008xf32>
  }
  func.func @mm_bf16_1x16384x16384(%a: tensor<1x16384xbf16>, %w: tensor<16384x16384xbf16>) -> tensor<1x16384xf32> {
    %e = tensor.empty() : tensor<1x16384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16384xf32>) -> tensor<1x16384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x16384xbf16>, tensor<16384x16384xbf16>) outs(%init : tensor<1x16384xf32>) -> tensor<1x16384xf32>
    return %c : tensor<1x16384xf32>
  }
  func.func @mm_bf16_8x4096x4096(%a: tensor<8x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<8x4096xf32> {
    %e = tensor.empty() : tensor<8x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<8x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    return %c : tensor<8x4096xf32>
  }
  func.func @mm_bf16_8x11008x4096(%a: tensor<8x4096xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<8x11008xf32> {
    %e = tensor.empty() : tensor<8x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<8x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<8x11008xf32>) -> tensor<8x11008xf32>
    return %c : tensor<8x11008xf32>
  }
  func.func @mm_bf16_8x16384x16384(%a: tensor<8x16384xbf16>, %w: tensor<16384x16384xbf16>) -> tensor<8x16384xf32> {
    %e = tensor.empty() : tensor<8x16384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16384xf32>) -> tensor<8x16384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<8x16384xbf16>, tensor<16384x16384xbf16>) outs(%init : tensor<8x16384xf32>) -> tensor<8x16384xf32>
    return %c : tensor<8x16384xf32>
  }
  func.func @mm_bf16_16x4096x4096(%a: tensor<16x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<16x4096xf32> {
    %e = tensor.empty() : tensor<16x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%init : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    return %c : tensor<16x4096xf32>
  }
  func.func @mm_bf16_16x11008x4096(%a: tensor<16x4096xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<16x11008xf32> {
    %e = tensor.empty() : tensor<16x11008xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<16x4096xbf16>, tensor<11008x4096xbf16>) outs(%init : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    return %c : tensor<16x11008xf32>
  }
  func.func @mm_bf16_16x16384x16384(%a: tensor<16x16384xbf16>, %w: tensor<16384x16384xbf16>) -> tensor<16x16384xf32> {
    %e = tensor.empty() : tensor<16x16384xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x16384xf32>) -> tensor<16x16384xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<16x16384xbf16>, tensor<16384x16384xbf16>) outs(%init : tensor<16x16384xf32>) -> tensor<16x16384xf32>
    return %c : tensor<16x16384xf32>
  }
  func.func @mm_bf16_1x4096x14336(%a: tensor<1x14336xbf16>, %w: tensor<4096x14336xbf16>) -> tensor<1x4096xf32> {
    %e = tensor.empty() : tensor<1x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x14336xbf16>, tensor<4096x14336xbf16>) outs(%init : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %c : tensor<1x4096xf32>
  }
  func.func @mm_bf16_8x4096x14336(%a: tensor<8x14336xbf16>, %w: tensor<4096x14336xbf16>) -> tensor<8x4096xf32> {
    %e = tensor.empty() : tensor<8x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<8x14336xbf16>, tensor<4096x14336xbf16>) outs(%init : tensor<8x4096xf32>) -> tensor<8x4096xf32>
    return %c : tensor<8x4096xf32>
  }
  func.func @mm_bf16_1x4096x11008(%a: tensor<1x11008xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<1x4096xf32> {
    %e = tensor.empty() : tensor<1x4096xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x11008xbf16>, tensor<4096x11008xbf16>) outs(%init : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    return %c : tensor<1x4096xf32>
  }
  func.func @mm_bf16_1x128256x4096(%a: tensor<1x4096xbf16>, %w: tensor<128256x4096xbf16>) -> tensor<1x128256xf32> {
    %e = tensor.empty() : tensor<1x128256xf32>
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x128256xf32>) -> tensor<1x128256xf32>
    %c = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %w : tensor<1x4096xbf16>, tensor<128256x4096xbf16>) outs(%init : tensor<1x128256xf32>) -> tensor<1x128256xf32>
    return %c : tensor<1x128256xf32>
  }
}
