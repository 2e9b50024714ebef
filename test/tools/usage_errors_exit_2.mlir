// Bad flag values are usage errors (exit code 2, one `error:` line); bad
// input is exit code 1; every subcommand has --help; `-` reads stdin. Known
// arches compile with the PTX ISA version they need.
// RUN: bash -c 'ukc compile %s --ukernels=bogus -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=FAMILY
// RUN: bash -c 'ukernel-opt %s --ukernels=bogus; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=OPTFAMILY
// RUN: bash -c 'ukc compile %s --ukernels= -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: bash -c 'ukernel-opt %s --ukernels=; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=OPTEMPTY
// RUN: bash -c 'ukernel-opt %s --ukernel-target=; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=OPTARCH
// RUN: bash -c 'ukc compile %s --arch sm_99 -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ARCH99
// RUN: bash -c 'ukc compile %s --arch sm_7 -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ARCH7
// RUN: bash -c 'ukc compile %s --arch sm_80a -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ARCH80A
// RUN: bash -c 'ukc compile %s --bogus-flag -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: printf 'BC' > %t.uk_argmax_ogt_f32i64.sm_100.bc
// RUN: bash -c 'ukc compile %s --arch sm_80,sm_90a --object %t.uk_argmax_ogt_f32i64.sm_100.bc -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=OBJECT-ARCH
// RUN: bash -c 'ukernel-opt %s --bogus-flag; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: ukc compile --help | FileCheck %s --check-prefix=HELP
// RUN: cat %s | ukc compile - --arch sm_100,sm_120 -o %t.pkg --dump-dir %t.dump | FileCheck %s --check-prefix=STDIN
// RUN: FileCheck %s --check-prefix=PTX100 < %t.dump/7.kernels.sm_100.ptx
// RUN: FileCheck %s --check-prefix=PTX120 < %t.dump/7.kernels.sm_120.ptx

// An object named for an arch no --arch requests.
// OBJECT-ARCH: ukc: error: --object {{.*}}uk_argmax_ogt_f32i64.sm_100.bc: its name says sm_100, which --arch does not request (sm_80, sm_90a)
// OBJECT-ARCH-NEXT: exit code 2
// FAMILY: ukc: error: --ukernels: unknown family 'bogus' (families: argmax, matmul; or all, none)
// FAMILY-NEXT: exit code 2
// The same words and exit code from ukernel-opt, and for an empty value.
// OPTFAMILY: ukernel-opt: error: --ukernels: unknown family 'bogus' (families: argmax, matmul; or all, none)
// OPTFAMILY-NEXT: exit code 2
// EMPTY: ukc: error: --ukernels: empty; expected all, none or a list of families (argmax, matmul)
// EMPTY-NEXT: exit code 2
// OPTEMPTY: ukernel-opt: error: --ukernels: empty; expected all, none or a list of families (argmax, matmul)
// OPTEMPTY-NEXT: exit code 2
// OPTARCH: ukernel-opt: error: --ukernel-target: '' is not of the form sm_<major><minor>[a|f] (e.g. sm_90, sm_90a, sm_100f)
// OPTARCH-NEXT: exit code 2
// ARCH99: ukc: error: --arch: 'sm_99' is not a known NVIDIA arch (known: sm_70, {{.*}}, sm_90[a], sm_100[a|f], {{.*}})
// ARCH99-NEXT: exit code 2
// ARCH7: ukc: error: --arch: 'sm_7' is not of the form sm_<major><minor>[a|f]
// ARCH7-NEXT: exit code 2
// ARCH80A: ukc: error: --arch: 'sm_80a': sm_80 has no arch-specific form
// ARCH80A-NEXT: exit code 2
// FLAG: error: {{.*}}bogus-flag
// FLAG: exit code 2
// HELP: Usage: ukc compile [OPTIONS] -o <OUTPUT> <INPUT>
// STDIN: wrote {{.*}}: 1 kernel(s), PTX for sm_100, sm_120
// PTX100: .version 8.6
// PTX100: .target sm_100
// PTX120: .version 8.7
// PTX120: .target sm_120
module {
  func.func @scale(%x: memref<64xf32>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %x[%i] : memref<64xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %x[%i] : memref<64xf32>
    }
    return
  }
}
