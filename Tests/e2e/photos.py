"""Photos for the journeys, made by the suite: a small real JPEG with EXIF time and GPS written
into it, and a text file that only pretends to be a photo."""
import base64
import struct
import zlib

# 160 × 120 baseline JPEG of smooth noise, written once by libvips; its own EXIF is replaced below.
BASE_JPEG = base64.b64decode("/9j/4QC8RXhpZgAASUkqAAgAAAAGABIBAwABAAAAAQAAABoBBQABAAAAVgAAABsBBQABAAAAXgAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAZgAAAAAAAAA4YwAA6AMAADhjAADoAwAABgAAkAcABAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAAKAAAAADoAQAAQAAAHgAAAAAAAAA/9sAQwAGBAUGBQQGBgUGBwcGCAoQCgoJCQoUDg8MEBcUGBgXFBYWGh0lHxobIxwWFiAsICMmJykqKRkfLTAtKDAlKCko/9sAQwEHBwcKCAoTCgoTKBoWGigoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo/8AAEQgAeACgAwEiAAIRAQMRAf/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/EAB8BAAMBAQEBAQEBAQEAAAAAAAABAgMEBQYHCAkKC//EALURAAIBAgQEAwQHBQQEAAECdwABAgMRBAUhMQYSQVEHYXETIjKBCBRCkaGxwQkjM1LwFWJy0QoWJDThJfEXGBkaJicoKSo1Njc4OTpDREVGR0hJSlNUVVZXWFlaY2RlZmdoaWpzdHV2d3h5eoKDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uLj5OXm5+jp6vLz9PX29/j5+v/aAAwDAQACEQMRAD8AnNV5+lSluKgmbiuCjUi5H2Eq8WjOn71EvWpZ+tQr1r34L3LnLzq5ajpZOlMjNSEZrzKs0mRjaq9kyo3Wr1j94VGICx6VfsrcgjitMNWipH5ji5J1jcsOgq6/3ar2ce0CppjtWvoZ4um6VrntYPSKM+771hX/AENal7MBmsW7lDZr46p71a6O6rJOFjBvPvGorcHcKuTx72p9paEsOK+pwztTPnKmHnz3L1iDgVqxCmWNkcDitD7MVHSuDGzTTPcwNRRsmQ9qr3PQ1ZkG2q8g3V8zRVq1z6eHvQ0Ma6ByapkHNbclqX7VEdPb0r9My3EwjSSZ5NaD5ixuqGVqm2GoJhgV+S4OpJ1FcmOKncqSnmos80szgVAZRX39KP7m50xrstxtV23G7FZUcgzWnZOCRXyeMlJTaRz42tJwZrW1sGxxWnbWoGOKr2JGBWtCRiubmqRV0fB1JN1tR0ce0VTv22qa0CwxWZqPzKalYyrflZ9Phlanc5jUZyGNZZlLmtDUIWZjxVKG2bd0r0sNFyd2TTk5VLMmgg39q2tPsQSOKhsoMYyK37BQpGa+gU+WB70sJB0eYu2NgNo4qW7tAinir1rIqrUWoTqUPNeFiKzlKx8o+eFeyOSvxtY1WgG5qm1JwXOKhsj84rJUWvePt8FUTpq5s2lkHA4q+NMBH3al0sjaK2VK4q1mM6Xu3FU5Gzz0w8dKo3ibQa3jFxWdfwEg8VlhsKozuebJQSORvXKk1QMxz1rW1C1Yk8VltauD0r6yFSKpWOeNVc1iWGXmtWyl5FZEcTLV62ypFeJPDqpUOvEOEqR1VjPwOa1orjjrXLWsuMc1pRXHvXqRy2DgfD1af77Q3hNnvUco3iqEc/vVuGUGvKqZfGMj6nCwvTsVZrLeelRrp+D92tqPaacyriumnSjBD+ruMuYyo4Nnaplk2VNKB2qjcHFKtO0bHZDE6cjLf2/YPvVVudQ3A/NWZO7dqqsWNePBc1TUTw1OXvElxLvan2jYYVAsZNTxKVNfTewh7ExnXdLRHR2FztA5rTW9461ysU23vU4u/evisdFqo7HFPGyubPlCoZLTeOlWfNX1qWF1J7V9NVp8kbo8tY+T0MOfSQ/8NZtzo4XPy13aeWR2qlfLHtPSvHljpqXKW8Q0rnnlxY+WTxVMx7DXS6kFycVg3AGTivWws+bVnK8xm3ykKy7anjufeqTqSaWNGzXuxrpRsdlGkp+8zZhuT61dhucd6x4I2q2iMK4K9SL1PdwS95RNuK7461YFznvWGm4VYjZq86VZ3Pp54OPseY0zLuqGQbqjjJqZaV+ZHweNqSpVHYpyQbu1Ilrk9K0ABU0SrmsZUuT3iaeNm9Cgtnx0qOeHYOlbgVcVQv1G01n9fl8B0SfMrs5+4l2E81UN5z1o1HIJxWQzHNUsMqvvM8yonc67+0x61LHqoB+9XG/aW9aY12w7161Rc6sCwtjvl1oAfe/Wq13rIYH5v1rg31Bx3qJ792715E8D73MbOhpY6S71AOTzVeOTzDWAtwzHrWtppJYZrVS9kjleESdzZt7PzMcVowaXn+GrOkopAzXSWsKYFcVfMJRWh20bx0MGLS+Pu1KdNwOldTHCmKSWJMV5MMyqznY9fCy5Xc5J7Lb2pgt8dq37hFFUZAtfS0KbnDmZ9FHFOUOUohMUMcVM+KqymqhpKx4tfAqrK7Ay4p8dxz1qhIxzUauQa9KdGLpmLy6MVc3VuOOtVrt9ymqKTGnGTdXzNSjaoc0qfLoZt5DuJ4rPa1OelbzIGpnkivdw8LRJ+rxe5zBtjjpVW5gKjpXTmAYrPvYBg8U8PPnnYinC7sclcAqaijyxrQvIfmPFRW8PzV9K8BF0uY6q1FRp8xNbQE44rZsk2EVHZwjAq6V2jivjsbBxm4o+XWJk63IbFleCPHNbVtqgGPmrhXnZTwafDeOD1NY0cv8AbuzPtKGAUqPOejxaoMfepZNSBH3q4iG9fHU1K142OtfRYXhWFuex5HtHCrynRz34PeqjXgPesB7tj3pFuCe9d1fARw8LI+qw9NOnzG4bjPem7t1ZkchNX7Y5Ir4vE1XTqaHJWrcjsSeTu7VHJBjtWnCgIpl0oC100sc5LlMY1+d2MZztpqyc0l42CaqLJzXbSwqqPmLrUFycxqI2akzVKF8irAavXp4ZJHyuJxrpysisZBiq843iovMNTQ/Oa+SoYnklc9aMeV3Muez3npUC2ZQ9K6qK0DjpUF5ahFJxX1VDNueHIdLn7SPIYsZ2VIZN1VbxtjGktH3MKzqYP2vvnIsltL2hZNuX7U+OzbPStewtw4HFaqWIx0rnj/s7uepHF+zj7I56O2I7U54CBXQtaAdqgmtgB0ruXEKpR5ThqYW79oc68Zp0cZzWjLCAelJDEM151bOvbuxP9qey9wbBEauwrtqaGEYpZV2ivPq4X2q5iPb+11JUnCiq13dDaeao3E5XPNZtxdE55rhp0eSZrT0dx95NkmqqSc1VlmyaSJ+a+nwrtE7pV+aPKbUD8VYD1nQPVkNXeqp4lbLfay5ikOtXrL7woor89R2PY37UDaKg1IDYaKK9HBP30PD/ABo4zU/vmotP++KKK+5ofwz6iy9idto4+UVvIBtoorwsf1Pkav8AGGSCqc44oor5HEt3PYl/BM2cc02HrRRUYZvnR8TiX+9NGEcVHddDRRX2FL+EelhtkYF8eTWROTRRXly+M9KOxUY81JEeaKK9ih8JUNzQg6VaHSiiuk9KmtD/2Q==")


