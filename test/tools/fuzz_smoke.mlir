// A bounded, fixed-seed run of the mutation fuzzer (driver/src/bin/ukc-fuzz.rs):
// mutated inputs seeded from this test suite through ukernel-opt's ukernel
// pipeline and ukc compile, and corrupted packages through ukc-run. No tool
// may die by a signal, panic, report an internal error or time out. The long
// run: `ukc-fuzz --tools target/release --seeds test --cases 10000 --packages 2000 ...`
// (README, Tests).
// RUN: ukc compile %s --arch sm_80,sm_90 --no-cubin -o %t.pkg
// RUN: ukc-fuzz --tools %tools --seeds %S/.. --cases 150 --packages 300 --package-seed %t.pkg --seed 1 | FileCheck %s
// CHECK: ukc-fuzz: seed 1: 150 mutated inputs x 2 tools, 300 corrupted packages in {{.*}}: 0 signal deaths, 0 panics, 0 internal errors, 0 timeouts
module {
  func.func @double(%x: memref<256xf32>) {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    scf.for %i = %c0 to %c256 step %c1 {
      %v = memref.load %x[%i] : memref<256xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %x[%i] : memref<256xf32>
    }
    return
  }
}
