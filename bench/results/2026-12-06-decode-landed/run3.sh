#!/usr/bin/env bash
# run3: the GPU tests that CI (no GPU) lists as skipped, on this commit's
# runtime: the runtime's ignored GPU tests (test binaries of `cargo test
# --release -p ukernel-runtime --no-run`, in gpu/rt) and the Python
# package's tests (its wheel, on a package of python/tests/kernels.mlir
# built for sm_80 + sm_90); then, where the machine is an H200, run1.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
mkdir -p /tmp/o
for t in runtime_unit runtime_tests; do
  timeout 120 gpu/rt/$t --include-ignored > /tmp/o/$t.txt 2>&1; echo "$t: exit $? $(grep '^test result' /tmp/o/$t.txt)"
done
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site UKERNEL_TEST_PACKAGE=$PWD/gpu/test_kernels.pkg
(cd python/tests && timeout 200 python3 -m unittest -v test_ukernel > /tmp/o/python_tests.txt 2>&1); echo "python tests: exit $?"; tail -4 /tmp/o/python_tests.txt
grep -i "skip\|fail\|error" /tmp/o/python_tests.txt | head -5
tar -C /tmp/o -czf $OUT/run3.tgz .
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
case "$name" in *H200*) exec bash "$(dirname "$0")/run1.sh" ;; *) echo "not an H200 ($name): no decode table" ;; esac
# Result (an H100 80GB HBM3 again, so no decode table): the runtime's unit
# tests 10 passed, its integration tests 14 passed with the 5 GPU ones among
# them (gpu_ptx_jit_error_carries_the_driver_log covers Error::Load, whose
# driver error is now boxed); the Python package's 17 tests OK, 1 skipped
# (the no-GPU error test, which needs a machine without one).
