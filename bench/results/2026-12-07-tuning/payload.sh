#!/usr/bin/env bash
# Builds gpu/t.tgz, which run1.sh and run2.sh carry to the GPU machine:
# the runtime-only ukc-run, the candidates of seven corpus functions
# (gpu2/tune), the installed Python package (gpu2/py) and the Python tests'
# package and tuning folder (gpu2/pytest).
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/tune gpu2/py gpu2/pytest && mkdir -p gpu2/py gpu2/pytest
F=()
for f in llama_qkv_decode_b1_nk llama_qkv_decode_b4_kn llama_qkv_decode_b16_nk attn_scores_decode_b4 \
    attn_values_decode_b16 gpt2_mlp_t512 mm_4096_nk; do
  F+=(--function "$f")
done
target/debug/ukc tune bench/corpus/corpus.mlir --arch sm_90a --no-cubin "${F[@]}" --prepare-only gpu2/tune 2>/dev/null
cargo build --release -p ukc-runner && cp target/release/ukc-run gpu2/ukc-run
python3 -m venv /tmp/ukernel-venv && /tmp/ukernel-venv/bin/pip install --quiet ./python
cp -r /tmp/ukernel-venv/lib/python3*/site-packages/ukernel gpu2/py/ && rm -rf gpu2/py/ukernel/__pycache__
target/debug/ukc compile python/tests/kernels.mlir --arch sm_80,sm_90 --no-cubin -o gpu2/pytest/kernels.pkg --reference >/dev/null 2>&1
target/debug/ukc tune python/tests/kernels.mlir --arch sm_90 --no-cubin --function mm_tile_f16_kn_acc_127x129x1000 \
  --prepare-only gpu2/pytest/tune 2>/dev/null
mkdir -p gpu && tar czf gpu/t.tgz gpu2/ukc-run gpu2/tune gpu2/py gpu2/pytest && du -sh gpu/t.tgz
