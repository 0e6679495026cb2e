#!/usr/bin/env python3
"""bench/RESULTS.md's first part, regenerated from one run of `make bench`'s two programs.

    build-bench/collide-bench --markdown > run.md
    lua5.4 bench/lua_bench.lua build-bench --markdown > lua.md
    python3 bench/results_md.py run.md lua.md COMMIT DATE [bench/RESULTS.md]

Replaces everything before the dated records of earlier sessions (the first
"## " heading after the two outputs) with the header below, naming COMMIT,
DATE and the run's machine, and the two outputs, their text between the
tables fenced as code.
"""
import re
import sys

HEADER = """# collide-bench results

The output of `make bench` (its two programs with `--markdown`) on commit {commit} ({date}),
on the development machine: a virtual machine of 2 vCPUs ({machine}), Debian 12, GCC 12.2 at
-O2, Lua 5.4.4, the peers from Debian 12's packages (Bullet in single precision). Every figure
is the median ns per query of 5 interleaved repetitions over 10^6 fixed-seed pairs; *x
collide* is the row's median over the family's first collide row's (above 1: slower than
collide); *agree* is the share of yes/no answers equal to collide's; *near*: about half the
pairs overlap, *far*: none do, *res*: the near workload's first 4096 pairs, in cache, passed
over repeatedly. The targets are ratios of two rows of the same repetitions (paired). The
method is in bench/README.md. This virtual machine's speed drifts between runs and within one
(rows whose code did not change moved by 0.8-1.3x between sessions on one host, and up to 3x
between hosts: the sessions have run on AMD EPYC and Intel Xeon hosts); the ratios within one
run hold. The sections after the two outputs are dated records of earlier sessions.

## collide-bench

"""

FIRST_RECORD = "## Before and after the restructuring of issue 13"


def fenced(raw):
    """The output with each stretch of text between its tables in a code block."""
    out, block = [], []

    def flush():
        while block and not block[0].strip():
            block.pop(0)
        while block and not block[-1].strip():
            block.pop()
        if block:
            if out and out[-1] != "":
                out.append("")
            out.extend(["```"] + block + ["```", ""])
        block.clear()

    for line in raw.rstrip("\n").split("\n"):
        if line.startswith("|"):
            flush()
            out.append(line)
        elif out and out[-1].startswith("|") and not block and not line.strip():
            out.append("")
        else:
            block.append(line)
    flush()
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    run, lua, commit, date = sys.argv[1:5]
    path = sys.argv[5] if len(sys.argv) == 6 else "bench/RESULTS.md"
    old = open(path, encoding="utf-8").read()
    at = old.find(FIRST_RECORD)
    if at < 0:
        sys.exit("results_md: no '%s' in %s" % (FIRST_RECORD, path))
    run_text = open(run, encoding="utf-8").read()
    found = re.search(r"^machine: ([^;]*);", run_text, re.M)
    machine = found.group(1) if found else "unknown"
    text = HEADER.format(commit=commit, date=date, machine=machine)
    text += fenced(run_text) + "\n## lua_bench.lua\n\n"
    text += fenced(open(lua, encoding="utf-8").read()) + "\n"
    open(path, "w", encoding="utf-8").write(text + old[at:])


if __name__ == "__main__":
    main()
