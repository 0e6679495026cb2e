-- Issue 12, item 2: a finalizer that never returns. Lua 5.4 runs finalizers
-- with hooks off (no instruction limit) and at lua_close (after the limits
-- were removed): with --timeout 2 the run never ended. Finalizers are refused.
setmetatable({}, { __gc = function() while true do end end })
