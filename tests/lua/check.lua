-- Minimal test helper for the Lua tests: named checks, error-message checks,
-- and a closing "N passed, N failed" line with a non-zero exit on failure.
local check = { passed = 0, failed = 0 }

local function report(ok, name, detail)
  if ok then
    check.passed = check.passed + 1
  else
    check.failed = check.failed + 1
    io.stderr:write(("FAIL %s%s\n"):format(name, detail and (": " .. detail) or ""))
  end
end

function check.truthy(v, name) report(v and true or false, name, "got " .. tostring(v)) end

function check.eq(got, want, name)
  report(got == want, name, ("got %s, want %s"):format(tostring(got), tostring(want)))
end

function check.near(got, want, tol, name)
  local ok = type(got) == "number" and math.abs(got - want) <= tol
  report(ok, name, ("got %s, want %s +- %g"):format(tostring(got), tostring(want), tol))
end

-- check.list({f(...)}, {expected...}, tol, name): element-wise comparison
function check.list(got, want, tol, name)
  local ok = #got == #want
  for i = 1, #want do
    local g, w = got[i], want[i]
    if type(w) == "number" then
      ok = ok and type(g) == "number" and math.abs(g - w) <= (tol or 0)
    else
      ok = ok and g == w
    end
  end
  local parts = {}
  for i = 1, #got do parts[i] = tostring(got[i]) end
  report(ok, name, "got {" .. table.concat(parts, ", ") .. "}")
end

-- check.raises(pattern, name, f, ...): f(...) raises an error whose message
-- matches the Lua pattern (plain substring when plain == true).
function check.raises(pattern, name, f, ...)
  local ok, msg = pcall(f, ...)
  if ok then return report(false, name, "no error raised") end
  msg = tostring(msg)
  report(msg:find(pattern, 1, true) ~= nil, name, "message was: " .. msg)
end

-- check.noGarbage(name, f): f() called 20000 times with the collector
-- stopped leaves the heap exactly where it was.
function check.noGarbage(name, f)
  collectgarbage("collect")
  collectgarbage("stop")
  local before = collectgarbage("count")
  for _ = 1, 20000 do f() end
  local after = collectgarbage("count")
  collectgarbage("restart")
  check.eq(after - before, 0, name)
end

function check.done()
  print(("%d passed, %d failed"):format(check.passed, check.failed))
  if check.failed > 0 then os.exit(1) end
end

return check
