#!/usr/bin/env bash
# run8: which split-K packages finish (run7: two of five did not): plain
# and C += AB matmuls, M of 128, 200, 256, 384, B as N x K and K x N, in 3
# and 6 parts, each alone with a timeout. Payload gpu/b.tgz (gpu2/b,
# built with WGMMA_MAX_K_SPLITS = 16).
set -u
tar xzf gpu/b.tgz; chmod +x gpu2/ukc-run
nvidia-smi -L
for p in gpu2/b/*.pkg; do echo "== $p"; timeout 15 gpu2/ukc-run run $p --repeat 0 2>&1 | cut -c1-200; echo "rc=${PIPESTATUS[0]}"; done