def _rationals(degrees):
    minutes = (degrees - int(degrees)) * 60
    seconds = (minutes - int(minutes)) * 60
    return struct.pack("<6I", int(degrees), 1, int(minutes), 1, round(seconds * 10000), 10000)


def _entry(tag, kind, count, value):
    return struct.pack("<HHI", tag, kind, count) + value


def exif_segment(taken, latitude, longitude):
    """An APP1 segment: DateTimeOriginal ("YYYY:MM:DD HH:MM:SS") and GPS, little-endian TIFF."""
    ascii_, long_, rational = 2, 4, 5
    exif_ifd, gps_ifd = 38, 76
    ifd0 = struct.pack("<H", 2) + _entry(0x8769, long_, 1, struct.pack("<I", exif_ifd)) \
        + _entry(0x8825, long_, 1, struct.pack("<I", gps_ifd)) + struct.pack("<I", 0)
    exif = struct.pack("<H", 1) + _entry(0x9003, ascii_, 20, struct.pack("<I", 56)) + struct.pack("<I", 0)
    taken_bytes = taken.encode("ascii") + b"\0"
    gps = struct.pack("<H", 4) \
        + _entry(1, ascii_, 2, (b"N" if latitude >= 0 else b"S") + b"\0\0\0") \
        + _entry(2, rational, 3, struct.pack("<I", 130)) \
        + _entry(3, ascii_, 2, (b"E" if longitude >= 0 else b"W") + b"\0\0\0") \
        + _entry(4, rational, 3, struct.pack("<I", 154)) + struct.pack("<I", 0)
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd0 + exif + taken_bytes + gps + _rationals(abs(latitude)) + _rationals(abs(longitude))
    assert len(tiff) == 178, len(tiff)
    payload = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def jpeg_with_exif(taken, latitude, longitude):
    """The base JPEG with its APP segments swapped for our EXIF."""
    data = BASE_JPEG
    assert data[:2] == b"\xff\xd8"
    position = 2
    while data[position] == 0xFF and 0xE0 <= data[position + 1] <= 0xEF:
        length = struct.unpack(">H", data[position + 2:position + 4])[0]
        position += 2 + length
    return b"\xff\xd8" + exif_segment(taken, latitude, longitude) + data[position:]


