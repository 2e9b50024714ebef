#!/usr/bin/env python3
"""Fails (exit 1) when a crate's modules import each other in a cycle.

Reads each crate's `src/` as text: module A depends on module B when A's
code (its `#[cfg(test)] mod tests` aside, doc links included) names
`crate::B`, directly or in a `use crate::{...}` group. Prints each cycle's
modules. Usage: scripts/module_cycles.py [CRATE_DIR...] (default: every
workspace crate with a src/ directory)."""
import os
import re
import sys


def modules(src):
    out = {}
    for root, _, files in os.walk(src):
        for f in files:
            if f.endswith(".rs"):
                path = os.path.join(root, f)
                parts = os.path.relpath(path, src)[:-3].split(os.sep)
                if parts[-1] in ("mod", "lib", "main"):
                    parts = parts[:-1]
                if parts and parts[0] != "bin":
                    out["::".join(parts)] = path
    return out


def graph(src):
    mods = modules(src)
    deps = {m: set() for m in mods}

    def add(m, path):
        for i in range(len(path), 0, -1):
            cand = "::".join(path[:i])
            if cand in mods:
                if cand != m and not m.startswith(cand + "::") and not cand.startswith(m + "::"):
                    deps[m].add(cand)
                return

    for m, path in mods.items():
        text = open(path).read()
        text = re.sub(r"#\[cfg\(test\)\]\s*mod tests\s*\{.*", "", text, flags=re.S)
        for ref in re.findall(r"crate::((?:\w+::)*\w+)", text):
            add(m, ref.split("::"))
        for group in re.findall(r"use crate::\{([^;]*)\};", text, flags=re.S):
            for item in re.findall(r"(?:^|[,{\s])((?:\w+::)*\w+)", group):
                add(m, item.split("::"))
    return deps


def cycles(deps):
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in deps[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in deps:
        if v not in index:
            visit(v)
    return found


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    crates = argv or sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d, "src")))
    bad = False
    for crate in crates:
        for cycle in cycles(graph(os.path.join(root, crate, "src"))):
            print(f"{crate}: modules in an import cycle: {', '.join(cycle)}")
            bad = True
    if not bad:
        print(f"module cycles: none in {len(crates)} crates")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
