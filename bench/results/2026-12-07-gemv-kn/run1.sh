#!/usr/bin/env bash
# run1: the GEMV ukernel for B as K x N (uk_matmul_gemv_*_kn) and the f32
# CUDA-core ukernel (uk_matmul_simt_f32_*); epilogues of several inputs. Payload from
# payload.sh. Every function of the packages against upstream MLIR's CPU
# execution; the harness checks of the gemv kinds (both layouts) against
# torch; the corpus against torch with CUDA graphs.
set -uo pipefail
cd "$(dirname "$0")/../../.."
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/p/*.pkg gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  timeout 150 gpu2/ukc-run run "$p" --repeat 0 > /tmp/$n.txt 2>&1
  echo "$n exit $? $(tail -1 /tmp/$n.txt | cut -c1-200)"
  { echo "== $n"; cat /tmp/$n.txt; } >> "$OUT/checks.txt"
done
grep -h "MISMATCH\|error" "$OUT/checks.txt" | cut -c1-400 | head -30
timeout 100 gpu2/ukc-run run gpu2/p/gemv_kn_dispatches.pkg --repeat 10 2>&1 | cut -c1-250
timeout 100 gpu2/ukc-run run gpu2/p/f32_matmul_dispatches.pkg --repeat 10 2>&1 | cut -c1-250
(cd bench && timeout 200 python3 matmul_bench.py ../gpu2/ptx --check-only --kinds gemv,skinny,skinny_wide,simt) 2>&1 | tail -2
(cd bench && timeout 100 python3 matmul_bench.py ../gpu2/ptx --timing-only --reps 20 --kinds skinny,skinny_wide,gemv --layouts kn --decode-shapes 1x4096x4096,1x11008x4096,1x16384x16384,1x4096x128) 2>&1 | grep -v "rounds (us)"
pip install --quiet --no-deps --target /tmp/py gpu2/ukernel-0.1.0-cp39-abi3-linux_x86_64.whl 2>&1 | grep -v WARNING | tail -2
(cd bench && PYTHONPATH=/tmp/py timeout 120 python3 f32_matmul_bench.py ../gpu2/corpus/f32.pkg --reps 10 --rounds 2)
(cd bench && PYTHONPATH=/tmp/py timeout 240 python3 corpus_bench.py ../gpu2/corpus/corpus.pkg --reps 10 --rounds 2 --calls 10)
