-- Issue 12, item 4: expectNoGarbage loops in C; with a C function (no Lua
-- instruction for the hook to count) it ran 2^63 times under
-- --max-instructions 1000 --timeout 0. Each call is charged now.
expectNoGarbage(math.random, math.maxinteger)
