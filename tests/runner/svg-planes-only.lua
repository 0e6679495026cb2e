-- Found by fuzz_runner: a picture of planes only has no array of points, and
-- the writer computed NULL + 0 (undefined behaviour, caught by UBSan).
local collide = require "collide"
draw(collide.plane(1, 0, 0, 2), "x = 2")
draw(collide.plane(0, 1, 0, -1))
expect(true)
