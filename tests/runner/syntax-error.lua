-- a syntax error
local x = = 1
