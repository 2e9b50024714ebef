// Integer arith and math ops on the GPU (each elementwise over 257
// elements, past one workgroup's 256): absi, the bit counts, signed and
// unsigned divisions with floor and ceiling, remainders, min/max, shifts,
// xor and ipowi, in i32 and i8; a tensor of index (64-bit in packages).
// `ukc-run run` checks each against upstream MLIR's CPU execution
// (`--reference`); generated integers are 1 to 4, so no division is by zero
// and no shift is past the width.
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.pkg --reference | FileCheck %s
// CHECK: wrote {{.*}}: 31 kernel(s)
// CHECK: reference outputs (MLIR on the CPU) of 31 function(s)
module {
  func.func @math_absi_i32(%x0: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0 : tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %o: i32):
      %t = math.absi %a0 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @math_ctlz_i32(%x0: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0 : tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %o: i32):
      %t = math.ctlz %a0 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @math_cttz_i32(%x0: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0 : tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %o: i32):
      %t = math.cttz %a0 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @math_ctpop_i32(%x0: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0 : tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %o: i32):
      %t = math.ctpop %a0 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_floordivsi_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.floordivsi %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_ceildivsi_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.ceildivsi %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_ceildivui_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.ceildivui %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_maxsi_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.maxsi %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_minui_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.minui %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_shrsi_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.shrsi %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_shrui_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.shrui %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_shli_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.shli %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_remsi_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.remsi %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_remui_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.remui %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_divui_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.divui %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_xori_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = arith.xori %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @math_ipowi_i32(%x0: tensor<257xi32>, %x1: tensor<257xi32>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi32>, tensor<257xi32>) outs(%e : tensor<257xi32>) {
    ^bb0(%a0: i32, %a1: i32, %o: i32):
      %t = math.ipowi %a0, %a1 : i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
  func.func @arith_floordivsi_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.floordivsi %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_ceildivsi_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.ceildivsi %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_ceildivui_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.ceildivui %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_maxsi_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.maxsi %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_minui_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.minui %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_shrsi_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.shrsi %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_shrui_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.shrui %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_shli_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.shli %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_remsi_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.remsi %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_remui_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.remui %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_divui_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.divui %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @arith_xori_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = arith.xori %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @math_ipowi_i8(%x0: tensor<257xi8>, %x1: tensor<257xi8>) -> tensor<257xi8> {
    %e = tensor.empty() : tensor<257xi8>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x0, %x1 : tensor<257xi8>, tensor<257xi8>) outs(%e : tensor<257xi8>) {
    ^bb0(%a0: i8, %a1: i8, %o: i8):
      %t = math.ipowi %a0, %a1 : i8
      linalg.yield %t : i8
    } -> tensor<257xi8>
    return %r : tensor<257xi8>
  }
  func.func @index_tensor_times_two(%x: tensor<257xindex>) -> tensor<257xi32> {
    %e = tensor.empty() : tensor<257xi32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<257xindex>) outs(%e : tensor<257xi32>) {
    ^bb0(%a: index, %o: i32):
      %c3 = arith.constant 3 : index
      %i = linalg.index 0 : index
      %m = arith.muli %a, %c3 : index
      %s = arith.addi %m, %i : index
      %t = arith.index_cast %s : index to i32
      linalg.yield %t : i32
    } -> tensor<257xi32>
    return %r : tensor<257xi32>
  }
}
