#!/usr/bin/env bash
# run2: the f32 CUDA-core ukernel against the default path it replaces, on
# bench/f32_matmul.mlir. Built here into the ignored gpu2/f32cmp/:
#   target/debug/ukc compile --arch sm_90a --no-cubin bench/f32_matmul.mlir -o gpu2/f32cmp/simt.pkg
#   target/debug/ukc compile --arch sm_90a --no-cubin --ukernels none bench/f32_matmul.mlir -o gpu2/f32cmp/default.pkg
#   cp target/release/ukc-run gpu2/f32cmp/
# and run there with `carry: gpu2/f32cmp`. Each function checked against
# the CPU reference, then timed (ukc-run: median of 3 measurements).
chmod +x gpu2/f32cmp/ukc-run
for p in simt default; do
  timeout 100 gpu2/f32cmp/ukc-run run gpu2/f32cmp/$p.pkg --repeat 3 2>&1 | cut -c1-150 | sed "s/^/$p: /"
done
