/*
 * pngprobe: read the pixels of a PNG (8-bit RGB or RGBA, not interlaced:
 * what rsvg-convert writes) and answer questions about them, so that the
 * export tests check a rendered SVG by its pixels.
 *
 *   pngprobe FILE size                  -> "W H"
 *   pngprobe FILE at X Y                -> "#rrggbb" (alpha ignored)
 *   pngprobe FILE count X Y W H #rrggbb TOL
 *                                       -> the pixels of the rectangle within
 *                                          TOL (per channel) of the colour
 *
 * Exit status 0, or 1 with a message on stderr (not a PNG we read, a
 * point outside). A test tool: it trusts rsvg-convert's files to be PNGs
 * but checks every length it reads.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

static uint32_t
be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
           p[3];
}

static int
fail(const char *msg)
{
    fprintf(stderr, "pngprobe: %s\n", msg);
    return 1;
}

static int
paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* The image as RGB rows (3 bytes a pixel) into *rgb. */
static int
load(const char *path, unsigned char **rgb, int *w, int *h)
{
    FILE *f = fopen(path, "rb");
    unsigned char *file = NULL, *idat = NULL, *raw = NULL;
    size_t n = 0, cap = 0, ni = 0;
    int bpp, rc = 1;
    uLongf rawlen;

    if (f == NULL)
        return fail("cannot open the file");
    for (;;) {
        if (n == cap) {
            cap = cap ? 2 * cap : 1 << 16;
            file = realloc(file, cap);
        }
        size_t got = fread(file + n, 1, cap - n, f);
        if (got == 0)
            break;
        n += got;
    }
    fclose(f);
    if (n < 33 || memcmp(file, "\211PNG\r\n\032\n", 8) != 0) {
        free(file);
        return fail("not a PNG");
    }
    *w = (int)be32(file + 16);
    *h = (int)be32(file + 20);
    if (file[24] != 8 || (file[25] != 2 && file[25] != 6) || file[28] != 0) {
        free(file);
        return fail("only 8-bit RGB or RGBA without interlace");
    }
    bpp = file[25] == 6 ? 4 : 3;
    idat = malloc(n);
    for (size_t p = 8; p + 12 <= n;) {
        uint32_t len = be32(file + p);
        if (p + 12 + len > n)
            break;
        if (memcmp(file + p + 4, "IDAT", 4) == 0) {
            memcpy(idat + ni, file + p + 8, len);
            ni += len;
        }
        p += 12 + len;
    }
    rawlen = (uLongf)(*h) * ((uLongf)(*w) * bpp + 1);
    raw = malloc(rawlen);
    if (uncompress(raw, &rawlen, idat, ni) != Z_OK ||
        rawlen != (uLongf)(*h) * ((uLongf)(*w) * bpp + 1)) {
        fail("bad image data");
        goto out;
    }
    *rgb = malloc((size_t)*w * (size_t)*h * 3);
    {
        size_t stride = (size_t)*w * bpp;
        unsigned char *prev = calloc(stride, 1);
        for (int y = 0; y < *h; y++) {
            unsigned char *line = raw + (size_t)y * (stride + 1);
            int ft = line[0];
            unsigned char *cur = line + 1;
            for (size_t i = 0; i < stride; i++) {
                int a = i >= (size_t)bpp ? cur[i - bpp] : 0, b = prev[i],
                    c = i >= (size_t)bpp ? prev[i - bpp] : 0;
                int add = ft == 1   ? a
                          : ft == 2 ? b
                          : ft == 3 ? (a + b) / 2
                          : ft == 4 ? paeth(a, b, c)
                                    : 0;
                cur[i] = (unsigned char)(cur[i] + add);
            }
            for (int x = 0; x < *w; x++)
                memcpy(*rgb + ((size_t)y * *w + x) * 3, cur + (size_t)x * bpp,
                       3);
            memcpy(prev, cur, stride);
        }
        free(prev);
    }
    rc = 0;
out:
    free(raw);
    free(idat);
    free(file);
    return rc;
}

int
main(int argc, char **argv)
{
    unsigned char *rgb = NULL;
    int w, h;

    if (argc < 3)
        return fail("usage: pngprobe FILE size|at X Y|count X Y W H #rrggbb "
                    "TOL");
    if (load(argv[1], &rgb, &w, &h) != 0)
        return 1;
    if (strcmp(argv[2], "size") == 0) {
        printf("%d %d\n", w, h);
    } else if (strcmp(argv[2], "at") == 0 && argc == 5) {
        int x = atoi(argv[3]), y = atoi(argv[4]);
        if (x < 0 || y < 0 || x >= w || y >= h)
            return fail("outside the image");
        unsigned char *p = rgb + ((size_t)y * w + x) * 3;
        printf("#%02x%02x%02x\n", p[0], p[1], p[2]);
    } else if (strcmp(argv[2], "count") == 0 && argc == 9) {
        int x0 = atoi(argv[3]), y0 = atoi(argv[4]), rw = atoi(argv[5]),
            rh = atoi(argv[6]), tol = atoi(argv[8]), n = 0;
        unsigned col =
            (unsigned)strtoul(argv[7] + (argv[7][0] == '#'), NULL, 16);
        int want[3] = {(int)(col >> 16 & 255), (int)(col >> 8 & 255),
                       (int)(col & 255)};
        for (int y = y0; y < y0 + rh && y < h; y++)
            for (int x = x0; x < x0 + rw && x < w; x++) {
                unsigned char *p = rgb + ((size_t)y * w + x) * 3;
                int ok = 1;
                for (int k = 0; k < 3; k++)
                    ok &= abs(p[k] - want[k]) <= tol;
                n += ok;
            }
        printf("%d\n", n);
    } else {
        free(rgb);
        return fail("unknown question");
    }
    free(rgb);
    return 0;
}
