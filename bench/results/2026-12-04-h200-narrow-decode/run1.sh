#!/usr/bin/env bash
# Narrow, long-K decode shapes (down-projections: 4096 columns, K of 11008
# to 28672), where GEMV ran 12-14% behind F.linear in the paired-timing
# runs: 4096 columns give 128 GEMV workgroups, under one per SM. GEMV
# variants (bench/matmul_sweep.sh, built into gpu/W/ptx with
#   UK_SWEEP_TILES="t256x128x64s3w4x2:256:128:64:3:4:2:w1 t256x128x64s4w4x2:256:128:64:4:4:2:w1
#     t256x128x32s4w4x2fp:256:128:32:4:4:2:fp,w1 t128x256x64s3w2x4:128:256:64:3:2:4:w1"
#   UK_SWEEP_GEMV="g4x2m1:4:2:1:4:- g2x4m1:2:4:1:4:- g4x2m1k2:4:2:1:4:k2 g4x2m1k4:4:2:1:4:k4
#     g4x2m1k8:4:2:1:4:k8 g2x4m1k4:2:4:1:4:k4 g2x4m1k2:2:4:1:4:k2 g2x2m1k4:2:2:1:4:k4 g2x2m1k8:2:2:1:4:k8"
#   UK_SWEEP_DTILES="d16x32k512s3:16:32:512:3:1:2:4:1 d16x16k512s3:16:16:512:3:1:1:8:2
#     d16x16k256s4:16:16:256:4:1:1:8:2"):
# g4x2m1 is the registry's GEMV; kN splits K over N warps of a workgroup
# (new: UK_GEMV_WARPS_K), so that a workgroup takes 32 / N columns and
# 4096 columns make 128 x N workgroups. The tile variants: the registry's
# tile, with 4 stages, BK 32 with double-buffered fragments, 128 x 256.
# Then the compiled decode dispatches of bench/decode_matmul.mlir (main's
# registry, gpu/S/dm.pkg) against F.linear, never run before.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl
export PYTHONPATH=/tmp/site
cd bench
python3 matmul_bench.py ../gpu/W/ptx --reps 10 --sweep \
  --decode-shapes 1x4096x14336,1x4096x11008,1x8192x28672,1x4096x4096,1x11008x4096,1x16384x16384,8x4096x14336,16x4096x14336 \
  2>&1 | tee $OUT/sweep.txt
python3 decode_matmul_bench.py ../gpu/S/dm.pkg --reps 20 --rounds 3 2>&1 | tee $OUT/decode_matmul_bench.txt
# Result: K split over the warps of a workgroup closes the gap: cold,
# 1 x 4096 x 14336 29.19 us (g4x2m1k8) against 36.28 (g4x2m1, the
# registry's) and 30.86 (F.linear); 1 x 4096 x 11008 23.84 / 29.59 /
# 27.29; level or faster at every other one-row shape. No tile variant
# beat the registry's 256 x 128 x 64 (385.6 / 350.7 TFLOP/s kn / nk at
# 4096^3). The compiled dispatches of main: 1 x 4096 x 14336 33.42 us
# against F.linear's 31.30, 16 x 16384^2 122.15 against 121.05.
