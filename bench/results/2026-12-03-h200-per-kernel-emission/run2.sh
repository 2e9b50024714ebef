#!/usr/bin/env bash
# NVPTX codegen without loop strength reduction (LLVM's -disable-lsr; ptxas
# optimizes addressing itself), which makes emission about 30% cheaper:
# every check on the packages and harness built that way, then harness
# kernels and compiled dispatches with and without it, timed in one run.
# gpu/ptx, gpu/decode_new.pkg, gpu/default_lsr.pkg: built as usual;
# gpu/ptx_nolsr, gpu/check_nolsr.pkg, gpu/*_nolsr.pkg: the same with LSR off.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
timeout 120 python3 -m ukernel check-ukernels gpu/check_nolsr.pkg > $OUT/check_nolsr.txt 2>&1; echo "check-ukernels (no LSR): exit $?"; tail -1 $OUT/check_nolsr.txt
for p in argmax_nolsr matmul_nolsr; do
  timeout 150 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; tail -1 $OUT/run_$p.txt
done
(cd bench && timeout 100 python3 decode_argmax_bench.py ../gpu/decode_new.pkg ../gpu/decode_nolsr.pkg --reps 20 2>&1 | tee $OUT/decode_argmax_bench.txt | tail -12)
for d in ptx ptx_nolsr; do
  echo "== harness PTX: $d"
  (cd bench && timeout 150 python3 matmul_bench.py ../gpu/$d --reps 10 2>&1 | tee $OUT/matmul_bench_$d.txt | grep -vE "^ *(ok|check)" | tail -30)
  (cd bench && timeout 100 python3 argmax_bench.py ../gpu/$d --reps 10 2>&1 | tee $OUT/argmax_bench_$d.txt | grep -E "4096x32000|1x128256|64x128256|268435456|MISMATCH|equal")
done
for p in default_lsr default_nolsr; do
  echo "== default path: $p"
  (cd bench && timeout 100 python3 default_path_bench.py ../gpu/$p.pkg --skip 4096x4096x4096 2>&1 | tee $OUT/default_$p.txt | tail -8)
done
