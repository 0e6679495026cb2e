-- string.rep is gone; doubling a string by concatenation hits the memory limit.
local s = "x"
while true do s = s .. s end
