import FoodDiaryBase
import FoodDiaryPhotos
import FoodDiaryStorage
import GRDB
import Foundation

/// One diary: its database, its photos, and what is kept of it between changes. Every request
/// that reads or writes meals works in the diary its person has open, handed over in the request
/// context, never in one a controller holds.
public final class Diary: Sendable {
    public let id: Int64
    public let database: AppDatabase
    package let photos: PhotoStore
    /// Reads kept until the diary's next write, one per kind each feature declares beside its read
    /// (today's status strip, the first page of meals, the person's own foods…).
    private let caches = DiaryReadCaches()

    /// What the feature's `Kind` read last for `key`, or a new read of it when the diary has changed since.
    func kept<Kind: DiaryReadKind>(
        _ kind: Kind.Type, for key: Kind.Key,
        read: @Sendable @escaping (Database) throws -> Kind.Value
    ) async throws -> Kind.Value {
        try await caches[kind].value(for: key, in: database, read: read)
    }

    init(id: Int64, database: AppDatabase, photosDirectory: String, maxPhotoPixels: Int) {
        self.id = id
        self.database = database
        photos = PhotoStore(
            root: photosDirectory, maxPixels: maxPhotoPixels,
            isRecorded: { [database] in try await database.isPhotoRecorded(sha256: $0) })
    }
}
