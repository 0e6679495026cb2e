-- What the sandbox allows and what it does not.
local collide = require "collide"
expect(io == nil and os == nil and debug == nil and package == nil and coroutine == nil, "no io, os, debug, package")
expect(load == nil and loadfile == nil and dofile == nil and collectgarbage == nil and string.rep == nil and
  string.dump == nil, "no load, loadfile, dofile, collectgarbage, string.rep, string.dump")
local ok, err = pcall(require, "io")
expect(not ok and err:find("only 'collide' and 'collide.float'", 1, true) ~= nil, "require resolves collide only")
assert(require("collide") == collide)
