-- An error reports file:line and a traceback.
local function sink()
  local ship = nil
  error("the ship has sunk")
end
sink()
