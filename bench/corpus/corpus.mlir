module {
  func.func @llama_qkv_decode_b1_nk(%arg0: tensor<1x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<1x4096xbf16>, tensor<1x4096xbf16>, tensor<1x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<1x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %6 = tensor.empty() : tensor<1x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<1x4096xf32>) outs(%6 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    %8 = tensor.empty() : tensor<4096x4096xbf16>
    %9 = linalg.transpose ins(%arg2 : tensor<4096x4096xbf16>) outs(%8 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %10 = tensor.empty() : tensor<1x4096xf32>
    %11 = linalg.fill ins(%zero : f32) outs(%10 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %12 = linalg.matmul ins(%arg0, %9 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%11 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %13 = tensor.empty() : tensor<1x4096xbf16>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<1x4096xf32>) outs(%13 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    %15 = tensor.empty() : tensor<4096x4096xbf16>
    %16 = linalg.transpose ins(%arg3 : tensor<4096x4096xbf16>) outs(%15 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %17 = tensor.empty() : tensor<1x4096xf32>
    %18 = linalg.fill ins(%zero : f32) outs(%17 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %19 = linalg.matmul ins(%arg0, %16 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%18 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %20 = tensor.empty() : tensor<1x4096xbf16>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<1x4096xf32>) outs(%20 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    return %7, %14, %21 : tensor<1x4096xbf16>, tensor<1x4096xbf16>, tensor<1x4096xbf16>
  }

  func.func @llama_o_decode_b1_nk(%arg0: tensor<1x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<1x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<1x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %6 = tensor.empty() : tensor<1x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<1x4096xf32>) outs(%6 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    return %7 : tensor<1x4096xbf16>
  }

  func.func @llama_mlp_decode_b1_nk(%arg0: tensor<1x4096xbf16>, %arg1: tensor<11008x4096xbf16>, %arg2: tensor<11008x4096xbf16>, %arg3: tensor<4096x11008xbf16>) -> (tensor<1x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x11008xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<11008x4096xbf16>) outs(%1 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<1x11008xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<1x4096xbf16>, tensor<4096x11008xbf16>) outs(%4 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %6 = tensor.empty() : tensor<1x11008xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<1x11008xf32>) outs(%6 : tensor<1x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %8 = tensor.empty() : tensor<1x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<1x11008xbf16>) outs(%8 : tensor<1x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<1x11008xf32>
    %10 = tensor.empty() : tensor<1x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<1x11008xf32>) outs(%10 : tensor<1x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<1x11008xf32>
    %12 = tensor.empty() : tensor<1x11008xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9, %11 : tensor<1x11008xf32>, tensor<1x11008xf32>) outs(%12 : tensor<1x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<1x11008xf32>
    %14 = tensor.empty() : tensor<1x11008xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<1x11008xf32>) outs(%14 : tensor<1x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %16 = tensor.empty() : tensor<4096x11008xbf16>
    %17 = linalg.transpose ins(%arg2 : tensor<11008x4096xbf16>) outs(%16 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %18 = tensor.empty() : tensor<1x11008xf32>
    %19 = linalg.fill ins(%zero : f32) outs(%18 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %20 = linalg.matmul ins(%arg0, %17 : tensor<1x4096xbf16>, tensor<4096x11008xbf16>) outs(%19 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %21 = tensor.empty() : tensor<1x11008xbf16>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<1x11008xf32>) outs(%21 : tensor<1x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %23 = tensor.empty() : tensor<1x11008xbf16>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15, %22 : tensor<1x11008xbf16>, tensor<1x11008xbf16>) outs(%23 : tensor<1x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %25 = tensor.empty() : tensor<11008x4096xbf16>
    %26 = linalg.transpose ins(%arg3 : tensor<4096x11008xbf16>) outs(%25 : tensor<11008x4096xbf16>) permutation = [1, 0]
    %27 = tensor.empty() : tensor<1x4096xf32>
    %28 = linalg.fill ins(%zero : f32) outs(%27 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %29 = linalg.matmul ins(%24, %26 : tensor<1x11008xbf16>, tensor<11008x4096xbf16>) outs(%28 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %30 = tensor.empty() : tensor<1x4096xbf16>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<1x4096xf32>) outs(%30 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    return %31 : tensor<1x4096xbf16>
  }

  func.func @llama_qkv_decode_b1_kn(%arg0: tensor<1x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<1x4096xbf16>, tensor<1x4096xbf16>, tensor<1x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<1x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %4 = tensor.empty() : tensor<1x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<1x4096xf32>) outs(%4 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    %6 = tensor.empty() : tensor<1x4096xf32>
    %7 = linalg.fill ins(%zero : f32) outs(%6 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %8 = linalg.matmul ins(%arg0, %arg2 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%7 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %9 = tensor.empty() : tensor<1x4096xbf16>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<1x4096xf32>) outs(%9 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    %11 = tensor.empty() : tensor<1x4096xf32>
    %12 = linalg.fill ins(%zero : f32) outs(%11 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %13 = linalg.matmul ins(%arg0, %arg3 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%12 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %14 = tensor.empty() : tensor<1x4096xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<1x4096xf32>) outs(%14 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    return %5, %10, %15 : tensor<1x4096xbf16>, tensor<1x4096xbf16>, tensor<1x4096xbf16>
  }

  func.func @llama_o_decode_b1_kn(%arg0: tensor<1x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<1x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<1x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<1x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %4 = tensor.empty() : tensor<1x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<1x4096xf32>) outs(%4 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    return %5 : tensor<1x4096xbf16>
  }

  func.func @llama_mlp_decode_b1_kn(%arg0: tensor<1x4096xbf16>, %arg1: tensor<4096x11008xbf16>, %arg2: tensor<4096x11008xbf16>, %arg3: tensor<11008x4096xbf16>) -> (tensor<1x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<1x11008xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<1x4096xbf16>, tensor<4096x11008xbf16>) outs(%2 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %4 = tensor.empty() : tensor<1x11008xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<1x11008xf32>) outs(%4 : tensor<1x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %6 = tensor.empty() : tensor<1x11008xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<1x11008xbf16>) outs(%6 : tensor<1x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<1x11008xf32>
    %8 = tensor.empty() : tensor<1x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<1x11008xf32>) outs(%8 : tensor<1x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<1x11008xf32>
    %10 = tensor.empty() : tensor<1x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7, %9 : tensor<1x11008xf32>, tensor<1x11008xf32>) outs(%10 : tensor<1x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<1x11008xf32>
    %12 = tensor.empty() : tensor<1x11008xbf16>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<1x11008xf32>) outs(%12 : tensor<1x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %14 = tensor.empty() : tensor<1x11008xf32>
    %15 = linalg.fill ins(%zero : f32) outs(%14 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %16 = linalg.matmul ins(%arg0, %arg2 : tensor<1x4096xbf16>, tensor<4096x11008xbf16>) outs(%15 : tensor<1x11008xf32>) -> tensor<1x11008xf32>
    %17 = tensor.empty() : tensor<1x11008xbf16>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<1x11008xf32>) outs(%17 : tensor<1x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %19 = tensor.empty() : tensor<1x11008xbf16>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13, %18 : tensor<1x11008xbf16>, tensor<1x11008xbf16>) outs(%19 : tensor<1x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<1x11008xbf16>
    %21 = tensor.empty() : tensor<1x4096xf32>
    %22 = linalg.fill ins(%zero : f32) outs(%21 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %23 = linalg.matmul ins(%20, %arg3 : tensor<1x11008xbf16>, tensor<11008x4096xbf16>) outs(%22 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
    %24 = tensor.empty() : tensor<1x4096xbf16>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<1x4096xf32>) outs(%24 : tensor<1x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<1x4096xbf16>
    return %25 : tensor<1x4096xbf16>
  }

  func.func @llama_qkv_decode_b4_nk(%arg0: tensor<4x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<4x4096xbf16>, tensor<4x4096xbf16>, tensor<4x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<4x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %6 = tensor.empty() : tensor<4x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x4096xf32>) outs(%6 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    %8 = tensor.empty() : tensor<4096x4096xbf16>
    %9 = linalg.transpose ins(%arg2 : tensor<4096x4096xbf16>) outs(%8 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %10 = tensor.empty() : tensor<4x4096xf32>
    %11 = linalg.fill ins(%zero : f32) outs(%10 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %12 = linalg.matmul ins(%arg0, %9 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%11 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %13 = tensor.empty() : tensor<4x4096xbf16>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<4x4096xf32>) outs(%13 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    %15 = tensor.empty() : tensor<4096x4096xbf16>
    %16 = linalg.transpose ins(%arg3 : tensor<4096x4096xbf16>) outs(%15 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %17 = tensor.empty() : tensor<4x4096xf32>
    %18 = linalg.fill ins(%zero : f32) outs(%17 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %19 = linalg.matmul ins(%arg0, %16 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%18 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %20 = tensor.empty() : tensor<4x4096xbf16>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<4x4096xf32>) outs(%20 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    return %7, %14, %21 : tensor<4x4096xbf16>, tensor<4x4096xbf16>, tensor<4x4096xbf16>
  }

  func.func @llama_o_decode_b4_nk(%arg0: tensor<4x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<4x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<4x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %6 = tensor.empty() : tensor<4x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x4096xf32>) outs(%6 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    return %7 : tensor<4x4096xbf16>
  }

  func.func @llama_mlp_decode_b4_nk(%arg0: tensor<4x4096xbf16>, %arg1: tensor<11008x4096xbf16>, %arg2: tensor<11008x4096xbf16>, %arg3: tensor<4096x11008xbf16>) -> (tensor<4x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x11008xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<11008x4096xbf16>) outs(%1 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<4x11008xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<4x4096xbf16>, tensor<4096x11008xbf16>) outs(%4 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %6 = tensor.empty() : tensor<4x11008xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x11008xf32>) outs(%6 : tensor<4x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %8 = tensor.empty() : tensor<4x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x11008xbf16>) outs(%8 : tensor<4x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<4x11008xf32>
    %10 = tensor.empty() : tensor<4x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x11008xf32>) outs(%10 : tensor<4x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<4x11008xf32>
    %12 = tensor.empty() : tensor<4x11008xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9, %11 : tensor<4x11008xf32>, tensor<4x11008xf32>) outs(%12 : tensor<4x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<4x11008xf32>
    %14 = tensor.empty() : tensor<4x11008xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x11008xf32>) outs(%14 : tensor<4x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %16 = tensor.empty() : tensor<4096x11008xbf16>
    %17 = linalg.transpose ins(%arg2 : tensor<11008x4096xbf16>) outs(%16 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %18 = tensor.empty() : tensor<4x11008xf32>
    %19 = linalg.fill ins(%zero : f32) outs(%18 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %20 = linalg.matmul ins(%arg0, %17 : tensor<4x4096xbf16>, tensor<4096x11008xbf16>) outs(%19 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %21 = tensor.empty() : tensor<4x11008xbf16>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<4x11008xf32>) outs(%21 : tensor<4x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %23 = tensor.empty() : tensor<4x11008xbf16>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15, %22 : tensor<4x11008xbf16>, tensor<4x11008xbf16>) outs(%23 : tensor<4x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %25 = tensor.empty() : tensor<11008x4096xbf16>
    %26 = linalg.transpose ins(%arg3 : tensor<4096x11008xbf16>) outs(%25 : tensor<11008x4096xbf16>) permutation = [1, 0]
    %27 = tensor.empty() : tensor<4x4096xf32>
    %28 = linalg.fill ins(%zero : f32) outs(%27 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %29 = linalg.matmul ins(%24, %26 : tensor<4x11008xbf16>, tensor<11008x4096xbf16>) outs(%28 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %30 = tensor.empty() : tensor<4x4096xbf16>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<4x4096xf32>) outs(%30 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    return %31 : tensor<4x4096xbf16>
  }

  func.func @llama_qkv_decode_b4_kn(%arg0: tensor<4x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<4x4096xbf16>, tensor<4x4096xbf16>, tensor<4x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %4 = tensor.empty() : tensor<4x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x4096xf32>) outs(%4 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    %6 = tensor.empty() : tensor<4x4096xf32>
    %7 = linalg.fill ins(%zero : f32) outs(%6 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %8 = linalg.matmul ins(%arg0, %arg2 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%7 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %9 = tensor.empty() : tensor<4x4096xbf16>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<4x4096xf32>) outs(%9 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    %11 = tensor.empty() : tensor<4x4096xf32>
    %12 = linalg.fill ins(%zero : f32) outs(%11 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %13 = linalg.matmul ins(%arg0, %arg3 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%12 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %14 = tensor.empty() : tensor<4x4096xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x4096xf32>) outs(%14 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    return %5, %10, %15 : tensor<4x4096xbf16>, tensor<4x4096xbf16>, tensor<4x4096xbf16>
  }

  func.func @llama_o_decode_b4_kn(%arg0: tensor<4x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<4x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<4x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %4 = tensor.empty() : tensor<4x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x4096xf32>) outs(%4 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    return %5 : tensor<4x4096xbf16>
  }

  func.func @llama_mlp_decode_b4_kn(%arg0: tensor<4x4096xbf16>, %arg1: tensor<4096x11008xbf16>, %arg2: tensor<4096x11008xbf16>, %arg3: tensor<11008x4096xbf16>) -> (tensor<4x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4x11008xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<4x4096xbf16>, tensor<4096x11008xbf16>) outs(%2 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %4 = tensor.empty() : tensor<4x11008xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4x11008xf32>) outs(%4 : tensor<4x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %6 = tensor.empty() : tensor<4x11008xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4x11008xbf16>) outs(%6 : tensor<4x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<4x11008xf32>
    %8 = tensor.empty() : tensor<4x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<4x11008xf32>) outs(%8 : tensor<4x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<4x11008xf32>
    %10 = tensor.empty() : tensor<4x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7, %9 : tensor<4x11008xf32>, tensor<4x11008xf32>) outs(%10 : tensor<4x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<4x11008xf32>
    %12 = tensor.empty() : tensor<4x11008xbf16>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x11008xf32>) outs(%12 : tensor<4x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %14 = tensor.empty() : tensor<4x11008xf32>
    %15 = linalg.fill ins(%zero : f32) outs(%14 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %16 = linalg.matmul ins(%arg0, %arg2 : tensor<4x4096xbf16>, tensor<4096x11008xbf16>) outs(%15 : tensor<4x11008xf32>) -> tensor<4x11008xf32>
    %17 = tensor.empty() : tensor<4x11008xbf16>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<4x11008xf32>) outs(%17 : tensor<4x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %19 = tensor.empty() : tensor<4x11008xbf16>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13, %18 : tensor<4x11008xbf16>, tensor<4x11008xbf16>) outs(%19 : tensor<4x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<4x11008xbf16>
    %21 = tensor.empty() : tensor<4x4096xf32>
    %22 = linalg.fill ins(%zero : f32) outs(%21 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %23 = linalg.matmul ins(%20, %arg3 : tensor<4x11008xbf16>, tensor<11008x4096xbf16>) outs(%22 : tensor<4x4096xf32>) -> tensor<4x4096xf32>
    %24 = tensor.empty() : tensor<4x4096xbf16>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<4x4096xf32>) outs(%24 : tensor<4x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4x4096xbf16>
    return %25 : tensor<4x4096xbf16>
  }

  func.func @llama_qkv_decode_b16_nk(%arg0: tensor<16x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<16x4096xbf16>, tensor<16x4096xbf16>, tensor<16x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<16x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %6 = tensor.empty() : tensor<16x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x4096xf32>) outs(%6 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    %8 = tensor.empty() : tensor<4096x4096xbf16>
    %9 = linalg.transpose ins(%arg2 : tensor<4096x4096xbf16>) outs(%8 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %10 = tensor.empty() : tensor<16x4096xf32>
    %11 = linalg.fill ins(%zero : f32) outs(%10 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %12 = linalg.matmul ins(%arg0, %9 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%11 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %13 = tensor.empty() : tensor<16x4096xbf16>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<16x4096xf32>) outs(%13 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    %15 = tensor.empty() : tensor<4096x4096xbf16>
    %16 = linalg.transpose ins(%arg3 : tensor<4096x4096xbf16>) outs(%15 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %17 = tensor.empty() : tensor<16x4096xf32>
    %18 = linalg.fill ins(%zero : f32) outs(%17 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %19 = linalg.matmul ins(%arg0, %16 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%18 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %20 = tensor.empty() : tensor<16x4096xbf16>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<16x4096xf32>) outs(%20 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    return %7, %14, %21 : tensor<16x4096xbf16>, tensor<16x4096xbf16>, tensor<16x4096xbf16>
  }

  func.func @llama_o_decode_b16_nk(%arg0: tensor<16x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<16x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<16x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %6 = tensor.empty() : tensor<16x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x4096xf32>) outs(%6 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    return %7 : tensor<16x4096xbf16>
  }

  func.func @llama_mlp_decode_b16_nk(%arg0: tensor<16x4096xbf16>, %arg1: tensor<11008x4096xbf16>, %arg2: tensor<11008x4096xbf16>, %arg3: tensor<4096x11008xbf16>) -> (tensor<16x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x11008xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<11008x4096xbf16>) outs(%1 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<16x11008xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<16x4096xbf16>, tensor<4096x11008xbf16>) outs(%4 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %6 = tensor.empty() : tensor<16x11008xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x11008xf32>) outs(%6 : tensor<16x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %8 = tensor.empty() : tensor<16x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<16x11008xbf16>) outs(%8 : tensor<16x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<16x11008xf32>
    %10 = tensor.empty() : tensor<16x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<16x11008xf32>) outs(%10 : tensor<16x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<16x11008xf32>
    %12 = tensor.empty() : tensor<16x11008xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9, %11 : tensor<16x11008xf32>, tensor<16x11008xf32>) outs(%12 : tensor<16x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<16x11008xf32>
    %14 = tensor.empty() : tensor<16x11008xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<16x11008xf32>) outs(%14 : tensor<16x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %16 = tensor.empty() : tensor<4096x11008xbf16>
    %17 = linalg.transpose ins(%arg2 : tensor<11008x4096xbf16>) outs(%16 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %18 = tensor.empty() : tensor<16x11008xf32>
    %19 = linalg.fill ins(%zero : f32) outs(%18 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %20 = linalg.matmul ins(%arg0, %17 : tensor<16x4096xbf16>, tensor<4096x11008xbf16>) outs(%19 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %21 = tensor.empty() : tensor<16x11008xbf16>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<16x11008xf32>) outs(%21 : tensor<16x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %23 = tensor.empty() : tensor<16x11008xbf16>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15, %22 : tensor<16x11008xbf16>, tensor<16x11008xbf16>) outs(%23 : tensor<16x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %25 = tensor.empty() : tensor<11008x4096xbf16>
    %26 = linalg.transpose ins(%arg3 : tensor<4096x11008xbf16>) outs(%25 : tensor<11008x4096xbf16>) permutation = [1, 0]
    %27 = tensor.empty() : tensor<16x4096xf32>
    %28 = linalg.fill ins(%zero : f32) outs(%27 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %29 = linalg.matmul ins(%24, %26 : tensor<16x11008xbf16>, tensor<11008x4096xbf16>) outs(%28 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %30 = tensor.empty() : tensor<16x4096xbf16>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<16x4096xf32>) outs(%30 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    return %31 : tensor<16x4096xbf16>
  }

  func.func @llama_qkv_decode_b16_kn(%arg0: tensor<16x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<16x4096xbf16>, tensor<16x4096xbf16>, tensor<16x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<16x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %4 = tensor.empty() : tensor<16x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16x4096xf32>) outs(%4 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    %6 = tensor.empty() : tensor<16x4096xf32>
    %7 = linalg.fill ins(%zero : f32) outs(%6 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %8 = linalg.matmul ins(%arg0, %arg2 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%7 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %9 = tensor.empty() : tensor<16x4096xbf16>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<16x4096xf32>) outs(%9 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    %11 = tensor.empty() : tensor<16x4096xf32>
    %12 = linalg.fill ins(%zero : f32) outs(%11 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %13 = linalg.matmul ins(%arg0, %arg3 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%12 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %14 = tensor.empty() : tensor<16x4096xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<16x4096xf32>) outs(%14 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    return %5, %10, %15 : tensor<16x4096xbf16>, tensor<16x4096xbf16>, tensor<16x4096xbf16>
  }

  func.func @llama_o_decode_b16_kn(%arg0: tensor<16x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<16x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<16x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<16x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %4 = tensor.empty() : tensor<16x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16x4096xf32>) outs(%4 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    return %5 : tensor<16x4096xbf16>
  }

  func.func @llama_mlp_decode_b16_kn(%arg0: tensor<16x4096xbf16>, %arg1: tensor<4096x11008xbf16>, %arg2: tensor<4096x11008xbf16>, %arg3: tensor<11008x4096xbf16>) -> (tensor<16x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<16x11008xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<16x4096xbf16>, tensor<4096x11008xbf16>) outs(%2 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %4 = tensor.empty() : tensor<16x11008xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<16x11008xf32>) outs(%4 : tensor<16x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %6 = tensor.empty() : tensor<16x11008xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<16x11008xbf16>) outs(%6 : tensor<16x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<16x11008xf32>
    %8 = tensor.empty() : tensor<16x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<16x11008xf32>) outs(%8 : tensor<16x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<16x11008xf32>
    %10 = tensor.empty() : tensor<16x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7, %9 : tensor<16x11008xf32>, tensor<16x11008xf32>) outs(%10 : tensor<16x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<16x11008xf32>
    %12 = tensor.empty() : tensor<16x11008xbf16>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<16x11008xf32>) outs(%12 : tensor<16x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %14 = tensor.empty() : tensor<16x11008xf32>
    %15 = linalg.fill ins(%zero : f32) outs(%14 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %16 = linalg.matmul ins(%arg0, %arg2 : tensor<16x4096xbf16>, tensor<4096x11008xbf16>) outs(%15 : tensor<16x11008xf32>) -> tensor<16x11008xf32>
    %17 = tensor.empty() : tensor<16x11008xbf16>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<16x11008xf32>) outs(%17 : tensor<16x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %19 = tensor.empty() : tensor<16x11008xbf16>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13, %18 : tensor<16x11008xbf16>, tensor<16x11008xbf16>) outs(%19 : tensor<16x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<16x11008xbf16>
    %21 = tensor.empty() : tensor<16x4096xf32>
    %22 = linalg.fill ins(%zero : f32) outs(%21 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %23 = linalg.matmul ins(%20, %arg3 : tensor<16x11008xbf16>, tensor<11008x4096xbf16>) outs(%22 : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    %24 = tensor.empty() : tensor<16x4096xbf16>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<16x4096xf32>) outs(%24 : tensor<16x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<16x4096xbf16>
    return %25 : tensor<16x4096xbf16>
  }

  func.func @llama_qkv_prefill_nk(%arg0: tensor<2048x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<2048x4096xbf16>, tensor<2048x4096xbf16>, tensor<2048x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<2048x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %6 = tensor.empty() : tensor<2048x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<2048x4096xf32>) outs(%6 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    %8 = tensor.empty() : tensor<4096x4096xbf16>
    %9 = linalg.transpose ins(%arg2 : tensor<4096x4096xbf16>) outs(%8 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %10 = tensor.empty() : tensor<2048x4096xf32>
    %11 = linalg.fill ins(%zero : f32) outs(%10 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %12 = linalg.matmul ins(%arg0, %9 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%11 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %13 = tensor.empty() : tensor<2048x4096xbf16>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<2048x4096xf32>) outs(%13 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    %15 = tensor.empty() : tensor<4096x4096xbf16>
    %16 = linalg.transpose ins(%arg3 : tensor<4096x4096xbf16>) outs(%15 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %17 = tensor.empty() : tensor<2048x4096xf32>
    %18 = linalg.fill ins(%zero : f32) outs(%17 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %19 = linalg.matmul ins(%arg0, %16 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%18 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %20 = tensor.empty() : tensor<2048x4096xbf16>
    %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<2048x4096xf32>) outs(%20 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    return %7, %14, %21 : tensor<2048x4096xbf16>, tensor<2048x4096xbf16>, tensor<2048x4096xbf16>
  }

  func.func @llama_o_prefill_nk(%arg0: tensor<2048x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<2048x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<2048x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %6 = tensor.empty() : tensor<2048x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<2048x4096xf32>) outs(%6 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    return %7 : tensor<2048x4096xbf16>
  }

  func.func @llama_mlp_prefill_nk(%arg0: tensor<2048x4096xbf16>, %arg1: tensor<11008x4096xbf16>, %arg2: tensor<11008x4096xbf16>, %arg3: tensor<4096x11008xbf16>) -> (tensor<2048x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x11008xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<11008x4096xbf16>) outs(%1 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<2048x11008xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) outs(%4 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %6 = tensor.empty() : tensor<2048x11008xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<2048x11008xf32>) outs(%6 : tensor<2048x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %8 = tensor.empty() : tensor<2048x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<2048x11008xbf16>) outs(%8 : tensor<2048x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<2048x11008xf32>
    %10 = tensor.empty() : tensor<2048x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<2048x11008xf32>) outs(%10 : tensor<2048x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<2048x11008xf32>
    %12 = tensor.empty() : tensor<2048x11008xf32>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9, %11 : tensor<2048x11008xf32>, tensor<2048x11008xf32>) outs(%12 : tensor<2048x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<2048x11008xf32>
    %14 = tensor.empty() : tensor<2048x11008xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<2048x11008xf32>) outs(%14 : tensor<2048x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %16 = tensor.empty() : tensor<4096x11008xbf16>
    %17 = linalg.transpose ins(%arg2 : tensor<11008x4096xbf16>) outs(%16 : tensor<4096x11008xbf16>) permutation = [1, 0]
    %18 = tensor.empty() : tensor<2048x11008xf32>
    %19 = linalg.fill ins(%zero : f32) outs(%18 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %20 = linalg.matmul ins(%arg0, %17 : tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) outs(%19 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %21 = tensor.empty() : tensor<2048x11008xbf16>
    %22 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<2048x11008xf32>) outs(%21 : tensor<2048x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %23 = tensor.empty() : tensor<2048x11008xbf16>
    %24 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15, %22 : tensor<2048x11008xbf16>, tensor<2048x11008xbf16>) outs(%23 : tensor<2048x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %25 = tensor.empty() : tensor<11008x4096xbf16>
    %26 = linalg.transpose ins(%arg3 : tensor<4096x11008xbf16>) outs(%25 : tensor<11008x4096xbf16>) permutation = [1, 0]
    %27 = tensor.empty() : tensor<2048x4096xf32>
    %28 = linalg.fill ins(%zero : f32) outs(%27 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %29 = linalg.matmul ins(%24, %26 : tensor<2048x11008xbf16>, tensor<11008x4096xbf16>) outs(%28 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %30 = tensor.empty() : tensor<2048x4096xbf16>
    %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<2048x4096xf32>) outs(%30 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    return %31 : tensor<2048x4096xbf16>
  }

  func.func @llama_qkv_prefill_kn(%arg0: tensor<2048x4096xbf16>, %arg1: tensor<4096x4096xbf16>, %arg2: tensor<4096x4096xbf16>, %arg3: tensor<4096x4096xbf16>) -> (tensor<2048x4096xbf16>, tensor<2048x4096xbf16>, tensor<2048x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<2048x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %4 = tensor.empty() : tensor<2048x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<2048x4096xf32>) outs(%4 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    %6 = tensor.empty() : tensor<2048x4096xf32>
    %7 = linalg.fill ins(%zero : f32) outs(%6 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %8 = linalg.matmul ins(%arg0, %arg2 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%7 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %9 = tensor.empty() : tensor<2048x4096xbf16>
    %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<2048x4096xf32>) outs(%9 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    %11 = tensor.empty() : tensor<2048x4096xf32>
    %12 = linalg.fill ins(%zero : f32) outs(%11 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %13 = linalg.matmul ins(%arg0, %arg3 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%12 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %14 = tensor.empty() : tensor<2048x4096xbf16>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<2048x4096xf32>) outs(%14 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    return %5, %10, %15 : tensor<2048x4096xbf16>, tensor<2048x4096xbf16>, tensor<2048x4096xbf16>
  }

  func.func @llama_o_prefill_kn(%arg0: tensor<2048x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<2048x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<2048x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<2048x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %4 = tensor.empty() : tensor<2048x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<2048x4096xf32>) outs(%4 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    return %5 : tensor<2048x4096xbf16>
  }

  func.func @llama_mlp_prefill_kn(%arg0: tensor<2048x4096xbf16>, %arg1: tensor<4096x11008xbf16>, %arg2: tensor<4096x11008xbf16>, %arg3: tensor<11008x4096xbf16>) -> (tensor<2048x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<2048x11008xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) outs(%2 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %4 = tensor.empty() : tensor<2048x11008xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<2048x11008xf32>) outs(%4 : tensor<2048x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %6 = tensor.empty() : tensor<2048x11008xf32>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<2048x11008xbf16>) outs(%6 : tensor<2048x11008xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<2048x11008xf32>
    %8 = tensor.empty() : tensor<2048x11008xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<2048x11008xf32>) outs(%8 : tensor<2048x11008xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      linalg.yield %r : f32
    } -> tensor<2048x11008xf32>
    %10 = tensor.empty() : tensor<2048x11008xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7, %9 : tensor<2048x11008xf32>, tensor<2048x11008xf32>) outs(%10 : tensor<2048x11008xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %r = arith.mulf %a, %b : f32
      linalg.yield %r : f32
    } -> tensor<2048x11008xf32>
    %12 = tensor.empty() : tensor<2048x11008xbf16>
    %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<2048x11008xf32>) outs(%12 : tensor<2048x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %14 = tensor.empty() : tensor<2048x11008xf32>
    %15 = linalg.fill ins(%zero : f32) outs(%14 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %16 = linalg.matmul ins(%arg0, %arg2 : tensor<2048x4096xbf16>, tensor<4096x11008xbf16>) outs(%15 : tensor<2048x11008xf32>) -> tensor<2048x11008xf32>
    %17 = tensor.empty() : tensor<2048x11008xbf16>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<2048x11008xf32>) outs(%17 : tensor<2048x11008xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %19 = tensor.empty() : tensor<2048x11008xbf16>
    %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13, %18 : tensor<2048x11008xbf16>, tensor<2048x11008xbf16>) outs(%19 : tensor<2048x11008xbf16>) {
    ^bb0(%a: bf16, %b: bf16, %out: bf16):
      %r = arith.mulf %a, %b : bf16
      linalg.yield %r : bf16
    } -> tensor<2048x11008xbf16>
    %21 = tensor.empty() : tensor<2048x4096xf32>
    %22 = linalg.fill ins(%zero : f32) outs(%21 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %23 = linalg.matmul ins(%20, %arg3 : tensor<2048x11008xbf16>, tensor<11008x4096xbf16>) outs(%22 : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %24 = tensor.empty() : tensor<2048x4096xbf16>
    %25 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<2048x4096xf32>) outs(%24 : tensor<2048x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<2048x4096xbf16>
    return %25 : tensor<2048x4096xbf16>
  }

  func.func @attn_scores_decode_b1(%arg0: tensor<32x1x128xbf16>, %arg1: tensor<32x128x1024xbf16>) -> (tensor<32x1x1024xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<32x1x1024xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<32x1x1024xf32>) -> tensor<32x1x1024xf32>
    %3 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<32x1x128xbf16>, tensor<32x128x1024xbf16>) outs(%2 : tensor<32x1x1024xf32>) -> tensor<32x1x1024xf32>
    %4 = tensor.empty() : tensor<32x1x1024xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<32x1x1024xf32>) outs(%4 : tensor<32x1x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<32x1x1024xbf16>
    return %5 : tensor<32x1x1024xbf16>
  }

  func.func @attn_values_decode_b1(%arg0: tensor<32x1x1024xbf16>, %arg1: tensor<32x1024x128xbf16>) -> (tensor<32x1x128xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<32x1x128xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<32x1x128xf32>) -> tensor<32x1x128xf32>
    %3 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<32x1x1024xbf16>, tensor<32x1024x128xbf16>) outs(%2 : tensor<32x1x128xf32>) -> tensor<32x1x128xf32>
    %4 = tensor.empty() : tensor<32x1x128xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<32x1x128xf32>) outs(%4 : tensor<32x1x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<32x1x128xbf16>
    return %5 : tensor<32x1x128xbf16>
  }

  func.func @attn_scores_decode_b4(%arg0: tensor<128x1x128xbf16>, %arg1: tensor<128x128x1024xbf16>) -> (tensor<128x1x1024xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<128x1x1024xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<128x1x1024xf32>) -> tensor<128x1x1024xf32>
    %3 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<128x1x128xbf16>, tensor<128x128x1024xbf16>) outs(%2 : tensor<128x1x1024xf32>) -> tensor<128x1x1024xf32>
    %4 = tensor.empty() : tensor<128x1x1024xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<128x1x1024xf32>) outs(%4 : tensor<128x1x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<128x1x1024xbf16>
    return %5 : tensor<128x1x1024xbf16>
  }

  func.func @attn_values_decode_b4(%arg0: tensor<128x1x1024xbf16>, %arg1: tensor<128x1024x128xbf16>) -> (tensor<128x1x128xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<128x1x128xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<128x1x128xf32>) -> tensor<128x1x128xf32>
    %3 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<128x1x1024xbf16>, tensor<128x1024x128xbf16>) outs(%2 : tensor<128x1x128xf32>) -> tensor<128x1x128xf32>
    %4 = tensor.empty() : tensor<128x1x128xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<128x1x128xf32>) outs(%4 : tensor<128x1x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<128x1x128xbf16>
    return %5 : tensor<128x1x128xbf16>
  }

  func.func @attn_scores_decode_b16(%arg0: tensor<512x1x128xbf16>, %arg1: tensor<512x128x1024xbf16>) -> (tensor<512x1x1024xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<512x1x1024xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<512x1x1024xf32>) -> tensor<512x1x1024xf32>
    %3 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<512x1x128xbf16>, tensor<512x128x1024xbf16>) outs(%2 : tensor<512x1x1024xf32>) -> tensor<512x1x1024xf32>
    %4 = tensor.empty() : tensor<512x1x1024xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<512x1x1024xf32>) outs(%4 : tensor<512x1x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<512x1x1024xbf16>
    return %5 : tensor<512x1x1024xbf16>
  }

  func.func @attn_values_decode_b16(%arg0: tensor<512x1x1024xbf16>, %arg1: tensor<512x1024x128xbf16>) -> (tensor<512x1x128xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<512x1x128xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<512x1x128xf32>) -> tensor<512x1x128xf32>
    %3 = linalg.batch_matmul ins(%arg0, %arg1 : tensor<512x1x1024xbf16>, tensor<512x1024x128xbf16>) outs(%2 : tensor<512x1x128xf32>) -> tensor<512x1x128xf32>
    %4 = tensor.empty() : tensor<512x1x128xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3 : tensor<512x1x128xf32>) outs(%4 : tensor<512x1x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<512x1x128xbf16>
    return %5 : tensor<512x1x128xbf16>
  }

  func.func @gpt2_mlp_t512(%arg0: tensor<512x768xbf16>, %arg1: tensor<3072x768xbf16>, %arg2: tensor<3072xbf16>, %arg3: tensor<768x3072xbf16>, %arg4: tensor<768xbf16>) -> (tensor<512x768xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<3072xf32>
    %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg2 : tensor<3072xbf16>) outs(%1 : tensor<3072xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<3072xf32>
    %3 = tensor.empty() : tensor<768x3072xbf16>
    %4 = linalg.transpose ins(%arg1 : tensor<3072x768xbf16>) outs(%3 : tensor<768x3072xbf16>) permutation = [1, 0]
    %5 = tensor.empty() : tensor<512x3072xf32>
    %6 = linalg.fill ins(%zero : f32) outs(%5 : tensor<512x3072xf32>) -> tensor<512x3072xf32>
    %7 = linalg.matmul ins(%arg0, %4 : tensor<512x768xbf16>, tensor<768x3072xbf16>) outs(%6 : tensor<512x3072xf32>) -> tensor<512x3072xf32>
    %8 = tensor.empty() : tensor<512x3072xbf16>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7, %2 : tensor<512x3072xf32>, tensor<3072xf32>) outs(%8 : tensor<512x3072xbf16>) {
    ^bb0(%in: f32, %bias: f32, %out: bf16):
      %v = arith.addf %in, %bias : f32
      %half = arith.constant 5.000000e-01 : f32
      %rs2 = arith.constant 0.707106769 : f32
      %s = arith.mulf %v, %rs2 : f32
      %er = math.erf %s : f32
      %p = arith.addf %er, %one : f32
      %h = arith.mulf %v, %half : f32
      %gl = arith.mulf %h, %p : f32
      %r = arith.truncf %gl : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<512x3072xbf16>
    %10 = tensor.empty() : tensor<768xf32>
    %11 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg4 : tensor<768xbf16>) outs(%10 : tensor<768xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %r = arith.extf %in : bf16 to f32
      linalg.yield %r : f32
    } -> tensor<768xf32>
    %12 = tensor.empty() : tensor<3072x768xbf16>
    %13 = linalg.transpose ins(%arg3 : tensor<768x3072xbf16>) outs(%12 : tensor<3072x768xbf16>) permutation = [1, 0]
    %14 = tensor.empty() : tensor<512x768xf32>
    %15 = linalg.fill ins(%zero : f32) outs(%14 : tensor<512x768xf32>) -> tensor<512x768xf32>
    %16 = linalg.matmul ins(%9, %13 : tensor<512x3072xbf16>, tensor<3072x768xbf16>) outs(%15 : tensor<512x768xf32>) -> tensor<512x768xf32>
    %17 = tensor.empty() : tensor<512x768xbf16>
    %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%16, %11 : tensor<512x768xf32>, tensor<768xf32>) outs(%17 : tensor<512x768xbf16>) {
    ^bb0(%in: f32, %bias: f32, %out: bf16):
      %v = arith.addf %in, %bias : f32
      %r = arith.truncf %v : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<512x768xbf16>
    return %18 : tensor<512x768xbf16>
  }

  func.func @mm_4096_nk(%arg0: tensor<4096x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<4096x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xbf16>
    %2 = linalg.transpose ins(%arg1 : tensor<4096x4096xbf16>) outs(%1 : tensor<4096x4096xbf16>) permutation = [1, 0]
    %3 = tensor.empty() : tensor<4096x4096xf32>
    %4 = linalg.fill ins(%zero : f32) outs(%3 : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %5 = linalg.matmul ins(%arg0, %2 : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%4 : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %6 = tensor.empty() : tensor<4096x4096xbf16>
    %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<4096x4096xf32>) outs(%6 : tensor<4096x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4096x4096xbf16>
    return %7 : tensor<4096x4096xbf16>
  }

  func.func @mm_4096_kn(%arg0: tensor<4096x4096xbf16>, %arg1: tensor<4096x4096xbf16>) -> (tensor<4096x4096xbf16>) {
    %zero = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %1 = tensor.empty() : tensor<4096x4096xf32>
    %2 = linalg.fill ins(%zero : f32) outs(%1 : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %3 = linalg.matmul ins(%arg0, %arg1 : tensor<4096x4096xbf16>, tensor<4096x4096xbf16>) outs(%2 : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %4 = tensor.empty() : tensor<4096x4096xbf16>
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<4096x4096xf32>) outs(%4 : tensor<4096x4096xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %r = arith.truncf %in : f32 to bf16
      linalg.yield %r : bf16
    } -> tensor<4096x4096xbf16>
    return %5 : tensor<4096x4096xbf16>
  }
}
