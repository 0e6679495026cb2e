-- Issue 12, item 6: every file the runner writes parses whatever the script
-- passes: a label of multi-byte characters cut in the middle of one, invalid
-- bytes in labels, a subnormal span, a huge arrow length; and the trace
-- (item 9) with invalid UTF-8 in names and values.
local collide = require "collide"
local long = ""
for _ = 1, 60 do long = long .. "é" end -- 120 bytes: cut at 80, between characters
draw(collide.sphere(0, 0, 0, 1), long)
draw(collide.sphere(2, 0, 0, 1), { label = "bad \xff\xfe bytes \xc3 and \xed\xa0\x80 surrogate", color = "red" })
drawPoint(0, 0, 0, "a < b & c > \"d\" 'e' \1\2\3")
drawPoint(5e-324, 0, 0)
drawNormal(0, 0, 0, 1, 0, 0, { length = 1e308 })
drawNormal(0, 0, 0, 0, 1, 0, { length = 5e-324 })
record("name \xff", "value \xc3\x28", "\xf0\x9f\x98\x80 ok", 1.5, 1e300, true)
record("ctl \0 \1 \127", "\xe2\x82")
expect(true)
