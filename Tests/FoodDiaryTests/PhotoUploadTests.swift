import Crypto
import FoodDiaryBase
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb
@testable import FoodDiaryPhotos

/// Uploading, serving, replacing and removing meal photos through the real routes and real files.
@Suite struct PhotoUploadTests {
    static let onePixelPNG = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!

    static func sampleJPEG(
        width: Int = 800, height: Int = 600, taken: String? = "2026:03:08 19:42:10",
        latitude: Double? = 48.85837, longitude: Double? = 2.29448
    ) throws -> Data {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/sample.jpg"
        try ImageLibrary.writeSampleJPEG(to: path, width: width, height: height, taken: taken, latitude: latitude, longitude: longitude)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static let mealFields = [
        ("eaten_at", "2026-03-09T12:30"), ("utc_offset", "60"), ("notes", "Picnic by the tower"), ("use_photo_time", "on")
    ]

    /// Every regular file under the photo store, relative to it.
    static func storedFiles(_ config: AppConfig) -> [String] {
        let root = URL(fileURLWithPath: config.firstDiaryPhotos)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return enumerator.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.path.dropFirst(root.path.count + 1)) }.sorted()
    }

    static func photoRows(_ database: AppDatabase) async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") ?? -1 }
    }

    @Test func aNewMealTakesItsTimeFromThePhotoAndServesItsSizes() async throws {
        let jpeg = try Self.sampleJPEG()
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let response = try await client.postMultipart(
                "/meals", fields: Self.mealFields,
                files: [MultipartFile(filename: "IMG_0001.JPG", data: jpeg)])
            #expect(response.status == .seeOther)
            let meal = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals ?? [] }.first)
            #expect(meal.eatenAt == LocalDateTime(parsing: "2026-03-08T19:42"), "the EXIF time replaced the form's")
            #expect(meal.utcOffsetMinutes == 60, "no EXIF offset: the browser's stays")
            #expect(meal.notes == "Picnic by the tower")
            let photo = try #require(meal.photo)
            #expect(photo.mediaType == "image/jpeg" && photo.width == 800 && photo.height == 600 && photo.byteCount == jpeg.count)
            #expect(abs(photo.latitude! - 48.85837) < 1e-5 && abs(photo.longitude! - 2.29448) < 1e-5)
            let shard = String(photo.sha256.prefix(2))
            #expect(
                Self.storedFiles(config) == [
                    "derived/\(shard)/\(photo.sha256)-large.jpg", "derived/\(shard)/\(photo.sha256)-thumb.jpg",
                    "originals/\(shard)/\(photo.sha256).jpg"
                ])

            let original = try await client.get("/photos/\(photo.sha256)/untouched")
            #expect(original.status == .ok)
            #expect(original.headers[.contentType] == "image/jpeg")
            #expect(original.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(Data(buffer: original.body) == jpeg, "the untouched original is kept byte for byte")
            let etag = try #require(original.headers[.eTag])
            #expect(etag == "\"\(photo.sha256)-untouched\"")
            #expect(original.headers[.cacheControl]?.contains("max-age=31536000") == true)
            let again = try await client.execute(
                uri: "/photos/\(photo.sha256)/untouched", method: .get, headers: [.ifNoneMatch: etag, .cookie: browserCookies()])
            #expect(again.status == .notModified && again.body.readableBytes == 0)

            let thumb = try await client.get("/photos/\(photo.sha256)/thumb")
            #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/jpeg")
            #expect(thumb.body.readableBytes < jpeg.count)
            for size in ["thumb", "large"] {
                let served = try await client.get("/photos/\(photo.sha256)/\(size)")
                let copy = config.dataDirectory + "/served-\(size).jpg"
                try Data(buffer: served.body).write(to: URL(fileURLWithPath: copy))
                #expect(try ImageLibrary.exif(copy) == ImageLibrary.Exif(), "the \(size) copy carries no time and no GPS")
                #expect(try ImageLibrary.header(copy).width == (size == "thumb" ? 320 : 800))
            }

            let list = try await client.get("/").text
            #expect(list.contains("/photos/\(photo.sha256)/thumb"))
            let page = try await client.get("/meals/\(meal.id)").text
            #expect(page.contains("/photos/\(photo.sha256)/large") && page.contains("/photos/\(photo.sha256)/original"))
            #expect(page.contains("openstreetmap.org/?mlat=48.85837"))
        }
    }

    @Test func theSamePhotoTwiceIsStoredOnceAndGoesWithItsLastMeal() async throws {
        let jpeg = try Self.sampleJPEG(taken: nil)
        try await TestEnvironment.withConfiguredApp { client, database, config in
            for _ in 0..<2 {
                try await client.postMultipart("/meals", fields: Self.mealFields, files: [MultipartFile(filename: "a.jpg", data: jpeg)])
            }
            let meals = try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals ?? [] }
            #expect(
                meals.count == 2 && meals.allSatisfy { $0.eatenAt == LocalDateTime(parsing: "2026-03-09T12:30") },
                "without EXIF time the form's time stands")
            #expect(try await Self.photoRows(database) == 1)
            #expect(Self.storedFiles(config).count == 3)
            #expect(try await client.postForm("/meals/\(meals[0].id)/delete", []).status == .seeOther)
            #expect(Self.storedFiles(config).count == 3, "the other meal still shows it")
            #expect(try await client.postForm("/meals/\(meals[1].id)/delete", []).status == .seeOther)
            #expect(Self.storedFiles(config).isEmpty)
            #expect(try await Self.photoRows(database) == 0)
            #expect(try await client.get("/photos/\(meals[1].photo!.sha256)/thumb").status == .notFound)
        }
    }

    @Test func replacingAndRemovingAPhotoLeavesNoOrphans() async throws {
        let first = try Self.sampleJPEG(width: 300, height: 200)
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let id = try await database.addMeal("2026-03-09T12:30")
            #expect(
                try await client.postMultipart(
                    "/meals/\(id)/photo", files: [MultipartFile(filename: "x.png", contentType: "image/png", data: Self.onePixelPNG)]
                ).status == .seeOther)
            let png = try #require(try await database.read { db in try MealQueries.meal(db, id: id) }?.photo)
            #expect(png.mediaType == "image/png" && png.width == 1)
            #expect(Self.storedFiles(config).contains("originals/\(png.sha256.prefix(2))/\(png.sha256).png"))
            let served = try await client.get("/photos/\(png.sha256)/untouched")
            #expect(served.headers[.contentType] == "image/png")

            #expect(
                try await client.postMultipart("/meals/\(id)/photo", files: [MultipartFile(filename: "y.jpg", data: first)]).status
                    == .seeOther)
            let jpeg = try #require(try await database.read { db in try MealQueries.meal(db, id: id) }?.photo)
            #expect(jpeg.sha256 != png.sha256)
            #expect(Self.storedFiles(config).count == 3, "the replaced photo's files are gone")
            #expect(try await Self.photoRows(database) == 1)

            #expect(try await client.postForm("/meals/\(id)/photo/delete", []).status == .seeOther)
            #expect(try await database.read { db in try MealQueries.meal(db, id: id) }?.photo == nil)
            #expect(Self.storedFiles(config).isEmpty)
            let noFile = try await client.postMultipart("/meals/\(id)/photo", files: [])
            #expect(noFile.status == .unprocessableContent && noFile.text.contains("Choose a photo first."))
        }
    }

    @Test(arguments: [
        ("notes.jpg", Data("just some text, named like a photo\n".utf8), "text/plain"),
        ("page.jpg", Data("<!doctype html><html><body><script>alert(1)</script></body></html>".utf8), "text/html"),
        (
            "logo.svg", Data("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"><rect width=\"10\" height=\"10\"/></svg>".utf8),
            "image/svg+xml"
        ),
        ("doc.jpg", Data("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8), "application/pdf"),
        ("empty.jpg", Data(), "empty"),
        ("script.jpg", Data("#!/bin/sh\nrm -rf /\n".utf8), "text/x-shellscript"),
        ("page.png", Data("<html><body onload=\"alert(1)\">hi</body></html>".utf8), "text/html")
    ])
    func whatIsNotAPhotoIsRefusedAndNothingIsKept(filename: String, data: Data, kind: String) async throws {
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let response = try await client.postMultipart(
                "/meals", fields: Self.mealFields, files: [MultipartFile(filename: filename, data: data)])
            #expect(response.status == .unsupportedMediaType, "\(kind)")
            #expect(response.text.contains(kind == "empty" ? "That file is empty" : "is not a photo FoodDiary can keep"))
            #expect(response.text.contains("Picnic by the tower"), "what was typed comes back")
            #expect(try await database.mealCount() == 0)
            #expect(try await Self.photoRows(database) == 0)
            #expect(Self.storedFiles(config).isEmpty, "no blob, no temporary file")
        }
    }

    @Test(arguments: [("heic", "image/heic"), ("webp", "image/webp"), ("png", "image/png")])
    func phoneFormatsAreAcceptedWithTheirSniffedType(fileExtension: String, mediaType: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try ImageLibrary.writeSampleJPEG(to: directory.path + "/a.jpg", width: 640, height: 480, taken: "2026:03:08 08:15:00")
        try ImageLibrary.convert(directory.path + "/a.jpg", to: directory.path + "/a.\(fileExtension)")
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/a.\(fileExtension)"))
        try await TestEnvironment.withConfiguredApp { client, database, config in
            // Named and labelled as something else: only the bytes count.
            let response = try await client.postMultipart(
                "/meals", fields: Self.mealFields,
                files: [MultipartFile(filename: "photo.bin", contentType: "application/octet-stream", data: data)])
            #expect(response.status == .seeOther, "\(response.text.prefix(2000))")
            let photo = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals ?? [] }.first?.photo)
            #expect(photo.mediaType == mediaType)
            #expect(photo.width == 640 && photo.height == 480)
            let thumb = try await client.get("/photos/\(photo.sha256)/thumb")
            #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/jpeg")
            #expect(try await client.get("/photos/\(photo.sha256)/untouched").headers[.contentType] == mediaType)
            let full = try await client.get("/photos/\(photo.sha256)/original")
            #expect(full.status == .ok && full.headers[.contentType] == "image/jpeg", "full size is a JPEG copy without metadata")
        }
    }

    /// A PNG whose header claims 60,000 × 60,000 pixels: refused from the header, before decoding.
    @Test func aHugeDeclaredSizeIsRefusedBeforeDecoding() async throws {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ payload: [UInt8]) {
            let typed = Array(type.utf8) + payload
            png.append(contentsOf: withUnsafeBytes(of: UInt32(payload.count).bigEndian, Array.init))
            png.append(contentsOf: typed)
            png.append(contentsOf: withUnsafeBytes(of: crc32(typed).bigEndian, Array.init))
        }
        let side = withUnsafeBytes(of: UInt32(60_000).bigEndian, Array.init)
        chunk("IHDR", side + side + [8, 2, 0, 0, 0])
        chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        chunk("IEND", [])
        let bomb = png
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let response = try await client.postMultipart(
                "/meals", fields: Self.mealFields, files: [MultipartFile(filename: "bomb.png", data: bomb)])
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("60000 × 60000 pixels"))
            #expect(try await database.mealCount() == 0)
            #expect(Self.storedFiles(config).isEmpty)
        }
    }

    /// HTML hidden after a real JPEG is accepted as the JPEG it is, and never served as HTML.
    @Test func aJPEGWithHTMLAppendedIsServedAsAJPEGOnly() async throws {
        let jpeg = try Self.sampleJPEG(width: 200, height: 150) + Data("<html><script>alert(document.cookie)</script></html>".utf8)
        try await TestEnvironment.withConfiguredApp { client, database, _ in
            #expect(
                try await client.postMultipart(
                    "/meals", fields: Self.mealFields, files: [MultipartFile(filename: "x.html", contentType: "text/html", data: jpeg)]
                ).status == .seeOther)
            let sha = try #require(
                try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals ?? [] }.first?.photo?.sha256)
            let original = try await client.get("/photos/\(sha)/original")
            #expect(original.headers[.contentType] == "image/jpeg")
            #expect(original.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(original.headers[.contentSecurityPolicy] == "default-src 'none'; sandbox")
        }
    }

    /// The database refuses the commit after the photo is in place: neither file nor row remains.
    @Test func aFailedCommitLeavesNoOrphans() async throws {
        let jpeg = try Self.sampleJPEG()
        try await TestEnvironment.withConfiguredApp { client, database, config in
            // A trigger in the file itself, so the app's own connection meets it.
            try await database.write { db in
                try db.execute(
                    sql: "CREATE TRIGGER injected_failure BEFORE INSERT ON meal BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
            }
            let response = try await client.postMultipart(
                "/meals", fields: Self.mealFields, files: [MultipartFile(filename: "a.jpg", data: jpeg)])
            #expect(response.status == .internalServerError)
            #expect(try await database.mealCount() == 0)
            #expect(try await Self.photoRows(database) == 0)
            #expect(Self.storedFiles(config).isEmpty, "the blob and its copies written before the commit are removed")
        }
    }

    @Test func truncatedPhotosAreRefused() async throws {
        let jpeg = try Self.sampleJPEG()
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let response = try await client.postMultipart(
                "/meals", fields: Self.mealFields,
                files: [MultipartFile(filename: "cut.jpg", data: jpeg.prefix(jpeg.count * 2 / 3))])
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("damaged or incomplete"))
            #expect(try await database.mealCount() == 0)
            #expect(Self.storedFiles(config).isEmpty)
        }
    }

    @Test func limitsOnPixelsAndBytesAreEnforced() async throws {
        let jpeg = try Self.sampleJPEG(width: 1000, height: 800)
        try await TestEnvironment.withConfiguredApp(configure: {
            $0.maxPhotoPixels = 500_000; $0.maxUploadBytes = 400_000
        }) { client, database, config in
            let tooManyPixels = try await client.postMultipart(
                "/meals", fields: Self.mealFields, files: [MultipartFile(filename: "big.jpg", data: jpeg)])
            #expect(tooManyPixels.status == .contentTooLarge)
            #expect(tooManyPixels.text.contains("1000 × 800 pixels"))

            let noise = Data((0..<500_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
            let tooManyBytes = try await client.postMultipart(
                "/meals", fields: Self.mealFields, files: [MultipartFile(filename: "huge.jpg", data: noise)])
            #expect(tooManyBytes.status == .contentTooLarge)
            #expect(tooManyBytes.text.contains("larger than the 0 MB") || tooManyBytes.text.contains("larger than the"))
            #expect(try await database.mealCount() == 0)
            #expect(Self.storedFiles(config).isEmpty)
        }
    }

    @Test func noFileIsWrittenWithoutAValidTokenFirst() async throws {
        let jpeg = try Self.sampleJPEG()
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let missing = try await client.postMultipart(
                "/meals", fields: Self.mealFields, files: [MultipartFile(filename: "a.jpg", data: jpeg)], token: nil)
            #expect(missing.status == .forbidden)
            let wrong = try await client.postMultipart(
                "/meals", fields: Self.mealFields, files: [MultipartFile(filename: "a.jpg", data: jpeg)],
                token: String(repeating: "cd", count: 32))
            #expect(wrong.status == .forbidden)
            #expect(try await database.mealCount() == 0)
            #expect(Self.storedFiles(config).isEmpty)
            // A delete sent as multipart is held to the same token.
            let id = try await database.addMeal("2026-03-09T12:30")
            #expect(try await client.postMultipart("/meals/\(id)/delete", fields: [("confirm", "yes")], token: nil).status == .forbidden)
            #expect(try await database.mealCount() == 1)
            #expect(try await client.postMultipart("/meals/\(id)/delete", fields: [("confirm", "yes")]).status == .seeOther)
        }
    }

    @Test(arguments: [
        "/photos/abc/thumb", "/photos/\(String(repeating: "0", count: 64))/thumb", "/photos/%2e%2e/original",
        "/photos/../diary.sqlite", "/photos/\(String(repeating: "A", count: 64))/original"
    ])
    func unknownOrMalformedPhotoAddressesAre404(uri: String) async throws {
        try await TestEnvironment.withApp { client, _ in
            let status = try await client.get(uri).status
            #expect(status == .notFound)
        }
    }

    @Test func encodedSlashesAreRefusedBeforeAnyFileIsRead() async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get("/photos/..%2F..%2Fdiary.sqlite/original")
            #expect(response.status == .badRequest || response.status == .notFound)
            #expect(!response.text.contains("SQLite format"))
        }
    }

    @Test func anUnknownSizeIs404() async throws {
        try await TestEnvironment.withConfiguredApp { client, database, _ in
            let id = try await database.addMeal("2026-03-09T12:30")
            try await client.postMultipart("/meals/\(id)/photo", files: [MultipartFile(filename: "x.png", data: Self.onePixelPNG)])
            let sha = try #require(try await database.read { db in try MealQueries.meal(db, id: id) }?.photo?.sha256)
            #expect(try await client.get("/photos/\(sha)/huge").status == .notFound)
            #expect(try await client.get("/photos/\(sha)/original").status == .ok)
        }
    }
}

