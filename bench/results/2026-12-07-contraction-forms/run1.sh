#!/usr/bin/env bash
# run1: contractions in every form on the matmul ukernels
# (ukernel-canonicalize-contractions), the NaN-ignoring argmax ukernels
# (uk_argmax_maxnum_*). Payload from payload.sh. Every function of the
# packages against upstream MLIR's CPU execution; every ukernel's harness
# (check-ukernels) against the CPU reference; the contraction forms timed.
set -uo pipefail
cd "$(dirname "$0")/../../.."
[ -d gpu2 ] || tar xzf gpu/b.tgz
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
timeout 200 gpu2/ukc-run check-ukernels gpu2/check.pkg > $OUT/check_ukernels.txt 2>&1; echo "check-ukernels: exit $? $(tail -1 $OUT/check_ukernels.txt)"
grep -i "maxnum" $OUT/check_ukernels.txt | head -12
grep -i "fail\|mismatch" $OUT/check_ukernels.txt | head -10
timeout 100 gpu2/ukc-run run gpu2/p/contraction_forms.pkg --repeat 10 2>&1 | cut -c1-250
timeout 100 gpu2/ukc-run run gpu2/p/argmax_maxnum_dispatches.pkg --repeat 10 2>&1 | cut -c1-250
timeout 100 gpu2/ukc-run run gpu2/a_t.pkg --repeat 10 2>&1 | cut -c1-250
