import FoodDiaryBase
import Foundation
import GRDB
import HummingbirdTesting
import Testing
import ZIPFoundation
import Crypto
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryStorage
import FoodDiaryWeb
@testable import FoodDiaryPhotos

/// Files built to cost the server minutes and gigabytes: whichever way one comes in (upload, snap,
/// share, import, restore), it meets the same admission check and is refused before it is decoded.
/// The refusal names what the header or the metadata said, which only the checks made before any
/// decoding can know. How long each takes is measured alone, on a release build, by
/// `scripts/bench-hostile.sh`: timed here, beside the suite's other tests on two cores, even an
/// ordinary upload can take seconds.
@Suite struct HostileFileTests {
    /// A real 64 × 48 JPEG whose frame header is rewritten to claim 60,000 × 60,000 pixels: a few
    /// kilobytes that took 79 s and 20.8 GB to open once imported.
    static func giantJPEG() throws -> Data {
        var jpeg = [UInt8](try PhotoUploadTests.sampleJPEG(width: 64, height: 48, taken: nil))
        let frame = try #require((0..<jpeg.count - 9).first { jpeg[$0] == 0xFF && [0xC0, 0xC2].contains(jpeg[$0 + 1]) })
        let side: [UInt8] = [0xEA, 0x60] // 60,000
        jpeg.replaceSubrange(frame + 5..<frame + 9, with: side + side)
        return Data(jpeg)
    }

    /// A PNG whose header says 40,000 × 40,000 (3.1 GB to decode), with one tiny IDAT.
    static func giantPNG() -> Data {
        var png = PNGWriter()
        let side = PNGWriter.bigEndian(40_000)
        png.chunk("IHDR", side + side + [8, 2, 0, 0, 0])
        png.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        png.chunk("IEND", [])
        return png.data
    }

    /// A valid 8 × 8 PNG with 2 MB of zTXt chunks, each unpacking to 100 MB: 12.5 s of CPU per upload before.
    static func zTXtBomb() throws -> Data {
        var png = PNGWriter()
        png.chunk("IHDR", PNGWriter.bigEndian(8) + PNGWriter.bigEndian(8) + [8, 2, 0, 0, 0])
        let text = Array("Comment".utf8) + [0, 0] + (try PNGWriter.zlib(zeros: 100_000_000))
        var written = 0
        while written < 2_000_000 {
            png.chunk("zTXt", text)
            written += text.count
        }
        let rows = [UInt8]((0..<8).flatMap { _ in [0] + [UInt8](repeating: 0x80, count: 24) })
        png.chunk("IDAT", try PNGWriter.zlib(rows))
        png.chunk("IEND", [])
        return png.data
    }

    static let hostile: [(name: String, data: @Sendable () throws -> Data, refusal: String)] = [
        ("giant.jpg", giantJPEG, "60000 × 60000 pixels"),
        ("giant.png", { giantPNG() }, "40000 × 40000 pixels"),
        ("ztxt.png", zTXtBomb, "embedded text and colour profiles")
    ]

    @Test(arguments: 0..<hostile.count)
    func anUploadIsRefusedQuickly(index: Int) async throws {
        let file = Self.hostile[index], data = try file.data()
        try await TestEnvironment.withConfiguredApp { client, database, config in
            let response = try await client.postMultipart(
                "/meals", fields: PhotoUploadTests.mealFields, files: [MultipartFile(filename: file.name, data: data)])
            #expect(response.status == .contentTooLarge, "\(file.name)")
            #expect(response.text.contains(file.refusal), "\(file.name)")
            #expect(try await database.mealCount() == 0)
            #expect(PhotoUploadTests.storedFiles(config).isEmpty)
        }
    }

