-- Issue 12, item 8: --trace x.lua x.lua truncated the script before loading
-- it, and --svg x.lua overwrote it. Both are refused.
expect(true)
