import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import ZIPFoundation
import FoodDiaryPhotos

/// Reads a FoodDiary export (the ZIP, or its `diary.json` alone) with the care a file from anywhere
/// needs: only the names an export has, every size bounded while it inflates (a few kilobytes that
/// unpack to gigabytes stop at the bound), every photo's bytes checked against its SHA-256 and type.
enum ExportArchive {
    static let maxDocumentBytes = 256_000_000
    static let maxEntries = 500_000

    static func isZIP(_ head: Data) -> Bool { head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) }

    /// The export's document, its entries checked; photos are extracted only by `stagePhotos`.
    static func read(zipAt path: String) throws -> ImportReading {
        let archive = try open(path)
        var count = 0
        var sizes: [String: Int64] = [:]
        for entry in archive {
            count += 1
            guard count <= maxEntries else {
                throw ImportRefusal(
                    description: tr("The archive holds more than \(maxEntries.formatted()) files; a FoodDiary export never does."))
            }
            guard isExportName(entry.path), entry.type != .symlink else {
                throw ImportRefusal(
                    description: tr(
                        "The archive holds “\(entry.path.prefix(80))”, which a FoodDiary export never does, so it was not opened."))
            }
            if entry.type == .file { sizes[entry.path] = Int64(entry.uncompressedSize) }
        }
        guard let documentEntry = archive[ExportLayout.diary] else {
            throw ImportRefusal(description: tr("The archive has no \(ExportLayout.diary), so it is not a FoodDiary export."))
        }
        var document = try decode(try extract(documentEntry, from: archive, limit: maxDocumentBytes))
        for photo in document.photos {
            guard PhotoStore.isSHA256(photo.sha256), photo.file == ExportLayout.photo(sha256: photo.sha256, mediaType: photo.mediaType)
            else {
                throw ImportRefusal(
                    description: tr("The export lists a photo as “\(photo.file.prefix(80))”, which is not how FoodDiary names one."))
            }
            guard sizes[photo.file] == Int64(photo.byteCount) else {
                throw ImportRefusal(
                    description: sizes[photo.file] == nil
                        ? tr("The export lists the photo \(photo.file), but the archive does not hold it. Export again.")
                        : tr("The export lists the photo \(photo.file), but the archive holds it at another size. Export again."))
            }
        }
        document.photos.sort { $0.sha256 < $1.sha256 }
        return ImportReading(
            format: tr("FoodDiary export"), document: document, rows: document.meals.count, archive: path, rowsAreMeals: true)
    }

    /// `diary.json` on its own: its photos are not in it, so meals keep theirs only when this diary
    /// has the photo already.
    static func read(documentAt path: String, photoRecorded: (String) throws -> Bool) throws -> ImportReading {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportRefusal(description: tr("The file could not be opened.")) }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: maxDocumentBytes + 1) ?? Data()
        guard data.count <= maxDocumentBytes else {
            throw ImportRefusal(
                description: tr("The file is more than the \(maxDocumentBytes / 1_000_000) MB of diary.json an import reads."))
        }
        var document = try decode(data)
        let kept = Set(try document.photos.map(\.sha256).filter(photoRecorded))
        var remarks: [String] = []
        if kept.count < document.photos.count {
            remarks.append(
                tr(
                    "Photos travel in the ZIP export, not in diary.json alone: \(document.photos.count - kept.count) meal photos are left out. Import the ZIP to bring them."
                )
            )
        }
        document.photos = document.photos.filter { kept.contains($0.sha256) }
        func keptPhoto(_ sha256: String?) -> String? { sha256.flatMap { kept.contains($0) ? $0 : nil } }
        for index in document.meals.indices { document.meals[index].photoSHA256 = keptPhoto(document.meals[index].photoSHA256) }
        for index in document.myFoods.indices { document.myFoods[index].photoSHA256 = keptPhoto(document.myFoods[index].photoSHA256) }
        for index in document.recipes.indices { document.recipes[index].photoSHA256 = keptPhoto(document.recipes[index].photoSHA256) }
        return ImportReading(
            format: tr("FoodDiary diary.json"), document: document, rows: document.meals.count, remarks: remarks, rowsAreMeals: true)
    }

    /// Extracts each of `photos` into `directory`, checking its size and SHA-256.
    static func stagePhotos(_ photos: [DiaryDocument.Photo], from path: String, into directory: String) throws -> [StagedOriginal] {
        let archive = try open(path)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let needed = photos.reduce(Int64(0)) { $0 + Int64($1.byteCount) }
        if let free = DiskSpace.freeBytes(at: directory), UInt64(needed) + DiskSpace.lowWaterMark > free {
            throw ImportRefusal(
                description:
                    tr(
                        "Its photos need \(ByteSize.text(needed)) and the disk has \(ByteSize.text(Int64(free))) free, less than that and a margin. Make room, then import again."
                    )
            )
        }
        var staged: [StagedOriginal] = []
        do {
            for photo in photos {
                guard let entry = archive[photo.file] else {
                    throw ImportRefusal(description: tr("The archive no longer holds \(photo.file)."))
                }
                let writer = try StreamingFileWriter(directory: directory)
                let temporary = writer.path
                staged.append(StagedOriginal(sha256: photo.sha256, mediaType: photo.mediaType, temporaryPath: temporary))
                var written = 0
                do {
                    _ = try archive.extract(entry, skipCRC32: false) { chunk in
                        written += chunk.count
                        guard written <= photo.byteCount else {
                            throw ImportRefusal(description: tr("\(photo.file) unpacks to more bytes than the export lists."))
                        }
                        try chunk.withUnsafeBytes { try writer.append($0) }
                    }
                } catch {
                    writer.abandon()
                    // A full disk is said as such (507); anything else from the archive means damage.
                    throw error is ImportRefusal || error is POSIXFailure
                        ? error : ImportRefusal(description: tr("\(photo.file) in the archive is damaged and could not be read."))
                }
                guard try writer.finish() == photo.sha256, written == photo.byteCount else {
                    throw ImportRefusal(
                        description: tr("\(photo.file) in the archive is not the photo the export lists (its bytes differ). Export again."))
                }
            }
        } catch {
            for file in staged { unlink(file.temporaryPath) }
            throw error
        }
        return staged
    }

    private static func open(_ path: String) throws -> Archive {
        do {
            return try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw ImportRefusal(
                description: tr("The file is not a ZIP archive that can be read; it may be cut short. Download the export again."))
        }
    }

    private static func isExportName(_ path: String) -> Bool {
        if ExportLayout.tables.contains(path) || path == "photos/" { return true }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "photos", let dot = parts[1].firstIndex(of: ".") else { return false }
        let name = parts[1]
        return PhotoStore.isSHA256(String(name[..<dot])) && PhotoStore.accepted.values.contains { "." + $0.fileExtension == name[dot...] }
    }

    private static func extract(_ entry: Entry, from archive: Archive, limit: Int) throws -> Data {
        guard entry.uncompressedSize <= limit else {
            throw ImportRefusal(description: tr("\(entry.path) unpacks to more than the \(limit / 1_000_000) MB an import reads."))
        }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= limit else {
                    throw ImportRefusal(description: tr("\(entry.path) unpacks to more than the \(limit / 1_000_000) MB an import reads."))
                }
                data.append(chunk)
            }
        } catch let refusal as ImportRefusal {
            throw refusal
        } catch {
            throw ImportRefusal(description: tr("\(entry.path) in the archive is damaged and could not be read."))
        }
        return data
    }

    private static func decode(_ data: Data) throws -> DiaryDocument {
        struct Header: Decodable {
            let format: String?
            let version: Int?
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data), header.format == DiaryDocument.formatName,
            let version = header.version
        else {
            throw ImportRefusal(
                description: tr("The file is not a FoodDiary diary.json (its format is not “\(DiaryDocument.formatName)”)."))
        }
        guard version <= DiaryDocument.currentVersion else {
            throw ImportRefusal(
                description: tr("The export was made by a newer FoodDiary (format version \(version)); update this one to import it."))
        }
        do {
            return try JSONDecoder().decode(DiaryDocument.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ImportRefusal(
                description: "diary.json lacks “\(key.stringValue)” at \(context.codingPath.map(\.stringValue).joined(separator: ".")).")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw ImportRefusal(
                description: "diary.json has a value of the wrong kind at \(context.codingPath.map(\.stringValue).joined(separator: ".")).")
        } catch {
            throw ImportRefusal(description: tr("diary.json could not be read: it is not the JSON a FoodDiary export writes."))
        }
    }
}
