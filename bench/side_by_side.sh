#!/bin/sh
# Two builds of the core side by side on the same pairs (bench/side_by_side.c):
# the least ns per query of several alternating runs of each, and the
# instructions per query (callgrind, when valgrind is installed), which do not
# drift with the machine or the code's layout.
#
#   sh bench/side_by_side.sh OLD_TREE NEW_TREE [FAMILY ...]
#
# Each tree is a checkout whose build-bench/ has been built (`make bench`, or
# `cmake --preset bench && cmake --build --preset bench --target collide`).
# FAMILY: see bench/side_by_side.c (default: every one); SPREAD=1.6 in the
# environment aims every motion at the shape. Example, against the commit
# before a change:
#   git worktree add /tmp/old HEAD~1 && (cd /tmp/old && cmake --preset bench >/dev/null && cmake --build --preset bench --target collide)
#   sh bench/side_by_side.sh /tmp/old . b Rc
set -eu
[ $# -ge 2 ] || { echo "usage: $0 OLD_TREE NEW_TREE [FAMILY ...]" >&2; exit 64; }
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
shift 2
families=${*:-b t s p a c Rb Rs Rt Rc OS OB OC}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for side in old new; do
  tree=$old; [ $side = new ] && tree=$new
  ${CC:-cc} -O2 -std=c11 -ffp-contract=off -I"$tree/core/include" "$here/side_by_side.c" \
    "$tree/build-bench/core/libcollide.a" -lgmp -lm -o "$tmp/$side"
done
instructions() { # binary family load -> instructions per query (0 without valgrind)
  command -v valgrind >/dev/null || { echo 0; return; }
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$1" "$2" "$3" 1 >/dev/null 2>&1
  callgrind_annotate --inclusive=yes "$tmp/cg" 2>/dev/null | grep -E ':query[ (]' | head -n 1 |
    awk '{ gsub(",", "", $1); printf "%d", $1 / 4000 }'
}
echo "| family | load | old ns | new ns | old instructions | new instructions | hits |"
echo "|---|---|--:|--:|--:|--:|--:|"
for f in $families; do
  for load in near far; do
    bo=1e300; bn=1e300
    for i in 1 2 3 4 5; do
      o=$("$tmp/old" "$f" "$load" 60 | awk '{ print $3 }'); n=$("$tmp/new" "$f" "$load" 60 | awk '{ print $3 }')
      bo=$(echo "$o $bo" | awk '{ print ($1 < $2) ? $1 : $2 }'); bn=$(echo "$n $bn" | awk '{ print ($1 < $2) ? $1 : $2 }')
    done
    hits=$("$tmp/new" "$f" "$load" 1 | sed 's/.*hits \([0-9]*\)%.*/\1%/')
    echo "| $f | $load | $bo | $bn | $(instructions "$tmp/old" "$f" "$load") | $(instructions "$tmp/new" "$f" "$load") | $hits |"
  done
done
