import FoodDiaryStorage
import Foundation
import GRDB

/// Photo rows, always written in the same transaction as the meal, food or recipe that uses them,
/// so a row exists exactly while something shows the photo.
extension AppDatabase {
    package static func insertPhoto(_ db: Database, _ photo: IngestedPhoto, now: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO photo (sha256, media_type, byte_count, width_px, height_px, taken_local, taken_utc_offset_minutes,
                                   latitude, longitude, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (sha256) DO NOTHING
                """,
            arguments: [
                photo.sha256, photo.mediaType, photo.byteCount, photo.width, photo.height,
                photo.exif.taken?.description, photo.exif.utcOffsetMinutes, photo.exif.latitude, photo.exif.longitude, now
            ])
    }

    /// Deletes the photo row when nothing shows it (a meal, one of My foods, a recipe, a kept product); returns what its files are called if so.
    package static func deleteIfUnused(_ db: Database, sha256: String) throws -> StoredPhotoName? {
        let used =
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM meal WHERE photo_sha256 = ?1) OR EXISTS (SELECT 1 FROM my_food WHERE photo_sha256 = ?1)
                        OR EXISTS (SELECT 1 FROM recipe WHERE photo_sha256 = ?1) OR EXISTS (SELECT 1 FROM fetched_food
                            WHERE photo_sha256 = ?1)
                    """, arguments: [sha256]) ?? true
        guard !used, let type = try Photo.hashed(sha256).select(Photo.Columns.mediaType, as: String.self).fetchOne(db) else {
            return nil
        }
        try Photo.hashed(sha256).deleteAll(db)
        return StoredPhotoName(sha256: sha256, mediaType: type)
    }

    /// Whether a row exists for the photo: its files must stay.
    package func isPhotoRecorded(sha256: String) async throws -> Bool {
        try await read { db in
            try !Photo.hashed(sha256).isEmpty(db)
        }
    }

    /// Every photo the diary still refers to, for the sweep.
    package func storedPhotoNames() async throws -> [StoredPhotoName] {
        try await read { db in
            try Photo.fetchAll(db).map { StoredPhotoName(sha256: $0.sha256, mediaType: $0.mediaType) }
        }
    }

    /// Rows no meal uses (left by a crash between steps); deleted so the sweep can take their files.
    package func deleteUnusedPhotoRows() async throws -> Int {
        try await write { db in
            try db.execute(
                sql: """
                    DELETE FROM photo WHERE sha256 NOT IN (
                        SELECT photo_sha256 FROM meal WHERE photo_sha256 IS NOT NULL
                        UNION SELECT photo_sha256 FROM my_food WHERE photo_sha256 IS NOT NULL
                        UNION SELECT photo_sha256 FROM recipe WHERE photo_sha256 IS NOT NULL
                        UNION SELECT photo_sha256 FROM fetched_food WHERE photo_sha256 IS NOT NULL)
                    """)
            return db.changesCount
        }
    }
}

extension Photo {
    package static func fetch(_ db: Database, sha256: String) throws -> Photo? {
        try db.cachedRecords(Photo.self, "SELECT \(selectedColumns) FROM photo WHERE sha256 = ?", [sha256]).first
    }

    /// The photos with these hashes, in one query.
    package static func byHash(_ db: Database, _ hashes: some Collection<String>) throws -> [String: Photo] {
        let distinct = Array(Set(hashes))
        guard !distinct.isEmpty else { return [:] }
        let found = try db.cachedRecords(
            Photo.self, "SELECT \(selectedColumns) FROM photo WHERE sha256 IN (SELECT value FROM json_each(?))",
            [JSONList.hex(distinct)])
        return Dictionary(found.map { ($0.sha256, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
