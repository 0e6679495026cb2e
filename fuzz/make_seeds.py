#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_static, and fuzz_distance's boxes placed edge
to edge (deterministic; run from fuzz/).

Grid-mode seeds put two shapes of every pair of kinds near each other;
raw-mode seeds carry NaN, infinities, signed zeros, denormals and huge values.
The edge-to-edge seeds are two turned boxes in fuzz_distance's boundary mode
whose edges cross at gaps of size * 2^-(8..47), apart, deep and touching, so
that the fuzzer starts from pairs its cross-product axes decide."""
import os, random, struct

KINDS = 11
N = {0: 3, 1: 6, 2: 9, 3: 4, 4: 4, 5: 7, 6: 6, 7: 15, 8: 6, 9: 3, 10: 4}
EXTRA = {3: 1, 7: 1}  # plane axis byte, obb axes byte
rng = random.Random(20261122)
out = "corpus/static"
os.makedirs(out, exist_ok=True)

def grid(k):  # value k/8 encoded as the two bytes fz_grid reads
    u = (k + 4096) % 8192
    return bytes([u >> 8, u & 0xFF])

def shape(kind, centre):
    b = bytes([kind])
    for i in range(N[kind]):
        b += grid(centre[i % 3] * 8 + rng.randint(-12, 12))
    b += bytes(rng.randrange(256) for _ in range(EXTRA.get(kind, 0)))
    return b

n = 0
for a in range(KINDS):
    for b in range(KINDS):
        c = [rng.randint(-3, 3) for _ in range(3)]
        data = b"\x01" + shape(a, c) + shape(b, c) + b"".join(grid(x * 8) for x in c) + bytes(rng.randrange(256) for _ in range(3))
        open(f"{out}/grid-{a:02d}-{b:02d}", "wb").write(data)
        n += 1

specials = [float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 5e-324, 2.2250738585072014e-308,
            1.7976931348623157e308, 1e50, 1.0000000000000002e50, -1e50, 1.0, 0.5, 1e-300]
for i in range(40):
    a, b = rng.randrange(KINDS), rng.randrange(KINDS)
    nums = [rng.choice(specials) if rng.random() < 0.3 else rng.uniform(-4, 4) for _ in range(N[a] + N[b] + 3)]
    data = b"\x00" + bytes([a]) + b"".join(struct.pack("<d", x) for x in nums[:N[a]]) + bytes([b]) + \
        b"".join(struct.pack("<d", x) for x in nums[N[a]:]) + bytes([3, 4, 5])
    open(f"{out}/raw-{i:02d}", "wb").write(data)
    n += 1
print(f"wrote {n} seeds to {out}")

# fuzz_distance boundary mode: mode 3 (grid, boundary); each box a selector byte
# (0: not a polytope), kind 7 (OBB), 15 grid values (centre, axes, half
# extents; the axes are replaced by the turn) and its permutation byte; then
# A's and B's quaternions (four signed bytes each), the gap byte k (bit 7:
# edge to edge) and fz_place_edges' edge pair and positions along the edges.
out = "corpus/distance"
os.makedirs(out, exist_ok=True)
def obb(centre, half):
    return bytes([0, 7]) + b"".join(grid(x) for x in centre) + b"".join(grid(0) for _ in range(9)) + \
        b"".join(grid(h) for h in half) + bytes([0])
m = 0
for i, k in enumerate([0, 12, 18, 24, 28, 32, 36, 40, 64 + 20, 64 + 30]):
    qa = [rng.randint(-100, 100) for _ in range(4)]
    qb = [rng.randint(-100, 100) for _ in range(4)]
    data = b"\x03" + obb([rng.randint(-40, 40) for _ in range(3)], [rng.randint(4, 48) for _ in range(3)]) + \
        obb([rng.randint(-40, 40) for _ in range(3)], [rng.randint(4, 48) for _ in range(3)]) + \
        bytes(q & 0xFF for q in qa + qb) + bytes([128 | k, i % 9, rng.randrange(256), rng.randrange(256)])
    open(f"{out}/boxes-edge-to-edge-{i:02d}", "wb").write(data)
    m += 1
print(f"wrote {m} seeds to {out}")

# fuzz_static's touches within rounding with their sweeps (mode bits 16 and
# 32, grid) and the mid-sweep grazes of A's box (bits 4 and 8): a sphere
# touching a triangle (its face, an edge or a vertex), a box or a sphere,
# the placement bytes (g1, g2) drawn at random, so the fuzzer starts from the
# touches and grazes the sweeps' filters must decide as exact arithmetic
# (the seeds above never set those bits). Its own generator: the seeds above
# stay as they were.
trng = random.Random(20261129)
out = "corpus/static"
t = 0
for kind in (2, 6, 4):  # triangle, AABB, sphere
    for i in range(16):
        c = [trng.randint(-3, 3) for _ in range(3)]
        a = bytes([4]) + b"".join(grid(c[k % 3] * 8 + trng.randint(-12, 12)) for k in range(4))
        b = bytes([kind]) + b"".join(grid(c[k % 3] * 8 + trng.randint(-24, 24)) for k in range(N[kind]))
        tail = b"".join(grid(trng.randint(-64, 64)) for _ in range(3)) + bytes(trng.randrange(256) for _ in range(3))
        camera = b"".join(grid(trng.randint(-64, 64)) for _ in range(9)) + bytes(trng.randrange(256) for _ in range(4))
        g = bytes([trng.randrange(256), trng.randrange(256)])
        data = bytes([0x3D]) + a + b + tail + camera + g
        open(f"{out}/ball-touch-{kind}-{i:02d}", "wb").write(data)
        t += 1
print(f"wrote {t} ball-touch seeds to {out}")
