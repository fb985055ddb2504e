import FoodDiaryStorage
import Foundation
import GRDB
import FoodDiaryPhotos

/// The diary's part in Open Food Facts: the country its person shops in. The products they pick
/// are kept with FoodData Central's, in `fetched_food`.
extension AppDatabase {
    static let productCountrySetting = "product_country"

    /// The ISO code chosen, or `ProductCountry.anywhere`; nil while the person has not chosen.
    func productCountry() async throws -> String? {
        try await setting(Self.productCountrySetting)
    }

    /// Nil forgets the choice, so the browser's language decides again.
    func setProductCountry(_ code: String?) async throws {
        try await setSetting(Self.productCountrySetting, to: code)
    }

    /// A picked product's packaging photo, kept with the product's answer; a photo it had before
    /// is replaced, and returned when nothing else shows it, so its files can go.
    func setProductPhoto(catalogID: Int64, photo: IngestedPhoto, now: Date) async throws -> PhotoChange? {
        try await write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT photo_sha256 FROM fetched_food WHERE fdc_id = ?", arguments: [catalogID])
            else { return nil }
            try Self.insertPhoto(db, photo, now: now)
            try db.execute(sql: "UPDATE fetched_food SET photo_sha256 = ? WHERE fdc_id = ?", arguments: [photo.sha256, catalogID])
            let replaced: String? = row["photo_sha256"]
            return PhotoChange(orphaned: try replaced.flatMap { $0 == photo.sha256 ? nil : try Self.deleteIfUnused(db, sha256: $0) })
        }
    }

    /// The packaging photo this diary keeps for a catalog food, if its person asked for one.
    func productPhoto(catalogID: Int64) async throws -> Photo? {
        try await read { db in
            guard
                let sha256 = try String.fetchOne(db, sql: "SELECT photo_sha256 FROM fetched_food WHERE fdc_id = ?", arguments: [catalogID])
            else { return nil }
            return try Photo.fetch(db, sha256: sha256)
        }
    }
}
