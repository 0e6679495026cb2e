/* Text for the runner's outputs (see text.h). */
#include "text.h"

#include "lcollide.h"

#include <stdlib.h>
#include <string.h>

static const char REPLACEMENT[] = "\xEF\xBF\xBD"; /* U+FFFD */

static void file_put(void *ctx, const char *s, size_t n) { fwrite(s, 1, n, (FILE *)ctx); }

text_sink text_file_sink(FILE *f) {
    text_sink k = {file_put, f};
    return k;
}

static void puts_(text_sink k, const char *s) { k.put(k.ctx, s, strlen(s)); }

void text_number(char *buf, size_t size, double x) { lcol_format_number(buf, size, x); }

size_t text_utf8_char(const char *s, size_t len, unsigned long *cp) {
    const unsigned char *u = (const unsigned char *)s;
    if (len == 0) return 0;
    unsigned long c = u[0];
    size_t n;
    unsigned long min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xC2 && c <= 0xDF) {
        n = 2, c &= 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3, c &= 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4, c &= 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (len < n) return 0;
    for (size_t i = 1; i < n; ++i) {
        if ((u[i] & 0xC0) != 0x80) return 0;
        c = (c << 6) | (u[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *cp = c;
    return n;
}

size_t text_utf8_copy(char *out, size_t size, const char *s, size_t len) {
    size_t o = 0;
    if (size == 0) return 0;
    for (size_t i = 0; i < len;) {
        unsigned long cp;
        size_t n = text_utf8_char(s + i, len - i, &cp);
        const char *src = n ? s + i : REPLACEMENT;
        size_t m = n ? n : 3;
        if (o + m + 1 > size) break; /* cut at a character boundary */
        memcpy(out + o, src, m);
        o += m;
        i += n ? n : 1;
    }
    out[o] = 0;
    return o;
}

/* The one walk of the writers: calls put_char(out, c, n, cp) for each
 * well-formed character of s[0..len) (its n bytes at c, code point cp) and
 * for each ill-formed byte as U+FFFD. */
typedef void (*char_fn)(text_sink out, const char *c, size_t n, unsigned long cp);

static void each_char(text_sink out, const char *s, size_t len, char_fn put_char) {
    for (size_t i = 0; i < len;) {
        unsigned long cp;
        size_t n = text_utf8_char(s + i, len - i, &cp);
        if (n == 0)
            put_char(out, REPLACEMENT, 3, 0xFFFD);
        else
            put_char(out, s + i, n, cp);
        i += n ? n : 1;
    }
}

static void json_char(text_sink f, const char *c, size_t n, unsigned long cp) {
    char esc[8];
    if (cp == '"' || cp == '\\')
        snprintf(esc, sizeof esc, "\\%c", (int)cp);
    else if (cp < 0x20 || cp == 0x7F)
        snprintf(esc, sizeof esc, "\\u%04lx", cp);
    else {
        f.put(f.ctx, c, n);
        return;
    }
    puts_(f, esc);
}

static void csv_char(text_sink f, const char *c, size_t n, unsigned long cp) {
    if (cp == '"') puts_(f, "\"");
    f.put(f.ctx, c, n);
}

static void xml_char(text_sink f, const char *c, size_t n, unsigned long cp) {
    switch (cp) {
    case '&': puts_(f, "&amp;"); break;
    case '<': puts_(f, "&lt;"); break;
    case '>': puts_(f, "&gt;"); break;
    case '"': puts_(f, "&quot;"); break;
    case '\'': puts_(f, "&apos;"); break;
    default:
        if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xFFFE || cp == 0xFFFF)
            puts_(f, REPLACEMENT);
        else
            f.put(f.ctx, c, n);
    }
}

void text_write_json(text_sink f, const char *s, size_t len) {
    puts_(f, "\"");
    each_char(f, s, len, json_char);
    puts_(f, "\"");
}

void text_write_csv(text_sink f, const char *s, size_t len) {
    puts_(f, "\"");
    each_char(f, s, len, csv_char);
    puts_(f, "\"");
}

void text_write_xml(text_sink f, const char *s) { each_char(f, s, strlen(s), xml_char); }
