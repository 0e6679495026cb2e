/*
 * Text the runner writes on a script's behalf (traces, pictures, messages):
 * numbers in their shortest round-trip form, and strings made valid for the
 * format they go into whatever bytes the script passed. Private to
 * lua_bindings/runner/.
 */
#ifndef COLLIDE_RUNNER_TEXT_H
#define COLLIDE_RUNNER_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* Where text goes: put(ctx, bytes, n). */
typedef struct text_sink {
    void (*put)(void *ctx, const char *s, size_t n);
    void *ctx;
} text_sink;

/* A sink that writes to a FILE. */
text_sink text_file_sink(FILE *f);

/* x by the bindings' one rule for numbers (lcol_format_number: the fewest
 * digits that read back as x, plain notation for exponents in [-5, 16]);
 * buf needs 32 bytes. */
void text_number(char *buf, size_t size, double x);

/* Length of the well-formed UTF-8 sequence at s (1 to 4 bytes: no overlong
 * forms, no surrogates, nothing past U+10FFFF), with its code point in *cp;
 * 0 when s[0..len) does not start with one. */
size_t text_utf8_char(const char *s, size_t len, unsigned long *cp);

/* Copies s[0..len) into out (size bytes, NUL-terminated) as valid UTF-8:
 * every ill-formed byte becomes U+FFFD, and the copy is cut at a character
 * boundary so that it fits. Returns the bytes written (without the NUL). */
size_t text_utf8_copy(char *out, size_t size, const char *s, size_t len);

/* Writes s[0..len) as a JSON string (quotes included): ill-formed UTF-8
 * becomes U+FFFD; quotes, backslashes and control characters are escaped. */
void text_write_json(text_sink out, const char *s, size_t len);

/* Writes s[0..len) as a CSV field (quoted, quotes doubled), ill-formed UTF-8
 * as U+FFFD. */
void text_write_csv(text_sink out, const char *s, size_t len);

/* Writes a NUL-terminated s as XML 1.0 character data or attribute text:
 * markup characters escaped, characters XML forbids (controls other than tab,
 * newline and carriage return; U+FFFE, U+FFFF) and ill-formed UTF-8 as
 * U+FFFD. */
void text_write_xml(text_sink out, const char *s);

#endif
