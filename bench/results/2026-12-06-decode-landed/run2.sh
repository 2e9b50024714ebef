#!/usr/bin/env bash
# run2: run1 again, but only on an H200 (the target device; run1 came up on
# an H100): on any other GPU it stops after naming it. Checks as in run1,
# then the compiled decode dispatches against F.linear in three processes.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../../.."
nvidia-smi -L
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
case "$name" in *H200*) ;; *) echo "not an H200 ($name): stopping"; exit 0 ;; esac
exec bash "$(dirname "$0")/run1.sh"
