-- A loop that spends its time in C queries (GJK on an ellipsoid) ends at the timeout.
local collide = require "collide"
local box, egg = collide.obb(0, 0, 0, 1, 1, 1), collide.ellipsoid(0.5, 0, 3, 1, 1, 2)
while true do collide.distance(box, egg) end
