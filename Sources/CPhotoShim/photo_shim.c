#include "photo_shim.h"

#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libexif/exif-data.h>
#include <zbar.h>
#include <vips/vips.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int init_result = -1;

static void init_vips(void) {
    // glibc gives each busy thread its own malloc arena and keeps freed image buffers in it, so
    // peak memory grows with every thread that ever decoded a photo. Two arenas kept 8 concurrent
    // 10 MB uploads within budget (docs/BENCHMARKS.md).
    mallopt(M_ARENA_MAX, 2);
    if (VIPS_INIT("fooddiary")) return;
    // Only the loaders libvips marks as fuzzed and safe for untrusted input stay available.
    vips_block_untrusted_set(TRUE);
    // Files are replaced under the same names; a cached result could be stale.
    vips_cache_set_max(0);
    // One worker per image: the app already runs one image per core (ImageWorkLimiter), so more
    // workers mostly add buffers. It trades ~20 ms per upload for memory headroom (docs/BENCHMARKS.md).
    vips_concurrency_set(1);
    init_result = 0;
}

int fd_photo_init(void) {
    pthread_once(&init_once, init_vips);
    return init_result;
}

void fd_photo_release_memory(void) { malloc_trim(0); }

void fd_photo_last_error(char *out, size_t size) {
    if (size == 0) return;
    const char *text = vips_error_buffer();
    snprintf(out, size, "%s", text ? text : "");
    vips_error_clear();
}

int fd_photo_probe(const char *path, int *width, int *height, char *loader, size_t loader_size) {
    const char *name = vips_foreign_find_load(path);
    if (!name) return -1;
    // The class name ("VipsForeignLoadJpegFile") as its operation nickname ("jpegload").
    const char *nickname = vips_nickname_find(g_type_from_name(name));
    snprintf(loader, loader_size, "%s", nickname ? nickname : name);
    // Opening reads the header only; pixels are decoded later, if ever.
    VipsImage *image = vips_image_new_from_file(path, NULL);
    if (!image) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

int fd_photo_verify(const char *path) {
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL,
                                                "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    if (!image) return -1;
    double average = 0;
    int result = vips_avg(image, &average, NULL);
    g_object_unref(image);
    return result;
}

int fd_photo_thumbnail(const char *in_path, const char *out_path, int size, int quality) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail(in_path, &thumbnail, size, "height", size, "size", VIPS_SIZE_DOWN, NULL)) return -1;
    int result = vips_jpegsave(thumbnail, out_path, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
    g_object_unref(thumbnail);
    return result;
}

static ExifEntry *find_entry(ExifData *data, ExifIfd ifd, ExifTag tag) {
    return data->ifd[ifd] ? exif_content_get_entry(data->ifd[ifd], tag) : NULL;
}

static void copy_ascii(ExifEntry *entry, char *out, size_t size) {
    if (!entry || entry->format != EXIF_FORMAT_ASCII || !entry->data || entry->size == 0) return;
    size_t length = entry->size < size ? entry->size : size - 1;
    memcpy(out, entry->data, length);
    out[length] = '\0';
}

/// Degrees from three EXIF rationals (degrees, minutes, seconds); -1 when malformed.
static double degrees(ExifEntry *entry, ExifByteOrder order) {
    if (!entry || entry->format != EXIF_FORMAT_RATIONAL || entry->components != 3 || entry->size < 24) return -1;
    double parts[3];
    for (int i = 0; i < 3; i++) {
        ExifRational value = exif_get_rational(entry->data + 8 * i, order);
        if (value.denominator == 0) return -1;
        parts[i] = (double)value.numerator / (double)value.denominator;
    }
    return parts[0] + parts[1] / 60.0 + parts[2] / 3600.0;
}

int fd_photo_read_exif(const char *path, fd_exif_info *info) {
    memset(info, 0, sizeof *info);
    VipsImage *image = vips_image_new_from_file(path, NULL);
    if (!image) return -1;
    const void *blob = NULL;
    size_t length = 0;
    if (vips_image_get_typeof(image, VIPS_META_EXIF_NAME) == 0 ||
        vips_image_get_blob(image, VIPS_META_EXIF_NAME, &blob, &length) || length == 0) {
        g_object_unref(image);
        return 0;
    }
    ExifData *data = exif_data_new_from_data(blob, (unsigned int)length);
    g_object_unref(image);
    if (!data) return 0;

    ExifEntry *taken = find_entry(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL);
    if (!taken) taken = find_entry(data, EXIF_IFD_0, EXIF_TAG_DATE_TIME);
    copy_ascii(taken, info->taken, sizeof info->taken);
    // OffsetTimeOriginal (EXIF 2.31), newer than libexif's tag list.
    copy_ascii(find_entry(data, EXIF_IFD_EXIF, (ExifTag)0x9011), info->offset, sizeof info->offset);

    ExifByteOrder order = exif_data_get_byte_order(data);
    char latitude_ref[2] = "", longitude_ref[2] = "";
    copy_ascii(find_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LATITUDE_REF), latitude_ref, sizeof latitude_ref);
    copy_ascii(find_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LONGITUDE_REF), longitude_ref, sizeof longitude_ref);
    double latitude = degrees(find_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LATITUDE), order);
    double longitude = degrees(find_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LONGITUDE), order);
    if (latitude >= 0 && latitude <= 90 && longitude >= 0 && longitude <= 180 &&
        (latitude_ref[0] == 'N' || latitude_ref[0] == 'S') && (longitude_ref[0] == 'E' || longitude_ref[0] == 'W')) {
        info->has_gps = 1;
        info->latitude = latitude_ref[0] == 'S' ? -latitude : latitude;
        info->longitude = longitude_ref[0] == 'W' ? -longitude : longitude;
    }
    exif_data_unref(data);
    return 0;
}

