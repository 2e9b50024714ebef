"""Compares the reference outputs of two packages of the same module
(`ukc compile --reference`, same kernel names, so the same inputs): per
kernel output, "identical" (same bytes), "within tolerance" (floats within
the manifest's tolerance, as `ukc-run run` checks them:
|b - a| <= tol * (|a| + rms(a))) or "DIFFERENT".

usage: refs_agree.py BEFORE.ref AFTER.ref
"""
import math
import struct
import sys

FORMATS = {"f32": ("f", 4), "f64": ("d", 8)}


def manifest(path):
    kernels = {}
    current = None
    for line in open(f"{path}/manifest.txt"):
        words = line.split()
        if words and words[0] == "kernel":
            current = words[1]
            kernels[current] = {"tolerance": float(words[words.index("tolerance") + 1]), "outputs": []}
        elif words and words[0] == "output":
            kernels[current]["outputs"].append((words[2], words[-1]))
    return kernels


def main(before, after):
    for name, k in manifest(before).items():
        for element, file in k["outputs"]:
            a, b = open(f"{before}/{file}", "rb").read(), open(f"{after}/{file}", "rb").read()
            if a == b:
                print(f"{name}: identical")
                continue
            if element not in FORMATS or len(a) != len(b):
                print(f"{name}: DIFFERENT")
                continue
            code, size = FORMATS[element]
            x = struct.unpack(f"{len(a) // size}{code}", a)
            y = struct.unpack(f"{len(b) // size}{code}", b)
            rms = math.sqrt(sum(v * v for v in x) / len(x))
            ok = all(abs(q - p) <= k["tolerance"] * (abs(p) + rms) for p, q in zip(x, y))
            print(f"{name}: {'within tolerance' if ok else 'DIFFERENT'}")


if __name__ == "__main__":
    main(*sys.argv[1:])
