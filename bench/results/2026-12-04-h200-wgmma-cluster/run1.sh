#!/usr/bin/env bash
# The wgmma ukernel in clusters of two workgroups along M that share their B
# tile: each producer loads its A tile and half of B, multicast into both
# (TMA .multicast::cluster), so a workgroup reads 32 KiB per 64-deep stage
# from L2 instead of 48. At 630 TFLOP/s the single-workgroup version moves
# 7.4 TB/s out of L2, which looks like its bound. gpu/C: clusters of 2;
# gpu/M: the same sources built with clusters of 1 (the kernel main runs).
# Checks: sm_90a packages against their CPU references and torch, the
# harness checks (edges among 1, 16, 17, 127, 129, 300, 1000, 4096: a
# cluster's second workgroup past M), then timings. Also a sweep of decode
# tile shapes for the skinny ukernel at 8 and 16 x 16384^2 (gpu/W).
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in matmul_90a fused_mm_90a; do
  timeout 120 python3 -m ukernel run gpu/C/$p.pkg --repeat 1 >> $OUT/correctness.txt 2>&1; echo "run C $p: exit $? $(tail -1 $OUT/correctness.txt)"
done
(cd bench && timeout 120 python3 torch_check.py ../gpu/C/fused_mm_90a.pkg ../gpu/C/matmul_90a.pkg) > $OUT/torch_check.txt 2>&1; echo "torch_check: exit $?"; grep -v ": ok" $OUT/torch_check.txt | tail -3
for v in C M; do
  echo "== matmul_bench $v" | tee -a $OUT/matmul_bench.txt
  SECONDS=0
  (cd bench && timeout 240 python3 matmul_bench.py ../gpu/$v/ptx --reps 20 --kinds wgmma) >> $OUT/matmul_bench.txt 2>&1
  echo "exit $? in ${SECONDS}s"
  sed -n '/== matmul_bench '$v'/,$p' $OUT/matmul_bench.txt | grep -i "checks\|wgmma\|MISMATCH\|Error" | head -8
done
for v in M C M C; do
  echo "== fusion_bench $v" >> $OUT/fusion.txt
  (cd bench && timeout 150 python3 fusion_bench.py ../gpu/$v/fused_mm_90a.pkg --reps 20) 2>&1 | tee -a $OUT/fusion.txt | grep -i "gelu_bf16_4096\|gelu_bf16_2048\|MISMATCH\|Error" | sed "s/^/$v /"
done
echo "== skinny sweep"
(cd bench && timeout 200 python3 matmul_bench.py ../gpu/W/ptx --reps 10 --sweep --decode-shapes 8x16384x16384,16x16384x16384,1x16384x16384,16x11008x4096,8x4096x14336) > $OUT/sweep.txt 2>&1; echo "exit $?"; tail -30 $OUT/sweep.txt
echo "== memcheck"
timeout 150 compute-sanitizer --tool memcheck python3 -m ukernel run gpu/C/fused_mm_90a.pkg --repeat 1 > $OUT/memcheck.txt 2>&1; echo "exit $?"; tail -4 $OUT/memcheck.txt
# Result: correct (packages 15/15 and 10/10 against their CPU references,
# torch ALL EQUAL, 900 harness checks, memcheck 0 errors) but slower: 4096^3
# 329.4 us (417 TFLOP/s) against 223.6 for clusters of 1; fused 328.6
# against 217-221. The SASS has a MEMBAR.ALL.GPU before every consumer
# arrival: `.release.cluster` on the remote mbarrier arrive. Skinny sweep:
# no decode tile beats d16x64k128s4 (the registry's) at 8 or 16 x 16384^2
# (123.8 and 124.6 us; F.linear 123.6 and 123.6).
