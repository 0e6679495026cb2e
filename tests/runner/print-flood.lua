-- print counts against --max-output too.
while true do print("flood", 1, 2, 3) end
