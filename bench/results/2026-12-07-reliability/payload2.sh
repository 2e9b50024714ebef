#!/usr/bin/env bash
# Builds gpu/h.tgz for run2.sh: ukc-run (release), packages with cubins and
# MLIR references of the fixes run1 asked for (f_embedding: cf.assert as a
# vprintf and a trap; f_log_softmax: long sums in two stages), the forms
# changed since (f_rotary and test/e2e/Inputs/concats.mlir: concat as a
# gather; f_sdpa_decode; the g_ and h_dyn_ torch-mlir exports), and the gpt2_mlp_t512 tuning candidates with K
# splits (cubins: a candidate's PTX JIT took 2.7 s in run1).
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/h gpu2/tg && mkdir -p gpu2/h
for f in test/realir/f_embedding.mlir test/realir/f_log_softmax.mlir test/realir/f_sdpa_decode.mlir test/realir/f_rotary.mlir test/e2e/Inputs/concats.mlir test/realir/g_*.mlir test/realir/h_dyn_*.mlir test/e2e/Inputs/argmins.mlir; do
  case $(basename $f) in g_cumprod.mlir) continue;; esac
  target/debug/ukc compile "$f" --arch sm_90a --reference -o gpu2/h/$(basename $f .mlir).pkg 2>&1 | grep -v remark | head -1
done
target/debug/ukc tune bench/corpus/corpus.mlir --arch sm_90a --function gpt2_mlp_t512 --prepare-only gpu2/tg | tail -1
cargo build --release -q -p ukc-runner && cp target/release/ukc-run gpu2/h/ukc-run
mkdir -p gpu && tar czf gpu/h.tgz gpu2/h gpu2/tg && du -sh gpu/h.tgz
