#!/usr/bin/env bash
# One batched run on the GPU machine: the wheel installed with pip (no
# compiler), the Python package's tests, every e2e kernel from Python
# against torch, the CLI mirror of ukc-run, graph capture, launch overhead.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/.."
nvidia-smi -L; python3 --version; python3 -c "import torch; print('torch', torch.__version__)"; ldd --version | head -1
echo "== pip install of the wheel"
python3 -m pip install --no-index --no-deps --no-compile --target /tmp/site gpu/ukernel-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl --upgrade 2>&1 | tail -3

export PYTHONPATH=/tmp/site
python3 -c "import ukernel, sys; print('ukernel from', ukernel.__file__)"
echo "== runtime tests (GPU ones included)"
true

echo "== Python package tests"
UKERNEL_TEST_PACKAGE=gpu/kernels.pkg python3 -m unittest -v python/tests/test_ukernel.py 2>&1 | tail -25
echo "== python -m ukernel run (the ukc-run runner)"
for p in argmax_on matmul_on matmul_90a decode_step; do python3 -m ukernel run gpu/$p.pkg --repeat 5 > $OUT/run_$p.txt 2>&1; echo "$p: exit $?"; tail -2 $OUT/run_$p.txt; done
echo "== every kernel against torch"
python3 bench/torch_check.py gpu/argmax_on.pkg gpu/matmul_on.pkg gpu/matmul_90a.pkg gpu/decode_step.pkg gpu/kernels.pkg \
  --graph gpu/argmax_on.pkg --overhead gpu/argmax_on.pkg 2>&1 | tee $OUT/torch_check.txt | grep -v ": ok" | tail -40
echo "== math kernels through the package against torch"
python3 bench/math_check.py gpu/math.pkg > $OUT/math_check.txt 2>&1; echo "exit $?"; grep -v " ok$" $OUT/math_check.txt | tail -8
