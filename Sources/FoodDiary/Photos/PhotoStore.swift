import Foundation
import Hummingbird

/// The sizes a photo is served in. Derivatives are JPEGs made once at upload, upright and stripped
/// of all metadata (GPS included); the original is kept byte for byte.
enum PhotoSize: String, Sendable, CaseIterable {
    case thumb, large, original

    /// Longest side in pixels for derivatives.
    var pixels: Int? {
        switch self {
        case .thumb: 320
        case .large: 1280
        case .original: nil
        }
    }
}

/// What an accepted upload turned out to be, ready to be recorded.
struct IngestedPhoto: Sendable, Equatable {
    let sha256: String
    let mediaType: String
    let byteCount: Int
    let width: Int
    let height: Int
    let exif: ImageLibrary.Exif
    /// False when the same bytes were already stored: nothing new is on disk.
    let isNewBlob: Bool
}

/// Photo files under `<data-dir>/photos/`: originals named by SHA-256 with the sniffed extension,
/// derivatives beside them, uploads in progress in `tmp/`. Every file appears by rename after
/// fsync, so a crash leaves either the whole file or none; the sweep removes what no row names.
struct PhotoStore: Sendable {
    let root: String
    let maxPixels: Int

    /// The types FoodDiary keeps, each with the only libvips loaders allowed to open it, so a file
    /// that sniffs as one thing cannot be decoded as another.
    static let accepted: [String: (fileExtension: String, loaders: Set<String>)] = [
        "image/jpeg": ("jpg", ["jpegload"]),
        "image/png": ("png", ["pngload"]),
        "image/webp": ("webp", ["webpload"]),
        "image/heic": ("heic", ["heifload"]),
        "image/heif": ("heif", ["heifload"]),
    ]

    init(root: String, maxPixels: Int) {
        self.root = root
        self.maxPixels = maxPixels
    }

    var temporaryDirectory: String { root + "/tmp" }
    var originalsDirectory: String { root + "/originals" }
    var derivedDirectory: String { root + "/derived" }

    static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    func path(sha256: String, size: PhotoSize, mediaType: String) -> String {
        let shard = String(sha256.prefix(2))
        switch size {
        case .original: return "\(originalsDirectory)/\(shard)/\(sha256).\(Self.accepted[mediaType]?.fileExtension ?? "bin")"
        case .thumb, .large: return "\(derivedDirectory)/\(shard)/\(sha256)-\(size.rawValue).jpg"
        }
    }

    /// Checks an upload from its bytes alone and moves it into the store with its derivatives.
    /// Throws a `PhotoRejection` for anything that is not a whole, reasonably sized photo.
    func ingest(_ upload: UploadedFile) async throws -> IngestedPhoto {
        guard upload.byteCount > 0 else { throw PhotoRejection.empty }
        let mediaType = try await MediaSniffer.shared.mimeType(ofFileAt: upload.temporaryPath)
        guard let kind = Self.accepted[mediaType] else { throw PhotoRejection.unsupportedType(mediaType) }
        let uploadPath = upload.temporaryPath, maxPixels = maxPixels
        let (header, exif) = try await ImageWorkLimiter.shared.run { () throws -> (ImageLibrary.Header, ImageLibrary.Exif) in
            let header: ImageLibrary.Header
            do {
                header = try ImageLibrary.header(uploadPath)
            } catch {
                throw PhotoRejection.undecodable
            }
            guard kind.loaders.contains(header.loader) else { throw PhotoRejection.unsupportedType(mediaType) }
            // Checked from the header, before a single pixel is decoded.
            guard header.width * header.height <= maxPixels else {
                throw PhotoRejection.tooManyPixels(width: header.width, height: header.height, limit: maxPixels)
            }
            do {
                try ImageLibrary.verifyDecodes(uploadPath)
            } catch {
                throw PhotoRejection.undecodable
            }
            return (header, (try? ImageLibrary.exif(uploadPath)) ?? ImageLibrary.Exif())
        }

        let original = path(sha256: upload.sha256, size: .original, mediaType: mediaType)
        let isNew = !FileManager.default.fileExists(atPath: original)
        if isNew {
            try moveIntoPlace(upload.temporaryPath, to: original)
        }
        do {
            let store = self, sha256 = upload.sha256
            try await ImageWorkLimiter.shared.run { try store.writeDerivatives(sha256: sha256, original: original, mediaType: mediaType) }
        } catch {
            if isNew { removeFiles(sha256: upload.sha256, mediaType: mediaType) }
            throw error
        }
        return IngestedPhoto(sha256: upload.sha256, mediaType: mediaType, byteCount: upload.byteCount,
                             width: header.width, height: header.height, exif: exif, isNewBlob: isNew)
    }