@Suite struct PhotoSweepTests {
    @Test func startUpRemovesTemporaryAndUnnamedFilesButKeepsUsedOnes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = TestEnvironment.config(dataDirectory: directory.path)
        let database = try AppDatabase.open(path: config.firstDiaryPath)
        let diary = Diary(id: 1, database: database, photosDirectory: config.firstDiaryPhotos, maxPhotoPixels: 100_000_000)
        let store = diary.photos
        let id = try await database.addMeal("2026-03-09T12:30")
        // A used photo, stored properly.
        let uploadPath = directory.path + "/upload.jpg"
        try ImageLibrary.writeSampleJPEG(to: uploadPath, width: 200, height: 100)
        try FileManager.default.createDirectory(atPath: store.temporaryDirectory, withIntermediateDirectories: true)
        let staged = store.temporaryDirectory + "/upload-used.part"
        try FileManager.default.copyItem(atPath: uploadPath, toPath: staged)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: staged))
        let sha = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        let photo = try await store.ingest(
            UploadedFile(fieldName: "photo", clientFilename: "a.jpg", temporaryPath: staged, byteCount: bytes.count, sha256: sha))
        #expect(
            try await store.committing(photo, { try await database.setMealPhoto(mealID: id, photo: photo, now: TestEnvironment.fixedNow) })
                != nil)
        // Leftovers of a crash: a half upload, a blob whose row never committed, a stray derivative.
        let orphan = String(repeating: "e", count: 64)
        for path in [
            store.temporaryDirectory + "/upload-crashed.part", store.root + "/originals/ee/\(orphan).jpg",
            store.root + "/derived/ee/\(orphan)-thumb.jpg"
        ] {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        }
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        await Maintenance(diaries: { [diary] }, now: { TestEnvironment.fixedNow }, logger: logger).runOnce(diary, atStartUp: true)
        let remaining = try FileManager.default.subpathsOfDirectory(atPath: store.root).filter {
            $0.hasSuffix(".jpg") || $0.hasSuffix(".part")
        }.sorted()
        #expect(
            remaining == [
                "derived/\(sha.prefix(2))/\(sha)-large.jpg", "derived/\(sha.prefix(2))/\(sha)-thumb.jpg",
                "originals/\(sha.prefix(2))/\(sha).jpg"
            ])

        // Later, a row left by a meal deleted behind the app's back goes too, with its files.
        try await database.write { db in try db.execute(sql: "UPDATE meal SET photo_sha256 = NULL") }
        await Maintenance(diaries: { [diary] }, now: { TestEnvironment.fixedNow }, logger: logger).runOnce(diary, atStartUp: true)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: store.root).filter { $0.hasSuffix(".jpg") }.isEmpty)
    }
}

/// CRC-32 (ISO 3309), as PNG chunks carry it.
func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}
