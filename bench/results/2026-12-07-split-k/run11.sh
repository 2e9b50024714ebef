#!/usr/bin/env bash
# run11: run10 cut to what a short device budget allows, most telling first:
# the FP8 packages (MLIR references), a kernel that traps (runtime and
# runner tests), the split-K packages with the part count opaque (gpu2/c)
# and one without (gpu2/n) for contrast, the valid-IR e2e packages, then
# FP8 against torch._scaled_mm. Payload gpu/c.tgz (payload10.sh).
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/c.tgz && chmod +x gpu2/ukc-run gpu2/t/*
nvidia-smi -L
run() { echo "== $1"; timeout "$2" gpu2/ukc-run run "$1" 2>&1 | cut -c1-170; echo "rc=${PIPESTATUS[0]}"; }
run gpu2/e/fp8_wgmma_dispatches.pkg 25
for t in gpu2/t/ukernel-runtime-fault gpu2/t/ukc-runner-fault; do echo "== $t"; timeout 30 $t --include-ignored 2>&1 | grep -E "^test |test result|panicked|assert"; done
for p in plain_256x256x16384_nk plain_200x384x6144_kn acc_256x256x16384_nk plain_384x256x16384_nk accumulate_bf16_128x256x16384; do run gpu2/c/$p.pkg 8; done
run gpu2/n/plain_256x256x16384_nk.pkg 6
for p in scalar_arguments other_linalg_forms data_movement_forms fp8_dispatches; do run gpu2/e/$p.pkg 20; done
(cd bench && PYTHONPATH=../gpu2/py timeout 90 python3 fp8_matmul_bench.py ../gpu2/fp8_bench.pkg --reps 10 --rounds 2)
echo "== runtime GPU tests"; timeout 40 gpu2/t/ukernel-runtime-runtime --include-ignored 2>&1 | grep -E "test result|panicked|FAILED"
