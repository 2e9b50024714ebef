#!/usr/bin/env bash
# run2: the Python package on the GPU (its tests with the prebuilt test
# package: torch custom ops under torch.compile(fullgraph=True), ukernel.tune
# of a small tuning folder), then `ukc-run measure` of seven corpus
# functions (see run1.sh). Payload gpu/t.tgz: gpu2/ukc-run, gpu2/tune,
# gpu2/py (the installed ukernel package), gpu2/pytest (kernels.pkg from
# python/tests/kernels.mlir with references; a tuning folder of its
# K x N f16 matmul, `ukc tune ... --arch sm_90 --function
# mm_tile_f16_kn_acc_127x129x1000 --prepare-only`).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/t.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run
python3 -c "import torch; print('torch', torch.__version__)"
UKERNEL_TEST_PACKAGE=gpu2/pytest/kernels.pkg PYTHONPATH=gpu2/py timeout 100 python3 -m unittest discover -s python/tests -v 2>&1 | tail -45
PYTHONPATH=gpu2/py timeout 40 python3 -c "
import ukernel
records = ukernel.tune('gpu2/pytest/tune', repeat=5, verbose=True)
print(len(records), 'record(s);', [(c['choice'], c.get('micros'), c.get('rejected')) for c in records[0]['candidates']])
"
start=$(date +%s)
timeout 100 gpu2/ukc-run measure gpu2/tune -o "$OUT/tuning.json" --repeat 10
echo "measure: exit $? in $(( $(date +%s) - start )) s"