    /// An export ZIP holding the file, its listing recomputed to match: refused whole, nothing kept.
    @Test(arguments: 0..<hostile.count)
    func anImportedPhotoMeetsTheSameCheck(index: Int) async throws {
        let file = Self.hostile[index], data = try file.data()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let archive = try await Self.exportWithPhoto(replacedBy: data, in: directory)
        let diary = try PortabilityFixtures.emptyDiary(in: directory, "target")
        let importer = PortabilityFixtures.importer(diary, catalog: try PortabilityFixtures.catalog(in: directory))
        let reading = try await importer.read(fileAt: archive)
        await #expect { _ = try await importer.commit(reading) } throws: { error in
            (error as? ImportRefusal)?.description.contains(file.refusal) == true
        }
        #expect(try await PortabilityFixtures.mealCount(diary.database) == 0)
        let kept = try FileManager.default.subpathsOfDirectory(atPath: diary.photos.root).filter {
            !$0.hasPrefix("tmp") && $0.contains(".")
        }
        #expect(kept.isEmpty, "\(kept)")
    }

    /// A backup whose photo was swapped for the file and its manifest recomputed.
    @Test(arguments: 0..<hostile.count)
    func aRestoredPhotoMeetsTheSameCheck(index: Int) async throws {
        let file = Self.hostile[index], data = try file.data()
        let work = try TemporaryDirectory()
        defer { work.remove() }
        let original = try await RestoreRefusalTests.backup(notes: "hostile", into: work.path)
        let tampered = work.path + "/tampered.zip"
        try RestoreRefusalTests.repack(original, as: tampered) { unpacked, manifest in
            let index = try #require(manifest.files.firstIndex { $0.path.contains("/photos/") })
            try data.write(to: URL(fileURLWithPath: unpacked + "/" + manifest.files[index].path))
            manifest.files[index] = .init(
                path: manifest.files[index].path, bytes: Int64(data.count), sha256: SHA256Digest.hex(SHA256.hash(data: data)))
        }
        let target = work.path + "/restored"
        let refusal = try #require(RestoreRefusalTests.refusal(restoring: tampered, into: target))
        #expect(refusal.contains(file.refusal), "\(refusal)")
        #expect(!FileManager.default.fileExists(atPath: target + "/accounts.sqlite"))
    }

    /// A file that got into a diary before these checks existed is neither shown at full size nor
    /// spread to another diary by sharing.
    @Test func aPhotoKeptBeforeTheCheckIsNotDecodedNorShared() async throws {
        try await TestEnvironment.withConfiguredApp(withFixtureCatalog: true) { client, database, config in
            try #require(try await BackupTests.postMeal(client, 1, withPhoto: true) != nil)
            let photo = try #require(try await database.read { db in try MealQueries.listPage(db, page: 1)?.meals ?? [] }.first?.photo)
            let store = PhotoStore(root: config.firstDiaryPhotos, maxPixels: config.maxPhotoPixels) { _ in true }
            try Self.giantJPEG().write(
                to: URL(fileURLWithPath: store.path(sha256: photo.sha256, size: .untouched, mediaType: photo.mediaType)))
            for size in [PhotoSize.large, .thumb] { unlink(store.path(sha256: photo.sha256, size: size, mediaType: photo.mediaType)) }

            for size in ["original", "large"] {
                let served = try await client.get("/photos/\(photo.sha256)/\(size)")
                #expect(served.status == .contentTooLarge && served.text.contains("60000 × 60000 pixels"), "\(size)")
            }

            let robin = try await TestPerson.addMember("Robin", in: config)
            _ = try await client.get("/", session: robin.session)
            let robinID = try #require(try await AccountsDatabase.open(path: config.accountsPath).account(named: "Robin")).id
            let form = try await client.get("/meals/1/share?split=1")
            let shared = try await client.postForm(
                "/meals/1/share", try MealSharingTests.formFields(form.text) + [("own_servings", "1"), ("servings_\(robinID)", "1")])
            #expect(shared.status == .contentTooLarge && shared.text.contains("60000 × 60000 pixels"))
            #expect(try await MealSharingTests.robinsDiary(config).mealCount() == 0)
        }
    }

    /// What an export of one meal with a photo becomes when its photo's bytes are `data`, listed
    /// under their own SHA-256 and size, as a forger would.
    static func exportWithPhoto(replacedBy data: Data, in directory: TemporaryDirectory) async throws -> String {
        let made = directory.path + "/made.zip"
        try await TestEnvironment.withConfiguredApp { client, _, config in
            try #require(try await BackupTests.postMeal(client, 1, withPhoto: true) != nil)
            _ = try await DiaryTransfer(dataDirectory: config.dataDirectory).export(diary: nil, to: made)
        }
        var files = try ExportRoundTripTests.contents(of: made)
        let old = try #require(files.keys.first { $0.hasPrefix("photos/") })
        let oldSHA = String(old.dropFirst("photos/".count).prefix(64)), newSHA = SHA256Digest.hex(SHA256.hash(data: data))
        let oldCount = try #require(files[old]).count
        let fileExtension = data.starts(with: [0x89, 0x50]) ? "png" : "jpg"
        let documentData = try #require(files["diary.json"])
        var document = String(decoding: documentData, as: UTF8.self)
        document = document.replacingOccurrences(of: oldSHA, with: newSHA)
            .replacingOccurrences(of: "\"byte_count\" : \(oldCount)", with: "\"byte_count\" : \(data.count)")
            .replacingOccurrences(of: "\"byte_count\":\(oldCount)", with: "\"byte_count\":\(data.count)")
            .replacingOccurrences(of: "photos/\(newSHA).jpg", with: "photos/\(newSHA).\(fileExtension)")
        if fileExtension == "png" { document = document.replacingOccurrences(of: "image/jpeg", with: "image/png") }
        files["diary.json"] = Data(document.utf8)
        files[old] = nil
        files["photos/\(newSHA).\(fileExtension)"] = data
        let forged = directory.path + "/forged.zip"
        let archive = try Archive(url: URL(fileURLWithPath: forged), accessMode: .create)
        for (name, contents) in files.sorted(by: { $0.key < $1.key }) {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(contents.count), compressionMethod: .deflate) {
                position, size in
                contents.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return forged
    }
}

/// PNG files chunk by chunk, for files no encoder would write.
struct PNGWriter {
    private(set) var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }

    mutating func chunk(_ type: String, _ payload: [UInt8]) {
        let typed = Array(type.utf8) + payload
        data.append(contentsOf: Self.bigEndian(UInt32(payload.count)))
        data.append(contentsOf: typed)
        data.append(contentsOf: Self.bigEndian(crc32(typed)))
    }

    /// A zlib stream (RFC 1950) of `bytes`: ZIPFoundation's raw deflate between zlib's header and Adler-32.
    static func zlib(_ bytes: [UInt8]) throws -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let input = Data(bytes)
        return try zlib(count: bytes.count, adler: b << 16 | a) { position, size in input.subdata(in: position..<position + size) }
    }

    /// `count` zero bytes, never all held at once; their Adler-32 is 1 and the count.
    static func zlib(zeros count: Int) throws -> [UInt8] {
        let zeros = Data(count: 1 << 16)
        return try zlib(count: count, adler: UInt32(count % 65521) << 16 | 1) { _, size in zeros.prefix(size) }
    }

    private static func zlib(count: Int, adler: UInt32, bytes: @escaping (Int, Int) -> Data) throws -> [UInt8] {
        var deflated = Data()
        _ = try Data.compress(
            size: Int64(count), bufferSize: 1 << 16, provider: { position, size in bytes(Int(position), size) },
            consumer: { deflated.append($0) })
        return [0x78, 0x9C] + [UInt8](deflated) + bigEndian(adler)
    }
}
