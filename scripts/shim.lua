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
-- drawPoint and drawNormal draw nothing. No sandbox, no limits.
local passed, failed = 0, 0

local shim_source = debug.getinfo(1, "S").source

-- "file:line: " of the script line that called an expect function
local function where()
  for level = 2, 20 do
    local info = debug.getinfo(level, "Sl")
    if not info then break end
    if info.source ~= shim_source and info.currentline and info.currentline > 0 then
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
    io.stderr:write("FAIL " .. where() .. (msg or "expectation") .. (detail ~= "" and ": " .. detail or "") .. "\n")
  end
  return ok
end

function expect(cond, msg)
  report(cond and true or false, msg, "")
  return cond
end

local function near_value(g, w, tol)
  if type(w) == "number" then return type(g) == "number" and math.abs(g - w) <= tol end
  return rawequal(g, w)
end

-- numbers in their shortest round-trip form, as collide-run prints them
local function text(v)
  if math.type(v) == "float" and v == v and v ~= math.huge and v ~= -math.huge then
    for p = 1, 17 do
      local s = string.format("%." .. p .. "g", v)
      if tonumber(s) == v then return s end
    end
  end
  return tostring(v)
end

local function array_text(t)
  local parts = {}
  for i = 1, math.min(rawlen(t), 16) do parts[i] = text(rawget(t, i)) end
  if rawlen(t) > 16 then parts[#parts + 1] = "... (" .. rawlen(t) .. " elements)" end
  return "{" .. table.concat(parts, ", ") .. "}"
end

function expectNear(a, b, tol, msg)
  assert(type(tol) == "number" and tol >= 0, "bad argument #3 to 'expectNear' (tolerance must be >= 0)")
  if type(a) == "table" and type(b) == "table" then
    -- raw access, as collide-run (a __len cannot make it loop)
    local ok = rawlen(a) == rawlen(b)
    for i = 1, rawlen(b) do ok = ok and near_value(rawget(a, i), rawget(b, i), tol) end
    return report(ok, msg, ok and "" or "got " .. array_text(a) .. ", want " .. array_text(b) .. " +- " .. text(tol))
  end
  local ok = math.abs(a - b) <= tol
  return report(ok, msg, ok and "" or "got " .. text(a) .. ", want " .. text(b) .. " +- " .. text(tol))
end

function expectEqual(got, want, msg)
  local ok = rawequal(got, want)
  return report(ok, msg, ok and "" or "got " .. text(got) .. ", want " .. text(want))
end

function expectError(text, f, ...)
  local ok, err = pcall(f, ...)
  local name = "error containing '" .. text .. "'"
  if ok then return report(false, name, "no error raised") end
  err = tostring(err)
  local found = err:find(text, 1, true) ~= nil
  return report(found, name, found and "" or "message was: " .. err)
end

function expectNoGarbage(f, n, msg)
  n = n or 1000
  f()
  collectgarbage("collect")
  collectgarbage("stop")
  local before = collectgarbage("count")
  for _ = 1, n do f() end
  local after = collectgarbage("count")
  collectgarbage("restart")
  return report(after == before, msg or "no allocation per call",
    after == before and "" or string.format("%.0f bytes in %d calls", (after - before) * 1024, n))
end

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
draw, drawSweep, drawRay, drawPoint, drawNormal = nothing, nothing, nothing, nothing, nothing

-- the closing line and the exit code, when the state closes (require keeps
-- the returned sentinel in package.loaded until then)
return setmetatable({}, {
  __gc = function()
    if trace then trace:close() end
    print(string.format("%d passed, %d failed", passed, failed))
    if failed > 0 then os.exit(1, false) end
  end,
})
