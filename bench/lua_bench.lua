-- bench/lua_bench.lua — the cost of collide's queries from Lua 5.4.
--
--   lua5.4 bench/lua_bench.lua [BUILD_DIR] [--n N] [--markdown]
--
-- (`make bench` runs it on build-bench.) For each row: ns per call (median of
-- 5 repetitions of N calls, min and max), the same net of the bare loop, and
-- bytes of garbage per call (collectgarbage("count") around N calls with the
-- collector stopped). Repetitions are interleaved across the rows. The workload is 1024 pairs of spheres, about half of
-- them overlapping, made from a fixed seed; every loop reads its arguments
-- from tables the same way, so the rows differ only by the call. Then the
-- memory of a shape per kind against its C struct plus Lua's userdata header,
-- and the targets of the performance issue with their verdicts.

local dir, N, markdown = "build-bench", 1000000, false
do
  local i = 1
  while i <= #arg do
    local a = arg[i]
    if a == "--n" then
      N = math.tointeger(tonumber(arg[i + 1])) or error("--n needs an integer")
      i = i + 1
    elseif a == "--markdown" then
      markdown = true
    else
      dir = a
    end
    i = i + 1
  end
end
package.cpath = dir .. "/?.so;" .. package.cpath
local collide = require "collide"
local base = require "collide.bench"
local REPS = 5
local M = 1024 -- pairs in the workload; N calls cycle over them

-- ---- the workload: xorshift from a fixed seed, not math.random (whose
-- sequence depends on the Lua build) ----
local state = 0x2545F4914F6CDD1D
local function rand()
  state = state ~ (state << 13)
  state = state ~ (state >> 7)
  state = state ~ (state << 17)
  return ((state >> 11) & 0xFFFFFFFFFFFFF) / 0x10000000000000
end
local function uniform(lo, hi) return lo + (hi - lo) * rand() end

local SA, SB, TA, TB, RAY = {}, {}, {}, {}, {}
local AX, AY, AZ, AR, BX, BY, BZ, BR = {}, {}, {}, {}, {}, {}, {}, {}
for k = 1, M do
  local x, y, z = uniform(-50, 50), uniform(-50, 50), uniform(-50, 50)
  local ra, rb = uniform(0.5, 1.5), uniform(0.5, 1.5)
  local dx, dy, dz
  repeat
    dx, dy, dz = uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)
  until dx * dx + dy * dy + dz * dz > 1e-4 and dx * dx + dy * dy + dz * dz <= 1
  local l = math.sqrt(dx * dx + dy * dy + dz * dz)
  local d = uniform(0, 4.0) / l
  SA[k] = collide.sphere(x + dx * d, y + dy * d, z + dz * d, ra)
  SB[k] = collide.sphere(x, y, z, rb)
  TA[k] = { x = x + dx * d, y = y + dy * d, z = z + dz * d, r = ra }
  TB[k] = { x = x, y = y, z = z, r = rb }
  -- the same numbers in flat arrays, for the Lua test that keeps them in locals
  AX[k], AY[k], AZ[k], AR[k] = x + dx * d, y + dy * d, z + dz * d, ra
  BX[k], BY[k], BZ[k], BR[k] = x, y, z, rb
  -- a ray from 5-10 units away aimed within 1.4 of the centre (about 80% hit)
  local ox, oy, oz = x + uniform(-8, 8), y + uniform(-8, 8), z + uniform(5, 10)
  local ax, ay, az = x + uniform(-1.4, 1.4), y + uniform(-1.4, 1.4), z + uniform(-1.4, 1.4)
  RAY[k] = { ox, oy, oz, 2 * (ax - ox), 2 * (ay - oy), 2 * (az - oz) }
end
local PA, PB = collide.pack(SA), collide.pack(SB)
local OUT = {} -- reused by the batch row: a reused out table allocates nothing

