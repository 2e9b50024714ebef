#!/usr/bin/env bash
# First run: the matmul epilogue's pair store (fused packages before and
# after, in one process each, plus every check), the decode sweep (skinny
# and gemv variants, weights warm and cold against F.linear), and ncu's
# launch, occupancy and throughput sections for the decode kernels of both
# sides.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
for p in fused_mm_90a fused_mm old_fused_mm_90a matmul_on matmul_90a fused; do
  python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run1_$p.txt 2>&1; echo "$p: exit $? $(tail -1 $OUT/run1_$p.txt)"
done
python3 -m ukernel run gpu/decode_step.pkg --repeat 2 2>&1 | tail -1
(cd bench && python3 torch_check.py ../gpu/fused_mm_90a.pkg ../gpu/fused_mm.pkg ../gpu/matmul_90a.pkg) 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -8
(cd bench && timeout 200 python3 matmul_bench.py ../gpu/ptx --check-only) 2>&1 | tail -2
for p in fused_mm_90a old_fused_mm_90a fused_mm old_fused_mm; do
  echo "== fusion_bench $p"
  (cd bench && python3 fusion_bench.py ../gpu/$p.pkg --reps 20) 2>&1 | tee $OUT/fusion_bench_$p.txt | grep -i "matmul\|gelu\|plain\|mismatch\|error" | head -20
done
echo "== decode sweep"
(cd bench && timeout 300 python3 matmul_bench.py ../gpu/sweep --sweep --reps 20) 2>&1 | tee $OUT/sweep.txt
echo "== ncu"
cat > /tmp/decode_one.py <<'PY'
import ctypes, sys, torch, torch.nn.functional as F
sys.path.insert(0, "bench")
from cuda_driver import Driver
drv = Driver("gpu/ptx/harness_matmul.sm_90.ptx")
for (m, n, k, kind) in [(8, 4096, 4096, "skinny"), (1, 16384, 16384, "gemv"), (1, 11008, 4096, "gemv")]:
    a = torch.randn(m, k, device="cuda").bfloat16(); b = torch.randn(n, k, device="cuda").bfloat16()
    c = torch.empty(m, n, device="cuda")
    args = [ctypes.c_uint64(a.data_ptr()), ctypes.c_int64(k), ctypes.c_uint64(b.data_ptr()), ctypes.c_int64(k),
            ctypes.c_uint64(c.data_ptr()), ctypes.c_int64(n), ctypes.c_int64(m), ctypes.c_int64(n), ctypes.c_int64(k), ctypes.c_int32(0)]
    for _ in range(2):
        drv.launch(f"harness_uk_matmul_{kind}_bf16_nk", ((n + 15) // 16, 1, 1), (256, 1, 1), args)
        F.linear(a, b)
    torch.cuda.synchronize()
PY
timeout 240 ncu --section LaunchStats --section Occupancy --section SpeedOfLight --section WarpStateStats --launch-skip 0 python3 /tmp/decode_one.py > $OUT/ncu_decode.txt 2>&1
grep -E "^  [a-zA-Z_].*\(|Duration|Grid Size|Block Size|Registers Per|Achieved Occupancy|Theoretical Occupancy|DRAM Throughput|Memory Throughput|Waves Per SM|Compute \(SM\)" $OUT/ncu_decode.txt | head -120
cd $OUT && tar czf all.tgz *.txt && ls
