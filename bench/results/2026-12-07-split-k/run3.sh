#!/usr/bin/env bash
# run3: the least that checks split K and the runtime's streams, for the
# device time left: the runtime's GPU tests; the split-K package (its
# kernels compiled with K split) and the fused and K x N packages (the
# wgmma ABI change with K whole) against MLIR's CPU execution; the
# harness's split-K checks; a short 16-thread stress run. Payload gpu/s.tgz.
source "$(dirname "$0")/prelude.sh"
timeout 40 gpu2/runtime_tests --include-ignored 2>&1 | grep -E "^test .*(gpu|FAIL)|test result"
for p in split_k_matmuls fused_matmul_dispatches kn_layout_dispatches; do
  echo "== $p"; timeout 40 gpu2/ukc-run run gpu2/p/$p.pkg --repeat 5 2>&1 | cut -c1-200
done
(cd bench && timeout 60 python3 matmul_bench.py ../gpu2/ptx --split-k --check-only)
echo "== stress split_k_matmuls"; timeout 40 gpu2/ukc-run stress gpu2/p/split_k_matmuls.pkg --threads 16 --seconds 8 2>&1 | cut -c1-300
