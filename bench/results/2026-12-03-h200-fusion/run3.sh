#!/usr/bin/env bash
# Third run: monotone maps evaluated only where they can win
# (input_map_order). First the exhaustive check that libdevice's tanhf,
# expf and exp2f are non-decreasing over every f32, then the fused packages
# against the CPU references and torch, the fusion benchmark (twice), the
# argmax e2e and decode packages, and the plain argmax harness timings.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl --upgrade 2>&1 | tail -2
export PYTHONPATH=/tmp/site
(cd bench && python3 monotone_check.py ../gpu/monotone.pkg) 2>&1 | tee $OUT/monotone_check.txt
for p in fused argmax_on; do python3 -m ukernel run gpu/$p.pkg --repeat 5 > $OUT/run3_$p.txt 2>&1; echo "$p: exit $?"; tail -1 $OUT/run3_$p.txt; done
python3 -m ukernel run gpu/decode_step.pkg/decode_step.pkg --repeat 5 2>&1 | tail -1
# Default-path kernels that no ukernel covers, now with the fold reference.
for p in default_forms argmax_off; do python3 -m ukernel run gpu/$p.pkg --repeat 3 > $OUT/run3_$p.txt 2>&1; echo "$p: exit $?"; grep -v matches $OUT/run3_$p.txt | tail -3; done
(cd bench && python3 torch_check.py ../gpu/fused.pkg ../gpu/argmax_on.pkg) 2>&1 | tee $OUT/torch_check3.txt | tail -3
(cd bench && python3 fusion_bench.py ../gpu/fused.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench4.txt
(cd bench && python3 fusion_bench.py ../gpu/fused.pkg --reps 30) 2>&1 | tee $OUT/fusion_bench5.txt
(cd bench && timeout 200 python3 argmax_bench.py ../gpu/ptx --reps 20) 2>&1 | tee $OUT/argmax_bench3.txt | head -20