-- ---- the rows ----
local overlap, raycast, sweep, many = collide.overlap, collide.raycast, collide.sweep, collide.overlapMany
local nop, yes = base.nop, base.yes

local function lua_sphere_sphere(a, b)
  local dx, dy, dz, r = a.x - b.x, a.y - b.y, a.z - b.z, a.r + b.r
  return dx * dx + dy * dy + dz * dz <= r * r
end

local rows = {
  { "loop only (two table reads per call)", function(n)
    local A, B, c = SA, SB, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      local a, b = A[k], B[k]
      if a ~= b then c = c + 1 end
    end
    return c
  end },
  { "empty C function nop(a, b)", function(n)
    local A, B, c = SA, SB, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      nop(A[k], B[k])
      c = c + 1
    end
    return c
  end },
  { "C function returning true yes(a, b)", function(n)
    local A, B, c = SA, SB, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      if yes(A[k], B[k]) then c = c + 1 end
    end
    return c
  end },
  { "collide.overlap(a, b) spheres", function(n)
    local A, B, c = SA, SB, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      if overlap(A[k], B[k]) then c = c + 1 end
    end
    return c
  end, "overlap" },
  { "pure Lua sphere-sphere on tables", function(n)
    local A, B, c = TA, TB, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      if lua_sphere_sphere(A[k], B[k]) then c = c + 1 end
    end
    return c
  end, "lua" },
  { "pure Lua sphere-sphere on locals", function(n)
    local ax, ay, az, ar, bx, by, bz, br, c = AX, AY, AZ, AR, BX, BY, BZ, BR, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      local dx, dy, dz, r = ax[k] - bx[k], ay[k] - by[k], az[k] - bz[k], ar[k] + br[k]
      if dx * dx + dy * dy + dz * dz <= r * r then c = c + 1 end
    end
    return c
  end, "lua_locals" },
  { "collide.raycast(sphere, ray...)", function(n)
    local S, R, c = SB, RAY, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      local r = R[k]
      if raycast(S[k], r[1], r[2], r[3], r[4], r[5], r[6], 1) then c = c + 1 end
    end
    return c
  end, "raycast" },
  { "collide.sweep(sphere, d..., sphere)", function(n)
    local A, B, R, c = SA, SB, RAY, 0
    for i = 1, n do
      local k = (i & 1023) + 1
      local r = R[k]
      if sweep(A[k], r[4], r[5], r[6], B[k]) then c = c + 1 end
    end
    return c
  end, "sweep" },
  { "collide.overlapMany(A, B), per test", function(n)
    local c = 0
    for _ = 1, n // M do c = c + many(PA, PB) end
    return c
  end, "batch", M },
  { "collide.overlapMany(A, B, out), per test", function(n)
    local c, out = 0, OUT
    for _ = 1, n // M do c = c + many(PA, PB, out) end
    return c
  end, "batchout", M },
}

