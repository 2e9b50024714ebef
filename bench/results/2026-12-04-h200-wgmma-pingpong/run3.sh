#!/usr/bin/env bash
# run3: neither ping-pong (run1) nor staged stores (run2) helped. Where does
# main's wgmma kernel lose time against cuBLAS at 4096^3? Nsight Compute
# (clocks left alone) on one launch each: our plain harness kernel, our
# fused bias + GELU + bf16 kernel (package gelu_bf16_4096x4096x4096), and
# torch's F.linear and its GELU.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
ncu --query-metrics 2>/dev/null | grep -i "gmma\|pipe_tensor" | head -20
S="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section SchedulerStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis"
(cd bench && timeout 150 ncu --clock-control none $S -k regex:harness python3 matmul_bench.py ../gpu/M/ptx --profile wgmma) > $OUT/ncu_ours_plain.txt 2>&1; echo "ours plain: exit $?"
timeout 150 ncu --clock-control none $S -k regex:gelu_bf16_4096 python3 -m ukernel run gpu/M/fused_mm_90a.pkg --repeat 1 > $OUT/ncu_ours_fused.txt 2>&1; echo "ours fused: exit $?"
cat > /tmp/t.py <<'PY'
import torch, torch.nn.functional as F
a = torch.randn(4096, 4096, device="cuda").bfloat16(); w = torch.randn(4096, 4096, device="cuda").bfloat16()
b = torch.randn(4096, device="cuda").bfloat16()
torch.cuda.synchronize()
y = F.gelu(F.linear(a, w, b), approximate="tanh"); torch.cuda.synchronize()
PY
timeout 150 ncu --clock-control none $S -k regex:'^(?!.*(distribution|normal|copy|fill)).*' python3 /tmp/t.py > $OUT/ncu_torch.txt 2>&1; echo "torch: exit $?"
for f in $OUT/ncu_*.txt; do echo "=== $f"; grep -E "^  [a-zA-Z_0-9]|Duration|Block Size|Grid Size|Cluster Size|Registers Per|Dynamic Shared|Compute \(SM\) Thro|Memory Thro|DRAM Thro|L2 Cache Thro|Executed Ipc A|Issue Slots Busy|No Eligible|Warp Cycles Per Issued|One or More" $f | head -60; done
# Result (clocks not fixed, so compare cycles): cuBLAS's kernel is
# nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_bias_TNT (256 x 128 tiles, K
# chunks of 64 in 4 stages, clusters of 2, cooperative, 132 workgroups of
# 384 threads, 213 KiB): 287.6k cycles, tensor pipe 89.5% busy; its GELU
# 20.4 us more. Ours: plain 315.0k cycles at 81.9%, fused 338.0k at 76.3%.
# All three keep the tensor pipe busy for the same ~258k cycles; ours
# leave it idle 57k (plain) and 80k (fused) cycles against cuBLAS's 30k.
# The fused epilogue's GELU costs ~23k cycles over the plain one.
