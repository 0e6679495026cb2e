-- Issue 12, item 6: a picture whose whole extent is subnormal (720 / span
-- overflowed: inf and -nan coordinates).
drawPoint(0, 0, 0)
drawPoint(5e-324, 5e-324, 0)
drawRay(0, 0, 0, 1e-320, 0, 0)
expect(true)
