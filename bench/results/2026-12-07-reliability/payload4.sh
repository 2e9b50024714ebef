#!/usr/bin/env bash
# Builds gpu/m.tgz for run4.sh: ukc-run (release) and packages with cubins
# and MLIR references: the `j_` torch-mlir exports, generated functions with
# dynamic rows (seeds 33-34) and a generated module compiled with
# `--ukernels none` (every root on the default path, seed 13).
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/m && mkdir -p gpu2/m
for f in test/realir/j_*.mlir; do
  target/debug/ukc compile "$f" --arch sm_90a --reference --check-rewrites -o gpu2/m/$(basename $f .mlir).pkg 2>&1 | grep -v remark | sed -n 1p
done
for s in 33 34; do
  target/debug/ukc-fuzz --linalg-functions 60 --seed $s --dynamic-rows --write gpu2/m/fd$s.mlir > /dev/null
  target/debug/ukc compile gpu2/m/fd$s.mlir --arch sm_90a --reference --check-rewrites --dynamic-size 45 -o gpu2/m/fd$s.pkg 2>&1 | grep -v remark | sed -n 1p
done
target/debug/ukc-fuzz --linalg-functions 60 --seed 13 --write gpu2/m/fn13.mlir > /dev/null
target/debug/ukc compile gpu2/m/fn13.mlir --arch sm_90a --reference --check-rewrites --ukernels none -o gpu2/m/fn13.pkg 2>&1 | grep -v remark | sed -n 1p
cargo build --release -q -p ukc-runner && cp target/release/ukc-run gpu2/m/ukc-run
mkdir -p gpu && tar czf gpu/m.tgz gpu2/m && du -sh gpu/m.tgz
