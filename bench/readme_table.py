#!/usr/bin/env python3
"""The README's performance table, regenerated from one run of collide-bench.

    build-bench/collide-bench --markdown > run.md
    python3 bench/readme_table.py run.md            # prints the table
    python3 bench/readme_table.py run.md README.md  # replaces it in README.md

Each cell below names the rows it shows: {n@family@implementation} is the
row's near median, {f@...} its far one, {xn@...} / {xf@...} its "x collide"
column (its median over the family's first collide row's). Numbers keep
three significant figures (whole numbers from 100 up), ratios two decimals,
as the table always had. A row the run lacks (a peer not installed) fails
loudly instead of leaving a stale number.
"""
import re
import sys

HEADER = "| query (near / far) | collide | naive floor | floor + validation | peers (× collide, near) |"

TEMPLATE = r"""| query (near / far) | collide | naive floor | floor + validation | peers (× collide, near) |
|---|--:|--:|--:|---|
| sphere-sphere (exact) | {n@sphere_sphere@collide col_overlap_sphere_sphere} / {f@sphere_sphere@collide col_overlap_sphere_sphere} | {n@sphere_sphere@naive: (Ericson 4.3.1)} / {f@sphere_sphere@naive: (Ericson 4.3.1)} | {n@sphere_sphere@naive + validation} / {f@sphere_sphere@naive + validation} | ODE dCollide {n@sphere_sphere@ODE dCollide sphere/sphere} ({xn@sphere_sphere@ODE dCollide sphere/sphere}×), FCL {n@sphere_sphere@FCL collide sphere/sphere} ({xn@sphere_sphere@FCL collide sphere/sphere}×) |
| the same, batch (`col_overlap_many`; of valid shapes, `_unchecked`) | {n@sphere_sphere@collide col_overlap_many (batch)} / {f@sphere_sphere@collide col_overlap_many (batch)} ({n@sphere_sphere@collide col_overlap_many_unchecked (batch, valid)} / {f@sphere_sphere@collide col_overlap_many_unchecked (batch, valid)}) | | | |
| AABB-AABB (the floor: branch-free) | {n@aabb_aabb@collide col_overlap_aabb_aabb} / {f@aabb_aabb@collide col_overlap_aabb_aabb} | {n@aabb_aabb@naive: branch-free (one AND of six comparisons)} / {f@aabb_aabb@naive: branch-free (one AND of six comparisons)} | {n@aabb_aabb@naive + validation} / {f@aabb_aabb@naive + validation} | |
| the same, batch of valid shapes | {n@aabb_aabb@collide col_overlap_many_unchecked (batch, valid)} / {f@aabb_aabb@collide col_overlap_many_unchecked (batch, valid)} | | | |
| OBB-OBB (SAT) | {n@obb_obb@collide col_overlap_obb_obb} / {f@obb_obb@collide col_overlap_obb_obb} | {n@obb_obb@naive: SAT (Ericson 4.4.1)} / {f@obb_obb@naive: SAT (Ericson 4.4.1)} | {n@obb_obb@naive + validation} / {f@obb_obb@naive + validation} | ODE dBoxTouchesBox {n@obb_obb@ODE dBoxTouchesBox} / {f@obb_obb@ODE dBoxTouchesBox} ({xn@obb_obb@ODE dBoxTouchesBox}× / {xf@obb_obb@ODE dBoxTouchesBox}×), Bullet btBoxBoxDetector {n@obb_obb@Bullet btBoxBoxDetector (float)} / {f@obb_obb@Bullet btBoxBoxDetector (float)} ({xn@obb_obb@Bullet btBoxBoxDetector (float)}× / {xf@obb_obb@Bullet btBoxBoxDetector (float)}×), ODE dCollide {n@obb_obb@ODE dCollide box/box (up to 4 contacts)} ({xn@obb_obb@ODE dCollide box/box (up to 4 contacts)}×), FCL {n@obb_obb@FCL collide box/box} ({xn@obb_obb@FCL collide box/box}×), libccd GJK {n@obb_obb@libccd ccdGJKIntersect} ({xn@obb_obb@libccd ccdGJKIntersect}×), MPR {n@obb_obb@libccd ccdMPRIntersect} ({xn@obb_obb@libccd ccdMPRIntersect}×) |
| the same, batch of valid shapes | {n@obb_obb@collide col_overlap_many_unchecked (batch, valid)} / {f@obb_obb@collide col_overlap_many_unchecked (batch, valid)} | | | |
| sphere-AABB (exact) | {n@sphere_aabb@collide col_overlap_aabb_sphere} / {f@sphere_aabb@collide col_overlap_aabb_sphere} | {n@sphere_aabb@naive: Arvo (Ericson 5.2.5)} / {f@sphere_aabb@naive: Arvo (Ericson 5.2.5)} | {n@sphere_aabb@naive + validation} / {f@sphere_aabb@naive + validation} | |
| triangle-AABB | {n@triangle_aabb@collide col_overlap_aabb_triangle} / {f@triangle_aabb@collide col_overlap_aabb_triangle} | {n@triangle_aabb@naive: Akenine-Moller} / {f@triangle_aabb@naive: Akenine-Moller} | {n@triangle_aabb@naive + validation} / {f@triangle_aabb@naive + validation} | |
| distance triangle-AABB, closed form (GJK) | {n@triangle_aabb@collide col_distance <= 0 (closed form)} / {f@triangle_aabb@collide col_distance <= 0 (closed form)} ({n@triangle_aabb@collide col_gjk_distance <= 0 (GJK)} / {f@triangle_aabb@collide col_gjk_distance <= 0 (GJK)}) | | | |
| triangle-triangle (exact; the floor is an 11-axis SAT that misses boundary contacts) | {n@triangle_triangle@collide col_overlap_triangle_triangle} / {f@triangle_triangle@collide col_overlap_triangle_triangle} | {n@triangle_triangle@naive: SAT, 11 axes (Ericson 5.2.9)} / {f@triangle_triangle@naive: SAT, 11 axes (Ericson 5.2.9)} | {n@triangle_triangle@naive + validation} / {f@triangle_triangle@naive + validation} | |
| capsule-capsule (exact; the floor: Ericson 5.1.9 in floating point) | {n@capsule_capsule@collide col_overlap_capsule_capsule} / {f@capsule_capsule@collide col_overlap_capsule_capsule} | {n@capsule_capsule@naive: closest points (Ericson 5.1.9)} / {f@capsule_capsule@naive: closest points (Ericson 5.1.9)} | {n@capsule_capsule@naive + validation} / {f@capsule_capsule@naive + validation} | |
| capsule-triangle (exact; by GJK on the cores) | {n@capsule_triangle@collide col_overlap_capsule_triangle} / {f@capsule_triangle@collide col_overlap_capsule_triangle} ({n@capsule_triangle@collide col_gjk_distance <= 0 (GJK on the cores)} / {f@capsule_triangle@collide col_gjk_distance <= 0 (GJK on the cores)}) | | | |
| ray-AABB, slabs (exact for a finite max_t) / Woo (near) | {n@ray_aabb@collide col_raycast_aabb_slabs} / {n@ray_aabb@collide col_raycast_aabb_woo} (far {f@ray_aabb@collide col_raycast_aabb_slabs} / {f@ray_aabb@collide col_raycast_aabb_woo}) | {n@ray_aabb@naive: slabs, 1/d (Ericson 5.3.3)} / {f@ray_aabb@naive: slabs, 1/d (Ericson 5.3.3)} | {n@ray_aabb@naive + validation} / {f@ray_aabb@naive + validation} | |
| the same slab cast without end (max_t = inf: the cast alone, no exact step) | {n@ray_aabb@collide col_raycast_aabb_slabs, max_t = inf (the cast alone, no exact step)} / {f@ray_aabb@collide col_raycast_aabb_slabs, max_t = inf (the cast alone, no exact step)} | | | |
| segment-AABB yes/no (exact; the floor: sign-indexed slabs) | {n@ray_aabb@collide col_overlap_aabb_segment (segment yes/no, exact)} / {f@ray_aabb@collide col_overlap_aabb_segment (segment yes/no, exact)} | {n@ray_aabb@naive: segment yes/no, sign-indexed slabs (Williams et al. 2005)} / {f@ray_aabb@naive: segment yes/no, sign-indexed slabs (Williams et al. 2005)} | | |
| the same, batch (`col_overlap_many`: the rays' segments, four pairs at a time) | {n@ray_aabb@collide col_overlap_many (batch, segments of the rays, exact)} / {f@ray_aabb@collide col_overlap_many (batch, segments of the rays, exact)} | | | |
| ray-triangle, watertight / Möller-Trumbore / Badouel (near) | {n@ray_triangle@collide col_raycast_triangle (watertight)} / {n@ray_triangle@collide col_raycast_triangle_mt} / {n@ray_triangle@collide col_raycast_triangle_badouel} | {n@ray_triangle@naive: Moller-Trumbore} (MT) | {n@ray_triangle@naive + validation} | Bullet btTriangleRaycastCallback {n@ray_triangle@Bullet btTriangleRaycastCallback (float)} ({xn@ray_triangle@Bullet btTriangleRaycastCallback (float)}×) |
| segment-triangle yes/no (exact; the floor: Möller-Trumbore without division) | {n@ray_triangle@collide col_overlap_segment_triangle (segment yes/no, exact)} / {f@ray_triangle@collide col_overlap_segment_triangle (segment yes/no, exact)} | {n@ray_triangle@naive: segment yes/no, Moller-Trumbore without division} / {f@ray_triangle@naive: segment yes/no, Moller-Trumbore without division} | | |
| the same, batch (`col_overlap_many`: the rays' segments, four pairs at a time) | {n@ray_triangle@collide col_overlap_many (batch, segments of the rays, exact)} / {f@ray_triangle@collide col_overlap_many (batch, segments of the rays, exact)} | | | |
| the same rays without end (max_t = inf, exact) | {n@ray_triangle_endless@collide col_raycast_triangle, max_t = inf} / {f@ray_triangle_endless@collide col_raycast_triangle, max_t = inf} | | | |
| ray-sphere (exact for a finite max_t) | {n@ray_sphere@collide col_raycast_sphere} / {f@ray_sphere@collide col_raycast_sphere} | {n@ray_sphere@naive: quadratic (Ericson 5.3.2)} / {f@ray_sphere@naive: quadratic (Ericson 5.3.2)} | {n@ray_sphere@naive + validation} / {f@ray_sphere@naive + validation} | |
| the same cast without end (max_t = inf: the cast alone, no exact step) | {n@ray_sphere@collide col_raycast_sphere, max_t = inf (the cast alone, no exact step)} / {f@ray_sphere@collide col_raycast_sphere, max_t = inf (the cast alone, no exact step)} | | | |
| ray-capsule (exact for a finite max_t) | {n@ray_capsule@collide col_raycast_capsule} / {f@ray_capsule@collide col_raycast_capsule} | | | |
| the same cast without end (max_t = inf: the cast alone, no exact step) | {n@ray_capsule@collide col_raycast_capsule, max_t = inf (the cast alone, no exact step)} / {f@ray_capsule@collide col_raycast_capsule, max_t = inf (the cast alone, no exact step)} | | | |
| closed-form sweeps (near; all exact): sphere-plane, sphere-sphere, AABB-AABB, sphere-AABB, sphere-triangle, capsule-plane | {n@sweep_sphere_plane@collide col_sweep_sphere_plane}, {n@sweep_sphere_sphere@collide col_sweep_sphere_sphere}, {n@sweep_aabb_aabb@collide col_sweep_aabb_aabb}, {n@sweep_sphere_aabb@collide col_sweep_sphere_aabb}, {n@sweep_sphere_triangle@collide col_sweep_sphere_triangle}, {n@sweep_capsule_plane@collide col_sweep_capsule_plane} | {n@sweep_sphere_plane@naive: (Ericson 5.5.3)}, {n@sweep_sphere_sphere@naive: quadratic (Ericson 5.5.5)}, {n@sweep_aabb_aabb@naive: (Ericson 5.5.8)} (the first three) | | the general sweep on the same pairs: {n@sweep_sphere_plane@collide col_sweep_convex (general)}, {n@sweep_sphere_sphere@collide col_sweep_convex (general)}, {n@sweep_aabb_aabb@collide col_sweep_convex (general)}, {n@sweep_sphere_aabb@collide col_sweep_convex (general)}, {n@sweep_sphere_triangle@collide col_sweep_convex (general)}, {n@sweep_capsule_plane@collide col_sweep_convex (general)} |
| GJK distance box-box | {n@gjk_box_box@collide col_gjk_distance} / {f@gjk_box_box@collide col_gjk_distance} | | | libccd ccdGJKIntersect {n@gjk_box_box@libccd ccdGJKIntersect} / {f@gjk_box_box@libccd ccdGJKIntersect} ({xn@gjk_box_box@libccd ccdGJKIntersect}× / {xf@gjk_box_box@libccd ccdGJKIntersect}×), ccdMPRIntersect {n@gjk_box_box@libccd ccdMPRIntersect} ({xn@gjk_box_box@libccd ccdMPRIntersect}×), FCL distance {n@gjk_box_box@FCL distance box/box} ({xn@gjk_box_box@FCL distance box/box}×), Bullet btGjkPairDetector {n@gjk_box_box@Bullet btGjkPairDetector (float)} ({xn@gjk_box_box@Bullet btGjkPairDetector (float)}×) |
| the same, warm-started repeat of an unchanged pair (`col_gjk_distance_cached`); capsule-box | {n@gjk_box_box@collide col_gjk_distance_cached (warm repeat)} / {f@gjk_box_box@collide col_gjk_distance_cached (warm repeat)}; {n@gjk_capsule_box@collide col_gjk_distance_cached (warm repeat)} / {f@gjk_capsule_box@collide col_gjk_distance_cached (warm repeat)} | | | |
| distance capsule-box, closed form (`col_distance`; GJK, `col_gjk_distance`) | {n@gjk_capsule_box@collide col_distance (closed form on the cores)} / {f@gjk_capsule_box@collide col_distance (closed form on the cores)} ({n@gjk_capsule_box@collide col_gjk_distance} / {f@gjk_capsule_box@collide col_gjk_distance}) | | | libccd GJK {n@gjk_capsule_box@libccd ccdGJKIntersect} / {f@gjk_capsule_box@libccd ccdGJKIntersect} ({xn@gjk_capsule_box@libccd ccdGJKIntersect}× / {xf@gjk_capsule_box@libccd ccdGJKIntersect}×), MPR {n@gjk_capsule_box@libccd ccdMPRIntersect} ({xn@gjk_capsule_box@libccd ccdMPRIntersect}×) (× GJK) |
| GJK distance polytope-polytope (12 points) | {n@gjk_polytope@collide col_gjk_distance} / {f@gjk_polytope@collide col_gjk_distance} | | | libccd GJK {n@gjk_polytope@libccd ccdGJKIntersect} ({xn@gjk_polytope@libccd ccdGJKIntersect}×), MPR {n@gjk_polytope@libccd ccdMPRIntersect} ({xn@gjk_polytope@libccd ccdMPRIntersect}×) |
| overlap capsule-box, exact (`col_overlap_capsule_obb`; by GJK on the cores) | {n@gjk_overlap_capsule_box@collide col_overlap_capsule_obb (exact)} / {f@gjk_overlap_capsule_box@collide col_overlap_capsule_obb (exact)} ({n@gjk_overlap_capsule_box@collide col_gjk_distance <= 0 (GJK on the cores)} / {f@gjk_overlap_capsule_box@collide col_gjk_distance <= 0 (GJK on the cores)}) | | | libccd ccdGJKIntersect {n@gjk_overlap_capsule_box@libccd ccdGJKIntersect} / {f@gjk_overlap_capsule_box@libccd ccdGJKIntersect} ({xn@gjk_overlap_capsule_box@libccd ccdGJKIntersect}× / {xf@gjk_overlap_capsule_box@libccd ccdGJKIntersect}×), ccdMPRIntersect {n@gjk_overlap_capsule_box@libccd ccdMPRIntersect} ({xn@gjk_overlap_capsule_box@libccd ccdMPRIntersect}×) |
| penetration box-box, separating axes with witness points on the contact (`col_penetration`; EPA, `col_epa_penetration`) | {n@penetration_box_box@collide col_penetration (separating axes)} / {f@penetration_box_box@collide col_penetration (separating axes)} ({n@penetration_box_box@collide col_epa_penetration (EPA)} / {f@penetration_box_box@collide col_epa_penetration (EPA)}) | | | libccd ccdGJKPenetration {n@penetration_box_box@libccd ccdGJKPenetration (EPA)} ({xn@penetration_box_box@libccd ccdGJKPenetration (EPA)}×), ccdMPRPenetration {n@penetration_box_box@libccd ccdMPRPenetration} ({xn@penetration_box_box@libccd ccdMPRPenetration}×), Bullet GJK+EPA {n@penetration_box_box@Bullet btGjkPairDetector+EPA (float)} ({xn@penetration_box_box@Bullet btGjkPairDetector+EPA (float)}×) |
| general sweep box-box (conservative advancement, its approach by one GJK ray cast) | {n@sweep_general_box_box@collide col_sweep_convex} / {f@sweep_general_box_box@collide col_sweep_convex} | | | |
| general sweep capsule-box, capsule-triangle (a character's moves) | {n@sweep_general_capsule_box@collide col_sweep_convex}, {n@sweep_general_capsule_triangle@collide col_sweep_convex} / {f@sweep_general_capsule_box@collide col_sweep_convex}, {f@sweep_general_capsule_triangle@collide col_sweep_convex} | | | |
| penetration ellipsoid-box, the least depth by every critical direction (`col_penetration`) | {n@penetration_ellipsoid_box@collide col_penetration (EPA, then every critical direction)} / {f@penetration_ellipsoid_box@collide col_penetration (EPA, then every critical direction)} | | | |
"""


