import FoodDiaryBase
import Foundation

/// The sizes a photo is served in. Derivatives are JPEGs, upright and stripped of all metadata
/// (GPS included): the thumbnail and large copy are made at upload, the full-size `original` the
/// first time someone opens it. `untouched` is the file as uploaded, byte for byte, location and all.
package enum PhotoSize: String, Sendable, CaseIterable {
    case thumb, large, original, untouched

    /// Longest side in pixels for the derivatives made at upload.
    package var pixels: Int? {
        switch self {
        case .thumb: 320
        case .large: 1280
        case .original, .untouched: nil
        }
    }
}

/// An upload that passed every check, still in its temporary file until `committing` places it.
package struct IngestedPhoto: Sendable, Equatable {
    package let sha256: String
    package let mediaType: String
    package let byteCount: Int
    package let width: Int
    package let height: Int
    package let exif: ImageLibrary.Exif
    package let temporaryPath: String
}

/// A photo original written to the store's `tmp/` and checked, waiting to be placed.
package struct StagedOriginal: Sendable, Equatable {
    package let sha256: String
    package let mediaType: String
    package let temporaryPath: String

    package init(sha256: String, mediaType: String, temporaryPath: String) {
        (self.sha256, self.mediaType, self.temporaryPath) = (sha256, mediaType, temporaryPath)
    }
}

