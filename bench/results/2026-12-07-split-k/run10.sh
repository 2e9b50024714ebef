#!/usr/bin/env bash
# run10: is the split-K hang the optimizer's specialisation on a constant
# part count? The split-K packages built twice with WGMMA_MAX_K_SPLITS = 16
# (payload10.sh): gpu2/n as the ukernel is, gpu2/c with the part count
# kept opaque (an empty asm on it before the walk); then the harness on the
# same shapes; then the e2e packages of valid-IR forms (gpu2/e); then a
# kernel that traps (runtime and runner tests) and the runtime's GPU tests.
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/c.tgz && chmod +x gpu2/ukc-run
nvidia-smi -L
for set in n c; do
  for p in gpu2/$set/*.pkg; do
    case $p in */check.pkg) continue ;; esac
    [ $set = n ] && case $p in *plain_256x256*|*plain_200x384x6144_kn*|*acc_256*|*unaligned*) ;; *) continue ;; esac
    echo "== $p"; timeout 8 gpu2/ukc-run run $p --repeat 20 2>&1 | cut -c1-160; echo "rc=${PIPESTATUS[0]}"
  done
done
(cd bench && timeout 60 python3 matmul_bench.py ../gpu2/c/ptx --split-k --check-only --split-k-cases 128x256x16384:6,256x256x16384:6,200x384x6144:3,256x384x6144:3,384x256x16384:6)
for p in gpu2/e/*.pkg; do echo "== $p"; timeout 25 gpu2/ukc-run run $p 2>&1 | cut -c1-160; echo "rc=${PIPESTATUS[0]}"; done
for t in gpu2/t/*; do echo "== $t"; chmod +x $t; timeout 60 $t --include-ignored 2>&1 | grep -E "^test |test result|panicked|assert"; done
# FP8 on the wgmma ukernel against torch._scaled_mm (the Python package in gpu2/py).
(cd bench && PYTHONPATH=../gpu2/py timeout 150 python3 fp8_matmul_bench.py ../gpu2/fp8_bench.pkg --reps 10 --rounds 2)
