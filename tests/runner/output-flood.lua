-- Issue 12, item 11: a trace had no size limit (335 MB in 1.3 s).
while true do record("flood", 1, 2, 3, "some text to make the lines longer") end
