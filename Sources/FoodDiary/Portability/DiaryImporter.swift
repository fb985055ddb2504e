import FoodDiaryBase
import FoodDiaryCatalog
import FoodDiaryStorage
import Foundation
import FoodDiaryPhotos

/// Imports a file into one diary: reads it (our export, or another app's CSV, told apart by its
/// bytes), previews what it would add, and adds it, all or nothing.
package struct DiaryImporter: Sendable {
    let database: AppDatabase
    let photos: PhotoStore
    let catalog: CatalogDatabase
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    package init(diary: Diary, catalog: CatalogDatabase, timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
        database = diary.database
        photos = diary.photos
        self.catalog = catalog
        self.timeZone = timeZone
        self.now = now
    }

    /// The file's bytes are read and parsed off the cooperative threads; what the diary and the
    /// catalog already hold is read before, from GRDB's own queues.
    package func read(fileAt path: String) async throws -> ImportReading {
        switch try await offTheCooperativePool({ try ImportedFile(path: path) }) {
        case .archive:
            return try await offTheCooperativePool { try ExportArchive.read(zipAt: path) }
        case .document:
            let kept = try await database.read(PortabilityQueries.photoHashes)
            return try await offTheCooperativePool { try ExportArchive.read(documentAt: path) { kept.contains($0) } }
        case .table(let table):
            let today = LocalDateTime(now(), in: timeZone).date
            let (days, units, kilograms) = try await database.read { db in
                (try PortabilityQueries.daysWithMeals(db), try BodyQueries.settings(db).units, try ActivityQueries.kilograms(db, on: today))
            }
            let links = try await catalog.foodsByName().mapValues {
                ForeignDiaryBuilder.CatalogLink(id: $0.id, dataType: $0.dataType, ndbNumber: $0.ndbNumber)
            }
            let context = OtherAppExports.Context(
                catalog: links, timeZone: timeZone, today: today, daysWithMeals: days, units: units, kilograms: kilograms)
            return try await offTheCooperativePool { try OtherAppExports.read(table, context: context) }
        }
    }

    /// What importing would add; nothing is written.
    package func preview(_ reading: ImportReading) async throws -> ImportOutcome {
        try await database.importDocument(reading.document, dryRun: true, now: now())
    }

    package func commit(_ reading: ImportReading) async throws -> ImportOutcome {
        let missing = reading.document.photos.filter {
            !FileManager.default.fileExists(atPath: photos.path(sha256: $0.sha256, size: .untouched, mediaType: $0.mediaType))
        }
        guard let archive = reading.archive, !missing.isEmpty else {
            return try await database.importDocument(reading.document, dryRun: false, now: now())
        }
        let directory = photos.temporaryDirectory
        let staged = try await offTheCooperativePool { try ExportArchive.stagePhotos(missing, from: archive, into: directory) }
        defer { for file in staged { unlink(file.temporaryPath) } }
        var document = reading.document
        for file in staged {
            let admitted: PhotoAdmission.Admitted
            do {
                admitted = try await photos.admission.admit(file.temporaryPath)
            } catch let rejection as PhotoRejection {
                throw ImportRefusal(
                    description: tr("The photo \(file.sha256.prefix(12))… was refused, so nothing was imported: \(rejection.message)"))
            }
            guard admitted.mediaType == file.mediaType else {
                throw ImportRefusal(
                    description:
                        tr(
                            "The photo \(file.sha256.prefix(12))… is listed as \(file.mediaType) but its contents are \(admitted.mediaType), so nothing was imported."
                        )
                )
            }
            // The size the pixels have, not the one the file claims.
            for index in document.photos.indices where document.photos[index].sha256 == file.sha256 {
                document.photos[index].widthPx = admitted.width
                document.photos[index].heightPx = admitted.height
            }
        }
        return try await photos.committing(originals: staged) { [document] in
            try await database.importDocument(document, dryRun: false, now: now())
        }
    }
}

/// An import file told apart by its first bytes: our export as a ZIP or a bare document, or
/// another app's table, read whole (it is small).
private enum ImportedFile: Sendable {
    case archive
    case document
    case table(ImportedTable)

    init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ImportRefusal(description: tr("The file could not be opened.")) }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        guard !head.isEmpty else { throw ImportRefusal(description: tr("The file is empty.")) }
        if ExportArchive.isZIP(head) {
            self = .archive
        } else if head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            self = .document
        } else {
            // One byte past the limit is enough to refuse a larger file without reading it all.
            let data = head + ((try handle.read(upToCount: ImportedTable.maxBytes + 1 - head.count)) ?? Data())
            self = .table(try ImportedTable(data: data))
        }
    }
}
