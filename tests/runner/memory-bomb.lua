-- A table that grows forever, caught errors and all.
local t = {}
while true do
  pcall(function() for _ = 1, 1000 do t[#t + 1] = { 1, 2, 3 } end end)
end
