// `ukc tune --prepare-only` compiles one copy of the function per candidate
// (each ukernel that fits, the wgmma ones also with K in 2 parts, and the
// default path) with MLIR's CPU outputs
// beside it; a tuning file's record then makes `ukc compile` take the
// measured best, a lower-ranked ukernel or the default path, and says so.
// Records of another ukernel library or GPU are ignored with a note; a
// corrupt file is a located error. bench/tuning_report.py names the kernels
// where the rules lose to measurement. The records here are written by a
// script from the plan (no GPU measures them).
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukc tune %s --arch sm_90a --no-cubin --prepare-only %t/tune 2>/dev/null | FileCheck %s --check-prefix=PREP
// RUN: FileCheck %s --check-prefix=PLAN < %t/tune/plan.json
// RUN: ukc-run info %t/tune/candidates.pkg | FileCheck %s --check-prefix=PKG
// RUN: python3 %S/Inputs/tuning_record.py %t/tune/plan.json uk_matmul_tile_small_bf16_kn=10.5 uk_matmul_wgmma_narrow_bf16_kn=14 default=900 uk_matmul_tile_bf16_kn=!3_mismatches > %t/t.json
// RUN: ukc explain %s --arch sm_90a --tuning %t/t.json 2>&1 | FileCheck %s --check-prefix=TUNED
// RUN: python3 %S/../../bench/tuning_report.py %t/tune/plan.json %t/t.json | FileCheck %s --check-prefix=REPORT
// RUN: ukc compile %s --arch sm_90a --no-cubin --tuning %t/t.json -o %t/a.pkg | FileCheck %s --check-prefix=COMPILED
// RUN: env UKC_CACHE_DIR=%t/cache ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=RULES
// RUN: mkdir -p %t/cache && cp %t/t.json %t/cache/tuning.json
// RUN: env UKC_CACHE_DIR=%t/cache ukc explain %s --arch sm_90a 2>&1 | FileCheck %s --check-prefix=TUNED
// RUN: env UKC_CACHE_DIR=%t/cache ukc explain %s --arch sm_90a --no-tuning 2>&1 | FileCheck %s --check-prefix=RULES
// RUN: python3 %S/Inputs/tuning_record.py %t/tune/plan.json default=9 uk_matmul_wgmma_narrow_bf16_kn=14 > %t/d.json
// RUN: ukc explain %s --arch sm_90a --tuning %t/d.json 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: ukc explain %s --arch sm_90a --tuning %t/t.json --tuning-gpu "NVIDIA H200" 2>&1 | FileCheck %s --check-prefix=OTHER-GPU
// RUN: python3 %S/Inputs/tuning_record.py %t/tune/plan.json --library 0123456789abcdef uk_matmul_tile_small_bf16_kn=1 > %t/stale.json
// RUN: ukc explain %s --arch sm_90a --tuning %t/stale.json 2>&1 | FileCheck %s --check-prefix=STALE
// RUN: ukc explain %s --arch sm_80 --tuning %t/t.json 2>&1 | FileCheck %s --check-prefix=NO-RECORD
// RUN: head -c 60 %t/t.json > %t/cut.json
// RUN: not ukc compile %s --arch sm_90a --tuning %t/cut.json -o %t/b.pkg 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: not test -e %t/b.pkg
// RUN: not ukc tune %s --arch sm_80,sm_90a --prepare-only %t/two 2>&1 | FileCheck %s --check-prefix=ONE-ARCH
// RUN: not ukc tune %s --arch sm_90a --function nothing --prepare-only %t/none 2>&1 | FileCheck %s --check-prefix=NO-FUNCTION
// RUN: not ukc tune %S/interrupted_compile_leaves_nothing_partial.mlir --arch sm_90a --prepare-only %t/none 2>&1 | FileCheck %s --check-prefix=NOTHING
// RUN: not test -e %t/none

// PREP: compiled 7 candidate(s) of 1 kernel(s) for sm_90a
// PREP: wrote {{.*}}tune; measure it with `ukc-run measure {{.*}}tune -o FILE`

// PLAN: "signature": "matmul linalg.matmul(tensor<256x512xbf16>, tensor<512x384xbf16>, tensor<256x384xf32>) -> (tensor<256x384xf32>) indexing_maps = {{.*}} {arith.extf arith.extf arith.mulf arith.addf}",
// PLAN: "rules": "uk_matmul_wgmma_narrow_bf16_kn",
// PLAN-DAG: "choice": "uk_matmul_tile_small_bf16_kn",
// PLAN-DAG: "choice": "default",
// PLAN-DAG: "choice": "uk_matmul_wgmma_narrow_bf16_kn@k_splits=2",

// PKG: 7 kernel(s)
// PKG-COUNT-7: mm__tune0_

// TUNED: remark: ukernel: selected uk_matmul_tile_small_bf16_kn {{.*}}; chosen by measurement on NVIDIA H100 80GB HBM3: 10.5 us; next: uk_matmul_wgmma_narrow_bf16_kn 14.0 us, default path 900.0 us;{{.*}}uk_matmul_wgmma_narrow_bf16_kn also fits, the rules' choice

// COMPILED: mm: ukernel uk_matmul_tile_small_bf16_kn

// REPORT: mm uk_matmul_wgmma_narrow_bf16_kn 14.0 uk_matmul_tile_small_bf16_kn 10.5 33.3%
// REPORT: 1 kernel(s) where the rules lose by more than 5%:
// REPORT-NEXT: mm: uk_matmul_wgmma_narrow_bf16_kn -> uk_matmul_tile_small_bf16_kn (33.3% slower)

// RULES: remark: ukernel: selected uk_matmul_wgmma_narrow_bf16_kn
// RULES-NOT: measurement

// DEFAULT: remark: ukernel: no ukernel: {{.*}}but the default path was chosen by measurement on NVIDIA H100 80GB HBM3: 9.0 us; next: uk_matmul_wgmma_narrow_bf16_kn 14.0 us; default configuration

// OTHER-GPU: selected uk_matmul_wgmma_narrow_bf16_kn {{.*}}(the record measured on NVIDIA H100 80GB HBM3 is ignored: the target GPU is NVIDIA H200; no record in {{.*}}t.json for this kernel on sm_90a; chosen by the rules)

// STALE: selected uk_matmul_wgmma_narrow_bf16_kn {{.*}}(the record measured on NVIDIA H100 80GB HBM3 is ignored: it was made with ukernel library 0123456789abcdef, this is {{[0-9a-f]+}};

// NO-RECORD: selected uk_matmul_tile_bf16_kn {{.*}}(no record in {{.*}}t.json for this kernel on sm_80; chosen by the rules)

// CORRUPT: cut.json:{{[0-9]+}}:{{[0-9]+}}: error: EOF while parsing

// ONE-ARCH: ukc: error: --arch: tune measures for one arch (give exactly one)

// NO-FUNCTION: error: --function nothing: the module has no function of that name

// NOTHING: interrupted_compile_leaves_nothing_partial.mlir: error: no kernel has two candidates to measure (no family matches a root, or none of its ukernels fits)

func.func @mm(%a: tensor<256x512xbf16>, %b: tensor<512x384xbf16>) -> tensor<256x384xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x384xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x512xbf16>, tensor<512x384xbf16>) outs(%f : tensor<256x384xf32>) -> tensor<256x384xf32>
  return %r : tensor<256x384xf32>
}