/// Photo files under `<data-dir>/photos/`: originals named by SHA-256 with the sniffed extension,
/// derivatives beside them, uploads in progress in `tmp/`. Every file appears by rename after
/// fsync, so a crash leaves either the whole file or none; the sweep removes what no row names.
///
/// One rule keeps files and rows in step when two requests touch the same photo at once (a meal
/// deleted while another is saved with the same picture): files are placed and their row committed
/// while holding that photo's lock, and files are removed only while holding it and only when the
/// diary has no row for the photo.
package struct PhotoStore: Sendable {
    package let root: String
    package let maxPixels: Int
    /// Whether the diary has a row for a photo, asked under the photo's lock before removing files.
    package let isRecorded: @Sendable (String) async throws -> Bool
    private let locks = KeyedLock()

    /// The types FoodDiary keeps, each with the only libvips loaders allowed to open it, so a file
    /// that sniffs as one thing cannot be decoded as another.
    package static let accepted: [String: (fileExtension: String, loaders: Set<String>)] = [
        "image/jpeg": ("jpg", ["jpegload"]),
        "image/png": ("png", ["pngload"]),
        "image/webp": ("webp", ["webpload"]),
        "image/heic": ("heic", ["heifload"]),
        "image/heif": ("heif", ["heifload"])
    ]

    package init(root: String, maxPixels: Int, isRecorded: @escaping @Sendable (String) async throws -> Bool) {
        self.root = root
        self.maxPixels = maxPixels
        self.isRecorded = isRecorded
    }

    package var temporaryDirectory: String { root + "/tmp" }
    package var originalsDirectory: String { root + "/originals" }
    package var derivedDirectory: String { root + "/derived" }

    package static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    package func path(sha256: String, size: PhotoSize, mediaType: String) -> String {
        let shard = String(sha256.prefix(2))
        switch size {
        case .untouched: return "\(originalsDirectory)/\(shard)/\(sha256).\(Self.accepted[mediaType]?.fileExtension ?? "bin")"
        case .thumb, .large, .original: return "\(derivedDirectory)/\(shard)/\(sha256)-\(size.rawValue).jpg"
        }
    }

    package var admission: PhotoAdmission { PhotoAdmission(maxPixels: maxPixels) }

    /// Checks an upload from its bytes alone; nothing is placed in the store until `committing`.
    /// Throws a `PhotoRejection` for anything that is not a whole, reasonably sized photo.
    /// A photo that did not come as an upload (a recipe page's, the demo diary's), staged as an
    /// upload is and checked the same.
    package func ingest(fetched bytes: Data, name: String) async throws -> IngestedPhoto {
        let directory = temporaryDirectory
        let (staged, digest) = try await offTheCooperativePool { () -> (String, String) in
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let path = directory + "/upload-fetched-\(UUID().uuidString).part"
            try bytes.write(to: URL(fileURLWithPath: path))
            return (path, SHA256Digest.hex(bytes))
        }
        do {
            return try await ingest(temporaryPath: staged, byteCount: bytes.count, sha256: digest)
        } catch {
            unlink(staged)
            throw error
        }
    }

    /// A file received whole at `temporaryPath`, its digest taken as it came in.
    package func ingest(temporaryPath: String, byteCount: Int, sha256: String) async throws -> IngestedPhoto {
        guard byteCount > 0 else { throw PhotoRejection.empty }
        let admitted = try await admission.admit(temporaryPath)
        return IngestedPhoto(
            sha256: sha256, mediaType: admitted.mediaType, byteCount: byteCount,
            width: admitted.width, height: admitted.height, exif: admitted.exif, temporaryPath: temporaryPath)
    }

    /// The large copy comes from the original (decoded at reduced size), the thumbnail from the
    /// large copy: it is already upright and small, so the original is decoded only once.
    package func writeDerivatives(sha256: String, original: String, mediaType: String) throws {
        var source = original
        for size in [PhotoSize.large, .thumb] {
            let destination = path(sha256: sha256, size: size, mediaType: mediaType)
            if !FileManager.default.fileExists(atPath: destination) {
                try writeDerivative(from: source, to: destination, pixels: size.pixels!, quality: 82)
            }
            source = destination
        }
    }

    private func writeDerivative(from source: String, to destination: String, pixels: Int, quality: Int) throws {
        // A restored diary starts with originals only, and no tmp/ yet.
        try FileManager.default.createDirectory(atPath: temporaryDirectory, withIntermediateDirectories: true)
        let temporary = temporaryDirectory + "/derived-\(UUID().uuidString).jpg"
        defer { unlink(temporary) }
        try ImageLibrary.writeThumbnail(from: source, to: temporary, size: pixels, quality: quality)
        try DurableFile.sync(temporary)
        try moveIntoPlace(temporary, to: destination)
    }

    /// Deletes a photo's original and derivatives; used when nothing refers to it any more.
    package func removeFiles(sha256: String, mediaType: String) {
        for size in PhotoSize.allCases { unlink(path(sha256: sha256, size: size, mediaType: mediaType)) }
    }

    /// The one way a photo enters the diary: places the checked upload and its derivatives, then runs
    /// the database write that records it, all under the photo's lock. If the write throws or finds
    /// nothing to attach the photo to (nil), files this upload created are removed, so no blob
    /// outlives a failed commit. With no photo, just runs `commit`.
    package func committing<T>(_ photo: IngestedPhoto?, _ commit: () async throws -> T?) async throws -> T? {
        try await committing(photo, commit, recorded: { $0 != nil })
    }

    /// `committing` for a write that always records the photo, because it creates what shows it.
    package func committing<T>(_ photo: IngestedPhoto?, creating commit: () async throws -> T) async throws -> T {
        try await committing(photo, commit, recorded: { _ in true })
    }

    private func committing<T>(_ photo: IngestedPhoto?, _ commit: () async throws -> T, recorded: (T) -> Bool) async throws -> T {
        guard let photo else { return try await commit() }
        return try await locks.withLock(photo.sha256) {
            let original = path(sha256: photo.sha256, size: .untouched, mediaType: photo.mediaType)
            let isNew = !FileManager.default.fileExists(atPath: original)
            do {
                let store = self
                // fsync waits on the disk: off the threads that serve pages.
                if isNew { try await offTheCooperativePool { try store.moveIntoPlace(photo.temporaryPath, to: original) } }
                try await ImageWorkLimiter.shared.run {
                    try store.writeDerivatives(sha256: photo.sha256, original: original, mediaType: photo.mediaType)
                }
                let result = try await commit()
                if !recorded(result) && isNew { removeFiles(sha256: photo.sha256, mediaType: photo.mediaType) }
                return result
            } catch {
                if isNew { removeFiles(sha256: photo.sha256, mediaType: photo.mediaType) }
                throw error
            }
        }
    }

    /// Places checked originals (an import's photos) and runs the write that records them, under
    /// every one's lock; if the write throws, the files this call placed go again. Thumbnails are
    /// made when first shown.
    package func committing<T>(originals: [StagedOriginal], _ commit: () async throws -> T) async throws -> T {
        try await locks.withLocks(originals.map(\.sha256)) {
            var placed: [StagedOriginal] = []
            do {
                for original in originals {
                    let destination = path(sha256: original.sha256, size: .untouched, mediaType: original.mediaType)
                    guard !FileManager.default.fileExists(atPath: destination) else { continue }
                    try moveIntoPlace(original.temporaryPath, to: destination)
                    placed.append(original)
                }
                return try await commit()
            } catch {
                for original in placed { removeFiles(sha256: original.sha256, mediaType: original.mediaType) }
                throw error
            }
        }
    }

    /// Removes the files of a photo a write reported unused, unless another request recorded it again
    /// meanwhile. A failed check keeps the files: the sweep looks again later.
    package func release(_ name: StoredPhotoName?) async {
        guard let name else { return }
        _ = try? await locks.withLock(name.sha256) {
            guard try await !isRecorded(name.sha256) else { return }
            removeFiles(sha256: name.sha256, mediaType: name.mediaType)
        }
    }

    /// The path of a recorded photo's file in `size`, making a copy without metadata the first time
    /// it is missing (the full-size one is made on demand); nil when the photo is no longer recorded.
    package func servedFile(sha256: String, size: PhotoSize, mediaType: String) async throws -> String? {
        let target = path(sha256: sha256, size: size, mediaType: mediaType)
        // Thumbnails and large copies are missing after a restore (backups keep originals only).
        guard size != .untouched, !FileManager.default.fileExists(atPath: target) else { return target }
        return try await locks.withLock(sha256) { () async throws -> String? in
            guard try await isRecorded(sha256) else { return nil }
            guard !FileManager.default.fileExists(atPath: target) else { return target }
            let source = path(sha256: sha256, size: .untouched, mediaType: mediaType), store = self
            guard FileManager.default.fileExists(atPath: source) else { return nil }
            try await ImageWorkLimiter.shared.run { () throws -> Void in
                let header = try store.admission.checkBeforeDecoding(source, mediaType: mediaType)
                if size.pixels != nil {
                    try store.writeDerivatives(sha256: sha256, original: source, mediaType: mediaType)
                } else {
                    try store.writeDerivative(from: source, to: target, pixels: max(header.width, header.height), quality: 90)
                }
            }
            return target
        }
    }

    /// rename(2) into a sharded folder, then fsync the folder so the new name survives a crash.
    private func moveIntoPlace(_ source: String, to destination: String) throws {
        let directory = (destination as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try DurableFile.rename(source, to: destination)
        try DurableFile.sync(directory)
    }
}

/// Why an upload was refused, in the words the person sees (the features give it its status).
package enum PhotoRejection: Error, Equatable {
    case empty
    case unsupportedType(String)
    case undecodable
    case tooManyPixels(width: Int, height: Int, limit: Int)
    case tooMuchMetadata(limitBytes: Int64)

    package var message: String {
        switch self {
        case .empty:
            tr("That file is empty, so there was no photo to keep.")
        case .unsupportedType(let type):
            tr("That file is not a photo FoodDiary can keep (its contents look like \(type)). Choose a JPEG, PNG, WebP or HEIC photo.")
        case .undecodable:
            tr("That photo is damaged or incomplete and could not be read. Try taking or exporting it again.")
        case .tooManyPixels(let width, let height, let limit):
            tr("That image is \(width) × \(height) pixels, more than the \(limit / 1_000_000) megapixels this diary accepts.")
        case .tooMuchMetadata(let limit):
            tr(
                "That image carries more embedded text and colour profiles than the \(ByteSize.text(limit)) a photo may have. Export it again without the extra metadata."
            )
        }
    }

}

extension PhotoStore {
    /// A temporary file kept on purpose from one request to a later one (an import waiting for the
    /// person to look at its preview) is named so: it outlives a restart.
    package static let waitingPrefix = "waiting-"

    /// Deletes temporary files, and originals and derivatives whose photo is not in `keeping`,
    /// when they were last modified before `cutoff`; a waiting file (`waitingPrefix`) only when
    /// last modified before `waitingCutoff`. A photo's files go under its lock and only if it is
    /// still unrecorded then, so an upload committing the same photo meanwhile keeps them.
    /// Returns how many files went.
    package func sweep(keeping: Set<StoredPhotoName>, untouchedSince cutoff: Date, waitingUntouchedSince waitingCutoff: Date) async -> Int {
        let keptHashes = Set(keeping.map(\.sha256))
        var removed = 0
        func isOld(_ path: String, cutoff: Date) -> Bool {
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            return modified < cutoff
        }
        for file in files(in: temporaryDirectory) {
            let waiting = URL(fileURLWithPath: file).lastPathComponent.hasPrefix(Self.waitingPrefix)
            if isOld(file, cutoff: waiting ? min(cutoff, waitingCutoff) : cutoff), unlink(file) == 0 { removed += 1 }
        }
        let candidates = (files(in: originalsDirectory, sharded: true) + files(in: derivedDirectory, sharded: true))
            .filter { !keptHashes.contains(String(URL(fileURLWithPath: $0).lastPathComponent.prefix(64))) && isOld($0, cutoff: cutoff) }
        for (sha256, paths) in Dictionary(grouping: candidates, by: { String(URL(fileURLWithPath: $0).lastPathComponent.prefix(64)) }) {
            removed +=
                (try? await locks.withLock(sha256) {
                    guard try await !isRecorded(sha256) else { return 0 }
                    return paths.filter { unlink($0) == 0 }.count
                }) ?? 0
        }
        return removed
    }

    private func files(in directory: String, sharded: Bool = false) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard sharded else { return names.map { directory + "/" + $0 } }
        return names.flatMap { shard in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + shard)) ?? []).map {
                directory + "/" + shard + "/" + $0
            }
        }
    }
}
