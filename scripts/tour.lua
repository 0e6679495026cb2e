-- A tour of the classic static collision cases, as an aligned table.
--
--   collide-run --svg tour.svg scripts/tour.lua     (`make demo` does this)
--   (or lua5.4 with collide.so on LUA_CPATH)
--
-- Each section is one of the seed articles' examples, then the cases where
-- implementations usually go wrong: exact touching, parallel faces and edges,
-- and the same scene far from the origin. Closed sets: touching is overlapping.
local collide = require "collide"
-- collide-run's extras, or stand-ins when run by plain lua5.4 without the shim
local expect = expect or function(ok, msg) if not ok then error("expectation failed: " .. msg, 2) end return ok end
local record, draw, drawSweep = record or function() end, draw or function() end, drawSweep or function() end

local rows, width, mismatches = {}, { 0, 0, 0, 0 }, 0

local function fmt(v)
  if type(v) == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    return (("%.6g"):format(v))
  end
  return tostring(v)
end

local function section(title) rows[#rows + 1] = { title = title } end
local function note(text) rows[#rows + 1] = { note = text } end

-- row(case, query, expected, result...): the results are joined with spaces
-- and compared with what the geometry says they must be.
local function row(case, query, expected, ...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = fmt((select(i, ...))) end
  local got = n == 0 and "nil" or table.concat(parts, " ")
  local r = { case, query, got, got == expected and "ok" or ("MISMATCH, expected " .. expected) }
  if got ~= expected then mismatches = mismatches + 1 end
  expect(got == expected, case .. ": " .. query .. " is " .. expected)
  for i = 1, 3 do width[i] = math.max(width[i], #r[i]) end
  rows[#rows + 1] = r
end

local overlap, classify = collide.overlap, collide.classify
local s2 = math.sqrt(2)

section("Spheres (Gomez 1999, seed 000)")
local a = collide.sphere(0, 0, 0, 1)
row("radii 1 and 2, centres 3 apart", "overlap", "true", overlap(a, collide.sphere(3, 0, 0, 2)))
row("the same, 2^-20 further apart", "overlap", "false", overlap(a, collide.sphere(3 + 2 ^ -20, 0, 0, 2)))
row("3-4-5: radii 2 and 3, centres 5 apart", "overlap", "true", overlap(collide.sphere(1, 1, 1, 2), collide.sphere(4, 5, 1, 3)))

section("Against a plane z = 0 (seeds 001, 003): -1 back, 0 straddle, 1 front")
local ground = collide.plane(0, 0, 1, 0)
row("sphere centre z = 2, r = 1", "classify", "1", classify(collide.sphere(0, 0, 2, 1), ground))
row("sphere resting on the plane", "classify", "0", classify(collide.sphere(0, 0, 1, 1), ground))
row("sphere hanging below, touching", "classify", "0", classify(collide.sphere(0, 0, -1, 1), ground))
row("box on the plane (n/p-vertex, seed 004)", "classify", "0", classify(collide.aabb(0, 0, 0, 1, 1, 1), ground))
row("cube turned 45 deg about x, ridge down", "classify", "1",
  classify(collide.obb(0, 0, s2 * 1.0001, 1, 1, 1, collide.axesFromAxisAngle(1, 0, 0, math.pi / 4)), ground))
row("ellipsoid radii (1,2,3) at z = 3", "classify", "0", classify(collide.ellipsoid(0, 0, 3, 1, 2, 3), ground))
row("capsule with its lower cap touching", "classify", "0", classify(collide.capsule(0, 0, 1, 3, 0, 4, 1), ground))
row("segment (1,2,3)-(1,2,-1)", "segmentPlane t,p", "0.75 1 2 0 false", collide.segmentPlane(collide.segment(1, 2, 3, 1, 2, -1), ground))
row("triangle crossing the plane", "trianglePlane", "0 1 0 0 0 1 0 false",
  collide.trianglePlane(collide.triangle(0, 0, -1, 2, 0, 1, 0, 2, 1), ground))

section("Axis-aligned boxes (seed 000) and Arvo's box-sphere (seeds 000, 002)")
local box = collide.aabb(0, 0, 0, 1, 1, 1)
row("unit boxes sharing a face", "overlap", "true", overlap(box, collide.aabb(1, 0, 0, 2, 1, 1)))
row("sharing only a corner", "overlap", "true", overlap(box, collide.aabb(1, 1, 1, 2, 2, 2)))
row("parallel faces 2^-30 apart", "overlap", "false", overlap(box, collide.aabb(1 + 2 ^ -30, 0, 0, 2, 1, 1)))
row("sphere touching an edge (0.75, 1, 0)", "overlap", "true", overlap(box, collide.sphere(1.75, 2, 0.5, 1.25)))
row("the same sphere, radius 1.2", "overlap", "false", overlap(box, collide.sphere(1.75, 2, 0.5, 1.2)))

section("Oriented boxes: the 15-axis separating axis test (seed 000)")
local ridgeA = collide.obb(0, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(1, 0, 0, math.pi / 4))
local function ridgeB(h) return collide.obb(0, 0, h, 1, 1, 1, collide.axesFromAxisAngle(0, 1, 0, math.pi / 4)) end
row("crossed ridges, h = 2 sqrt 2 (touching)", "overlap", "true", overlap(ridgeA, ridgeB(2 * s2 * (1 - 1e-15))))
row("crossed ridges, 1e-7 apart", "overlap", "false", overlap(ridgeA, ridgeB(2 * s2 + 1e-7)))
note("only the edge axis x cross y separates them; adding an epsilon to |R| would say true")
row("identical rotated boxes", "overlap", "true", overlap(ridgeA, ridgeA))
row("parallel boxes 2^-30 apart", "overlap", "false", overlap(collide.obb(0, 0, 0, 1, 1, 1), collide.obb(2 + 2 ^ -30, 0, 0, 1, 1, 1)))

section("Line segments against boxes (seed 000: line of sight)")
row("sight line grazing the edge x = y = 1", "overlap", "true", overlap(box, collide.segment(2, 0, 0.5, 0, 2, 0.5)))
row("the same line 2^-20 further out", "overlap", "false", overlap(box, collide.segment(2 + 2 ^ -20, 0, 0.5, 0, 2 + 2 ^ -20, 0.5)))
row("through a cube turned 45 deg about z", "overlap", "true",
  overlap(collide.obb(0, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(0, 0, 1, math.pi / 4)), collide.segment(-3, 0, 0, 3, 0, 0)))

section("Triangles")
local tri = collide.triangle(0, 0, 0, 2, 0, 0, 0, 2, 0)
row("sphere resting on the face", "overlap", "true", overlap(tri, collide.sphere(0.5, 0.5, 1, 1)))
row("coplanar triangles sharing an edge", "overlap", "true", overlap(tri, collide.triangle(2, 0, 0, 0, 2, 0, 2, 2, 0)))
row("coplanar, 2^-20 beyond the hypotenuse", "overlap", "false",
  overlap(tri, collide.triangle(2 + 2 ^ -20, 2 ^ -20, 0, 2 ^ -20, 2 + 2 ^ -20, 0, 3, 3, 0)))
row("plane x+y+z = 3 through the box corner", "overlap", "true", overlap(box, collide.triangle(3, 0, 0, 0, 3, 0, 0, 0, 3)))
row("segment through a vertex", "overlap", "true", overlap(tri, collide.segment(0, 0, -1, 0, 0, 1)))

section("Capsules")
local cap = collide.capsule(0, 0, 0, 4, 0, 0, 1)
row("skew capsules 1.5 apart, radii 1 + 0.5", "overlap", "true", overlap(cap, collide.capsule(2, -3, 1.5, 2, 3, 1.5, 0.5)))
row("end to end, touching caps", "overlap", "true", overlap(cap, collide.capsule(6, 0, 0, 9, 0, 0, 1)))
row("sphere at the cap, 1.25 from the end", "overlap", "true", overlap(cap, collide.sphere(4.75, 1, 0, 0.25)))

section("2D circle and rectangle (Yip, seed 002)")
local rect = collide.rect(-1, -1, 1, 1)
for _, q in ipairs({ { 1, 1 }, { -1, 1 }, { -1, -1 }, { 1, -1 } }) do
  row(("circle at (%g, %g) touching a corner"):format(1.75 * q[1], 2 * q[2]), "overlap", "true",
    overlap(rect, collide.circle(1.75 * q[1], 2 * q[2], 1.25)))
end
row("circle just short of the corner", "overlap", "false", overlap(rect, collide.circle(1.75, 2, 1.25 - 2 ^ -20)))

section("The same touching boxes far from the origin (dyadic offsets are exact)")
for _, off in ipairs({ 0, 2 ^ 10, 2 ^ 20, 2 ^ 30 }) do
  local b1 = collide.aabb(off, off, off, off + 1, off + 1, off + 1)
  local b2 = collide.obb(off + 2, off + 0.5, off + 0.5, 1, 0.5, 0.5)
  row(("offset %g: face contact aabb / obb"):format(off), "overlap", "true", overlap(b1, b2))
end
row("at 1e6: spheres 1e-9 apart", "overlap", "false", overlap(collide.sphere(1e6, 0, 0, 1), collide.sphere(1e6 + 2 + 1e-9, 0, 0, 1)))

section("Graphics Gems helpers")
row("planes x = 1, y = -2, z = 3", "intersectPlanes", "1 -2 3",
  collide.intersectPlanes(collide.plane(1, 0, 0, 1), collide.plane(0, 1, 0, -2), collide.plane(0, 0, 1, 3)))
row("two parallel planes and one more", "intersectPlanes", "nil",
  collide.intersectPlanes(ground, collide.plane(0, 0, 1, 5), collide.plane(1, 0, 0, 0)))
row("lines x-axis and (3,5,2)+t(0,1,0)", "closestPointsLines", "3 -5 3 0 0 3 0 2 false",
  collide.closestPointsLines(0, 0, 0, 1, 0, 0, 3, 5, 2, 0, 1, 0))
row("cube turned 45 deg about z", "bounds", "-1.41421 -1.41421 -1 1.41421 1.41421 1",
  collide.bounds(collide.obb(0, 0, 0, 1, 1, 1, collide.axesFromAxisAngle(0, 0, 1, math.pi / 4))))

-- print the table
local header = { "case", "query", "result", "check" }
for i = 1, 3 do width[i] = math.max(width[i], #header[i]) end
local line = ("%%-%ds  %%-%ds  %%-%ds  %%s"):format(width[1], width[2], width[3])
print(("collide %s (%s) - a tour of the static tests"):format(collide._VERSION, collide.real))
print(line:format(table.unpack(header)))
local rule = {}
for i = 1, width[1] + width[2] + width[3] + 11 do rule[i] = "-" end
print(table.concat(rule))
for _, r in ipairs(rows) do
  if r.title then
    print("")
    print("== " .. r.title)
  elseif r.note then
    print("   (" .. r.note .. ")")
  else
    print(line:format(r[1], r[2], r[3], r[4]))
  end
end
-- The picture (view xy): Arvo's box and spheres, and the line of sight
-- grazing the box's edge.
draw(box, "unit box")
draw(collide.sphere(1.75, 2, 0.5, 1.25), "sphere touching the edge (0.75, 1)")
draw(collide.sphere(1.75, 2, 0.5, 1.2), { label = "radius 1.2: apart", dashed = true })
draw(collide.segment(2, 0, 0.5, 0, 2, 0.5), "line of sight grazing x = y = 1")
draw(collide.triangle(3, 0, 0, 0, 3, 0, 0, 0, 3), { label = "x + y + z = 3 through the far corner", fill = false })

print("")
if mismatches > 0 then
  print(("%d result(s) differ from the geometry"):format(mismatches))
else
  print("every result matches the hand-derived answer")
end
