#!/usr/bin/env bash
# Default-path folds split over a workgroup: every kernel checked against
# its CPU reference (the split forms, the argmax e2e file and the default
# forms compiled with --ukernels none), shared memory race-checked, and the
# default-path dispatches timed against torch in the same run.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -1
export PYTHONPATH=/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for p in split_forms argmax_off default_forms; do
  timeout 240 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"
  grep -E "MISMATCH|passed|skipped|no reference" $OUT/run_$p.txt | tail -4
done
timeout 200 compute-sanitizer --tool racecheck --racecheck-report hazard python3 -m ukernel run gpu/split_forms.pkg > $OUT/racecheck.txt 2>&1; echo "racecheck: exit $?"; tail -5 $OUT/racecheck.txt
timeout 150 compute-sanitizer --tool memcheck python3 -m ukernel run gpu/split_forms.pkg > $OUT/memcheck.txt 2>&1; echo "memcheck: exit $?"; tail -3 $OUT/memcheck.txt
(cd bench && timeout 200 python3 default_path_bench.py ../gpu/default_after.pkg 2>&1 | tee $OUT/default_after.txt)
# Decode rows as thread-block clusters: the e2e argmax and fused files for
# sm_90 against their CPU references, then the decode dispatches timed.
for p in argmax_on fused check; do
  timeout 240 python3 -m ukernel run gpu/$p.pkg --repeat 2 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"
  grep -E "MISMATCH|passed|skipped|no reference" $OUT/run_$p.txt | tail -4
done
timeout 120 compute-sanitizer --tool racecheck python3 -m ukernel run gpu/decode_cluster.pkg > $OUT/racecheck_cluster.txt 2>&1; echo "racecheck cluster: exit $?"; tail -3 $OUT/racecheck_cluster.txt
(cd bench && timeout 200 python3 decode_argmax_bench.py ../gpu/decode_cluster.pkg ../gpu/decode_scratch.pkg 2>&1 | tee $OUT/decode_argmax.txt)
# The argmax ukernels before and after the vector fast path (harness
# kernels, checked against torch.argmax, same process each).
(cd bench && timeout 150 python3 argmax_bench.py ../gpu/ptx_before --reps 20 2>&1 | tee $OUT/argmax_bench_before.txt | tail -25)
(cd bench && timeout 150 python3 argmax_bench.py ../gpu/ptx --reps 20 2>&1 | tee $OUT/argmax_bench_after.txt | tail -25)
