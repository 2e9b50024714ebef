# Sourced by the run scripts: from the repository root, unpack the payload
# (gpu/s.tgz, built by payload.sh), send everything printed to
# $OUT/summary.txt as well, and name the GPU.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf gpu2 && tar xzf gpu/s.tgz
exec > >(tee "$OUT/summary.txt") 2>&1
nvidia-smi -L
chmod +x gpu2/ukc-run gpu2/runtime_tests