def number(v):
    """Three significant figures, whole numbers from 100 up (as the table has them)."""
    if v >= 100:
        return "%d" % round(v)
    if v >= 10:
        return "%.1f" % v
    return "%.2f" % v


def rows(path):
    """(family, workload, implementation) -> (median, x collide) from a --markdown run."""
    out = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 9 or cells[1] not in ("near", "far", "res"):
            continue
        try:
            out[(cells[0], cells[1], cells[2])] = (float(cells[3]), float(cells[6]))
        except ValueError:
            continue
    return out


def table(path):
    data = rows(path)

    def cell(m):
        kind, family, impl = m.group(1).split("@", 2)
        workload = "near" if kind in ("n", "xn") else "far"
        key = (family, workload, impl)
        if key not in data:
            sys.exit("readme_table: the run has no row %s" % (key,))
        median, ratio = data[key]
        return "%.2f" % ratio if kind.startswith("x") else number(median)

    return re.sub(r"\{([a-z]+@[^{}]+)\}", cell, TEMPLATE)


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    text = table(sys.argv[1])
    if len(sys.argv) == 2:
        sys.stdout.write(text)
        return
    readme = open(sys.argv[2], encoding="utf-8").read().split("\n")
    start = readme.index(HEADER)
    end = start
    while end < len(readme) and readme[end].startswith("|"):
        end += 1
    readme[start:end] = text.rstrip("\n").split("\n")
    open(sys.argv[2], "w", encoding="utf-8").write("\n".join(readme))


if __name__ == "__main__":
    main()
