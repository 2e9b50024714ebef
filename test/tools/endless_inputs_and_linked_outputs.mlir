// Inputs that never end are errors, not hangs: /dev/zero as a module (ukc,
// ukernel-opt) stops at its first NUL byte, as a package at its first
// bytes (not a package). An output path that is a symbolic link is written
// through: the file it names gets the package, the link stays a link.
// RUN: bash -c 'timeout 20 ukc compile /dev/zero -o %t.z.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: bash -c 'timeout 20 ukernel-opt /dev/zero; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: bash -c 'timeout 20 ukc-run info /dev/zero; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=PACKAGE
// RUN: bash -c 'rm -f %t.real.pkg %t.link.pkg && ln -s %t.real.pkg %t.link.pkg'
// RUN: ukc compile %s --arch sm_90 --no-cubin -o %t.link.pkg
// RUN: bash -c 'test -L %t.link.pkg && ukc-run info %t.real.pkg' | FileCheck %s --check-prefix=LINK

// ZERO: /dev/zero:1:1: error: the input contains a NUL byte, which an MLIR file cannot hold
// ZERO-NEXT: exit code 1
// PACKAGE: /dev/zero: error: not a ukernel package (bad magic bytes)
// PACKAGE-NEXT: exit code 1
// LINK: 1 kernel(s)
// LINK-NEXT: scale: PTX for 9.0
func.func @scale(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %a : f32
    linalg.yield %y : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
