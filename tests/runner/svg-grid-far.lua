-- Issue 12, item 3: two points 16 apart at 1e17 made a grid step smaller
-- than the spacing of doubles there, so `x += step` never advanced (896 MB of
-- grid lines in 8 s). The grid is bounded by a count and skipped where its
-- step cannot be represented.
drawPoint(1e17, 0, 0)
drawPoint(1e17 + 16, 0, 0)
expect(true)
