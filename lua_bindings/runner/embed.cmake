# Writes a file's bytes as a C array: -DIN=file -DOUT=header -DNAME=identifier
# (collide-run embeds expect.lua so the expectations are written once).
cmake_minimum_required(VERSION 3.25)
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp" "/* Generated from ${IN} by embed.cmake: do not edit. */\nstatic const unsigned char ${NAME}[] = {\n${bytes}};\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
