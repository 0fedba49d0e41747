"""tansaku from Python beside the command line: Korf's 100 solved in a loop
(the tables read once, by the first solve), timed by the library's own
search seconds, as `tansaku solve sliding --batch` reports them.

    python python/bench.py [TANSAKU_BIN]    # both, and the ratio
    python python/bench.py --python         # the Python loop alone

Prints Python's and the command line's total search seconds and their
ratio; run it several times and quote medians (BENCHMARKS.md). With
--python it runs the loop alone, the Python half of a whole-process
comparison with `tansaku solve sliding --batch data/korf100.txt`."""

import json
import subprocess
import sys
import time
from pathlib import Path

import tansaku

ROOT = Path(__file__).resolve().parents[1]
GOAL = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
BIN = ARGS[0] if ARGS else str(ROOT / "target" / "release" / "tansaku")


def boards():
    for line in (ROOT / "data" / "korf100.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            yield line


def python_seconds():
    all_boards = list(boards())
    tansaku.solve("sliding", board=all_boards[0], goal=GOAL)  # the tables, read once
    search = 0.0
    start = time.perf_counter()
    lengths = []
    for b in all_boards:
        s = tansaku.solve("sliding", board=b, goal=GOAL)
        search += s.stats["seconds"]
        lengths.append(s.length)
    return search, time.perf_counter() - start, lengths


def cli_seconds():
    out = subprocess.run(
        [BIN, "solve", "sliding", "--batch", str(ROOT / "data" / "korf100.txt"), "--goal", GOAL, "--json", "--quiet"],
        capture_output=True, text=True, check=True,
    ).stdout.strip().splitlines()
    lines = [json.loads(l) for l in out]
    search = sum(l["stats"]["seconds"] for l in lines if "stats" in l and "length" in l)
    return search, [l["length"] for l in lines if "length" in l]


if __name__ == "__main__":
    py_search, py_wall, py_lengths = python_seconds()
    if "--python" in sys.argv[1:]:
        print(f"python  search {py_search:.3f} s  (loop {py_wall:.3f} s)  total length {sum(py_lengths)}")
        sys.exit(0)
    cli_search, cli_lengths = cli_seconds()
    assert py_lengths == cli_lengths, "the lengths differ"
    print(f"python  search {py_search:.3f} s  (loop {py_wall:.3f} s)")
    print(f"cli     search {cli_search:.3f} s")
    print(f"ratio   {py_search / cli_search:.3f}")