static ExifEntry *add_entry(ExifData *data, ExifIfd ifd, ExifTag tag, ExifFormat format, unsigned long components) {
    ExifMem *memory = exif_mem_new_default();
    ExifEntry *entry = exif_entry_new_mem(memory);
    unsigned int size = exif_format_get_size(format) * components;
    entry->data = exif_mem_alloc(memory, size);
    entry->size = size;
    entry->tag = tag;
    entry->components = components;
    entry->format = format;
    exif_content_add_entry(data->ifd[ifd], entry);
    exif_mem_unref(memory);
    exif_entry_unref(entry);
    return entry;
}

static void set_degrees(ExifEntry *entry, double value, ExifByteOrder order) {
    double minutes = (value - (int)value) * 60;
    double seconds = (minutes - (int)minutes) * 60;
    ExifRational parts[3] = {{(ExifLong)value, 1}, {(ExifLong)minutes, 1}, {(ExifLong)(seconds * 10000 + 0.5), 10000}};
    for (int i = 0; i < 3; i++) exif_set_rational(entry->data + 8 * i, order, parts[i]);
}

static int attach_exif(VipsImage *image, const char *taken, int with_gps, double latitude, double longitude) {
    ExifData *data = exif_data_new();
    if (!data) return -1;
    ExifByteOrder order = EXIF_BYTE_ORDER_INTEL;
    exif_data_set_byte_order(data, order);
    ExifEntry *time = add_entry(data, EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL, EXIF_FORMAT_ASCII, 20);
    snprintf((char *)time->data, 20, "%s", taken);
    if (with_gps) {
        ExifEntry *entry = add_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LATITUDE_REF, EXIF_FORMAT_ASCII, 2);
        snprintf((char *)entry->data, 2, "%s", latitude < 0 ? "S" : "N");
        set_degrees(add_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LATITUDE, EXIF_FORMAT_RATIONAL, 3), latitude < 0 ? -latitude : latitude, order);
        entry = add_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LONGITUDE_REF, EXIF_FORMAT_ASCII, 2);
        snprintf((char *)entry->data, 2, "%s", longitude < 0 ? "W" : "E");
        set_degrees(add_entry(data, EXIF_IFD_GPS, (ExifTag)EXIF_TAG_GPS_LONGITUDE, EXIF_FORMAT_RATIONAL, 3), longitude < 0 ? -longitude : longitude, order);
    }
    unsigned char *bytes = NULL;
    unsigned int length = 0;
    exif_data_save_data(data, &bytes, &length);
    exif_data_unref(data);
    if (!bytes) return -1;
    vips_image_set_blob_copy(image, VIPS_META_EXIF_NAME, bytes, length);
    free(bytes);
    return 0;
}

int fd_photo_write_sample_jpeg(const char *path, int width, int height, int quality, int smoothness, const char *taken,
                               int with_gps, double latitude, double longitude, int orientation) {
    // Noise made at 1/smoothness of the size and enlarged: the larger `smoothness`, the smoother
    // the blotches and the better the file compresses.
    VipsImage *bands[3] = {NULL, NULL, NULL};
    if (smoothness < 1) smoothness = 1;
    int small_width = width / smoothness > 0 ? width / smoothness : 1, small_height = height / smoothness > 0 ? height / smoothness : 1;
    for (int i = 0; i < 3; i++) {
        if (vips_gaussnoise(&bands[i], small_width, small_height, "mean", 128.0, "sigma", 40.0, NULL)) goto fail;
    }
    VipsImage *joined = NULL, *large = NULL, *cropped = NULL, *pixels = NULL;
    if (vips_bandjoin(bands, &joined, 3, NULL)) goto fail;
    if (vips_resize(joined, &large, (double)width / small_width + 0.01, "vscale", (double)height / small_height + 0.01, NULL)) {
        g_object_unref(joined);
        goto fail;
    }
    g_object_unref(joined);
    if (vips_crop(large, &cropped, 0, 0, width, height, NULL)) {
        g_object_unref(large);
        goto fail;
    }
    g_object_unref(large);
    if (vips_cast_uchar(cropped, &pixels, NULL)) {
        g_object_unref(cropped);
        goto fail;
    }
    g_object_unref(cropped);
    // The metadata must be set on an image of our own, not one libvips may share.
    VipsImage *copy = NULL;
    if (vips_copy(pixels, &copy, "interpretation", VIPS_INTERPRETATION_sRGB, NULL)) {
        g_object_unref(pixels);
        goto fail;
    }
    g_object_unref(pixels);
    if (taken && attach_exif(copy, taken, with_gps, latitude, longitude)) {
        g_object_unref(copy);
        goto fail;
    }
    if (orientation > 0) vips_image_set_int(copy, VIPS_META_ORIENTATION, orientation);
    int result = vips_jpegsave(copy, path, "Q", quality, NULL);
    g_object_unref(copy);
    for (int i = 0; i < 3; i++) g_object_unref(bands[i]);
    return result;
fail:
    for (int i = 0; i < 3; i++) if (bands[i]) g_object_unref(bands[i]);
    return -1;
}

