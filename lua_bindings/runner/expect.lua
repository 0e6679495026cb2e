-- collide-run's expectations, written once: collide-run embeds this file
-- (lua_bindings/runner/expect.c) and scripts/shim.lua loads it for plain
-- lua5.4. It returns a function of the host's primitives:
--   report(ok, msg, detail)  counts the expectation (and prints a failure
--                            with the script's file and line)
--   allocated(phase)         a count of what has been allocated: phase
--                            "begin" before the measured calls, "end" after
--   unit                     what allocated counts ("allocations", "bytes")
--   number(x)                the text of a float (the bindings' one rule)
-- and gives back the functions scripts call. Everything loops in Lua, so
-- collide-run's instruction limit counts every step.
return function(P)
  local report, allocated, unit, number = P.report, P.allocated, P.unit, P.number
  local type, tostring, rawlen, rawget, rawequal, pcall = type, tostring, rawlen, rawget, rawequal, pcall
  local mtype, abs, concat = math.type, math.abs, table.concat

  local function argerror(i, fname, msg) error(("bad argument #%d to '%s' (%s)"):format(i, fname, msg), 3) end

  local function checknumber(v, i, fname)
    if type(v) ~= "number" then argerror(i, fname, "number expected, got " .. (v == nil and "no value" or type(v))) end
    return v
  end

  local function optmessage(v, i, fname, default)
    if v == nil then return default end
    if type(v) ~= "string" and type(v) ~= "number" then argerror(i, fname, "string expected, got " .. type(v)) end
    return tostring(v)
  end

  local function text(v)
    if mtype(v) == "float" then return number(v) end
    return tostring(v)
  end

  local SHOWN = 16 -- array elements a message shows

  local function array_text(t)
    local n, parts = rawlen(t), {}
    for i = 1, n < SHOWN and n or SHOWN do parts[i] = text(rawget(t, i)) end
    if n > SHOWN then parts[#parts + 1] = "... (" .. n .. " elements)" end
    return "{" .. concat(parts, ", ") .. "}"
  end

  local function near(g, w, tol)
    if type(w) == "number" then return type(g) == "number" and abs(g - w) <= tol end
    return rawequal(g, w)
  end

  local E = {}

  -- expect(cond [, msg]) --> cond
  function E.expect(...)
    if select("#", ...) == 0 then argerror(1, "expect", "value expected") end
    local cond, msg = ...
    report(cond and true or false, optmessage(msg, 2, "expect", "expectation"), "")
    return cond
  end

  -- expectNear(a, b, tol [, msg]) --> ok: numbers within tol, or two arrays
  -- element by element (raw access: their length is rawlen, not __len)
  function E.expectNear(a, b, tol, msg)
    checknumber(tol, 3, "expectNear")
    if not (tol >= 0) then argerror(3, "expectNear", "tolerance must be >= 0") end
    msg = optmessage(msg, 4, "expectNear", "expectation")
    if type(a) == "table" and type(b) == "table" then
      local ok = rawlen(a) == rawlen(b)
      for i = 1, rawlen(b) do
        if not ok then break end
        ok = near(rawget(a, i), rawget(b, i), tol)
      end
      report(ok, msg, ok and "" or "got " .. array_text(a) .. ", want " .. array_text(b) .. " +- " .. text(tol + 0.0))
      return ok
    end
    checknumber(a, 1, "expectNear")
    checknumber(b, 2, "expectNear")
    local ok = abs(a - b) <= tol
    report(ok, msg, ok and "" or "got " .. text(a + 0.0) .. ", want " .. text(b + 0.0) .. " +- " .. text(tol + 0.0))
    return ok
  end

  -- expectEqual(got, want [, msg]) --> ok (raw equality, numbers by value)
  function E.expectEqual(...)
    if select("#", ...) < 2 then argerror(2, "expectEqual", "value expected") end
    local got, want, msg = ...
    local ok = rawequal(got, want)
    report(ok, optmessage(msg, 3, "expectEqual", "expectation"), ok and "" or "got " .. text(got) .. ", want " .. text(want))
    return ok
  end

  -- expectError(text, f, ...) --> ok: f(...) raises an error whose message
  -- contains text (plain text). A limit of collide-run is not an expected
  -- error: its hook raises again at the next instruction.
  function E.expectError(want, f, ...)
    if type(want) ~= "string" then argerror(1, "expectError", "string expected, got " .. type(want)) end
    if type(f) ~= "function" then argerror(2, "expectError", "function expected, got " .. type(f)) end
    local ok, err = pcall(f, ...)
    local name = "error containing '" .. want .. "'"
    if ok then
      report(false, name, "no error raised")
      return false
    end
    local found = type(err) == "string" and err:find(want, 1, true) ~= nil
    local detail = type(err) == "string" and "message was: " .. err or "message was not a string but " .. tostring(err)
    report(found, name, found and "" or detail)
    return found
  end

  -- expectNoGarbage(f [, n [, msg]]) --> ok: n calls of f (default 1000)
  -- allocate nothing
  function E.expectNoGarbage(f, n, msg)
    if type(f) ~= "function" then argerror(1, "expectNoGarbage", "function expected, got " .. type(f)) end
    if n == nil then n = 1000 end
    checknumber(n, 2, "expectNoGarbage")
    n = math.tointeger(n) or argerror(2, "expectNoGarbage", "number has no integer representation")
    if n < 1 then argerror(2, "expectNoGarbage", "count must be >= 1") end
    msg = optmessage(msg, 3, "expectNoGarbage", "no allocation per call")
    f() -- once first: lazily created state is not garbage
    local before = allocated("begin")
    for _ = 1, n do f() end
    local made = allocated("end") - before
    report(made == 0, msg, made == 0 and "" or ("%.0f %s in %d calls"):format(made, unit, n))
    return made == 0
  end

  return E
end
