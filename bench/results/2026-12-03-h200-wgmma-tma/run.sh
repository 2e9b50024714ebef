#!/usr/bin/env bash
# One batched run on the GPU machine: the TMA + warp-specialised wgmma
# ukernel checked and timed through its harness against torch, the e2e
# packages (sm_90a with wgmma; sm_90; argmax; the decode step) through the
# Python runner, and one profiled wgmma launch.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L; python3 -c "import torch; print('torch', torch.__version__)"
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
echo "== e2e packages"
for p in matmul_90a matmul_on argmax_on; do python3 -m ukernel run gpu/$p.pkg --repeat 5 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; grep -v "matches" $OUT/run_$p.txt | tail -4; grep -c matches $OUT/run_$p.txt; done
python3 -m ukernel run gpu/decode_step.pkg/decode_step.pkg --repeat 5 2>&1 | tail -5
echo "== matmul harness: checks and benchmark"
(cd bench && timeout 420 python3 matmul_bench.py ../gpu/ptx --reps 20) 2>&1 | tee $OUT/matmul_bench.txt
echo "== ncu: one bf16 4096^3 wgmma launch"
(cd bench && timeout 120 ncu --set full -k regex:wgmma --launch-count 1 python3 matmul_bench.py ../gpu/ptx --profile wgmma) > $OUT/ncu_wgmma.txt 2>&1
grep -E "Duration|Compute \(SM\) Throughput|Memory Throughput|Registers Per|Achieved Occupancy|Issue Slots Busy|SM Busy|L2 Hit|DRAM Throughput|Tensor|Warp Cycles Per Issued|Block Limit" $OUT/ncu_wgmma.txt | head -30
