import FoodDiaryBase
import FoodDiaryStorage
import FoodDiaryWeb
import Foundation
import GRDB
import FoodDiaryPhotos

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
    /// Whether the others of the household may log it and copy it.
    public let isSharedWithHousehold: Bool

    var snapshot: FoodSnapshot {
        FoodSnapshot(
            dataType: .handTyped, catalogFoodID: nil, ndbNumber: nil, description: name, brandOwner: brandOwner,
            basisGrams: servingGrams, basis: perServing)
    }

    /// The serving as a measure to count in: "1 bar = 40 g", or "1 serving = 40 g".
    var portion: Portion { Portion(key: "serving", label: servingLabel ?? tr("1 serving"), grams: servingGrams) }

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
        isSharedWithHousehold = row["shared_with_household"]
    }
}

extension MyFood {
    /// The food of the person's own that was named is gone, or never was.
    struct Missing: Refusal, Equatable {
        var kind: RefusalKind { .missing }
        var message: String { tr("There is no such food in My foods. It may have been deleted.") }
    }
}
