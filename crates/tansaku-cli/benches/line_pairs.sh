#!/usr/bin/env bash
# The ten Line Puzzle pairs of docs/published.md, both directions, through the CLI:
# IDA* with pattern databases (default) or --bound manhattan (the seed
# article's bound). Prints moves, IDA* nodes, search seconds and wall
# seconds (process start to exit, database build included), median of 3.
# Usage (from the repository root): crates/tansaku-cli/benches/line_pairs.sh [pdb|manhattan]
set -euo pipefail
bound=${1:-pdb}
cd "$(dirname "$0")/../../.."
cargo build --release --quiet -p tansaku-cli
bin=target/release/tansaku
pairs="start1:start2 start1:start3 start1:goal1 start1:goal3 start2:start3 start2:goal1 start2:goal3 start3:goal1 start3:goal3 goal1:goal3"
printf "%-16s %6s %12s %10s %10s\n" pair moves expanded search_s wall_s
for pair in $pairs; do
  a=${pair%:*}; b=${pair#*:}
  for dir in "$a $b" "$b $a"; do
    set -- $dir
    if [ "$bound" = manhattan ] && { [ "$1:$2" = start3:goal3 ] || [ "$1:$2" = goal3:start3 ]; }; then
      continue  # minutes; measured once by hand (BENCHMARKS.md)
    fi
    walls=(); search=(); json=""
    for _ in 1 2 3; do
      t0=$(date +%s.%N)
      json=$($bin solve line --from "$1" --to "$2" --algo idastar --bound "$bound" --json)
      t1=$(date +%s.%N)
      walls+=("$(echo "$t1 - $t0" | bc)")
      search+=("$(echo "$json" | sed 's/.*"seconds":\([0-9.e-]*\).*/\1/')")
    done
    med() { printf "%s\n" "$@" | sort -g | sed -n 2p; }
    moves=$(echo "$json" | sed 's/.*"length":\([0-9]*\).*/\1/')
    nodes=$(echo "$json" | sed 's/.*"expanded":\([0-9]*\).*/\1/')
    printf "%-16s %6s %12s %10.3f %10.3f\n" "$1-$2" "$moves" "$nodes" "$(med "${search[@]}")" "$(med "${walls[@]}")"
  done
done
