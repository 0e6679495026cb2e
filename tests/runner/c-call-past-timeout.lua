-- Issue 12, item 11: the timeout's backstop for a call into C that does not
-- return (here a pattern whose backtracking takes forever: no Lua instruction
-- runs, so no hook). It used to _exit without the buffered trace and the
-- summary line; they are written now, with a message that says what happened.
expect(true, "before the long call")
record("before", 1)
local s = ""
for i = 1, 60 do s = s .. "a" end
string.find(s, ".-.-.-.-.-.-.-.-.-.-.-.-b")
