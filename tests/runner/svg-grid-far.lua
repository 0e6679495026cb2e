-- Issue 12, item 3: two points 16 apart at 1e17 made a grid step smaller
-- than the spacing of doubles there, so `x += step` never advanced (896 MB of
-- grid lines in 8 s). The grid is bounded by a count and skipped where its
-- step cannot be represented. (A float build accepts coordinates up to 2^30:
-- two points one float spacing apart at 2^29 stand in for them there.)
local collide = require "collide"
local far, gap = 1e17, 16
if collide.huge < far then far, gap = 2 ^ 29, 64 end
drawPoint(far, 0, 0)
drawPoint(far + gap, 0, 0)
expect(true)
