#!/bin/sh
# Instructions executed by collide's rows of collide-bench, per family and load,
# in two builds (for example before and after a refactoring): a measure that,
# unlike time on a shared or virtual machine, does not drift between runs.
# Counts come from valgrind's callgrind (Debian package valgrind): the
# inclusive count of each collide row's run function of bench/main.c, summed
# over the family's collide rows (the peers' rows are not counted).
#
#   sh bench/compare_instructions.sh OLD/collide-bench NEW/collide-bench [N]
#
# N pairs per family and load (default 4000; one timed repetition). Prints a
# Markdown table: family, load, instructions per pair before and after, ratio.
set -eu
old=$1
new=$2
n=${3:-4000}
command -v valgrind >/dev/null || { echo "compare_instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count() { # binary family load -> instructions in bench/main.c's collide run functions
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$1" --n "$n" --reps 1 --only "$2" --"$3" >/dev/null 2>&1 || true # (a missed target exits non-zero)
    callgrind_annotate --inclusive=yes "$tmp/cg" 2>/dev/null |
        grep -E 'bench/main\.c:run_[a-z_]+ \[' | grep -v 'run_family' |
        awk '{ gsub(",", "", $1); s += $1 } END { print s + 0 }'
}
echo "| family | load | before: instructions per pair (all collide rows) | after | ratio |"
echo "|---|---|---:|---:|---:|"
for family in $("$new" --list 2>&1 | grep -v '^ ' | cut -d: -f1); do
    for load in near far; do
        a=$(count "$old" "$family" "$load")
        b=$(count "$new" "$family" "$load")
        # --only matches substrings (sphere_sphere also selects sweep_sphere_sphere): the same in both builds
        awk -v f="$family" -v l="$load" -v a="$a" -v b="$b" -v n="$n" \
            'BEGIN { printf "| %s | %s | %.0f | %.0f | %.3f |\n", f, l, a / (2 * n), b / (2 * n), (a > 0 ? b / a : 0) }'
    done
done
