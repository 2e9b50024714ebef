// Each kernel is emitted as an LLVM module of its own, with copies of what
// it uses (a constant table used by two kernels is in both); kernels that
// share a mutable global (state one launch leaves for the next) stay in one
// module, as do kernels that call the same called ukernel (the tile matmul
// ukernel is `linkage = call`: one copy of it per module). Each kernel's PTX is its module's, and the package loads them
// separately. --progress draws the emission's bar (in a log: a line per
// tenth done).
// RUN: rm -rf %t.dump
// RUN: ukc compile %s --arch sm_90 --no-cubin --no-cache --progress -j 1 --dump-dir %t.dump -o %t.pkg 2>&1 | FileCheck %s --check-prefix=PROGRESS
// RUN: FileCheck %s --check-prefix=IR < %t.dump/5.translated.ll
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx
// RUN: ukc compile %s --arch sm_90 --no-cubin --no-cache --no-inline-ukernels --dump-dir %t.whole -o %t.whole.pkg
// RUN: FileCheck %s --check-prefix=WHOLE < %t.whole/5.translated.ll
// RUN: ukc compile %S/Inputs/constructor_list.mlir --arch sm_90 --no-cubin --no-cache --dump-dir %t.ctors -o %t.ctors.pkg
// RUN: FileCheck %s --check-prefix=CTORS < %t.ctors/5.translated.ll

// PROGRESS: ukc: llvm ...
// PROGRESS-NEXT: ukc: LLVM IR, link, PTX for sm_90 ...
// PROGRESS-NEXT: ukc: [##########                    ] 1/3 module emissions
// PROGRESS-NEXT: ukc: [####################          ] 2/3 module emissions
// PROGRESS-NEXT: ukc: [##############################] 3/3 module emissions
// The sm_90 tile kernels would be loaded by 12.x devices too, which allow
// 99 KiB of shared memory per workgroup: said before the summary.
// PROGRESS-NEXT: ukc: warning: mm_{{.*}}: the image a 12.0 device would load needs 147504 bytes {{.*}}; add --arch sm_120 to serve it
// PROGRESS: wrote {{.*}}: 5 kernel(s)

// IR: ; ---- module of scale_by_table ----
// IR: @table = private constant
// IR-NOT: define
// IR: define {{.*}} @scale_by_table(
// IR-NOT: define
// IR: ; ---- module of count_calls, read_count ----
// IR-DAG: @table = private constant
// IR-DAG: @calls = private global
// IR-DAG: define {{.*}} @count_calls(
// IR-DAG: define {{.*}} @read_count(
// IR: ; ---- module of mm_a, mm_b ----
// IR: declare {{.*}} @uk_matmul_tile_bf16_kn(
// IR-NOT: ; ---- module

// PTX: // ---- module of scale_by_table ----
// PTX: .target sm_90
// PTX: .entry scale_by_table(
// PTX-NOT: .entry
// PTX: // ---- module of count_calls, read_count ----
// PTX: .target sm_90
// PTX-DAG: .entry count_calls(
// PTX-DAG: .entry read_count(

// An op without a name (a constructor list) goes into every module, with
// what it refers to.
// CTORS: ; ---- module of a ----
// CTORS: @llvm.global_ctors = appending global {{.*}} @init
// CTORS: define void @init()
// CTORS: define ptx_kernel void @a(
// CTORS: ; ---- module of b ----
// CTORS: @llvm.global_ctors = appending global {{.*}} @init
// CTORS: define void @init()
// CTORS: define ptx_kernel void @b(

// Called ukernels keep every kernel in one module.
// WHOLE: ; ---- module of scale_by_table, count_calls, read_count, mm_a, mm_b ----
// WHOLE-NOT: ; ---- module
module {
  memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
  memref.global "private" @calls : memref<1xf32> = dense<0.0>

  func.func @scale_by_table(%x: memref<4xf32>) {
    %t = memref.get_global @table : memref<4xf32>
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %x[%i] : memref<4xf32>
      %s = memref.load %t[%i] : memref<4xf32>
      %w = arith.mulf %v, %s : f32
      memref.store %w, %x[%i] : memref<4xf32>
    }
    return
  }

  func.func @count_calls(%x: memref<4xf32>) {
    %t = memref.get_global @table : memref<4xf32>
    %n = memref.get_global @calls : memref<1xf32>
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %v = memref.load %n[%c0] : memref<1xf32>
    %s = memref.load %t[%c0] : memref<4xf32>
    %w = arith.addf %v, %one : f32
    %u = arith.mulf %w, %s : f32
    memref.store %u, %n[%c0] : memref<1xf32>
    return
  }

  func.func @read_count(%out: memref<1xf32>) {
    %n = memref.get_global @calls : memref<1xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %n[%c0] : memref<1xf32>
    memref.store %v, %out[%c0] : memref<1xf32>
    return
  }

  func.func @mm_a(%a: memref<64x32xbf16>, %b: memref<32x64xbf16>, %c: memref<64x64xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
    linalg.matmul ins(%a, %b : memref<64x32xbf16>, memref<32x64xbf16>) outs(%c : memref<64x64xf32>)
    return
  }

  func.func @mm_b(%a: memref<96x32xbf16>, %b: memref<32x64xbf16>, %c: memref<96x64xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<96x64xf32>)
    linalg.matmul ins(%a, %b : memref<96x32xbf16>, memref<32x64xbf16>) outs(%c : memref<96x64xf32>)
    return
  }
}
