import Foundation
import GRDB

/// A food of the person's own, from a label: nutrients per serving, an optional household measure
/// and photo. Logging it takes a snapshot, so later edits never change the diary.
public struct MyFood: Sendable, Equatable {
    public let id: Int64
    public let name: String
    public let brandOwner: String?
    public let servingGrams: Double
    /// "1 bar", when the label names its serving.
    public let servingLabel: String?
    public let perServing: NutrientValues
    let photo: Photo?

    var snapshot: FoodSnapshot {
        FoodSnapshot(dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: name, brandOwner: brandOwner,
                     basisGrams: servingGrams, basis: perServing)
    }

    /// The serving as a measure to count in: "1 bar = 40 g", or "1 serving = 40 g".
    var portion: Portion { Portion(key: "serving", label: servingLabel ?? "1 serving", grams: servingGrams) }

    static func fetchAll(_ db: Database, matching query: String = "") throws -> [MyFood] {
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM my_food ORDER BY name COLLATE NOCASE, id")
        let photos = try Photo.byHash(db, rows.compactMap { $0["photo_sha256"] as String? })
        let foods = rows.map { MyFood(row: $0, photo: ($0["photo_sha256"] as String?).flatMap { photos[$0] }) }
        let query = WordQuery(query)
        return query.isEmpty ? foods : foods.filter { query.matches($0.name + " " + ($0.brandOwner ?? "")) }
    }

    static func fetch(_ db: Database, id: Int64) throws -> MyFood? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM my_food WHERE id = ?", arguments: [id]) else { return nil }
        let photo = try (row["photo_sha256"] as String?).flatMap { try Photo.fetch(db, sha256: $0) }
        return MyFood(row: row, photo: photo)
    }

    init(row: Row, photo: Photo?) {
        id = row["id"]
        name = row["name"]
        brandOwner = row["brand_owner"]
        servingGrams = row["serving_grams"]
        servingLabel = row["serving_label"]
        var values = NutrientValues()
        for kind in NutrientKind.allCases { values[kind] = row[kind.column] }
        perServing = values
        self.photo = photo
    }
}
