#!/usr/bin/env bash
# Loop strength reduction moved: off in NVPTX codegen for every module
# (LLVM's -disable-lsr), run instead at the end of the O3 pipeline for the
# modules that get O3 (matmul, the default path), none for the argmax
# modules of the short pipeline; the harness PTX now gets the pipeline a
# dispatch calling the same ukernels gets. Checks of the packages and
# harness built that way, then harness kernels and default-path dispatches
# against the build with LSR in codegen, in one run.
# gpu/ptx, gpu/default_lsr.pkg: LSR in codegen; gpu/ptx_irlsr,
# gpu/check_irlsr.pkg, gpu/*_irlsr.pkg: the new placement.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check_irlsr.pkg > $OUT/check_irlsr.txt 2>&1; echo "check-ukernels (LSR moved): exit $?"; tail -1 $OUT/check_irlsr.txt
for p in argmax_irlsr matmul_irlsr; do
  timeout 150 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; tail -1 $OUT/run_$p.txt
done
for d in ptx ptx_irlsr; do
  echo "== harness PTX: $d"
  (cd bench && timeout 150 python3 matmul_bench.py ../gpu/$d --reps 10 2>&1 | tee $OUT/matmul_bench_$d.txt | grep -vE "^ *(ok|check)" | tail -30)
  (cd bench && timeout 100 python3 argmax_bench.py ../gpu/$d --reps 10 2>&1 | tee $OUT/argmax_bench_$d.txt | grep -E "4096x32000|1x128256|64x128256|268435456|MISMATCH|equal")
done
for p in default_lsr default_irlsr; do
  echo "== default path: $p"
  (cd bench && timeout 100 python3 default_path_bench.py ../gpu/$p.pkg --skip 4096x4096x4096 2>&1 | tee $OUT/default_$p.txt | tail -8)
done
