// `ukc compile --check-rewrites` on every torch-mlir export in test/realir
// (but the tm_tensor ones, which do not parse) and on a module of generated
// differential functions: each function runs on the CPU as the input means
// it and after the compile's tensor rewrites (folds, canonical
// contractions, fusion, two-stage reductions), on the same inputs, and the
// outputs agree within the reference tolerance; the functions that call no
// ukernel (all of them with --ukernels none) run after the compile's
// lowered stage too (kernel configuration, split reductions, the default
// path's loops before GPU distribution), for each requested arch. The generated functions come
// with static shapes and with their row count dynamic. A rewrite that changes a
// result fails this test without a GPU: the fused arange that counted the
// wrong loop did (one_hot here, f3 of the generated module), as did the
// reference run of a dynamic dim tied to a static one (heap corruption).
// REQUIRES: libdevice
// RUN: rm -rf %t && mkdir -p %t
// RUN: bash -c 'for f in %S/../realir/*.mlir; do n=$(basename $f .mlir); case $n in f_cumsum|f_topk|g_cumprod) continue;; esac; \
// RUN:   if ukc compile $f --arch sm_90a --no-cubin --check-rewrites -o %t/x.pkg > %t/out.txt 2>&1 && grep -q "tensor rewrites keep the result" %t/out.txt; \
// RUN:   then echo "kept: $n"; else echo "CHANGED: $n"; grep error %t/out.txt; fi; done' | FileCheck %s
// RUN: ukc-fuzz --linalg-functions 60 --seed 12 --write %t/generated.mlir
// RUN: ukc compile %t/generated.mlir --arch sm_90a --no-cubin --check-rewrites -o %t/g.pkg | FileCheck %s --check-prefix=GENERATED
// CHECK-NOT: CHANGED
// CHECK: kept: a_llama_mlp
// CHECK-NOT: CHANGED
// CHECK: kept: g_one_hot
// CHECK-NOT: CHANGED
// CHECK: kept: h_dyn_softmax
// CHECK-NOT: CHANGED
// RUN: ukc compile %t/generated.mlir --arch sm_90a --no-cubin --check-rewrites --ukernels none -o %t/n.pkg | FileCheck %s --check-prefix=NONE
// RUN: ukc compile %t/generated.mlir --arch sm_80,sm_86,sm_90a --no-cubin --check-rewrites -o %t/a.pkg | FileCheck %s --check-prefix=GENERATED
// RUN: ukc-fuzz --linalg-functions 40 --seed 31 --dynamic-rows --write %t/dynamic.mlir
// RUN: ukc compile %t/dynamic.mlir --arch sm_90a --no-cubin --check-rewrites --dynamic-size 37 -o %t/d.pkg | FileCheck %s --check-prefix=DYNAMIC
// GENERATED: the tensor rewrites keep the result of 60 function(s) on the CPU
// DYNAMIC: the tensor rewrites keep the result of 40 function(s) on the CPU
// NONE: the tensor rewrites keep the result of 60 function(s) on the CPU, the lowered stage's loops of 60
