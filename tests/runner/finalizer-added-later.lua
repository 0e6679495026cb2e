-- Issue 12, item 2: a __gc added to the metatable after setmetatable (or a
-- placeholder replaced later). Lua marks an object for finalization only
-- when its metatable has a __gc at setmetatable time, and the sandbox refuses
-- any __gc there, so neither trick makes a finalizer run: the run ends.
local mt = {}
local t = setmetatable({}, mt)
mt.__gc = function() while true do end end
t = nil
expectError("__gc is not available", setmetatable, {}, { __gc = false })
expectError("__gc is not available", setmetatable, {}, mt)
-- a finalizer's expect(false) at close used to print FAIL with exit code 0
local later = setmetatable({}, {})
getmetatable(later).__gc = function() expect(false, "never runs") end
expect(true, "the run ends")
