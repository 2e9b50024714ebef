#!/usr/bin/env bash
# run4: where the fused kernel's warps wait (run3: its tensor pipe is idle
# 80k of 338k cycles). Nsight Compute's per-instruction stall samples of
# one launch of gelu_bf16_4096x4096x4096 (main's kernel), as CSV.
set -uo pipefail
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site
timeout 300 ncu --clock-control none --section WarpStateStats --section SourceCounters -k regex:gelu_bf16_4096 -c 1 --page source --print-source sass --csv python3 -m ukernel run gpu/M/fused_mm_90a.pkg --repeat 1 > $OUT/source.csv 2> $OUT/source.err; echo "exit $?"; wc -l $OUT/source.csv; head -c 600 $OUT/source.csv; tail -3 $OUT/source.err
# Result (run4/stall_summary.txt; the CSV itself is not kept): 73% of the
# stall samples in the mainloop, 37% on the wgmma wait (tensor pipe busy);
# the interior epilogue is 3693 instructions per consumer warp per tile
# (about 29 per element: bias, GELU's tanh, conversion, store), 17.5% of
# the samples. Two consumer warps per scheduler issue ~7.4k cycles of it
# per tile while the tensor pipe has nothing queued: ~30k of the 80k idle
# cycles at 4 tiles per workgroup.
