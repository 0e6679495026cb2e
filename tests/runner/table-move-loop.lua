-- The library loops a script can make long without running Lua code:
-- table.move over 2^62 elements, table.insert and table.remove under a __len
-- of math.maxinteger. Each element is charged to the instruction budget.
local ok, err = pcall(table.move, {}, 1, math.maxinteger // 2, 2)
local t = setmetatable({}, { __len = function() return math.maxinteger end })
table.insert(t, 1, 0)
