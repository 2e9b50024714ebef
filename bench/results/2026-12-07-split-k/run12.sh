#!/usr/bin/env bash
# run12: the fixes run11 asked for. Payload gpu/f.tgz (payload12.sh):
# scalar_arguments (the branch's allocation now a temporary) launched 20
# times, the FP8 package compiled with --fp8-sums tensor-core (the
# reference check allowing one rounding to 2^-11), the split-K e2e package
# with split K on by default, and the fault tests (a new context or a
# typed error saying the driver made none).
set -u
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/f.tgz && chmod +x gpu2/f/ukc-run gpu2/f/t/*
nvidia-smi -L
for p in scalar_arguments fp8_wgmma_dispatches split_k_matmuls; do
  echo "== $p"; timeout 40 gpu2/f/ukc-run run gpu2/f/$p.pkg --repeat 20 2>&1 | cut -c1-150; echo "rc=${PIPESTATUS[0]}"
done
for t in gpu2/f/t/*; do echo "== $t"; timeout 30 $t --include-ignored 2>&1 | grep -E "^test |test result|panicked|Err|called"; done
