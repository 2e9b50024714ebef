// `ukc tune` offers a persistent matmul ukernel's K splits as candidates of
// their own (`<symbol>@k_splits=N`) where the tiles are fewer than the SMs:
// here 4 tiles of 128 x 128 over K = 8192: 1 to 16 parts, but the rules' 4. A record that
// measured one of them fastest makes `ukc compile` split K so and say why;
// a function's pin of a part count that does not fit (more parts than
// the ukernel takes) is named and the rules choose.
// RUN: rm -rf %t && mkdir -p %t
// RUN: ukc tune %s --arch sm_90a --no-cubin --prepare-only %t/tune --function few_tiles 2>/dev/null | FileCheck %s --check-prefix=PREP
// RUN: FileCheck %s --check-prefix=PLAN < %t/tune/plan.json
// RUN: python3 %S/Inputs/tuning_record.py %t/tune/plan.json uk_matmul_wgmma_narrow_bf16_nk@k_splits=3=20.5 uk_matmul_wgmma_narrow_bf16_nk=41 default=900 > %t/t.json
// RUN: ukc explain %s --arch sm_90a --tuning %t/t.json 2>&1 | FileCheck %s --check-prefix=TUNED
// RUN: ukc compile %s --arch sm_90a --no-cubin --tuning %t/t.json -o %t/a.pkg | FileCheck %s --check-prefix=COMPILED

// PREP: compiled {{[0-9]+}} candidate(s) of 1 kernel(s) for sm_90a
// PLAN: "rules": "uk_matmul_wgmma_narrow_bf16_nk",
// The rules split K in 4: K whole is a candidate, 4 parts is the rules' own.
// PLAN-NOT: "uk_matmul_wgmma_narrow_bf16_nk@k_splits=4"
// PLAN-DAG: "choice": "uk_matmul_wgmma_narrow_bf16_nk@k_splits=2",
// PLAN-DAG: "choice": "uk_matmul_wgmma_narrow_bf16_nk@k_splits=16",
// PLAN-DAG: "choice": "uk_matmul_wgmma_narrow_bf16_nk@k_splits=1",

// TUNED: remark: ukernel: selected uk_matmul_wgmma_narrow_bf16_nk {{.*}}K split in 3, {{.*}}each tile as 3 units over parts of K{{.*}}; chosen by measurement on NVIDIA H100 80GB HBM3: 20.5 us; next: uk_matmul_wgmma_narrow_bf16_nk 41.0 us
// TUNED: remark: ukernel: selected {{.*}}uk_matmul_wgmma_narrow_bf16_nk with k_splits=99: K in 99 parts needs a static M, N and K and at most 16 parts of K tiles

// COMPILED: few_tiles: ukernel uk_matmul_wgmma_narrow_bf16_nk
module {
  func.func @few_tiles(%a: tensor<256x8192xbf16>, %b: tensor<256x8192xbf16>) -> tensor<256x256xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256x256xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<256x8192xbf16>, tensor<256x8192xbf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %r : tensor<256x256xf32>
  }
  func.func @pinned_too_many(%a: tensor<256x8192xbf16>, %b: tensor<256x8192xbf16>) -> tensor<256x256xf32> attributes {ukernel.choices = {"matmul linalg.matmul(tensor<256x8192xbf16>, tensor<256x8192xbf16>, tensor<256x256xf32>) -> (tensor<256x256xf32>) indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {arith.extf arith.extf arith.mulf arith.addf}" = "uk_matmul_wgmma_narrow_bf16_nk@k_splits=99"}} {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<256x256xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<256x8192xbf16>, tensor<256x8192xbf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
    return %r : tensor<256x256xf32>
  }
}
