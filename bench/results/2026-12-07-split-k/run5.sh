#!/usr/bin/env bash
# run5: the least that checks this day's GPU-side work, for a device budget
# of a few minutes: the runtime's GPU tests; the argmax dispatches with
# shared code and with --specialize-sizes (times side by side), the split-K
# package and two wgmma packages against MLIR's CPU execution; the
# harness's split-K checks; a short soak. Payload gpu/s.tgz.
source "$(dirname "$0")/prelude.sh"
timeout 40 gpu2/runtime_tests --include-ignored 2>&1 | grep -E "^test .*(gpu|FAIL)|test result"
for p in argmax_dispatches argmax_dispatches_specialized scalar_arguments data_movement_forms other_linalg_forms split_k_matmuls fused_matmul_dispatches kn_layout_dispatches; do
  echo "== $p"; timeout 40 gpu2/ukc-run run gpu2/p/$p.pkg --repeat 10 2>&1 | cut -c1-220
done
(cd bench && timeout 60 python3 matmul_bench.py ../gpu2/ptx --split-k --check-only)
echo "== soak decode_argmax"; timeout 60 gpu2/ukc-run soak gpu2/p/decode_argmax.pkg --launches 300000 --report-every 100000 --load-cycles 500 2>&1 | cut -c1-300
