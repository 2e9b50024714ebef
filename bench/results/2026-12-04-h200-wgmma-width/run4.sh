#!/usr/bin/env bash
# run3: torch_check ALL EQUAL. The runtime now skips a launch whose grid
# has no workgroups (M = 0: an empty batch) instead of rejecting it, and
# the Python package accepts torch's empty tensors whatever their strides.
# The Python package's tests on the GPU (its OnGpu class included, with the
# new empty-batch test), on a package of python/tests/kernels.mlir built
# for sm_80 + sm_90.
set -uo pipefail
cd "$(dirname "$0")/../../.."
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/site UKERNEL_TEST_PACKAGE=$PWD/gpu/test_kernels.pkg
(cd python/tests && timeout 200 python3 -m unittest -v test_ukernel 2>&1) | tee $OUT/python_tests.txt | tail -30
# Result: 17 tests, OK (1 skipped: the no-GPU error test, which needs a
# machine without a GPU). test_empty_batch_launches_nothing passed: M = 0
# gave a 0 x 1000 result, and the empty rows' argmax wrote index 0 (its
# init) over the 7s.