# EAN-13's digit patterns: L (odd parity); G is each reversed and inverted, R each inverted.
_EAN_LEFT = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
_EAN_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def _ean_pattern(digit, kind):
    odd = _EAN_LEFT[digit]
    inverted = "".join("1" if bit == "0" else "0" for bit in odd)
    return odd if kind == "L" else inverted if kind == "R" else inverted[::-1]


def ean13_png(code, module=4):
    """A grey PNG of an EAN-13's stripes on a white label, as a phone's photo of a package would
    show them (the server's tests draw theirs turned, soft and as JPEG)."""
    digits = [int(c) for c in code]
    bits = "101" + "".join(_ean_pattern(d, kind) for d, kind in zip(digits[1:7], _EAN_PARITY[digits[0]])) + "01010" \
        + "".join(_ean_pattern(d, "R") for d in digits[7:]) + "101"
    width, height, bar_top, bar_bottom = len(bits) * module + 160, 320, 60, 260
    left = (width - len(bits) * module) // 2
    rows = []
    for y in range(height):
        row = bytearray([242]) * width
        if bar_top <= y < bar_bottom:
            for index, bit in enumerate(bits):
                if bit == "1":
                    start = left + index * module
                    row[start:start + module] = bytes([24]) * module
        rows.append(b"\0" + bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")
