// A compile killed by SIGTERM (a build's timeout): ukc ends by the signal,
// its crash-guard child dies with it (before, the child went on and wrote
// the package after ukc had gone), the package it was to replace is intact
// byte for byte, and no temporary file is left beside it. (ukernel-opt
// has the same guard. SIGINT is not sent here: lit's shell starts commands
// with it ignored.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukc-fuzz --linalg-functions 300 --seed 9 --write %t/big.mlir > /dev/null
// RUN: ukc compile %s --arch sm_90a --no-cubin --no-cache -o %t/out.pkg > /dev/null
// RUN: cksum < %t/out.pkg > %t/before.txt
// RUN: bash -c 'ukc compile %t/big.mlir --arch sm_90a --no-cubin --no-cache -o %t/out.pkg > /dev/null 2>&1 & pid=$!; sleep 2; kill -TERM $pid; wait $pid; echo "ukc: exit $?"; sleep 1; pgrep -xf "%tools/ukc compile %t/big.mlir --arch sm_90a --no-cubin --no-cache -o %t/out.pkg" > /dev/null && echo "ukc: work left running" || echo "ukc: no work left"' | FileCheck %s --check-prefix=UKC
// RUN: cksum < %t/out.pkg | diff - %t/before.txt
// RUN: ls -A %t | FileCheck %s --check-prefix=FILES

// UKC: ukc: exit 143
// UKC-NEXT: ukc: no work left

// FILES-NOT: tmp
// FILES: before.txt
// FILES-NEXT: big.mlir
// FILES-NEXT: out.pkg
// FILES-NOT: {{.}}

func.func @small(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
