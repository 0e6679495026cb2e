-- shim.lua: collide-run's extras for plain lua5.4, so a scenario written for
-- collide-run also runs as
--
--   LUA_PATH='scripts/?.lua' LUA_CPATH='build/?.so' lua5.4 -l shim script.lua
--
-- expect, expectNear, expectEqual, expectError and expectNoGarbage behave as
-- in collide-run (the allocation check uses the collector's count with the
-- collector stopped), and the run ends with "N passed, N failed" and exit
-- code 1 on a failure. record writes JSON Lines to the file named by the
-- environment variable COLLIDE_TRACE, if set; draw, drawSweep, drawRay,
-- drawPoint, drawNormal and drawPath draw nothing, and frame returns 0. No
-- sandbox, no limits.
local passed, failed = 0, 0

local shim_source = debug.getinfo(1, "S").source
local expect_source -- set below

-- "file:line: " of the script line that called an expect function
local function where()
  for level = 2, 20 do
    local info = debug.getinfo(level, "Sl")
    if not info then break end
    if info.source ~= shim_source and info.source ~= expect_source and info.currentline and info.currentline > 0 then
      return info.short_src .. ":" .. info.currentline .. ": "
    end
  end
  return ""
end

-- as collide-run --seed: 0 unless COLLIDE_SEED says otherwise
math.randomseed(math.tointeger(tonumber(os.getenv("COLLIDE_SEED") or "0")) or 0)

local function report(ok, msg, detail)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
    io.stderr:write("FAIL " .. where() .. msg .. (detail ~= "" and ": " .. detail or "") .. "\n")
  end
end

-- numbers as collide-run prints them: the fewest digits that read back, in
-- plain notation for decimal exponents in [-5, 16] (the bindings' rule)
local function number(v)
  if v ~= v or v == math.huge or v == -math.huge then return tostring(v) end
  local s
  for p = 1, 17 do
    s = string.format("%." .. p .. "g", v)
    if tonumber(s) == v then break end
  end
  local e = tonumber(s:match("e([-+]%d+)$"))
  if e and e >= -5 and e <= 16 then
    local digits = #s:gsub("e.*$", ""):gsub("[-.]", "")
    s = string.format("%." .. math.max(e + 1, digits) .. "g", v)
  end
  return s
end

-- the expectations, from the same file collide-run embeds
local function allocated(phase)
  if phase == "begin" then
    collectgarbage("collect")
    collectgarbage("stop")
    return collectgarbage("count") * 1024
  end
  local bytes = collectgarbage("count") * 1024
  collectgarbage("restart")
  return bytes
end
local here = shim_source:match("^@(.*)[/\\][^/\\]*$") or "."
local expect_file = here .. "/../lua_bindings/runner/expect.lua"
local E = assert(loadfile(expect_file))()({ report = report, allocated = allocated, unit = "bytes", number = number })
expect_source = "@" .. expect_file
for name, f in pairs(E) do _G[name] = f end

local trace = os.getenv("COLLIDE_TRACE") and assert(io.open(os.getenv("COLLIDE_TRACE"), "w"))
local function json(v)
  if v == nil then return "null" end
  if type(v) == "string" then
    return '"' .. v:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
  end
  if math.type(v) == "float" then
    if v ~= v then return '"nan"' end
    if v == math.huge then return '"inf"' end
    if v == -math.huge then return '"-inf"' end
    for p = 1, 17 do
      local s = string.format("%." .. p .. "g", v)
      if tonumber(s) == v then return s:find("[%.eEn]") and s or s .. ".0" end
    end
  end
  return tostring(v)
end

function record(name, ...)
  if not trace then return end
  local vals = {}
  for i = 1, select("#", ...) do vals[i] = json((select(i, ...))) end
  trace:write('{"name":', json(name), ',"values":[', table.concat(vals, ","), "]}\n")
end

local function nothing() end
draw, drawSweep, drawRay, drawPoint, drawNormal, drawPath = nothing, nothing, nothing, nothing, nothing, nothing
function frame() return 0 end

-- the closing line and the exit code, when the state closes (require keeps
-- the returned sentinel in package.loaded until then)
return setmetatable({}, {
  __gc = function()
    if trace then trace:close() end
    print(string.format("%d passed, %d failed", passed, failed))
    if failed > 0 then os.exit(1, false) end
  end,
})
