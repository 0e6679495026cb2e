-- table.unpack and table.concat visit every element of their range in C:
-- 10^5 empty slots unpacked in a loop cost 10^5 instructions each (a fuzz_runner
-- program ran 43 s under ASan before they were charged), and a concat over a
-- __len of math.maxinteger is charged before it starts.
for _ = 1, 1000 do pcall(table.unpack, {}, 1, 100000) end
local t = setmetatable({}, { __len = function() return math.maxinteger end })
pcall(table.concat, t)
