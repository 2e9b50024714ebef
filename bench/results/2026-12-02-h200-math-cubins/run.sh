#!/bin/bash
# One batched run on the GPU machine: math kernels vs torch, cubin vs PTX.
cd "$(dirname "$0")"
export CUDA_CACHE_DISABLE=1   # every PTX load is a real JIT compile
echo "== $(date -u +%F) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
for p in math math_ptx; do
  echo "== ukc-run run $p.pkg --save io_$p"; ./ukc-run run $p.pkg --repeat 5 --save io_$p > run_$p.txt 2>&1; echo "rc=$?"
  head -3 run_$p.txt; tail -1 run_$p.txt
done
echo "== math_check.py io_math (cubin)"; python3 ../bench/math_check.py io_math 2>&1 | tee math_check.txt
echo "== cubin vs PTX outputs"; n=0; d=0
for f in io_math/*.out.bin; do n=$((n+1)); cmp -s "$f" "io_math_ptx/$(basename "$f")" || { d=$((d+1)); echo "DIFF $f"; }; done; echo "$n outputs compared, $d differ"
for p in argmax_on argmax_ptx matmul_on matmul_90a decode_step; do
  echo "== ukc-run run $p.pkg"; ./ukc-run run $p.pkg --repeat 5 > run_$p.txt 2>&1; echo "rc=$?"; head -2 run_$p.txt; tail -1 run_$p.txt
done
echo "== first-kernel load times (module load: JIT for PTX, none for cubin)"
for p in math math_ptx argmax_on argmax_ptx matmul_on matmul_90a; do echo "$p: $(head -1 run_$p.txt | grep -o '[a-z -]*for [0-9.]*, loaded in [0-9.]* ms')"; done
mkdir -p $OUT && cp run_*.txt math_check.txt $OUT/
