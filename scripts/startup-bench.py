#!/usr/bin/env python3
"""Wall and CPU time of whole commands (JVM start-up included), measured interleaved.

Usage: scripts/startup-bench.py ROUNDS 'label::command' ['label::command' ...]

Each round runs every command once, in turn, so that a change in the machine's load during the
run touches every command alike. Prints, per command, the median and minimum wall time and the
median CPU time (user + system of the command and its children), in ms, as a Markdown table.
Output of the commands is discarded; a command that fails stops the run.
"""
import os
import statistics
import subprocess
import sys
import time


def run_once(cmd):
    before = os.times()
    t0 = time.perf_counter()
    p = subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    after = os.times()
    if p.returncode != 0:
        sys.exit(f"command failed ({p.returncode}): {cmd}\n{p.stderr.decode(errors='replace')}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall * 1000, cpu * 1000


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    cmds = [a.split("::", 1) for a in sys.argv[2:]]
    for _, c in cmds:  # warm-up: file cache, archive creation
        run_once(c)
    walls = {l: [] for l, _ in cmds}
    cpus = {l: [] for l, _ in cmds}
    for _ in range(rounds):
        for label, c in cmds:
            w, u = run_once(c)
            walls[label].append(w)
            cpus[label].append(u)
    print(f"| command | wall median ms | wall min ms | CPU median ms | rounds |")
    print(f"|---|---:|---:|---:|---:|")
    for label, _ in cmds:
        print(f"| {label} | {statistics.median(walls[label]):.0f} | {min(walls[label]):.0f} "
              f"| {statistics.median(cpus[label]):.0f} | {rounds} |")


if __name__ == "__main__":
    main()
