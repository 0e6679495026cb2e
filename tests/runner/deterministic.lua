-- Issue 12, item 7: the same script and seed give the same bytes. Debian's
-- Lua seeds its string hash from the clock and addresses, so pairs over
-- string keys came out in a different order on each run; tostring printed
-- addresses. pairs is ordered and tostring counts objects.
local t = {}
for i = 1, 50 do t["key" .. math.random(1, 1000)] = i end
t[3] = "three"; t[1.5] = "x"; t[true] = "y"; t[-7] = "z"
local order = {}
for k, v in pairs(t) do
  order[#order + 1] = tostring(k)
  record("pair", tostring(k), v)
end
for i = 2, #order do
  expect(order[i - 1] ~= order[i], "each key once")
end
expectEqual(order[1], "true", "booleans first")
expectEqual(order[2], "-7", "then numbers, ascending")
expectEqual(order[3], "1.5")
expectEqual(order[4], "3")
local strings_sorted = true
for i = 6, #order do strings_sorted = strings_sorted and order[i - 1] < order[i] end
expect(strings_sorted, "then strings, by bytes")
-- keys removed during the traversal are skipped, as next does
local u = { a = 1, b = 2, c = 3 }
local seen = {}
for k in pairs(u) do
  seen[#seen + 1] = k
  u.b = nil
end
expectEqual(table.concat(seen, ","), "a,c", "a removed key is skipped")
-- __pairs is honoured
local proxy = setmetatable({}, { __pairs = function() return function(_, k) if not k then return 1, "one" end end, nil, nil end })
for k, v in pairs(proxy) do record("proxy", k, v) end
-- names instead of addresses
local a, b = {}, function() end
record("names", tostring(a), tostring(b), tostring(a), string.format("%s|%s", a, print))
expectEqual(tostring(a), tostring(a), "stable")
expect(tostring(a):match("^table: #%d+$") ~= nil, "table: #N")
expectError("'%p'", string.format, "%p", a)
print("printed", a, b, nil, 1.5)
