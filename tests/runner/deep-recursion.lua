-- Unbounded recursion: Lua's stack overflow error ends the script (exit 2).
local function down(n) return 1 + down(n + 1) end
down(1)
