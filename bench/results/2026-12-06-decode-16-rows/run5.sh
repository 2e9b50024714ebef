#!/usr/bin/env bash
# run5: where F.linear at its faster speed is level with the wide skinny
# ukernel (16 x 11008 x 4096, run4), other decode shapes staggered
# (gpu/W/ptx, built with
#   UK_SWEEP_TILES="t256x128x64s3w4x2:256:128:64:3:4:2:w1"
#   UK_SWEEP_GEMV="g4x1m1k8:4:1:1:4:k8"
#   UK_SWEEP_DTILES="d16x64k128s4sk:16:64:128:4:1:4:2:2:sk d16x32k128s6sk:16:32:128:6:1:2:4:3:sk
#     d16x32k256s4sk:16:32:256:4:1:2:4:2:sk d16x128k128s4sk:16:128:128:4:1:4:2:1:sk
#     d16x64k128s3sk:16:64:128:3:1:4:2:2:sk d16x64k256s2sk:16:64:256:2:1:4:2:2:sk"),
# two passes; ncu on one cold launch each of the wide skinny ukernel (16 and
# 8 rows), GEMV (1 row) and F.linear (16 rows) at 16384^2 and 11008 x 4096
# (profile_decode.py, V5 = the landed build); the compiled decode dispatches
# of V5 against F.linear once more.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
mkdir -p /tmp/o
for pass in 1 2; do
  date +%T
  (cd bench && timeout 200 python3 matmul_bench.py ../gpu/W/ptx --reps 10 --sweep \
    --decode-shapes 16x11008x4096,8x11008x4096,16x16384x16384,16x4096x14336,16x4096x4096) > /tmp/o/sweep$pass.txt 2>&1; echo "sweep $pass: exit $?"
  sed -n '/decode variants/,/F.linear/p' /tmp/o/sweep$pass.txt; grep -i "error\|mismatch" /tmp/o/sweep$pass.txt | head -3
done
date +%T
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sector_op_read_hit_rate.pct,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__throughput.avg.pct_of_peak_sustained_active
(cd bench && timeout 200 ncu --metrics $m python3 results/2026-12-06-decode-16-rows/profile_decode.py ../gpu/V5/ptx) > /tmp/o/ncu.txt 2>&1; echo "ncu: exit $?"
awk '/^  [^ ]/ { keep = ($0 !~ /elementwise|distribution|fill|copy|normal|uniform/) } keep' /tmp/o/ncu.txt | sed -E "s/ +/ /g" | cut -c1-150 | head -120
date +%T
timeout 60 python3 bench/decode_matmul_bench.py gpu/V5/dm.pkg --reps 20 --rounds 3 > /tmp/o/decode_matmul_bench_V5.txt 2>&1; echo "decode_matmul_bench V5: exit $?"
grep -v "rounds" /tmp/o/decode_matmul_bench_V5.txt | tail -15
date +%T
tar -C /tmp/o -czf $OUT/run5.tgz .
# Result (an H100 80GB HBM3): every variant correct. Cold, passes 1 / 2, us:
# 16 x 11008 x 4096 d16x64k128s4sk (the registry's) 33.86 / 33.56,
# d16x128k128s4sk 33.57 / 33.27, F.linear 34.16 / 34.02; 16 x 16384^2
# 174.46 / 173.44, 174.42 / 173.41, d16x64k128s3sk 173.76 / 173.08, F.linear
# 174.71 / 174.27; no variant more than 1% ahead of the registry's at any
# shape where it applies. ncu (one cold launch each, 16384^2): wide skinny
# 16 rows 175.9 us at 91.8% of peak DRAM throughput, 8 rows 175.0 at 92.1%,
# GEMV 1 row 172.3 at 93.3%, F.linear 16 rows (cuBLAS
# nvjet_sm90_tst_128x16_64x11_2x1_v_bz_TNT, 128 workgroups of 384 threads)
# 176.7 at 91.2%; at 11008 x 4096: 35.2 us / 78.9%, 35.4 / 78.3, GEMV 33.2 /
# 83.0, cuBLAS (the same family, 4 x 22 workgroups) 37.5 / 74.0. V5 (the
# landed build) decode dispatches: faster than F.linear at all 13 shapes
# (1.01-1.18x; 16 x 16384^2 173.06 / 174.56, 16 x 11008 x 4096 32.89 /
# 34.27).
