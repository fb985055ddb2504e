#include "photo_shim.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

static int read_u32(FILE *file, uint32_t *value) {
    unsigned char bytes[4];
    if (fread(bytes, 1, 4, file) != 4) return -1;
    *value = (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
    return 0;
}

/// Skips `count` NUL-terminated fields at the start of a chunk body, then `fixed` bytes;
/// returns how many of `*remaining` bytes are left, or -1 when the body ends first.
static int skip_fields(FILE *file, uint32_t *remaining, int count, uint32_t fixed) {
    for (int field = 0; field < count; field++) {
        int byte;
        do {
            if (*remaining == 0 || (byte = fgetc(file)) == EOF) return -1;
            (*remaining)--;
        } while (byte != 0);
    }
    if (*remaining < fixed || fseek(file, fixed, SEEK_CUR) != 0) return -1;
    *remaining -= fixed;
    return 0;
}

/// Inflates `length` bytes from the file into a scratch buffer, counting what comes out, and stops
/// once `budget` is passed. Damaged streams count what they gave before failing.
static long long inflated_size(FILE *file, uint32_t length, long long budget) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return 0;
    unsigned char input[16384], output[65536];
    long long total = 0;
    int status = Z_OK;
    while (length > 0 && status == Z_OK && total <= budget) {
        size_t wanted = length < sizeof input ? length : sizeof input;
        size_t got = fread(input, 1, wanted, file);
        if (got == 0) break;
        length -= (uint32_t)got;
        stream.next_in = input;
        stream.avail_in = (uInt)got;
        do {
            stream.next_out = output;
            stream.avail_out = sizeof output;
            status = inflate(&stream, Z_NO_FLUSH);
            total += (long long)(sizeof output - stream.avail_out);
        } while (status == Z_OK && stream.avail_out == 0 && total <= budget);
    }
    inflateEnd(&stream);
    if (length > 0) fseek(file, length, SEEK_CUR);
    return total;
}

int fd_png_metadata_cost(const char *path, long long limit, long long *inflated, long long *ancillary) {
    *inflated = 0;
    *ancillary = 0;
    FILE *file = fopen(path, "rb");
    if (!file) return -1;
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    unsigned char head[8];
    if (fread(head, 1, 8, file) != 8 || memcmp(head, signature, 8) != 0) {
        fclose(file);
        return 0;
    }
    uint32_t length;
    char type[5] = {0};
    while (read_u32(file, &length) == 0 && fread(type, 1, 4, file) == 4) {
        if (strcmp(type, "IEND") == 0) break;
        // Lowercase first letter: ancillary, which libpng keeps as metadata rather than pixels.
        if (type[0] >= 'a' && type[0] <= 'z') (*ancillary)++;
        uint32_t remaining = length;
        int compressed = 0;
        if (strcmp(type, "zTXt") == 0 || strcmp(type, "iCCP") == 0) {
            compressed = skip_fields(file, &remaining, 1, 1) == 0;
        } else if (strcmp(type, "iTXt") == 0) {
            // keyword\0, compression flag, method, language\0, translated keyword\0, text.
            int flag = 0;
            if (skip_fields(file, &remaining, 1, 0) == 0 && remaining >= 2) {
                flag = fgetc(file);
                fgetc(file);
                remaining -= 2;
                compressed = flag == 1 && skip_fields(file, &remaining, 2, 0) == 0;
            }
        }
        if (compressed && *inflated <= limit) {
            *inflated += inflated_size(file, remaining, limit - *inflated);
        } else if (fseek(file, remaining, SEEK_CUR) != 0) {
            break;
        }
        if (*inflated > limit) break;
        if (fseek(file, 4, SEEK_CUR) != 0) break;  // the CRC
    }
    fclose(file);
    return 0;
}
