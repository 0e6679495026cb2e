-- Failed expectations: exit code 1 and the count.
expect(true, "passes")
expectNear(1.0, 1.0 + 1e-13, 1e-12, "passes too")
expect(false, "fails")
expectEqual(1, 2, "fails too")
