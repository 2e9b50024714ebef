#!/usr/bin/env bash
# run1: the outer-dim argmax forms and transposed copies against MLIR's CPU
# execution, with the contraction forms, realir blocks and a fuzz module as
# regressions; argmax over dim 0 against torch.argmax(x, dim=0) for this
# tree and the tree before (outer_argmax_base.pkg: the default path's split
# fold reading strided columns); the 4096^3 matmul with A as (k, m), whose
# A is copied transposed. Payload gpu/e.tgz (payload.sh).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/e.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
for p in gpu2/p/*.pkg gpu2/fuzz/*.pkg; do
  n=$(basename "$p" .pkg)
  case $n in outer_argmax*) continue;; esac
  timeout 150 gpu2/ukc-run run "$p" --repeat 0 > /tmp/$n.txt 2>&1
  echo "$n exit $? $(tail -1 /tmp/$n.txt | cut -c1-200)"
  { echo "== $n"; cat /tmp/$n.txt; } >> "$OUT/checks.txt"
done
grep -h "MISMATCH\|error" "$OUT/checks.txt" | cut -c1-400 | head -30
cd bench
for p in outer_argmax_base outer_argmax; do
  echo "== $p"
  PYTHONPATH=../gpu2/py timeout 90 python3 outer_argmax_bench.py ../gpu2/p/$p.pkg --reps 10 --rounds 2 --calls 10
done
cd ..
timeout 60 gpu2/ukc-run run gpu2/p/transposed_copies.pkg --repeat 10 2>&1 | cut -c1-250
timeout 60 gpu2/ukc-run run gpu2/p/contraction_forms.pkg --repeat 10 2>&1 | cut -c1-250
timeout 60 gpu2/ukc-run run gpu2/a_t.pkg --repeat 10 2>&1 | cut -c1-250