int fd_photo_convert(const char *in_path, const char *out_path) {
    VipsImage *image = vips_image_new_from_file(in_path, NULL);
    if (!image) return -1;
    int result = vips_image_write_to_file(image, out_path, NULL);
    g_object_unref(image);
    return result;
}

/// The photo as one byte of grey per pixel, upright and within `size`; NULL on failure.
static void *grey_pixels(const char *path, int size, int *width, int *height, size_t *length) {
    VipsImage *thumbnail = NULL, *grey = NULL, *band = NULL, *pixels = NULL;
    if (vips_thumbnail(path, &thumbnail, size, "height", size, "size", VIPS_SIZE_DOWN, NULL)) return NULL;
    int failed = vips_colourspace(thumbnail, &grey, VIPS_INTERPRETATION_B_W, NULL);
    g_object_unref(thumbnail);
    if (failed) return NULL;
    // A PNG's alpha is a band of its own: only the first is the picture.
    failed = vips_extract_band(grey, &band, 0, NULL);
    g_object_unref(grey);
    if (failed) return NULL;
    failed = vips_cast_uchar(band, &pixels, NULL);
    g_object_unref(band);
    if (failed) return NULL;
    *width = vips_image_get_width(pixels);
    *height = vips_image_get_height(pixels);
    void *bytes = vips_image_write_to_memory(pixels, length);
    g_object_unref(pixels);
    return bytes;
}

int fd_photo_read_barcodes(const char *path, int size, int density, char *codes, size_t codes_size, int *found) {
    *found = 0;
    if (codes_size > 0) codes[0] = '\0';
    int width = 0, height = 0;
    size_t length = 0;
    void *bytes = grey_pixels(path, size, &width, &height, &length);
    if (!bytes) return -1;
    zbar_image_scanner_t *scanner = zbar_image_scanner_create();
    // Only the codes on food packages: a QR code or a shipping label's Code 128 is no product.
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0);
    const zbar_symbol_type_t products[] = {ZBAR_EAN13, ZBAR_EAN8, ZBAR_UPCA, ZBAR_UPCE};
    for (size_t i = 0; i < sizeof products / sizeof products[0]; i++) {
        zbar_image_scanner_set_config(scanner, products[i], ZBAR_CFG_ENABLE, 1);
    }
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, density > 0 ? density : 1);
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, density > 0 ? density : 1);
    zbar_image_t *image = zbar_image_create();
    zbar_image_set_format(image, zbar_fourcc('Y', '8', '0', '0'));
    zbar_image_set_size(image, (unsigned)width, (unsigned)height);
    zbar_image_set_data(image, bytes, length, NULL);
    int result = zbar_scan_image(scanner, image) < 0 ? -1 : 0;
    size_t used = 0;
    for (const zbar_symbol_t *symbol = zbar_image_first_symbol(image); result == 0 && symbol; symbol = zbar_symbol_next(symbol)) {
        int written = snprintf(codes + used, codes_size - used, "%s %s\n", zbar_get_symbol_name(zbar_symbol_get_type(symbol)),
                               zbar_symbol_get_data(symbol));
        if (written < 0 || (size_t)written >= codes_size - used) {
            codes[used] = '\0';
            break;
        }
        used += (size_t)written;
        (*found)++;
    }
    zbar_image_destroy(image);
    zbar_image_scanner_destroy(scanner);
    g_free(bytes);
    return result;
}

int fd_photo_write_grey(const char *path, const unsigned char *pixels, int width, int height, double angle, double blur, int quality) {
    VipsImage *image = vips_image_new_from_memory_copy(pixels, (size_t)width * height, width, height, 1, VIPS_FORMAT_UCHAR);
    if (!image) return -1;
    VipsImage *turned = NULL;
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    int failed = vips_rotate(image, &turned, angle, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    g_object_unref(image);
    if (failed) return -1;
    VipsImage *soft = turned;
    if (blur > 0) {
        failed = vips_gaussblur(turned, &soft, blur, NULL);
        g_object_unref(turned);
        if (failed) return -1;
    }
    VipsImage *bytes = NULL;
    failed = vips_cast_uchar(soft, &bytes, NULL);
    g_object_unref(soft);
    if (failed) return -1;
    int result = vips_image_write_to_file(bytes, path, "Q", quality, NULL);
    g_object_unref(bytes);
    return result;
}
