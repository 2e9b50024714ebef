// UKC_LOG turns on the tools' logs on stderr (tracing's filter syntax):
// each root's decision, each stage's time, each module emitted (LLVM and
// ptxas times) or taken from the compile cache. Unset, the tools log
// nothing; a filter that does not parse is one warning, and no logs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env UKC_CACHE_DIR=%t/cache UKC_LOG=debug ukc compile %s --arch sm_90a --no-cubin -o %t/a.pkg 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: env UKC_CACHE_DIR=%t/cache UKC_LOG=ukernel_target_nvptx=debug ukc compile %s --arch sm_90a --no-cubin -o %t/a.pkg 2>&1 | FileCheck %s --check-prefix=CACHED
// RUN: env UKC_CACHE_DIR=%t/cache ukc compile %s --arch sm_90a --no-cubin -o %t/a.pkg 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: env UKC_LOG=ukc=loud ukc compile %s --arch sm_90a --no-cubin -o %t/a.pkg 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env UKC_LOG=debug ukernel-opt %s --ukernel-target=sm_90a --pass-pipeline='builtin.module(ukernel-kernel-config)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT

// FIRST: DEBUG ukernel_passes::kernel_config: no ukernel: {{.*}} op=linalg.generic
// FIRST: DEBUG ukc::compile: stage done stage="configured"
// FIRST: DEBUG ukernel_target_nvptx: module emitted kernel="double" arch=sm_90a llvm_ms={{[0-9.]+}} ptxas_ms=
// FIRST: wrote {{.*}}a.pkg

// CACHED-NOT: stage done
// CACHED: DEBUG ukernel_target_nvptx: module from the compile cache kernel="double" arch=sm_90a
// CACHED-NOT: module emitted

// QUIET-NOT: DEBUG
// QUIET: wrote

// BAD-COUNT-1: warning: UKC_LOG=ukc=loud: error parsing level filter: {{.*}}; no logs
// BAD-NOT: warning: UKC_LOG
// BAD-NOT: DEBUG

// OPT: DEBUG ukernel_passes::kernel_config: no ukernel: {{.*}} op=linalg.generic

func.func @double(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
