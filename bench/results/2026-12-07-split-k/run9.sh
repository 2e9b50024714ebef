#!/usr/bin/env bash
# run9 (prepared, not run: no device time was left): the split-K packages
# of run7 and run8 again, with the wgmma ukernel keeping its part count
# opaque to the optimizer as in the harness, where it is a kernel argument
# (in matmul_wgmma.cu, before the TileWalk: `i32 parts = k_splits; asm
# volatile("" : "+r"(parts));` and `parts` for `k_splits` there); and the
# harness's split-K checks on those shapes. Payload gpu/c.tgz, built by
# payload9.sh with WGMMA_MAX_K_SPLITS = 16 and that change.
set -u
tar xzf gpu/c.tgz; chmod +x gpu2/ukc-run
nvidia-smi -L
for p in gpu2/c/*.pkg; do [ "$p" = gpu2/c/check.pkg ] && continue; echo "== $p"; timeout 10 gpu2/ukc-run run $p --repeat 20 2>&1 | cut -c1-200; echo "rc=${PIPESTATUS[0]}"; done
(cd bench && timeout 60 python3 matmul_bench.py ../gpu2/c/ptx --split-k --check-only --split-k-cases 128x256x16384:6,256x256x16384:6,200x384x6144:3,256x384x6144:3,384x256x16384:6)
