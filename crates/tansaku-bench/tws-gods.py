#!/usr/bin/env python3
"""God's number of every .tws file of a folder: tansaku's `longest --def`
(and twsearch's `-g`, when given) on each, side by side.

    python3 crates/tansaku-bench/tws-gods.py SAMPLES_DIR [SAMPLES_DIR ...] \\
        [--tansaku target/release/tansaku] [--twsearch PATH] \\
        [--timeout 90] [--memory 8G] [--threads 2] [--only a,b] [--json out.json] \\
        [--skip-refused] [--fitting]

SAMPLES_DIR is any folder of .tws files (twsearch's samples/main and
samples/symm are the suite this was written for). For each file tansaku
runs `longest --def FILE --json -q --limit 0 --max-memory M`; twsearch,
when given, runs `-g -M MB -t THREADS FILE` in the same run. A run past
--timeout seconds is stopped and counted as not finished.

Prints a line per file: the table's slots and the positions tansaku
counted (and whether its ranks were exact), God's number by each, whether
the two histograms agree level for level, and each program's wall time
and peak memory (its own process, from wait4). Then the totals: files
both finished, files whose histograms agree, and the total times of the
files both finished. Only the Python standard library is needed.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time


def measured(cmd, timeout):
    """Runs `cmd` (output to files: a pipe nobody reads could stall it);
    (exit code, or None past `timeout` seconds; stdout, stderr, wall
    seconds, peak resident KiB of the process itself, from wait4)."""
    start = time.monotonic()
    out_path = f"/tmp/tws-gods-{os.getpid()}.out"
    err_path = f"/tmp/tws-gods-{os.getpid()}.err"
    with open(out_path, "wb") as out, open(err_path, "wb") as err, open(os.devnull, "rb") as null:
        p = subprocess.Popen(cmd, stdin=null, stdout=out, stderr=err, start_new_session=True)
        code, peak = None, 0
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                code = os.waitstatus_to_exitcode(status)
                peak = usage.ru_maxrss
                p.returncode = code
                break
            if time.monotonic() - start > timeout:
                os.killpg(p.pid, signal.SIGKILL)
                os.wait4(p.pid, 0)
                code = None
                break
            time.sleep(0.01)
    wall = time.monotonic() - start
    with open(out_path, encoding="utf-8", errors="replace") as f:
        stdout = f.read()
    with open(err_path, encoding="utf-8", errors="replace") as f:
        stderr = f.read()
    os.remove(out_path)
    os.remove(err_path)
    return code, stdout, stderr, wall, peak


def tansaku_gods(binary, path, memory, timeout):
    code, out, err, wall, peak = measured(
        [binary, "longest", "--def", path, "--json", "-q", "--limit", "0", "--max-memory", memory], timeout
    )
    row = {"wall": wall, "peak_kib": peak, "finished": code == 0}
    if code == 0:
        a = json.loads(out)
        ranking = a.get("ranking") or {}
        row.update(
            histogram=a["histogram"],
            longest=a["longest"],
            states=a["states"],
            slots=a["space"],
            exact=ranking.get("exact"),
            ranks=ranking.get("ranks", a.get("representation")),
        )
    else:
        row["why"] = "timeout" if code is None else (err.strip().splitlines() or ["exit %s" % code])[-1][:160]
    return row


def twsearch_gods(binary, path, memory_mb, threads, timeout):
    code, out, err, wall, peak = measured(
        [binary, "-g", "-M", str(memory_mb), "-t", str(threads), path], timeout
    )
    counts = [int(m.group(2)) for m in re.finditer(r"^Dist (\d+) cnt (\d+) tot", out, re.M)]
    while counts and counts[-1] == 0:
        counts.pop()
    row = {"wall": wall, "peak_kib": peak, "finished": code == 0 and "Twsearch finished" in out and bool(counts)}
    if row["finished"]:
        row.update(histogram=counts, longest=len(counts) - 1)
    else:
        row["why"] = "timeout" if code is None else ((err or out).strip().splitlines() or ["exit %s" % code])[-1][:160]
    return row


def table_slots(binary, path):
    """The slots of tansaku's dense table for `path` (its note before the
    run, or its refusal at a budget too small to start), or None when it
    would hash positions instead (no ranks)."""
    code, out, err, wall, peak = measured(
        [binary, "longest", "--def", path, "--progress", "--limit", "0", "--max-memory", "1K"], 60
    )
    m = re.search(r"(\d+) slots,", err)
    if m:
        return int(m.group(1))
    m = re.search(r"the distance table \(two bits per state\) needs about ([\d.]+) ([kMGT]?B)", err)
    if m:
        unit = {"B": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12}[m.group(2)]
        return int(float(m.group(1)) * unit * 4)
    return None


def memory_mb(text):
    m = re.fullmatch(r"(\d+)([KMGT]?)", text.strip().upper())
    if not m:
        sys.exit(f"--memory: write a size such as 8G, not {text!r}")
    n, unit = int(m.group(1)), m.group(2)
    return n * {"": 1 / 2**20, "K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024}[unit]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", help="folders of .tws files (twsearch's samples/main, samples/symm)")
    ap.add_argument("--tansaku", default="target/release/tansaku")
    ap.add_argument("--twsearch", help="a twsearch binary to run beside tansaku")
    ap.add_argument("--timeout", type=float, default=90.0, help="seconds each program may take on a file")
    ap.add_argument("--memory", default="8G", help="memory of each program (tansaku --max-memory, twsearch -M)")
    ap.add_argument("--threads", type=int, default=2, help="twsearch's threads (tansaku uses every core)")
    ap.add_argument("--only", help="comma-separated file names (without .tws) to run")
    ap.add_argument("--json", help="write every row as JSON to this file")
    ap.add_argument("--skip-refused", action="store_true",
                    help="do not run twsearch on a file tansaku refuses before allocating "
                         "(its positions pass 2^64 or do not fit --memory at two bits)")
    ap.add_argument("--fitting", action="store_true",
                    help="run only the files whose table fits --memory at two bits a slot "
                         "(asked of tansaku first, with a budget too small to start)")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    files = []
    for folder in args.folders:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".tws") and (only is None or name[:-4] in only):
                files.append(os.path.join(folder, name))
    if not files:
        sys.exit("no .tws file to run: check the folders and --only")
    if args.fitting:
        budget = memory_mb(args.memory) * 2**20
        kept = []
        for path in files:
            slots = table_slots(args.tansaku, path)
            if slots is not None and slots / 4 <= budget:
                kept.append(path)
            else:
                print(f"{os.path.basename(path)}: not run ({'no dense table' if slots is None else f'{slots} slots'})")
        files = kept
    rows = []
    both = agree = 0
    time_t = time_w = 0.0
    print(f"{'file':32} {'slots':>16} {'positions':>16} {'exact':>5} {'God':>4} {'tw':>4} {'hist':>5} "
          f"{'tansaku s':>9} {'MiB':>6} {'twsearch s':>10} {'MiB':>6}")
    for path in files:
        t = tansaku_gods(args.tansaku, path, args.memory, args.timeout)
        refused = not t["finished"] and t["why"] != "timeout" and t["wall"] < 10
        run_w = args.twsearch and not (args.skip_refused and refused)
        w = twsearch_gods(args.twsearch, path, int(memory_mb(args.memory)), args.threads, args.timeout) if run_w else None
        same = None
        if t["finished"] and w and w["finished"]:
            both += 1
            same = t["histogram"] == w["histogram"]
            agree += bool(same)
            time_t += t["wall"]
            time_w += w["wall"]
        name = os.path.basename(path)[-32:]
        god_t = t.get("longest", "-")
        god_w = w.get("longest", "-") if w else ""
        print(
            f"{name:32} {t.get('slots', '-'):>16} {t.get('states', '-'):>16} {str(t.get('exact', '-'))[:5]:>5} "
            f"{god_t:>4} {god_w:>4} {('=' if same else 'DIFF') if same is not None else '':>5} "
            f"{t['wall']:9.2f} {t['peak_kib'] / 1024:6.0f} "
            + (f"{w['wall']:10.2f} {w['peak_kib'] / 1024:6.0f}" if w else "")
            + ("" if t["finished"] else f"  tansaku: {t['why']}")
            + ("" if not w or w["finished"] else f"  twsearch: {w['why']}")
        )
        sys.stdout.flush()
        if refused:
            t["refused"] = True
        rows.append({"file": path, "tansaku": t, "twsearch": w, "histograms_agree": same})
    print()
    print(f"files: {len(files)}; tansaku finished {sum(r['tansaku']['finished'] for r in rows)}, "
          f"refused {sum(bool(r['tansaku'].get('refused')) for r in rows)}", end="")
    if args.twsearch:
        print(f", twsearch {sum(bool(r['twsearch'] and r['twsearch']['finished']) for r in rows)}; both {both}, "
              f"histograms equal on {agree}; their time: tansaku {time_t:.1f} s, twsearch {time_w:.1f} s", end="")
    print()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
