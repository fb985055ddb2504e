// The few libvips and libexif calls FoodDiary makes, behind plain C functions Swift can call:
// libvips' API is variadic (name/value pairs ending in NULL), which Swift cannot call directly.
// Every function is safe to call from any thread once fd_photo_init() has returned 0.
#ifndef FOODDIARY_PHOTO_SHIM_H
#define FOODDIARY_PHOTO_SHIM_H

#include <stddef.h>

/// Starts libvips once per process and blocks its untrusted loaders (ImageMagick, PDF, SVG, …).
/// Returns 0 on success.
int fd_photo_init(void);

/// Hands the memory glibc keeps after an image's buffers are freed back to the system
/// (malloc_trim), so the next image does not add to the peak. Cheap: about a millisecond.
void fd_photo_release_memory(void);

/// The last libvips error on this thread as text (empty when none); clears it.
/// Copies at most `size - 1` bytes into `out`.
void fd_photo_last_error(char *out, size_t size);

/// Reads only the header: dimensions and the loader libvips would use ("jpegload", "heifload", …).
/// Returns 0 on success.
int fd_photo_probe(const char *path, int *width, int *height, char *loader, size_t loader_size);

/// Decodes every pixel, failing on the first warning, so truncated or corrupt files are refused.
/// Returns 0 when the whole image decodes.
int fd_photo_verify(const char *path);

/// Writes a JPEG that fits in `size` × `size`, shrinking on load, turned upright by its EXIF
/// orientation, with all metadata stripped. Returns 0 on success.
int fd_photo_thumbnail(const char *in_path, const char *out_path, int size, int quality);

/// What the photo's EXIF says about when and where it was taken.
typedef struct {
    /// "YYYY:MM:DD HH:MM:SS" from DateTimeOriginal (else DateTime), or "" when absent.
    char taken[20];
    /// "+HH:MM" or "-HH:MM" from OffsetTimeOriginal, or "" when absent.
    char offset[7];
    int has_gps;
    double latitude;
    double longitude;
} fd_exif_info;

/// Reads EXIF from any format libvips loads (JPEG, PNG, WebP, HEIC). Returns 0 when the file was
/// read, whether or not it had EXIF; `info` is then filled with what was found.
int fd_photo_read_exif(const char *path, fd_exif_info *info);

/// Writes a `width` × `height` JPEG of noise, for tests and benchmarks; `smoothness` 8 compresses
/// like a phone photo, 1 like film grain. When `taken` is not
/// NULL the file carries EXIF DateTimeOriginal (`taken` as "YYYY:MM:DD HH:MM:SS"), and GPS when
/// `with_gps` is non-zero; `orientation` (1–8) is written when non-zero. Returns 0 on success.
int fd_photo_write_sample_jpeg(const char *path, int width, int height, int quality, int smoothness, const char *taken,
                               int with_gps, double latitude, double longitude, int orientation);

/// Re-encodes a file in the format its new name's extension says (.heic, .webp, .png, …), for tests
/// and benchmarks that need the same picture in several formats. Returns 0 on success.
int fd_photo_convert(const char *in_path, const char *out_path);

/// Reads the product barcodes a photo shows (EAN-13, EAN-8, UPC-A, UPC-E; nothing else is looked
/// for): the photo is turned upright by its EXIF orientation, shrunk on load to fit `size` × `size`,
/// made grey and scanned by ZBar along every `density`-th row and column (a package's stripes run
/// the height of many rows, so 1 looks at no more codes than 2 at a small size, or 4 at a large
/// one, for twice or four times the work). Writes one line per code found,
/// "EAN-13 4006381333931\n", as many as fit in `codes`, and their number into `found`. Returns 0
/// when the photo was read, whether or not it showed a code.
int fd_photo_read_barcodes(const char *path, int size, int density, char *codes, size_t codes_size, int *found);

/// Writes `width` × `height` grey pixels (one byte each) as the file `path` names, turned by
/// `angle` degrees on white, blurred by `blur` (a Gaussian's sigma in pixels, 0 for none), at JPEG
/// quality `quality`: a barcode as a phone might see it, for tests and benchmarks. Returns 0 on
/// success.
int fd_photo_write_grey(const char *path, const unsigned char *pixels, int width, int height, double angle, double blur, int quality);

/// What a PNG's metadata costs to read: `inflated` is the bytes its compressed chunks (zTXt, iTXt,
/// iCCP) unpack to, counted up to just past `limit` and no further, and `ancillary` the number of
/// chunks that are not pixels. libpng inflates every one each time the file is opened, so a few
/// kilobytes of them can cost seconds. Returns 0 when the chunks were walked (or the file is not a
/// PNG, leaving both 0), -1 when the file cannot be read.
int fd_png_metadata_cost(const char *path, long long limit, long long *inflated, long long *ancillary);

#endif
