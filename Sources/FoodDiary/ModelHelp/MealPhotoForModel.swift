import FoodDiaryBase
import Foundation
import FoodDiaryPhotos

/// What a model is sent of a meal: its photo at 768 px as a JPEG without metadata (no place, no
/// camera), and a line saying when and where, by the place's name. Never the meal's notes or foods.
enum MealPhotoForModel {
    static let pixels = 768

    static func hints(for meal: Meal) -> String {
        let when = tr("Photographed at \(meal.eatenAt.clockText) on \(meal.eatenAt.date.longText)")
        return when + (meal.place.map { tr(", at a place its owner calls “\($0.name)”") } ?? "") + "."
    }

    /// Made from the upright large copy, off the threads that serve pages.
    static func jpeg(of photo: Photo, in store: PhotoStore) async throws -> Data? {
        guard let large = try await store.servedFile(sha256: photo.sha256, size: .large, mediaType: photo.mediaType) else { return nil }
        return try await jpeg(ofUpload: large, pixels: pixels)
    }

    /// A checked image at `pixels` on its longest side, upright and without metadata.
    static func jpeg(ofUpload path: String, pixels: Int) async throws -> Data {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString).jpg").path
        return try await ImageWorkLimiter.shared.run {
            defer { try? FileManager.default.removeItem(atPath: destination) }
            try ImageLibrary.writeThumbnail(from: path, to: destination, size: pixels, quality: 85)
            return try Data(contentsOf: URL(fileURLWithPath: destination))
        }
    }
}
