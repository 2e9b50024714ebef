#!/usr/bin/env python3
"""Where the rules and measurement disagree: for each kernel of a tune plan
(`ukc tune ... --prepare-only DIR` wrote DIR/plan.json), the rules' choice
against the fastest candidate of its record in a tuning file (`ukc-run
measure DIR -o FILE`), for the plan's arch and library.

Prints one row per kernel: function, rules' choice and time, best and time,
how much the rules lose (%), and a line per kernel where they lose by more
than THRESHOLD percent (default 5), the cases where the rules want
correcting. Exit status 0; 1 when a kernel of the plan has no record.

usage: tuning_report.py PLAN TUNING [--threshold PCT] [--gpu NAME]
"""
import json
import sys


def main(argv):
    args = list(argv)
    threshold, gpu = 5.0, None
    while "--threshold" in args:
        i = args.index("--threshold")
        threshold = float(args[i + 1])
        del args[i:i + 2]
    while "--gpu" in args:
        i = args.index("--gpu")
        gpu = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    plan = json.load(open(args[0]))
    tuning = json.load(open(args[1]))
    missing, losses = 0, []
    print(f"{'function':<28} {'rules':<34} {'us':>9}  {'best':<34} {'us':>9}  {'loss':>6}")
    for kernel in plan["kernels"]:
        records = [r for r in tuning["records"]
                   if r["signature"] == kernel["signature"] and r["arch"] == plan["arch"]
                   and r["library"] == plan["library"] and (gpu is None or r["gpu"] == gpu)]
        if not records:
            print(f"{kernel['function']:<28} no record")
            missing += 1
            continue
        times = {c["choice"]: c["micros"] for c in records[0]["candidates"] if "micros" in c}
        if not times:
            print(f"{kernel['function']:<28} every candidate was rejected")
            continue
        best = min(times, key=times.get)
        rules = kernel["rules"]
        rules_time = times.get(rules)
        loss = (rules_time / times[best] - 1) * 100 if rules_time else float("inf")
        shown = f"{rules_time:9.1f}" if rules_time else f"{'dropped':>9}"
        print(f"{kernel['function']:<28} {rules:<34} {shown}  {best:<34} {times[best]:9.1f}  {loss:5.1f}%")
        if loss > threshold:
            losses.append((kernel["function"], rules, best, loss))
    print(f"{len(losses)} kernel(s) where the rules lose by more than {threshold:g}%:")
    for function, rules, best, loss in losses:
        print(f"  {function}: {rules} -> {best} ({loss:.1f}% slower)")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
