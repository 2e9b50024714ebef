#!/usr/bin/env bash
# Builds gpu/c.tgz for run9.sh: each function of test/e2e/split_k_matmuls.mlir
# and of split_k_shapes.mlir (here) compiled as a package of its own (a
# function that does not finish then stops only itself), with MLIR
# references, and the harness PTX; `ukc-run` (release). Build first with
# WGMMA_MAX_K_SPLITS = 16 (and, for run9, the opaque part count).
set -euo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2/c && mkdir -p gpu2/c/src
python3 - test/e2e/split_k_matmuls.mlir bench/results/2026-12-07-split-k/split_k_shapes.mlir <<'PY'
import re, sys
for path in sys.argv[1:]:
    text = open(path).read()
    body = text[text.index("module {") + 8:text.rindex("}")]
    for f in re.split(r"\n(?=  func\.func )", body):
        if f.strip().startswith("func.func"):
            name = re.search(r"func\.func @(\w+)", f).group(1)
            open(f"gpu2/c/src/{name}.mlir", "w").write("module {\n" + f.rstrip() + "\n}\n")
PY
for f in gpu2/c/src/*.mlir; do
  target/debug/ukc compile --arch sm_90a --no-cubin --reference "$f" -o "gpu2/c/$(basename "$f" .mlir).pkg" | head -1
done
target/debug/ukc build-ukernel-check -o gpu2/c/check.pkg --ptx-dir gpu2/c/ptx | head -1
cargo build --release -p ukc-runner 2>&1 | tail -1; cp target/release/ukc-run gpu2/ukc-run
mkdir -p gpu && tar czf gpu/c.tgz gpu2/c gpu2/ukc-run && du -sh gpu/c.tgz
