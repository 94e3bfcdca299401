#!/usr/bin/env python3
"""Two builds of per side by side on one job: runs interleaved, median wall time and peak memory
of each, and the ratio. For a change's before/after figures on inputs `make bench` lacks (many
small files, a real export, a file whose reading is weighed).

    Benchmarks/paired.py [--runs 5] OLD-PER NEW-PER -- report --format csv -o /tmp/out.csv FILE...
"""
import argparse, os, statistics, subprocess, sys, tempfile

split = sys.argv.index("--") if "--" in sys.argv else len(sys.argv)
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("old")
parser.add_argument("new")
parser.add_argument("--runs", type=int, default=5)
options = parser.parse_args(sys.argv[1:split])
args = sys.argv[split + 1:]
report = os.path.join(tempfile.mkdtemp(), "time.txt")
results = {"old": [], "new": []}
for _ in range(options.runs):
    for side in ("old", "new"):
        subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", report, getattr(options, side)] + args,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall, peak = open(report).read().split()[-2:]
        results[side].append((float(wall), int(peak) / 1024))
medians = {side: statistics.median(w for w, _ in runs) for side, runs in results.items()}
for side, runs in results.items():
    walls = [w for w, _ in runs]
    print(f"{side}: {medians[side]:.3f} s ({min(walls):.2f}-{max(walls):.2f}), {max(m for _, m in runs):.0f} MiB")
print(f"new/old: {medians['new'] / medians['old']:.2f}")
