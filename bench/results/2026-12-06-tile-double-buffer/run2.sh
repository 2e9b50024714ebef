#!/usr/bin/env bash
# run2: the decode matmuls where the compiled dispatches were level with or
# behind F.linear on an H200 (run1: 1 x 11008 x 4096 GEMV 0.97x, 16 x
# 16384^2 wide skinny 0.99x). First the compiled dispatches of
# bench/decode_matmul.mlir (this build, gpu/V/dm.pkg) against F.linear,
# weights cold; then decode variants (bench/matmul_sweep.sh into gpu/W/ptx
# with the UK_SWEEP_* lists below), warm and cold, at four shapes.
#   UK_SWEEP_TILES="t256x128x64s3w4x2:256:128:64:3:4:2:w1"
#   UK_SWEEP_GEMV="g4x2m1k8:4:2:1:4:k8 g2x2m1k8:2:2:1:4:k8 g2x4m1k8:2:4:1:4:k8
#     g8x1m1k8:8:1:1:4:k8 g4x1m1k8:4:1:1:4:k8 g4x2m1k8o6:4:2:1:6:k8
#     g4x2m1k4:4:2:1:4:k4 g4x2m1k8p:4:2:1:4:k8,p"
#   UK_SWEEP_DTILES="d16x64k128s4:16:64:128:4:1:4:2:2 d16x64k128s5:16:64:128:5:1:4:2:2
#     d16x128k128s4:16:128:128:4:1:4:2:1 d16x64k256s3:16:64:256:3:1:4:2:1
#     d16x32k512s3:16:32:512:3:1:2:4:1"
# g4x2m1k8 is the registry's GEMV, d16x64k128s4 its wide skinny ukernel and
# d16x32k512s3 its skinny one; o6: built for 6 workgroups per SM, not 4.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
cd bench
date +%T
timeout 110 python3 decode_matmul_bench.py ../gpu/V/dm.pkg --reps 20 --rounds 3 > $OUT/decode_matmul_bench.txt 2>&1; echo "decode_matmul_bench: exit $?"
grep -v "rounds" $OUT/decode_matmul_bench.txt | tail -16
date +%T
timeout 170 python3 matmul_bench.py ../gpu/W/ptx --reps 10 --sweep \
  --decode-shapes 1x11008x4096,1x16384x16384,16x11008x4096,16x16384x16384 > $OUT/sweep.txt 2>&1; echo "sweep: exit $?"
grep -A30 "decode variants" $OUT/sweep.txt
date +%T
# Result (an H200): the compiled dispatches, weights cold, all within the
# f64 bound, us against F.linear (faster of 3 rounds): 1 x 4096^2 10.96 /
# 12.54; 1 x 11008 x 4096 23.17 / 26.14; 1 x 16384^2 121.58 / 125.17 (4.42
# TB/s); 8 x 4096^2 11.02 / 13.34; 8 x 11008 x 4096 24.46 / 25.26; 8 x
# 16384^2 123.18 / 124.65; 16 x 4096^2 11.25 / 13.43; 16 x 11008 x 4096
# 24.44 / 26.06; 16 x 16384^2 124.14 / 124.03 (every round within 0.3%:
# level, not faster); 1 x 4096 x 14336 29.07 / 31.98; 8 x 4096 x 14336
# 30.32 / 32.52; 1 x 4096 x 11008 23.29 / 27.56; 1 x 128256 x 4096 231.99 /
# 247.98. The sweep: GEMV variants only, then an illegal address at the
# first tile-based one (the sweep script gave it too little shared memory;
# run3). g4x1m1k8 (one 512-byte chunk per row in flight, not 2) was the
# fastest GEMV: 1 x 11008 x 4096 warm/cold 25.69/23.38 us against the
# registry's 26.46/23.85, 1 x 16384^2 121.11/121.12 against 122.41/122.62;
# built for 6 workgroups per SM (o6) it ran at half speed.
