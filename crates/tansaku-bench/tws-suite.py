#!/usr/bin/env python3
"""Every .tws file of a folder, solved by tansaku (and twsearch, when given)
from seeded scrambles: the suite as a benchmark.

    python3 crates/tansaku-bench/tws-suite.py SAMPLES_DIR \\
        [--tansaku target/release/tansaku] [--twsearch PATH] \\
        [--lengths 3,5,7,10] [--timeout 60] [--memory 8G] [--json out.json]

SAMPLES_DIR is any folder of .tws files: twsearch's samples/main (82 files)
is the suite this was written for. Each file is read (`tansaku check`);
for each length a scramble of that many of the file's moves is drawn with
a seed made from the file's name and the length (no move twice in a row),
so that every run asks the same questions. tansaku solves each twice with
a fresh table folder: cold (tables built) and warm (tables read back);
twsearch, when given, solves it once in the same run with the same memory.
A run past --timeout seconds is stopped and counted as not answered.

Prints a line per file and length, then the totals: files read, scrambles
answered, answered with twsearch's length, and the total times of the
scrambles both answered. Only the Python standard library is needed.
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time


def base_moves(path):
    """The moves a search makes: Move, MoveTransformation and MoveSequence
    names, less twsearch's rotations (x, y, z, capitals then v)."""
    names = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            w = line.split()
            if len(w) >= 2 and w[0] in ("Move", "MoveTransformation", "MoveSequence"):
                if not re.fullmatch(r"[xyz][2']?|[A-Z_]+v", w[1]):
                    names.append(w[1])
    return names


def scramble(path, length, attempt=0):
    key = f"{os.path.basename(path)}:{length}" + (f":{attempt}" if attempt else "")
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "little")
    rng = random.Random(seed)
    moves = base_moves(path)
    out = []
    while len(out) < length and moves:
        m = rng.choice(moves)
        if len(moves) == 1 or not out or m != out[-1]:
            out.append(m)
    return " ".join(out)


def run(cmd, timeout):
    start = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start, "timeout"
    return p, time.perf_counter() - start, None


def tansaku_solve(binary, path, board, tables, memory, timeout):
    cmd = [binary, "solve", "--def", path, "--board", board, "--json", "--quiet",
           "--pdb-dir", tables, "--max-memory", memory]
    p, secs, why = run(cmd, timeout)
    if p is None:
        return None, secs, why
    if p.returncode != 0:
        return None, secs, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else f"exit {p.returncode}"
    return json.loads(p.stdout)["length"], secs, None


def twsearch_solve(binary, path, board, memory_mb, timeout):
    cmd = [binary, "-M", str(memory_mb), "--scramblealg", board, path]
    p, secs, why = run(cmd, timeout)
    if p is None:
        return None, secs, why
    # twsearch prints the optimal solution found as a line of moves after
    # the search; the last such line is the answer.
    moves = set(base_moves(path))
    best = None
    for line in p.stdout.splitlines():
        words = line.split()
        if words and all(w in moves or re.sub(r"\d*'?$", "", w) in moves for w in words):
            best = len(words)
    if best is None and p.returncode == 0 and "Found 0" in p.stdout:
        best = 0
    if best is None:
        return None, secs, (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1]
    return best, secs, None


