"""Writes a tuning file as `ukc-run measure` would, from a tune plan and
given times, for tests that have no GPU: one record per planned kernel.

usage: tuning_record.py PLAN [--gpu NAME] [--library HASH] CHOICE=MICROS|CHOICE=!reason ...
"""
import json
import sys

args = sys.argv[1:]
plan = json.load(open(args.pop(0)))
gpu, library = "NVIDIA H100 80GB HBM3", plan["library"]
while args and args[0].startswith("--"):
    flag, value = args.pop(0), args.pop(0)
    if flag == "--gpu":
        gpu = value
    elif flag == "--library":
        library = value
# A choice may hold "=" itself (`<symbol>@k_splits=2`): the time follows the last.
times = dict(a.rsplit("=", 1) for a in args)
records = []
for kernel in plan["kernels"]:
    candidates = []
    for c in kernel["candidates"]:
        t = times.get(c["choice"])
        if t is None:
            continue
        if t.startswith("!"):
            candidates.append({"choice": c["choice"], "rejected": t[1:]})
        else:
            candidates.append({"choice": c["choice"], "micros": float(t)})
    records.append({"signature": kernel["signature"], "arch": plan["arch"], "gpu": gpu,
                    "compute_capability": "9.0", "driver": "13000", "library": library,
                    "candidates": candidates})
json.dump({"format": "ukernel-tuning", "version": 1, "records": records}, sys.stdout, indent=1)
