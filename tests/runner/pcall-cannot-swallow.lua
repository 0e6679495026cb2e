-- A script that catches every error still ends at the instruction limit.
while true do
  pcall(function() while true do end end)
end
