// Without NVIDIA's libdevice, a math op that needs it is an error at the op,
// naming the op and saying how to get libdevice; nothing is written. Ops
// NVPTX implements itself still compile, PTX only without ptxas.
// RUN: rm -rf %t.none %t.pkg && mkdir -p %t.none
// RUN: bash -c 'UKC_CUDA_DIR=%t.none ukc compile %s -o %t.pkg; echo "exit code $?"; ls %t.pkg || echo no package' 2>&1 | FileCheck %s -DFILE=%s
// RUN: bash -c 'UKC_CUDA_DIR=%t.none ukc compile %S/Inputs/exact_math.mlir -o %t.exact.pkg' 2>&1 | FileCheck %s --check-prefix=EXACT

// CHECK: note: libdevice (math functions) and ptxas (cubins) not found: scripts/setup.sh installs
// CHECK: [[FILE]]:20:12: error: 'math.tanh' is computed by NVIDIA's libdevice; libdevice (math functions) and ptxas (cubins) not found
// CHECK: [[FILE]]:21:12: error: 'math.erf' is computed by NVIDIA's libdevice
// CHECK: exit code 1
// CHECK: no package
// EXACT: wrote {{.*}}exact.pkg: 1 kernel(s), PTX for sm_80, sm_90a{{$}}
module {
  func.func @softcap(%x: tensor<1024xf32>) -> tensor<1024xf32> {
    %e = tensor.empty() : tensor<1024xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%x : tensor<1024xf32>) outs(%e : tensor<1024xf32>) {
    ^bb0(%a: f32, %b: f32):
      %t = math.tanh %a : f32
      %u = math.erf %t : f32
      linalg.yield %u : f32
    } -> tensor<1024xf32>
    return %r : tensor<1024xf32>
  }
}