def memory_mb(text):
    m = re.fullmatch(r"(\d+)([KMG]?)", text.upper())
    if not m:
        sys.exit(f"--memory {text}: write a size such as 8G or 512M")
    n, unit = int(m.group(1)), m.group(2)
    return {"": n >> 20, "K": n >> 10, "M": n, "G": n << 10}[unit]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("samples", help="a folder of .tws files (twsearch's samples/main)")
    ap.add_argument("--tansaku", default="target/release/tansaku")
    ap.add_argument("--twsearch", help="a twsearch binary to run beside tansaku")
    ap.add_argument("--lengths", default="3,5,7,10")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds a solve may take")
    ap.add_argument("--memory", default="8G", help="memory of each program (tansaku --max-memory, twsearch -M)")
    ap.add_argument("--only", help="comma-separated file names (without .tws) to run")
    ap.add_argument("--json", help="write every row as JSON to this file")
    a = ap.parse_args()
    lengths = [int(x) for x in a.lengths.split(",")]
    files = sorted(f for f in os.listdir(a.samples) if f.endswith(".tws"))
    if a.only:
        keep = set(a.only.split(","))
        files = [f for f in files if f[:-4] in keep]
    rows = []
    read = 0
    print(f"{'file':28} {'moves':>5} {'tansaku':>7} {'cold s':>8} {'warm s':>8} {'twsearch':>8} {'tws s':>8}  note")
    for f in files:
        path = os.path.join(a.samples, f)
        check = subprocess.run([a.tansaku, "check", path], capture_output=True, text=True)
        if check.returncode != 0:
            print(f"{f:28} not read: {check.stderr.strip()}")
            rows.append({"file": f, "read": False, "why": check.stderr.strip()})
            continue
        read += 1
        for n in lengths:
            # A file with Illegal lines: draw again until the scramble ends
            # on a position its rules allow (tansaku refuses the others).
            for attempt in range(20):
                board = scramble(path, n, attempt)
                tables = tempfile.mkdtemp(prefix="tansaku-suite-")
                cold = tansaku_solve(a.tansaku, path, board, tables, a.memory, a.timeout)
                if not (cold[2] and "Illegal lines forbid" in cold[2]):
                    break
                shutil.rmtree(tables, ignore_errors=True)
            try:
                warm = tansaku_solve(a.tansaku, path, board, tables, a.memory, a.timeout) if cold[0] is not None else (None, 0.0, "")
            finally:
                shutil.rmtree(tables, ignore_errors=True)
            tw = twsearch_solve(a.twsearch, path, board, memory_mb(a.memory), a.timeout) if a.twsearch else (None, 0.0, "")
            row = {"file": f, "read": True, "length": n, "scramble": board,
                   "tansaku": cold[0], "cold": cold[1], "warm": warm[1], "tansaku_note": cold[2],
                   "twsearch": tw[0], "twsearch_seconds": tw[1], "twsearch_note": tw[2]}
            rows.append(row)
            fmt = lambda x: "-" if x is None else str(x)
            note = "; ".join(x for x in (cold[2] and f"tansaku: {cold[2]}", a.twsearch and tw[2] and f"twsearch: {tw[2]}") if x)
            if a.twsearch and cold[0] is not None and tw[0] is not None and cold[0] != tw[0]:
                note = f"LENGTHS DIFFER {note}"
            print(f"{f:28} {n:5} {fmt(cold[0]):>7} {cold[1]:8.2f} {warm[1]:8.2f} {fmt(tw[0]):>8} {tw[1]:8.2f}  {note}", flush=True)
    asked = [r for r in rows if r.get("read")]
    answered = [r for r in asked if r["tansaku"] is not None]
    print()
    print(f"files read: {read}/{len(files)}")
    print(f"scrambles answered by tansaku: {len(answered)}/{len(asked)}")
    if a.twsearch:
        both = [r for r in asked if r["tansaku"] is not None and r["twsearch"] is not None]
        equal = [r for r in both if r["tansaku"] == r["twsearch"]]
        tw_answered = [r for r in asked if r["twsearch"] is not None]
        print(f"scrambles answered by twsearch: {len(tw_answered)}/{len(asked)}")
        print(f"answered by both: {len(both)}, same length: {len(equal)}")
        print(f"time on those, tansaku cold: {sum(r['cold'] for r in both):.1f} s, warm: {sum(r['warm'] for r in both):.1f} s; "
              f"twsearch: {sum(r['twsearch_seconds'] for r in both):.1f} s")
    print(f"tansaku's total time (cold, every scramble): {sum(r['cold'] for r in asked):.1f} s")
    if a.json:
        with open(a.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
