#!/usr/bin/env bash
# The main job on the embedded default example: installs and builds what is
# missing, then runs `ukc demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec target/debug/ukc demo "$@"