-- one timed pass of a row, in ns per call
local function pass(f, per)
  collectgarbage()
  local t0 = os.clock()
  f(N)
  return (os.clock() - t0) * 1e9 / (N // (per or 1) * (per or 1))
end

-- bytes of garbage per call, with the collector stopped
local function garbage_of(f)
  collectgarbage()
  collectgarbage("stop")
  local before = collectgarbage("count")
  f(N)
  local garbage = (collectgarbage("count") - before) * 1024 / N
  collectgarbage("restart")
  return garbage
end

-- every row's repetitions interleaved (repetition k of each row, then k + 1),
-- as collide-bench does, so a slow spell of the machine falls on all alike
local function measure_all()
  local times = {}
  for i, row in ipairs(rows) do
    row[2](N) -- warm up (and grow any table once)
    times[i] = {}
  end
  for r = 1, REPS do
    for i, row in ipairs(rows) do times[i][r] = pass(row[2], row[4]) end
  end
  local out = {}
  for i, row in ipairs(rows) do
    local t = times[i]
    table.sort(t)
    out[i] = { t[(REPS + 1) // 2], t[1], t[REPS], garbage_of(row[2]) }
  end
  return out
end

local function cpu_model()
  local f = io.open("/proc/cpuinfo", "r")
  if not f then return "unknown" end
  for line in f:lines() do
    local m = line:match("^model name%s*:%s*(.-)%s*$")
    if m then
      f:close()
      return m
    end
  end
  f:close()
  return "unknown"
end

print(string.format("lua_bench: %s, %d calls per repetition, median of %d, ns per call; machine: %s", _VERSION, N,
  REPS, cpu_model()))
local fmt_head, fmt_row
if markdown then
  print("| call | median ns | min | max | net of loop | garbage B/call |")
  print("|---|--:|--:|--:|--:|--:|")
  fmt_row = "| %s | %.1f | %.1f | %.1f | %.1f | %.1f |"
else
  fmt_head = "%-44s %9s %9s %9s %9s %9s"
  fmt_row = "%-44s %9.1f %9.1f %9.1f %9.1f %9.1f"
  print(string.format(fmt_head, "call", "median", "min", "max", "net", "garbage"))
end
local loop_ns, by = nil, {}
local measured = measure_all()
for i, row in ipairs(rows) do
  local name, key, per = row[1], row[3], row[4]
  local med, mn, mx, garbage = table.unpack(measured[i])
  local net = per and med or med - (loop_ns or 0)
  if not loop_ns then loop_ns, net = med, med end
  print(string.format(fmt_row, name, med, mn, mx, net, garbage))
  if key then by[key] = { med = med, net = net, garbage = garbage } end
end

-- ---- memory per shape ----
local header = 32 -- Lua 5.4 on a 64-bit machine: a full userdata without user values (Udata0)
local real = 8    -- collide's col_real is double in this module
local kinds = {
  { "point", 3, function() return collide.point(1, 2, 3) end },
  { "segment", 6, function() return collide.segment(0, 0, 0, 1, 1, 1) end },
  { "triangle", 9, function() return collide.triangle(0, 0, 0, 1, 0, 0, 0, 1, 0) end },
  { "plane", 4, function() return collide.plane(0, 0, 1, 0) end },
  { "sphere", 4, function() return collide.sphere(0, 0, 0, 1) end },
  { "capsule", 7, function() return collide.capsule(0, 0, 0, 1, 0, 0, 1) end },
  { "aabb", 6, function() return collide.aabb(0, 0, 0, 1, 1, 1) end },
  { "obb", 15, function() return collide.obb(0, 0, 0, 1, 1, 1) end },
  { "ellipsoid", 6, function() return collide.ellipsoid(0, 0, 0, 1, 2, 3) end },
  { "circle", 3, function() return collide.circle(0, 0, 1) end },
  { "rect", 4, function() return collide.rect(0, 0, 1, 1) end },
}
local K = 100000
local slots = {}
for i = 1, K do slots[i] = false end
print()
print(markdown and "| shape | bytes per shape | C struct + header | verdict |\n|---|--:|--:|---|" or
  string.format("%-10s %16s %18s", "shape", "bytes per shape", "struct + header"))
local memory_ok = true
for _, k in ipairs(kinds) do
  local make = k[3]
  collectgarbage()
  collectgarbage("stop")
  local before = collectgarbage("count")
  for i = 1, K do slots[i] = make() end
  local bytes = (collectgarbage("count") - before) * 1024 / K
  collectgarbage("restart")
  for i = 1, K do slots[i] = false end
  local want = k[2] * real + header
  local ok = bytes <= want
  memory_ok = memory_ok and ok
  print(string.format(markdown and "| %s | %.1f | %d | %s |" or "%-10s %16.1f %18d %s", k[1], bytes, want,
    ok and "met" or "MISSED"))
end
collectgarbage()
local before = collectgarbage("count")
local packed = collide.pack(SA)
local per_packed = (collectgarbage("count") - before) * 1024 / M
print(string.format("packed array (collide.pack) of %d spheres: %.1f bytes per sphere (the struct is %d)", M,
  per_packed, 4 * real))
assert(packed)

-- ---- the world's box query from Lua against the same queries in C ----
-- 10^4 boxes (sides 0.5..1.5, one per 8 unit cells, as collide-bench's broad
-- phase), 1000 query boxes of side 3; w:queryAABB with a reused out table
-- against col_world_query_aabb with a buffer made once (collide.bench).
local world_lua, world_c, world_garbage, world_results
do
  local W = collide.world()
  local boxes, queries = {}, {}
  local side = 2 * 10000 ^ (1 / 3)
  for _ = 1, 10000 do
    local x, y, z = uniform(0, side), uniform(0, side), uniform(0, side)
    local x1, y1, z1 = x + uniform(0.5, 1.5), y + uniform(0.5, 1.5), z + uniform(0.5, 1.5)
    for _, v in ipairs({ x, y, z, x1, y1, z1 }) do boxes[#boxes + 1] = v end
    W:add(collide.aabb(x, y, z, x1, y1, z1))
  end
  for _ = 1, 1000 do
    local x, y, z = uniform(0, side), uniform(0, side), uniform(0, side)
    for _, v in ipairs({ x, y, z, x + 3, y + 3, z + 3 }) do queries[#queries + 1] = v end
  end
  local reps = math.max(1, N // 10000)
  local out, Q = {}, queries
  local function run()
    local total = 0
    for _ = 1, reps do
      for o = 0, #Q - 6, 6 do
        total = total + W:queryAABB(Q[o + 1], Q[o + 2], Q[o + 3], Q[o + 4], Q[o + 5], Q[o + 6], nil, out)
      end
    end
    return total
  end
  run() -- warm up (out grows once)
  local times = {}
  for r = 1, REPS do
    collectgarbage()
    local t0 = os.clock()
    world_results = run()
    times[r] = (os.clock() - t0) * 1e9 / (reps * #Q / 6)
  end
  table.sort(times)
  world_lua = times[(REPS + 1) // 2]
  collectgarbage()
  collectgarbage("stop")
  local before = collectgarbage("count")
  run()
  world_garbage = (collectgarbage("count") - before) * 1024 / (reps * #Q / 6)
  collectgarbage("restart")
  local c_times, c_total = {}, nil
  for r = 1, REPS do c_times[r], c_total = base.worldAabbC(boxes, queries, reps) end
  table.sort(c_times)
  world_c = c_times[(REPS + 1) // 2]
  assert(c_total == world_results, "the C and Lua world queries found the same bodies")
  print(string.format("\nworld box query, 10^4 boxes (%d results per query on average):", world_results // (reps * #Q // 6)))
  print(string.format("  %-44s %9.1f ns per query, %.1f B of garbage", "w:queryAABB(..., nil, out) from Lua", world_lua,
    world_garbage))
  print(string.format("  %-44s %9.1f ns per query", "col_world_query_aabb in C", world_c))
end

-- ---- w:move from Lua among 10^4 static bodies ----
-- A floor of 100 x 99 unit tiles and a wall of 100 boxes along it (10^4
-- static bodies); a sphere of radius 0.5. Free moves: back and forth 0.2 in
-- the air, meeting nothing. Moves with two contacts: resting on the floor
-- against the wall, back and forth 0.2 along it while pressing down and
-- into the wall (the floor and the wall each stop it, the crease keeps the
-- motion along x). A reused out table: no garbage.
local move_free, move_two, move_garbage, move_hits
do
  local W = collide.world()
  for i = 0, 99 do
    for k = 0, 98 do W:add(collide.aabb(i, -1, k, i + 1, 0, k + 1), nil, { static = true }) end
    W:add(collide.aabb(i, 0, 99, i + 1, 3, 100), nil, { static = true })
  end
  local ball = W:add(collide.sphere(50.5, 0.5 + 4 * W:skin(), 98.5 - 4 * W:skin(), 0.5))
  local out = {}
  local reps = math.max(1000, N // 20)
  local function run(dy, dz, y)
    W:setPosition(ball, 0, y, 0)
    local hits, dx = 0, 0.2
    for _ = 1, reps do
      local _, _, _, n = W:move(ball, dx, dy, dz, nil, out)
      hits = hits + n
      dx = -dx
    end
    return hits
  end
  local function time(dy, dz, y)
    run(dy, dz, y) -- warm up
    local times, hits = {}, 0
    for r = 1, REPS do
      collectgarbage()
      local t0 = os.clock()
      hits = run(dy, dz, y)
      times[r] = (os.clock() - t0) * 1e9 / reps
    end
    table.sort(times)
    return times[(REPS + 1) // 2], hits
  end
  local free_hits
  move_free, free_hits = time(0, 0, 5)
  assert(free_hits == 0, "the free moves meet nothing")
  move_two, move_hits = time(-0.5, 0.5, 0)
  collectgarbage()
  collectgarbage("stop")
  local before = collectgarbage("count")
  run(-0.5, 0.5, 0)
  move_garbage = (collectgarbage("count") - before) * 1024 / reps
  collectgarbage("restart")
  print(string.format("\nw:move among 10^4 static bodies (a sphere over a floor of tiles, by a wall):"))
  print(string.format("  %-44s %9.1f ns per move", "no contact", move_free))
  print(string.format("  %-44s %9.1f ns per move (%.2f hits per move)", "two contacts (floor and wall)", move_two,
    move_hits / reps))
end

-- ---- w:step against the body count ----
-- n movable balls (radius 0.4) on a jittered grid of 2-unit cells over a
-- floor, each with a velocity of 3 units per step in a direction from the
-- workload's generator, stepped in swept and discrete mode; the time of one
-- step (median of 3 after one to warm up). The same worlds forced to brute
-- force (every query tests every body) at the smallest count, in the same
-- run: the broad phase's worth. The velocities are set again before each
-- timed step, so every step moves every ball.
local step_rows = {}
do
  local function world_of(n, brute)
    local W = collide.world({ bruteForce = brute })
    local side = math.ceil(n ^ (1 / 3))
    W:add(collide.aabb(-1, -2, -1, 2 * side + 1, -1, 2 * side + 1), "floor", { static = true })
    local balls, vel = {}, {}
    for i = 0, n - 1 do
      local x, y, z = i % side, (i // side) % side, i // (side * side)
      balls[#balls + 1] = W:add(collide.sphere(2 * x + uniform(0, 1), 2 * y + uniform(0, 1), 2 * z + uniform(0, 1),
        0.4), i)
      local a, b = uniform(0, 2 * math.pi), uniform(-1, 1)
      local c = math.sqrt(1 - b * b)
      vel[#vel + 1] = { 3 * c * math.cos(a), 3 * b, 3 * c * math.sin(a) }
    end
    return W, balls, vel
  end
  local function time_step(W, balls, vel, mode)
    local out, times, events = {}, {}, 0
    for r = 0, 3 do
      for i = 1, #balls do W:setVelocity(balls[i], vel[i][1], vel[i][2], vel[i][3]) end
      collectgarbage()
      local t0 = os.clock()
      local n = W:step(1, mode, "slide", out)
      if r > 0 then
        times[r] = (os.clock() - t0) * 1e3
        events = events + n
      end
    end
    table.sort(times)
    return times[2], events / 3
  end
  local counts = N >= 1000000 and { 1000, 10000, 100000 } or { 1000, 10000 }
  for _, n in ipairs(counts) do
    for _, brute in ipairs(n == 1000 and { false, true } or { false }) do
      for _, mode in ipairs({ "swept", "discrete" }) do
        local W, balls, vel = world_of(n, brute)
        local ms, events = time_step(W, balls, vel, mode)
        step_rows[#step_rows + 1] = { n = n, brute = brute, mode = mode, ms = ms, events = events }
      end
    end
  end
  print("\nw:step: n balls moving 3 units per step among each other over a floor (ms per step, median of 3):")
  print(string.format("  %-8s %-10s %-12s %12s %14s", "bodies", "mode", "broad phase", "ms per step", "events/step"))
  for _, r in ipairs(step_rows) do
    print(string.format("  %-8d %-10s %-12s %12.2f %14.0f", r.n, r.mode, r.brute and "brute force" or "tree", r.ms,
      r.events))
  end
end
local function step_ms(n, mode, brute)
  for _, r in ipairs(step_rows) do
    if r.n == n and r.mode == mode and r.brute == brute then return r.ms end
  end
end

-- ---- targets ----
local misses = 0
local function target(what, ok, detail)
  if not ok then misses = misses + 1 end
  print(string.format("  %-60s %-34s %s", what, detail, ok and "met" or "MISSED"))
end
print("\ntargets:")
for _, key in ipairs({ "overlap", "raycast", "sweep" }) do
  local r = by[key]
  target("collide." .. key .. " from Lua <= 45 ns per call (net of the loop)", r.net <= 45,
    string.format("%.1f ns (%.1f with the loop)", r.net, r.med))
  target("collide." .. key .. " allocates nothing", r.garbage == 0, string.format("%.1f B/call", r.garbage))
end
for _, key in ipairs({ "raycast", "sweep" }) do
  target("collide." .. key .. " <= 100 ns net (issue 20)", by[key].net <= 100, string.format("%.1f ns", by[key].net))
end
target("collide.overlap faster than the same test in Lua", by.overlap.med < by.lua.med,
  string.format("%.1f ns vs %.1f ns", by.overlap.med, by.lua.med))
target("collide.overlap <= 0.85x the Lua test on locals (issue 20)", by.overlap.med <= 0.85 * by.lua_locals.med,
  string.format("%.1f ns vs %.1f ns = %.2fx", by.overlap.med, by.lua_locals.med, by.overlap.med / by.lua_locals.med))
target("collide.overlapMany < 3 ns per test", by.batch.med < 3, string.format("%.2f ns", by.batch.med))
target("collide.overlapMany allocates nothing", by.batch.garbage == 0, string.format("%.3f B/test", by.batch.garbage))
target("shapes cost their C struct + the userdata header", memory_ok, "see the table above")
target("w:queryAABB with out within 2x of C + 100 ns", world_lua <= 2 * world_c + 100,
  string.format("%.1f ns vs %.1f ns in C", world_lua, world_c))
target("w:queryAABB with out allocates nothing", world_garbage == 0, string.format("%.2f B/query", world_garbage))
target("w:move with no contact <= 1 us", move_free <= 1000, string.format("%.1f ns", move_free))
target("w:move with two contacts <= 3 us", move_two <= 3000, string.format("%.1f ns", move_two))
target("w:move with out allocates nothing", move_garbage == 0, string.format("%.2f B/move", move_garbage))
for _, mode in ipairs({ "swept", "discrete" }) do
  local tree, brute = step_ms(1000, mode, false), step_ms(1000, mode, true)
  target("w:step (" .. mode .. ") at 10^3 bodies faster with the tree than by brute force", tree < brute,
    string.format("%.2f ms vs %.2f ms", tree, brute))
  local big = step_ms(100000, mode, false) and 100000 or 10000
  local per_small, per_big = tree / 1000, step_ms(big, mode, false) / big
  target(string.format("w:step (%s) per body at 10^%d within 3x of 10^3 (the tree scales)", mode,
    math.floor(math.log(big, 10) + 0.5)), per_big <= 3 * per_small,
    string.format("%.2f us vs %.2f us per body", per_big * 1e3, per_small * 1e3))
end
print(string.format("\n%d target(s) missed", misses))
