#!/usr/bin/env bash
# Builds gpu/k.tgz for run3.sh: ukc-run (release) and packages with cubins
# and MLIR references: the three run2 failures after their fixes
# (test/realir/g_one_hot: a fused arange counted the wrong loop;
# h_dyn_argmax and h_dyn_softmax: a launch grid read a temporary's dim), the
# `i_` torch-mlir exports (more ops: reductions over other dims, activations,
# integer ops, permutes, contractions in other forms), and
# differential modules from `ukc-fuzz --linalg-functions` (seeds 12-15, 60
# functions each, and long rows, seeds 21-22) with the new forms: aranges,
# triangle masks, column sums, argmaxes, integer round trips, row maxima;
# and with dynamic rows (seeds 31-32, 37 rows at run time).
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/k && mkdir -p gpu2/k
for f in test/realir/g_one_hot.mlir test/realir/h_dyn_argmax.mlir test/realir/h_dyn_softmax.mlir test/realir/i_*.mlir; do
  target/debug/ukc compile "$f" --arch sm_90a --reference --check-rewrites -o gpu2/k/$(basename $f .mlir).pkg 2>&1 | grep -v remark | sed -n 1p
done
for s in 12 13 14 15; do
  target/debug/ukc-fuzz --linalg-functions 60 --seed $s --write gpu2/k/fz$s.mlir > /dev/null
  target/debug/ukc compile gpu2/k/fz$s.mlir --arch sm_90a --reference --check-rewrites -o gpu2/k/fz$s.pkg 2>&1 | grep -v remark | sed -n 1p
done
for s in 21 22; do
  target/debug/ukc-fuzz --linalg-functions 30 --long-rows --seed $s --write gpu2/k/fl$s.mlir > /dev/null
  target/debug/ukc compile gpu2/k/fl$s.mlir --arch sm_90a --reference --check-rewrites -o gpu2/k/fl$s.pkg 2>&1 | grep -v remark | sed -n 1p
done
for s in 31 32; do
  target/debug/ukc-fuzz --linalg-functions 60 --seed $s --dynamic-rows --write gpu2/k/fd$s.mlir > /dev/null
  target/debug/ukc compile gpu2/k/fd$s.mlir --arch sm_90a --reference --check-rewrites --dynamic-size 37 -o gpu2/k/fd$s.pkg 2>&1 | grep -v remark | sed -n 1p
done
cargo build --release -q -p ukc-runner && cp target/release/ukc-run gpu2/k/ukc-run
mkdir -p gpu && tar czf gpu/k.tgz gpu2/k && du -sh gpu/k.tgz
