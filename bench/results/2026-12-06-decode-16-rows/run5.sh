#!/usr/bin/env bash
# run5: ncu on one cold launch each of the wide skinny ukernel (V4, 16 and 8
# rows), GEMV (1 row) and F.linear (16 rows) at 16384^2: what bounds each.
set -uo pipefail
cd "$(dirname "$0")/../../.."
nvidia-smi -L
mkdir -p /tmp/o
cd bench
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sector_op_read_hit_rate.pct,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__registers_per_thread,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__throughput.avg.pct_of_peak_sustained_active
timeout 240 ncu --metrics $m python3 results/2026-12-06-decode-16-rows/profile_decode.py ../gpu/V4/ptx > /tmp/o/ncu.txt 2>&1; echo "ncu: exit $?"
awk '/^  [^ ]/ { keep = ($0 !~ /elementwise|distribution|fill|copy/) } keep' /tmp/o/ncu.txt | sed -E "s/ +/ /g" | head -120
tar -C /tmp/o -czf $OUT/run5.tgz .