    /// The large copy comes from the original (decoded at reduced size), the thumbnail from the
    /// large copy: it is already upright and small, so the original is decoded only once.
    func writeDerivatives(sha256: String, original: String, mediaType: String) throws {
        var source = original
        for size in [PhotoSize.large, .thumb] {
            let destination = path(sha256: sha256, size: size, mediaType: mediaType)
            if !FileManager.default.fileExists(atPath: destination) {
                let temporary = temporaryDirectory + "/derived-\(UUID().uuidString).jpg"
                defer { unlink(temporary) }
                try ImageLibrary.writeThumbnail(from: source, to: temporary, size: size.pixels!)
                try syncFile(temporary)
                try moveIntoPlace(temporary, to: destination)
            }
            source = destination
        }
    }

    /// Deletes a photo's original and derivatives; used when nothing refers to it any more.
    func removeFiles(sha256: String, mediaType: String) {
        for size in PhotoSize.allCases { unlink(path(sha256: sha256, size: size, mediaType: mediaType)) }
    }

    /// Runs the database write that records `photo`. If it throws or finds nothing to attach the
    /// photo to (nil), files this upload created are removed, so no blob outlives a failed commit.
    func committing<T>(_ photo: IngestedPhoto?, _ commit: () async throws -> T?) async throws -> T? {
        let result: T?
        do {
            result = try await commit()
        } catch {
            if let photo, photo.isNewBlob { removeFiles(sha256: photo.sha256, mediaType: photo.mediaType) }
            throw error
        }
        if result == nil, let photo, photo.isNewBlob { removeFiles(sha256: photo.sha256, mediaType: photo.mediaType) }
        return result
    }

    func removeFiles(_ name: StoredPhotoName?) {
        if let name { removeFiles(sha256: name.sha256, mediaType: name.mediaType) }
    }

    /// rename(2) into a sharded folder, then fsync the folder so the new name survives a crash.
    private func moveIntoPlace(_ source: String, to destination: String) throws {
        let directory = (destination as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard rename(source, destination) == 0 else { throw POSIXFailure(operation: "rename to \(destination)", code: errno) }
        try syncFile(directory)
    }

    private func syncFile(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXFailure(operation: "open \(path)", code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw POSIXFailure(operation: "fsync \(path)", code: errno) }
    }
}

/// Why an upload was refused, with the status and words the person sees.
enum PhotoRejection: Error, Equatable {
    case empty
    case unsupportedType(String)
    case undecodable
    case tooManyPixels(width: Int, height: Int, limit: Int)

    var status: HTTPResponse.Status {
        switch self {
        case .empty, .unsupportedType: .unsupportedMediaType
        case .undecodable: .unprocessableContent
        case .tooManyPixels: .contentTooLarge
        }
    }

    var message: String {
        switch self {
        case .empty:
            "That file is empty, so there was no photo to keep."
        case .unsupportedType(let type):
            "That file is not a photo FoodDiary can keep (its contents look like \(type)). Choose a JPEG, PNG, WebP or HEIC photo."
        case .undecodable:
            "That photo is damaged or incomplete and could not be read. Try taking or exporting it again."
        case .tooManyPixels(let width, let height, let limit):
            "That image is \(width) × \(height) pixels, more than the \(limit / 1_000_000) megapixels this diary accepts."
        }
    }

    var httpError: HTTPError { HTTPError(status, message: message) }
}

extension PhotoStore {
    /// Deletes temporary files, and originals and derivatives whose photo is not in `keeping`,
    /// when they were last modified before `cutoff`. Returns how many files went.
    func sweep(keeping: Set<StoredPhotoName>, untouchedSince cutoff: Date) -> Int {
        let keptOriginals = Set(keeping.map { URL(fileURLWithPath: path(sha256: $0.sha256, size: .original, mediaType: $0.mediaType)).lastPathComponent })
        let keptHashes = Set(keeping.map(\.sha256))
        var removed = 0
        func removeIfOld(_ path: String) {
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
            if modified < cutoff, unlink(path) == 0 { removed += 1 }
        }
        for file in files(in: temporaryDirectory) { removeIfOld(file) }
        for file in files(in: originalsDirectory, sharded: true) where !keptOriginals.contains(URL(fileURLWithPath: file).lastPathComponent) {
            removeIfOld(file)
        }
        for file in files(in: derivedDirectory, sharded: true) where !keptHashes.contains(String(URL(fileURLWithPath: file).lastPathComponent.prefix(64))) {
            removeIfOld(file)
        }
        return removed
    }

    private func files(in directory: String, sharded: Bool = false) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard sharded else { return names.map { directory + "/" + $0 } }
        return names.flatMap { shard in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + shard)) ?? []).map { directory + "/" + shard + "/" + $0 }
        }
    }
}
